import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../commerce/db/index";
import { CatalogChangeFeed } from "../../commerce/domain/catalog-changes";
import type { MailMessage } from "../../commerce/domain/mail";
import { ShopError } from "../../commerce/domain/errors";
import type { Shop } from "../../commerce/domain/shop";
import type { ShopContext } from "../../commerce/domain/shop-context";
import { migrateDatabase, openDatabase, seedDatabase } from "../../commerce/service";
import { testCommerceConfig, testShop } from "../support/commerce";
import { type TestDatabase, tempSqlite } from "../support/databases";

/** The stock-update workflow end to end on a small SQLite catalog, with mail caught in memory. */
describe("catalog service: updating stock", () => {
  const code = "9001-BFAC-ACC-1";
  const usb2c: ShopContext = { site: "usb2c", lang: "en", currency: "USD", userGroups: [] };
  const sent: MailMessage[] = [];
  let mailDown = false;
  let database: TestDatabase;
  let db: Db;
  let shop: Shop;

  beforeAll(async () => {
    database = tempSqlite();
    const config = testCommerceConfig(database.url, { BRAND_USB2C_HOST: "shop.example.com" });
    db = openDatabase(config);
    await migrateDatabase(db);
    await seedDatabase(db, config);
    shop = testShop(db, {
      brands: config.brands,
      mailer: {
        async send(mail) {
          if (mailDown) throw new Error("smtp down");
          sent.push(mail);
        },
      },
    });
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it("refuses a product that does not exist", async () => {
    await expect(shop.catalog.updateStock("0000-NONE-XX-1", 3)).rejects.toSatisfy((e) => e instanceof ShopError && e.kind === "notFound");
  });

  it("shows a sell-out at once in this process: the product, and the listings it filters", async () => {
    const update = await shop.catalog.updateStock(code, 0);
    expect(update).toMatchObject({ code, level: 0, alertsSent: 0 });
    expect(update.previousLevel).toBeGreaterThan(0);
    expect((await shop.catalog.product(usb2c, code)).stock.stockLevelStatus).toBe("outOfStock");
    const inStock = await shop.catalog.bestSellers(usb2c, 48, "accessories");
    expect(inStock.map((p) => p.code)).not.toContain("9001-BFAC");
  });

  it("records the change in the log other processes follow", async () => {
    const other = new CatalogChangeFeed(db, { intervalMs: 0 });
    const seen: string[] = [];
    other.subscribe((changes) => seen.push(...(changes === "all" ? ["all"] : changes.map((c) => c.baseCode))));
    await other.catchUp();
    await shop.catalog.updateStock(code, 0);
    await other.catchUp({ force: true });
    expect(seen).toEqual(["9001-BFAC"]);
  });

  it("answers waiting shoppers when the product comes back, linking to the configured host", async () => {
    await shop.catalog.registerStockAlert(usb2c, code, "ann@example.com");
    const update = await shop.catalog.updateStock(code, 7);
    expect(update).toEqual({ code, level: 7, previousLevel: 0, alertsSent: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("ann@example.com");
    expect(sent[0]!.text).toContain("https://shop.example.com/");
    expect((await shop.catalog.product(usb2c, code)).stock.stockLevelStatus).not.toBe("outOfStock");
    expect((await shop.catalog.bestSellers(usb2c, 48, "accessories")).map((p) => p.code)).toContain("9001-BFAC");
  });

  it("mails nobody when stock only changes amount", async () => {
    expect((await shop.catalog.updateStock(code, 9)).alertsSent).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it("keeps a mail that failed in the outbox and sends it on a later round, once", async () => {
    await shop.catalog.updateStock(code, 0);
    await shop.catalog.registerStockAlert(usb2c, code, "bob@example.com");
    mailDown = true;
    expect((await shop.catalog.updateStock(code, 4)).alertsSent).toBe(1);
    expect(sent.map((m) => m.to)).toEqual(["ann@example.com"]);
    const failed = await db.selectFrom("outbox_message").selectAll().where("recipient", "=", "bob@example.com").executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ sent_at: null, attempts: 1, last_error: "smtp down" });
    // Not due yet: the retry waits (backoff), even with the mailer back.
    mailDown = false;
    expect(await shop.outbox.deliver()).toBe(0);
    const later = new Date(Date.now() + 60_000);
    expect(await shop.outbox.deliver({ now: later })).toBe(1);
    expect(await shop.outbox.deliver({ now: later })).toBe(0);
    // A second restock does not answer the same alert again.
    await shop.catalog.updateStock(code, 0);
    expect((await shop.catalog.updateStock(code, 4)).alertsSent).toBe(0);
    expect(sent.map((m) => m.to)).toEqual(["ann@example.com", "bob@example.com"]);
  });
});

describe("catalog service: notify me from a base product's page", () => {
  const usb2c: ShopContext = { site: "usb2c", lang: "en", currency: "USD", userGroups: [] };
  const base = "5001-SMRG";
  const sent: MailMessage[] = [];
  let database: TestDatabase;
  let db: Db;
  let shop: Shop;

  beforeAll(async () => {
    database = tempSqlite();
    const config = testCommerceConfig(database.url);
    db = openDatabase(config);
    await migrateDatabase(db);
    await seedDatabase(db, config);
    shop = testShop(db, { brands: config.brands, mailer: { send: async (mail) => void sent.push(mail) } });
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it("waits for the variant the page shows by default, and is answered when that variant returns", async () => {
    const shown = (await shop.catalog.product(usb2c, base)).defaultVariantCode!;
    expect(shown).toMatch(/^5001-SMRG-/);
    await shop.catalog.updateStock(shown, 0);
    expect(await shop.catalog.registerStockAlert(usb2c, base, "cleo@example.com")).toBe(shown);
    const update = await shop.catalog.updateStock(shown, 6);
    expect(update.alertsSent).toBe(1);
    expect(sent.map((m) => m.to)).toEqual(["cleo@example.com"]);
  });

  it("also answers alerts stored under the base code before alerts named variants", async () => {
    const shown = (await shop.catalog.product(usb2c, base)).defaultVariantCode!;
    await shop.catalog.updateStock(shown, 0);
    await db
      .insertInto("stock_alert")
      .values({
        site: "usb2c",
        lang: "en",
        product_code: base,
        email: "dan@example.com",
        created_at: new Date().toISOString(),
        notified_at: null,
        confirmed_at: new Date().toISOString(),
      })
      .execute();
    expect((await shop.catalog.updateStock(shown, 3)).alertsSent).toBe(1);
    expect(sent.map((m) => m.to)).toEqual(["cleo@example.com", "dan@example.com"]);
  });
});
