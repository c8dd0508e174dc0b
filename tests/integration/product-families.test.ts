import { describe, expect, it } from "vitest";
import type { Db } from "../../commerce/db/index";
import { rebuildListings } from "../../commerce/db/listing";
import { CatalogChangeFeed } from "../../commerce/domain/catalog-changes";
import { siteCurrencies } from "../../commerce/domain/catalog-service";
import { familyBytes, ProductFamilies } from "../../commerce/domain/product-families";
import { countingStatements, seededDatabaseForSuite, testCommerceConfig } from "../support/commerce";

const MB = 1024 * 1024;

/** The site's base products, best sellers first. */
async function bestSellers(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("listing")
    .innerJoin("listing_offer", "listing_offer.listing_id", "listing.id")
    .where("listing_offer.site", "=", "usb2c")
    .select("listing.base_code")
    .orderBy("listing.sales_rank")
    .orderBy("listing.id")
    .execute();
  return rows.map((r) => r.base_code);
}

describe("product families a worker keeps in memory", () => {
  const database = seededDatabaseForSuite("sqlite");
  const familiesHolding = (maxBytes: number) => {
    const { db, statements } = countingStatements(database());
    return { families: new ProductFamilies(db, new CatalogChangeFeed(database(), { intervalMs: 60_000 }), maxBytes), statements };
  };
  const statementsFor = async (run: () => Promise<unknown>, statements: () => number) => {
    const before = statements();
    await run();
    return statements() - before;
  };

  it("reads a family from the database once, then answers it from memory", async () => {
    const [code] = await bestSellers(database());
    const { families, statements } = familiesHolding(MB);
    const load = () => families.load([code!], "usb2c", "en", "USD");
    expect(await statementsFor(load, statements)).toBeGreaterThan(0);
    expect(await statementsFor(load, statements)).toBe(0);
    expect((await load()).get(code!)?.base.code).toBe(code);
  });

  it("lets the family used least recently go when full, not one used just now", async () => {
    const codes = (await bestSellers(database())).slice(0, 11);
    // Room for exactly the first ten families.
    const firstTen = await familiesHolding(MB).families.load(codes.slice(0, 10), "usb2c", "en", "USD");
    const { families, statements } = familiesHolding([...firstTen.values()].reduce((n, family) => n + familyBytes(family), 0));
    const load = (code: string) => () => families.load([code], "usb2c", "en", "USD");
    for (const code of codes.slice(0, 10)) await load(code)();
    // The first one loaded is used again, so the second is now the one used least recently.
    expect(await statementsFor(load(codes[0]!), statements)).toBe(0);
    await load(codes[10]!)();
    expect(await statementsFor(load(codes[0]!), statements)).toBe(0);
    expect(await statementsFor(load(codes[1]!), statements)).toBeGreaterThan(0);
  });

  it("still shows each family its own categories and prices", async () => {
    const { families: held } = familiesHolding(MB);
    const [brewer] = (await held.load(["8003-BFBR-BRW-RED"], "usb2c", "en", "USD")).values();
    const [pods] = (await held.load(["5001-SMRG-KC-24"], "usb2c", "en", "USD")).values();
    expect(brewer!.categories.map((c) => c.code)).not.toEqual(pods!.categories.map((c) => c.code));
    const listPrice = (f: typeof brewer, code: string) => [f!.base, ...f!.variants].find((r) => r.code === code)!.prices.find((p) => p.kind === "list")!.value;
    expect(listPrice(brewer, "8003-BFBR-BRW-RED")).toBe(11999);
    expect(listPrice(pods, "5001-SMRG-KC-24")).toBe(1799);
  });

  it("reads a family again once the catalog changes it", async () => {
    const db = database();
    const feed = new CatalogChangeFeed(db, { intervalMs: 60_000 });
    const families = new ProductFamilies(db, feed, MB);
    const name = async () => (await families.load(["9002-BFAC"], "usb2c", "en", "USD")).get("9002-BFAC")?.base.name;
    const before = await name();
    await db
      .updateTable("product_text")
      .set({ name: "Descaling Solution, Renamed" })
      .where("product_code", "=", "9002-BFAC")
      .where("lang", "=", "en")
      .execute();
    // Unlogged, the change is not seen: the family comes from memory.
    expect(await name()).toBe(before);
    await rebuildListings(db, siteCurrencies(testCommerceConfig("unused.sqlite").brands), ["9002-BFAC"]);
    await feed.catchUp({ force: true });
    expect(await name()).toBe("Descaling Solution, Renamed");
  });
});
