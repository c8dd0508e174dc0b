import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rebuildListings } from "../../commerce/db/listing";
import { listingFactBatches, loadListingFacts } from "../../commerce/db/listing-facts";
import { CatalogChangeFeed } from "../../commerce/domain/catalog-changes";
import { siteCurrencies } from "../../commerce/domain/catalog-service";
import { ListingIndexes } from "../../commerce/domain/listing-indexes";
import { type Db, migrateDatabase, openDatabase, seedDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS, type TestDatabase, tempDatabase } from "../support/databases";

const MB = 1024 * 1024;

/**
 * A worker's listing indexes are held within their share of its memory budget (CACHE_SHARES
 * .listingIndexes), by each index's measured size: a larger catalog means fewer sites' indexes
 * kept at once, never a larger worker.
 */
describe.each(DIALECTS)("the sites' listing indexes on %s", (dialect) => {
  // The demo catalog, and its location: a second connection reads while the first writes.
  let testDatabase: TestDatabase;
  let db: Db;
  const config = () => testCommerceConfig(testDatabase.url);
  beforeAll(async () => {
    testDatabase = await tempDatabase(dialect);
    db = openDatabase(config());
    await migrateDatabase(db);
    await seedDatabase(db, config());
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await testDatabase?.drop();
  });
  const database = () => db;
  const indexes = (indexBytes: number) =>
    new ListingIndexes(database(), new CatalogChangeFeed(database(), { intervalMs: 60_000 }), { indexBytes, countsBytes: MB });
  const firstPage = { lang: "en" as const, filters: [], sort: "bestsellers" as const, page: 0, pageSize: 20 };

  it("reads a site's listings in batches, never more than a batch at once, the same listings as one read", async () => {
    const batches = [];
    for await (const batch of listingFactBatches(database(), "usb2c", 7)) batches.push(batch);
    expect(Math.max(...batches.map((b) => b.length))).toBe(7);
    const all = await loadListingFacts(database(), "usb2c");
    expect(batches.flat()).toEqual(all.sort((a, b) => a.id - b.id));
  });

  it("keeps the most recently used sites' indexes that fit their share together, and lets go of the others", async () => {
    const roomy = indexes(512 * MB);
    const us = (await roomy.get("usb2c")).bytes;
    const ca = (await roomy.get("cab2c")).bytes;
    expect([roomy.has("usb2c"), roomy.has("cab2c"), roomy.bytes]).toEqual([true, true, us + ca]);

    const tight = indexes(us + ca - 1);
    const answer = (await tight.get("usb2c")).query(firstPage);
    await tight.get("cab2c");
    expect([tight.has("usb2c"), tight.has("cab2c")]).toEqual([false, true]);
    expect(tight.bytes).toBeLessThanOrEqual(us + ca - 1);
    // Built again on its next use, with the same answers.
    expect((await tight.get("usb2c")).query(firstPage)).toEqual(answer);
    expect([tight.has("usb2c"), tight.has("cab2c")]).toEqual([true, false]);
  });

  it("measures an index again as it grows, and lets go of it once it no longer fits", async () => {
    const built = (await indexes(512 * MB).get("usb2c")).bytes;
    // Room for the index as built, not for its sort orders and name words.
    const share = indexes(built + 1000);
    const index = await share.get("usb2c");
    index.warm(["en"]);
    expect(index.bytes).toBeGreaterThan(built + 1000);
    expect(share.has("usb2c")).toBe(true);
    await share.get("usb2c");
    expect(share.has("usb2c")).toBe(false);
    expect(share.bytes).toBe(0);
  });

  it("answers a site whose index alone is larger than the share, without keeping it", async () => {
    const small = indexes(1000);
    const index = await small.get("usb2c");
    expect(index.query(firstPage).total).toBeGreaterThan(0);
    expect(index.bytes).toBeGreaterThan(1000);
    expect([small.has("usb2c"), small.bytes]).toEqual([false, 0]);
  });

  it("brings an index read while a listing changed up to date on its first use", async () => {
    // The site's first batch is held after it is read until the change has been made and seen.
    let batchRead!: () => void;
    const reading = new Promise<void>((resolve) => (batchRead = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holdFirstBatch: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (args.result.rows.length > 0 && "min_price" in args.result.rows[0]!) {
          batchRead();
          await released;
        }
        return args.result;
      },
    };
    // Its own connection (SQLite's one connection would wait for the held read).
    const reader = openDatabase(config());
    const feed = new CatalogChangeFeed(database(), { intervalMs: 60_000 });
    const share = new ListingIndexes(reader.withPlugin(holdFirstBatch), feed, { indexBytes: 512 * MB, countsBytes: MB });
    const inStock = { ...firstPage, filters: [["availability", "inStock"]] as [["availability", string]], pageSize: 500 };

    const gotten = share.get("usb2c");
    await reading;
    const [code] = (await loadListingFacts(database(), "usb2c")).filter((f) => f.inStock).map((f) => f.baseCode);
    const variants = await database().selectFrom("product").select("code").where("base_code", "=", code!).execute();
    await database()
      .updateTable("stock")
      .set({ level: 0 })
      .where(
        "product_code",
        "in",
        variants.map((v) => v.code),
      )
      .execute();
    await rebuildListings(database(), siteCurrencies(config().brands), [code!]);
    await feed.catchUp({ force: true });
    release();

    const index = await gotten;
    expect(index.query(inStock).baseCodes).not.toContain(code);
    expect(index.query({ ...firstPage, pageSize: 500 }).baseCodes).toContain(code);
    await reader.destroy();
  });
});
