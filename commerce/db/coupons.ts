import type { Selectable } from "kysely";
import type { Db } from "./index";
import { preparedQuery } from "./prepared-query";
import type { CouponTable } from "./schema";
import { lockingRows } from "./write-transaction";

export type CouponRow = Selectable<CouponTable>;
export type NewCoupon = Omit<CouponTable, "id" | "uses" | "customer_id" | "first_order_only"> & {
  uses?: number;
  customer_id?: string | null;
  first_order_only?: number;
};

/** The site's coupon with this code; codes are stored upper-case, so the caller upper-cases what was typed. */
export async function findCoupon(db: Db, site: string, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom("coupon").selectAll().where("site", "=", site).where("code", "=", code).executeTakeFirst();
}

export async function findCoupons(db: Db, site: string, codes: readonly string[]): Promise<CouponRow[]> {
  if (codes.length === 0) return [];
  return db
    .selectFrom("coupon")
    .selectAll()
    .where("site", "=", site)
    .where("code", "in", [...codes])
    .execute();
}

const couponsOfCart = preparedQuery((db, cartId: number) =>
  db
    .selectFrom("cart_coupon")
    .innerJoin("coupon", "coupon.id", "cart_coupon.coupon_id")
    .selectAll("coupon")
    .where("cart_coupon.cart_id", "=", cartId)
    .orderBy("cart_coupon.applied_at")
    .orderBy("coupon.id"),
);

/** The coupons on a cart, in the order they were applied. */
export async function cartCoupons(db: Db, cartId: number): Promise<CouponRow[]> {
  return couponsOfCart(db, cartId);
}

/**
 * The cart's coupons, locked until the caller's write transaction ends (PostgreSQL; SQLite's
 * BEGIN IMMEDIATE already lets one writer in at a time), read fresh: orders redeeming the same
 * coupon take turns, each seeing the uses the one before it counted.
 */
export async function lockCartCoupons(trx: Db, cartId: number): Promise<CouponRow[]> {
  const ids = (await trx.selectFrom("cart_coupon").select("coupon_id").where("cart_id", "=", cartId).execute()).map((r) => r.coupon_id);
  if (ids.length === 0) return [];
  // In id order, so two orders locking the same coupons never wait on each other crosswise.
  const query = trx.selectFrom("coupon").selectAll().where("id", "in", ids).orderBy("id");
  return (lockingRows(trx) ? query.forUpdate() : query).execute();
}

/**
 * The categories of each product code, as the catalog files the code itself: a size's own (pods or
 * a bag), not its family's, which a family of pods and bags would share.
 */
export async function productCategories(db: Db, codes: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(codes.map((c) => [c, []]));
  if (codes.length === 0) return found;
  const rows = await db
    .selectFrom("product_category")
    .select(["product_code", "category_code"])
    .where("product_code", "in", [...new Set(codes)])
    .execute();
  for (const r of rows) found.get(r.product_code)?.push(r.category_code);
  return found;
}

/** Adds a coupon to a cart; applying it again changes nothing. */
export async function addCartCoupon(trx: Db, cartId: number, couponId: number, now: string): Promise<void> {
  await trx
    .insertInto("cart_coupon")
    .values({ cart_id: cartId, coupon_id: couponId, applied_at: now })
    .onConflict((oc) => oc.columns(["cart_id", "coupon_id"]).doNothing())
    .execute();
}

export async function removeCartCoupon(trx: Db, cartId: number, couponId: number): Promise<void> {
  await trx.deleteFrom("cart_coupon").where("cart_id", "=", cartId).where("coupon_id", "=", couponId).execute();
}

/**
 * At sign-in the guest cart's coupons join the customer's cart: each one it does not carry yet,
 * except a whole-order coupon when the customer's cart already has one (one per cart).
 */
export async function moveCartCoupons(trx: Db, fromCartId: number, toCartId: number, now: string): Promise<void> {
  const [from, to] = [await cartCoupons(trx, fromCartId), await cartCoupons(trx, toCartId)];
  let hasOrderCoupon = to.some((c) => c.scope === "order");
  for (const coupon of from) {
    if (to.some((c) => c.id === coupon.id)) continue;
    if (coupon.scope === "order") {
      if (hasOrderCoupon) continue;
      hasOrderCoupon = true;
    }
    await addCartCoupon(trx, toCartId, coupon.id, now);
  }
}

/** Orders that redeemed this coupon for this shopper: a customer by id or e-mail, a guest by e-mail. */
export async function redemptionsBy(db: Db, couponId: number, shopper: { customerId: string | null; email: string | null }): Promise<number> {
  const { customerId, email } = shopper;
  if (!customerId && !email) return 0;
  const row = await db
    .selectFrom("coupon_redemption")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("coupon_id", "=", couponId)
    .where((eb) => {
      const who = [];
      if (customerId) who.push(eb("customer_id", "=", customerId));
      if (email) who.push(eb("email", "=", email.toLowerCase()));
      return eb.or(who);
    })
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasRedemption(trx: Db, couponId: number, orderCode: string): Promise<boolean> {
  const row = await trx.selectFrom("coupon_redemption").select("id").where("coupon_id", "=", couponId).where("order_code", "=", orderCode).executeTakeFirst();
  return row !== undefined;
}

/** Counts one use and writes who used it, for which order. */
export async function redeem(
  trx: Db,
  couponId: number,
  redemption: { orderCode: string; customerId: string | null; email: string; at: string },
): Promise<void> {
  await trx
    .updateTable("coupon")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", couponId)
    .execute();
  await trx
    .insertInto("coupon_redemption")
    .values({
      coupon_id: couponId,
      order_code: redemption.orderCode,
      customer_id: redemption.customerId,
      email: redemption.email.toLowerCase(),
      redeemed_at: redemption.at,
    })
    .execute();
}

/** Seeds coupons, leaving those a site already has (by code) as they are. */
export async function insertMissingCoupons(db: Db, coupons: readonly NewCoupon[]): Promise<number> {
  let added = 0;
  for (const coupon of coupons) {
    const result = await db
      .insertInto("coupon")
      .values({ ...coupon, uses: coupon.uses ?? 0 })
      .onConflict((oc) => oc.columns(["site", "code"]).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}
