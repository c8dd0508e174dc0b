import { describe, expect, it } from "vitest";
import type { Db } from "../../commerce/db/index";
import { CatalogChangeFeed } from "../../commerce/domain/catalog-changes";
import { productView } from "../../commerce/domain/product";
import { ProductFamilies } from "../../commerce/domain/product-families";
import type { Product } from "../../commerce/contract/product";
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

describe("product families held in memory share what they have in common", () => {
  const database = seededDatabaseForSuite("sqlite");
  const families = () => new ProductFamilies(database(), new CatalogChangeFeed(database(), { intervalMs: 60_000 }), 1000);

  it("keeps one copy of a category that many families belong to, in each language", async () => {
    const held = families();
    const codes = (await bestSellers(database())).slice(0, 40);
    const english = [...(await held.load(codes, "usb2c", "en", "USD")).values()];
    const coffee = english.flatMap((f) => f.categories).filter((c) => c.code === "coffee");
    expect(coffee.length).toBeGreaterThan(1);
    expect(new Set(coffee).size).toBe(1);
    expect(Object.isFrozen(coffee[0])).toBe(true);

    const canadian = await bestSellers(database());
    const french = [...(await held.load(canadian.slice(0, 40), "cab2c", "fr", "CAD")).values()];
    const frenchCoffee = french.flatMap((f) => f.categories).find((c) => c.code === "coffee");
    expect(frenchCoffee?.name).toBe("Café");
    expect(coffee[0]!.name).toBe("Coffee");
  });

  it("keeps one copy of a price that many products have, and their lists cannot be changed", async () => {
    const held = families();
    const loaded = [...(await held.load(await bestSellers(database()), "usb2c", "en", "USD")).values()];
    const prices = loaded.flatMap((f) => [f.base, ...f.variants]).flatMap((r) => r.prices);
    const byValue = new Map<string, Set<object>>();
    for (const p of prices) byValue.set(`${p.kind}|${p.user_group}|${p.value}`, (byValue.get(`${p.kind}|${p.user_group}|${p.value}`) ?? new Set()).add(p));
    // Several products share a price, and each distinct price is one object.
    expect(prices.length).toBeGreaterThan(byValue.size);
    for (const copies of byValue.values()) expect(copies.size).toBe(1);
    const list = loaded[0]!.base.prices as { kind: string; user_group: string; value: number }[];
    expect(() => list.push({ kind: "list", user_group: "", value: 1 })).toThrow(TypeError);
  });

  it("gives product cards one copy of a price, a stock level and a list of categories they have in common", async () => {
    const held = families();
    const loaded = await held.load(await bestSellers(database()), "usb2c", "en", "USD");
    const cards = [...loaded].map(([code, family]) => productView(family, code, usb2c, "BASIC")!);
    const alike = (pick: (card: Product) => object | undefined, key: (card: Product) => string) => {
      const byKey = new Map<string, Set<object>>();
      for (const card of cards) {
        const part = pick(card);
        if (part) byKey.set(key(card), (byKey.get(key(card)) ?? new Set()).add(part));
      }
      return [...byKey.values()];
    };
    const prices = alike(
      (c) => c.price,
      (c) => c.price.formattedValue + c.price.priceType,
    );
    const stock = alike(
      (c) => c.stock,
      (c) => String(c.stock.stockLevel),
    );
    const categories = alike(
      (c) => c.categories,
      (c) => c.categories.map((x) => x.code).join(),
    );
    for (const groups of [prices, stock, categories]) {
      expect(groups.length).toBeLessThan(cards.length);
      for (const copies of groups) expect(copies.size).toBe(1);
    }
    expect(Object.isFrozen(cards[0]!.price)).toBe(true);
  });

  it("still shows each family its own categories and prices", async () => {
    const held = families();
    const [brewer] = (await held.load(["8003-BFBR-BRW-RED"], "usb2c", "en", "USD")).values();
    const [pods] = (await held.load(["5001-SMRG-KC-24"], "usb2c", "en", "USD")).values();
    expect(brewer!.categories.map((c) => c.code)).not.toEqual(pods!.categories.map((c) => c.code));
    const listPrice = (f: typeof brewer, code: string) => [f!.base, ...f!.variants].find((r) => r.code === code)!.prices.find((p) => p.kind === "list")!.value;
    expect(listPrice(brewer, "8003-BFBR-BRW-RED")).toBe(11999);
    expect(listPrice(pods, "5001-SMRG-KC-24")).toBe(1799);
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
