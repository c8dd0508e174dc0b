import { describe, expect, it } from "vitest";
import type { Db } from "../../commerce/db/index";
import { CatalogChangeFeed } from "../../commerce/domain/catalog-changes";
import { ProductFamilies } from "../../commerce/domain/product-families";
import type { ShopContext } from "../../commerce/domain/shop-context";
import { countingStatements, seededDatabaseForSuite, testShop } from "../support/commerce";

const usb2c: ShopContext = { site: "usb2c", lang: "en", currency: "USD", userGroups: [] };

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
  const familiesHolding = (max: number) => {
    const { db, statements } = countingStatements(database());
    return { families: new ProductFamilies(db, new CatalogChangeFeed(database(), { intervalMs: 60_000 }), max), statements };
  };
  const statementsFor = async (run: () => Promise<unknown>, statements: () => number) => {
    const before = statements();
    await run();
    return statements() - before;
  };

  it("reads a family from the database once, then answers it from memory", async () => {
    const [code] = await bestSellers(database());
    const { families, statements } = familiesHolding(10);
    const load = () => families.load([code!], "usb2c", "en", "USD");
    expect(await statementsFor(load, statements)).toBeGreaterThan(0);
    expect(await statementsFor(load, statements)).toBe(0);
    expect((await load()).get(code!)?.base.code).toBe(code);
  });

  it("lets the family used least recently go when full, not one used just now", async () => {
    const codes = (await bestSellers(database())).slice(0, 11);
    const { families, statements } = familiesHolding(10);
    const load = (code: string) => () => families.load([code], "usb2c", "en", "USD");
    for (const code of codes.slice(0, 10)) await load(code)();
    // The first one loaded is used again, so the second is now the one used least recently.
    expect(await statementsFor(load(codes[0]!), statements)).toBe(0);
    await load(codes[10]!)();
    expect(await statementsFor(load(codes[0]!), statements)).toBe(0);
    expect(await statementsFor(load(codes[1]!), statements)).toBeGreaterThan(0);
  });

  it("preloads the families it is given, and answers them from memory afterwards", async () => {
    const codes = (await bestSellers(database())).slice(0, 30);
    const { families, statements } = familiesHolding(100);
    expect(await families.preload(codes, "usb2c", "en", "USD")).toBe(codes.length);
    expect(await statementsFor(() => families.load(codes, "usb2c", "en", "USD"), statements)).toBe(0);
    // Nothing left to read the second time.
    expect(await families.preload(codes, "usb2c", "en", "USD")).toBe(0);
  });
});

describe("a worker's warm-up", () => {
  const database = seededDatabaseForSuite("sqlite");

  it("holds the families of each site's best sellers before the first request", async () => {
    const db = database();
    const shop = testShop(db);
    await shop.warm();
    const [best] = await bestSellers(db);
    const text = db.selectFrom("product_text").where("product_code", "=", best!).where("lang", "=", "en");
    const { name } = await text.select("name").executeTakeFirstOrThrow();
    // Renamed behind the store's back (no change logged) before anyone asked for the product: a
    // product page that still shows the old name was answered from what the warm-up loaded.
    await db.updateTable("product_text").set({ name: "Renamed Behind The Store's Back" }).where("product_code", "=", best!).where("lang", "=", "en").execute();
    expect((await shop.catalog.product(usb2c, best!)).name).toBe(name);
  });
});
