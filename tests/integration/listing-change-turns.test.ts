import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db, migrateToLatest } from "../../commerce/db/index";
import { rebuildListingsIn } from "../../commerce/db/listing";
import { writeTransaction } from "../../commerce/db/write-transaction";
import { siteCurrencies } from "../../commerce/domain/catalog-service";
import { seedDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { postgresAvailable, type TestDatabase, tempPostgres } from "../support/databases";

/**
 * On PostgreSQL, appenders to the listing change log take turns so entries become visible in id
 * order (decision 012). The turn is taken with the COMMIT, so a write transaction still busy with
 * other work does not hold up writers of other products, and the log still reads in commit order.
 */
describe.runIf(postgresAvailable)("the listing change log on PostgreSQL", () => {
  let database: TestDatabase;
  let db: Db;
  const config = () => testCommerceConfig(database.url);
  const entries = async () =>
    (
      await db
        .selectFrom("listing_change")
        .innerJoin("listing", "listing.id", "listing_change.listing_id")
        .select(["listing_change.id", "listing.base_code"])
        .orderBy("listing_change.id")
        .execute()
    ).map((r) => r.base_code);

  beforeAll(async () => {
    database = await tempPostgres();
    db = createDb({ kind: "postgres", url: database.url });
    await migrateToLatest(db);
    await seedDatabase(db, config());
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it("lets a writer append while another write transaction is still open, in commit order", { timeout: 20_000 }, async () => {
    const currencies = siteCurrencies(config().brands);
    const before = (await entries()).length;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let rebuilt!: () => void;
    const slowHasRebuilt = new Promise<void>((resolve) => (rebuilt = resolve));

    // A slow write: its listing is rebuilt, then it is busy with something else before it commits.
    const slow = writeTransaction(db, async (trx) => {
      await rebuildListingsIn(trx, currencies, ["9001-BFAC"]);
      rebuilt();
      await released;
    });
    await slowHasRebuilt;
    // Were the turn taken before the commit, the write below would wait for this.
    const safety = setTimeout(() => release(), 3000);

    // Another product's write commits meanwhile, without waiting for the slow one.
    const started = Date.now();
    await writeTransaction(db, (trx) => rebuildListingsIn(trx, currencies, ["9002-BFAC"]));
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await entries()).slice(before)).toEqual(["9002-BFAC"]);

    release();
    clearTimeout(safety);
    await slow;
    expect((await entries()).slice(before)).toEqual(["9002-BFAC", "9001-BFAC"]);
  });

  it("appends nothing when the transaction fails", async () => {
    const currencies = siteCurrencies(config().brands);
    const before = (await entries()).length;
    await expect(
      writeTransaction(db, async (trx) => {
        await rebuildListingsIn(trx, currencies, ["9003-BFAC"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await entries()).length).toBe(before);
    // And the connection is usable again afterwards.
    await writeTransaction(db, (trx) => rebuildListingsIn(trx, currencies, ["9003-BFAC"]));
    expect((await entries()).slice(before)).toEqual(["9003-BFAC"]);
  });
});
