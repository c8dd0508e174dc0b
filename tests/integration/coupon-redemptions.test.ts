import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrateDatabase, openDatabase, seedDatabase } from "../../commerce/service";
import { redeemCouponsForOrder } from "../../commerce/domain/coupons";
import { ShopError } from "../../commerce/domain/errors";
import { writeTransaction } from "../../commerce/db/write-transaction";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS, type TestDatabase, tempDatabase } from "../support/databases";

const ORDERS = 20;
const LIMIT = 5;
/** Separate handles, as separate worker processes would have: each its own connection (SQLite) or pool (PostgreSQL). */
const HANDLES = 5;

/**
 * Placing an order redeems the coupons on its cart inside the order's write transaction. The
 * usage limits hold however many orders arrive at once: a coupon limited to five uses is used
 * exactly five times by twenty simultaneous orders.
 */
describe.each(DIALECTS)("coupon redemption at order placement on %s", (dialect) => {
  let database: TestDatabase;
  let db: Db;
  const handles: Db[] = [];

  beforeAll(async () => {
    database = await tempDatabase(dialect);
    const config = testCommerceConfig(database.url, { PG_POOL_MAX: String(ORDERS / HANDLES) });
    db = openDatabase(config);
    await migrateDatabase(db);
    await seedDatabase(db, config);
    for (let i = 0; i < HANDLES; i++) handles.push(openDatabase(config));
  }, 120_000);

  afterAll(async () => {
    for (const h of handles) await h.destroy();
    await db?.destroy();
    await database?.drop();
  });

  const couponId = async (code: string) =>
    (await db.selectFrom("coupon").select("id").where("site", "=", "usb2c").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const usesOf = async (code: string) =>
    (await db.selectFrom("coupon").select("uses").where("site", "=", "usb2c").where("code", "=", code).executeTakeFirstOrThrow()).uses;
  const redemptions = async (code: string) =>
    Number(
      (
        await db
          .selectFrom("coupon_redemption")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("coupon_id", "=", await couponId(code))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A guest cart carrying these coupons, as applying them on the cart page leaves it. */
  const cartWith = async (...codes: string[]) => {
    const now = new Date().toISOString();
    const guid = crypto.randomUUID().replace(/-/g, "");
    const cart = await db
      .insertInto("cart")
      .values({ guid, code: guid.slice(0, 8), site: "usb2c", customer_id: null, currency: "USD", status: "open", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const code of codes)
      await db
        .insertInto("cart_coupon")
        .values({ cart_id: cart.id, coupon_id: await couponId(code), applied_at: now })
        .execute();
    return cart.id;
  };
  const order = (cartId: number, email: string, orderCode = `O-${cartId}`) => ({ cartId, site: "usb2c", customerId: null, email, orderCode, now: new Date() });
  const refusalOf = (err: unknown) => (err instanceof ShopError ? err.item.reason : String(err));

  describe("a coupon limited to five uses", () => {
    it("is used exactly five times by twenty simultaneous orders; the other fifteen are refused as used up", { timeout: 60_000 }, async () => {
      const carts = await Promise.all(Array.from({ length: ORDERS }, () => cartWith("FIRST5")));
      const outcomes = await Promise.allSettled(
        carts.map((cartId, i) => writeTransaction(handles[i % HANDLES]!, (trx) => redeemCouponsForOrder(trx, order(cartId, `shopper-${i}@example.com`)))),
      );
      const placed = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [refusalOf(o.reason)] : []));
      expect(placed).toHaveLength(LIMIT);
      expect(refused).toEqual(Array.from({ length: ORDERS - LIMIT }, () => "usedUp"));
      expect(await usesOf("FIRST5")).toBe(LIMIT);
      expect(await redemptions("FIRST5")).toBe(LIMIT);
    });
  });

  describe("a coupon a customer may use once", () => {
    it("is refused on a second order by the same e-mail, whatever its case, and rolls nothing in", async () => {
      const first = await cartWith("WELCOME");
      await writeTransaction(handles[0]!, (trx) => redeemCouponsForOrder(trx, order(first, "Once@Example.com")));
      const second = await cartWith("WELCOME");
      const err = await writeTransaction(handles[1]!, (trx) => redeemCouponsForOrder(trx, order(second, "once@example.com"))).catch((e: unknown) => e);
      expect(refusalOf(err)).toBe("usedUpByCustomer");
      expect(await usesOf("WELCOME")).toBe(1);
      expect(await redemptions("WELCOME")).toBe(1);
    });
  });

  describe("an order redeemed again (a retried placement)", () => {
    it("counts each coupon once", async () => {
      const cartId = await cartWith("SAVE10", "PODS15");
      const before = [await usesOf("SAVE10"), await usesOf("PODS15")];
      for (let i = 0; i < 2; i++) await writeTransaction(handles[2]!, (trx) => redeemCouponsForOrder(trx, order(cartId, "retry@example.com", "O-RETRY")));
      expect([await usesOf("SAVE10"), await usesOf("PODS15")]).toEqual(before.map((n) => n + 1));
    });
  });

  describe("an order whose coupon ended after it was applied", () => {
    it("is refused as expired and no coupon of its cart is counted", async () => {
      const cartId = await cartWith("PODS15", "SPRING2024");
      const before = await usesOf("PODS15");
      const err = await writeTransaction(handles[3]!, (trx) => redeemCouponsForOrder(trx, order(cartId, "late@example.com"))).catch((e: unknown) => e);
      expect(refusalOf(err)).toBe("expired");
      expect(await usesOf("PODS15")).toBe(before);
    });
  });

  describe("only the codes the order carries", () => {
    it("are counted when the caller names them", async () => {
      const cartId = await cartWith("SAVE10", "TEATIME");
      const before = [await usesOf("SAVE10"), await usesOf("TEATIME")];
      await writeTransaction(handles[4]!, (trx) => redeemCouponsForOrder(trx, { ...order(cartId, "named@example.com"), couponCodes: ["SAVE10"] }));
      expect([await usesOf("SAVE10"), await usesOf("TEATIME")]).toEqual([before[0]! + 1, before[1]]);
    });
  });
});
