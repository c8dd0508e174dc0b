import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../../commerce/db/index";
import type { MailMessage } from "../../commerce/domain/mail";
import type { Shop } from "../../commerce/domain/shop";
import type { ShopContext } from "../../commerce/domain/shop-context";
import { migrateDatabase, openDatabase, seedDatabase } from "../../commerce/service";
import { testCommerceConfig, testShop } from "../support/commerce";
import { type TestDatabase, tempSqlite } from "../support/databases";

// The restock reads product views only where shoppers wait, as a plain read before its
// transaction. Here that read always finds nobody, as if every shopper confirmed just after it.
vi.mock("../../commerce/db/stock", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../commerce/db/stock")>()),
  waitingAlertPlaces: vi.fn(async () => []),
}));

describe("catalog service: a shopper who starts waiting while a restock begins", () => {
  const code = "9001-BFAC-ACC-1";
  const usb2c: ShopContext = { site: "usb2c", lang: "en", currency: "USD", userGroups: [] };
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

  it("is still answered, with the product as their site shows it", async () => {
    await shop.catalog.updateStock(code, 0);
    await shop.catalog.registerStockAlert(usb2c, code, "cy@example.com");
    const name = (await shop.catalog.product(usb2c, code, "BASIC")).name;
    expect(await shop.catalog.updateStock(code, 5)).toEqual({ code, level: 5, previousLevel: 0, alertsSent: 1 });
    expect(sent.map((m) => m.to)).toEqual(["cy@example.com"]);
    expect(sent[0]!.text).toContain(name);
  });
});
