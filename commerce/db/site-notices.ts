import type { Db } from "./index";

/** A card kept on one of the customer's subscriptions that are still running (active or paused). */
export interface SavedCardRow {
  code: string;
  card: string;
  status: "active" | "paused" | "cancelled";
  payment_failures: number;
  retry_at: string | null;
}

/** The customer's subscriptions on the store that are not cancelled: their cards and failed payments. */
export async function runningSubscriptionsOf(db: Db, customerId: string, site: string): Promise<SavedCardRow[]> {
  return db
    .selectFrom("subscription")
    .select(["code", "card", "status", "payment_failures", "retry_at"])
    .where("customer_id", "=", customerId)
    .where("site", "=", site)
    .where("status", "!=", "cancelled")
    .orderBy("id")
    .execute();
}

/** The customer's own coupons (welcome and other rewards) ending between the two instants, with whether any order redeemed them. */
export async function ownCouponsEnding(
  db: Db,
  customerId: string,
  site: string,
  from: string,
  to: string,
): Promise<{ code: string; description_en: string; description_fr: string; ends_at: string; uses: number; redeemed: number }[]> {
  const rows = await db
    .selectFrom("coupon")
    .select((eb) => [
      "coupon.code",
      "coupon.description_en",
      "coupon.description_fr",
      "coupon.ends_at",
      "coupon.uses",
      eb
        .selectFrom("coupon_redemption")
        .select((r) => r.fn.countAll<number>().as("n"))
        .whereRef("coupon_redemption.coupon_id", "=", "coupon.id")
        .as("redeemed"),
    ])
    .where("coupon.customer_id", "=", customerId)
    .where("coupon.site", "=", site)
    .where("coupon.ends_at", ">=", from)
    .where("coupon.ends_at", "<=", to)
    .orderBy("coupon.ends_at")
    .execute();
  return rows.map((r) => ({ ...r, ends_at: r.ends_at ?? "", redeemed: Number(r.redeemed ?? 0) }));
}

/** The keys of the notices the customer dismissed on the store. */
export async function dismissedKeys(db: Db, customerId: string, site: string): Promise<Set<string>> {
  const rows = await db.selectFrom("site_notice_dismissal").select("notice_key").where("customer_id", "=", customerId).where("site", "=", site).execute();
  return new Set(rows.map((r) => r.notice_key));
}

/** Records a dismissal; dismissing again keeps the first. */
export async function insertDismissal(trx: Db, row: { customer_id: string; site: string; notice_key: string; dismissed_at: string }): Promise<void> {
  await trx
    .insertInto("site_notice_dismissal")
    .values(row)
    .onConflict((oc) => oc.columns(["customer_id", "site", "notice_key"]).doNothing())
    .execute();
}

/** Units in the customer's open cart on the store, or in the anonymous cart with this guid (0 without one). */
export async function cartUnits(db: Db, site: string, owner: { customerId: string } | { guid: string }): Promise<number> {
  let query = db
    .selectFrom("cart")
    .leftJoin("cart_entry", "cart_entry.cart_id", "cart.id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("cart_entry.quantity"), eb.val(0)).as("units"))
    .where("cart.site", "=", site)
    .where("cart.status", "=", "open");
  query =
    "customerId" in owner
      ? query.where("cart.customer_id", "=", owner.customerId)
      : query.where("cart.guid", "=", owner.guid).where("cart.customer_id", "is", null);
  const row = await query.executeTakeFirst();
  return Number(row?.units ?? 0);
}
