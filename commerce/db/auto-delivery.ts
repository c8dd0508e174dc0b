import type { Insertable, Selectable, Updateable } from "kysely";
import type { SubscriptionItemTable, SubscriptionOrderTable, SubscriptionTable } from "./auto-delivery-tables";
import type { Db } from "./index";
import { idsToClaim, lockingRows } from "./write-transaction";

/** Auto-delivery's queries (decision 053). */

export type SubscriptionRow = Selectable<SubscriptionTable>;
export type SubscriptionItemRow = Selectable<SubscriptionItemTable>;
export type DeliveryRow = Selectable<SubscriptionOrderTable>;
export type NewSubscription = Insertable<SubscriptionTable>;
export type NewSubscriptionItem = Omit<Insertable<SubscriptionItemTable>, "subscription_id">;
export type SubscriptionChange = Omit<Updateable<SubscriptionTable>, "id" | "code" | "customer_id" | "site">;

export async function insertSubscription(trx: Db, subscription: NewSubscription, items: readonly NewSubscriptionItem[]): Promise<SubscriptionRow> {
  const row = await trx.insertInto("subscription").values(subscription).returningAll().executeTakeFirstOrThrow();
  if (items.length)
    await trx
      .insertInto("subscription_item")
      .values(items.map((i) => ({ ...i, subscription_id: row.id })))
      .execute();
  return row;
}

/** The customer's subscriptions on a site, newest first. */
export function subscriptionsOf(db: Db, customerId: string, site: string): Promise<SubscriptionRow[]> {
  return db.selectFrom("subscription").selectAll().where("customer_id", "=", customerId).where("site", "=", site).orderBy("id", "desc").execute();
}

export function findSubscription(db: Db, site: string, code: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom("subscription").selectAll().where("site", "=", site).where("code", "=", code).executeTakeFirst();
}

export function findSubscriptionById(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom("subscription").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The subscription's row, locked for this transaction on PostgreSQL (SQLite's write lock already keeps others out). */
export function lockSubscription(trx: Db, id: number): Promise<SubscriptionRow | undefined> {
  const query = trx.selectFrom("subscription").selectAll().where("id", "=", id);
  return (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function updateSubscription(trx: Db, id: number, change: SubscriptionChange): Promise<void> {
  await trx.updateTable("subscription").set(change).where("id", "=", id).execute();
}

/** The items of these subscriptions with their names in `lang` (the code when the catalog has none). */
export async function itemsOf(db: Db, subscriptionIds: readonly number[], lang: string): Promise<(SubscriptionItemRow & { name: string | null })[]> {
  if (subscriptionIds.length === 0) return [];
  return db
    .selectFrom("subscription_item")
    .leftJoin("product_text", (j) => j.onRef("product_text.product_code", "=", "subscription_item.product_code").on("product_text.lang", "=", lang))
    .selectAll("subscription_item")
    .select("product_text.name")
    .where("subscription_item.subscription_id", "in", [...subscriptionIds])
    .orderBy("subscription_item.id")
    .execute();
}

export async function upsertItem(trx: Db, subscriptionId: number, item: NewSubscriptionItem): Promise<void> {
  await trx
    .insertInto("subscription_item")
    .values({ ...item, subscription_id: subscriptionId })
    .onConflict((oc) =>
      oc.columns(["subscription_id", "product_code", "next_only"]).doUpdateSet({ quantity: item.quantity, pods_at_home_qty: item.pods_at_home_qty ?? null }),
    )
    .execute();
}

/** Adds an item for the next delivery only; false when the product is already there for it. */
export async function addNextOnlyItem(trx: Db, subscriptionId: number, item: Omit<NewSubscriptionItem, "next_only">): Promise<boolean> {
  const result = await trx
    .insertInto("subscription_item")
    .values({ ...item, next_only: 1, subscription_id: subscriptionId })
    .onConflict((oc) => oc.columns(["subscription_id", "product_code", "next_only"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function removeItem(trx: Db, subscriptionId: number, productCode: string): Promise<void> {
  await trx.deleteFrom("subscription_item").where("subscription_id", "=", subscriptionId).where("product_code", "=", productCode).execute();
}

export async function setReplacement(trx: Db, subscriptionId: number, productCode: string, replacement: string | null): Promise<void> {
  await trx
    .updateTable("subscription_item")
    .set({ replacement_code: replacement })
    .where("subscription_id", "=", subscriptionId)
    .where("product_code", "=", productCode)
    .execute();
}

export async function removeNextOnlyItems(trx: Db, subscriptionId: number): Promise<void> {
  await trx.deleteFrom("subscription_item").where("subscription_id", "=", subscriptionId).where("next_only", "=", 1).execute();
}

/** Active subscriptions due by `today` whose retry time (if any) has come and that no process holds; a plain read. */
export async function dueSubscriptionIds(db: Db, today: string, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("subscription")
    .select("id")
    .where("status", "=", "active")
    .where("next_delivery_date", "<=", today)
    .where((eb) => eb.or([eb("retry_at", "is", null), eb("retry_at", "<=", now)]))
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .orderBy("next_delivery_date")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes up to `limit` due subscriptions for this process until `until`: no other process places
 * their orders meanwhile (and if one did, the delivery's unique key would still stop a second order).
 */
export async function claimDueSubscriptions(trx: Db, p: { today: string; now: string; until: string; limit: number }): Promise<SubscriptionRow[]> {
  const due = trx
    .selectFrom("subscription")
    .select("id")
    .where("status", "=", "active")
    .where("next_delivery_date", "<=", p.today)
    .where((eb) => eb.or([eb("retry_at", "is", null), eb("retry_at", "<=", p.now)]))
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", p.now)]))
    .orderBy("next_delivery_date")
    .orderBy("id")
    .limit(p.limit);
  const ids = await idsToClaim(trx, due);
  if (ids.length === 0) return [];
  return trx.updateTable("subscription").set({ claimed_until: p.until }).where("id", "in", ids).returningAll().execute();
}

export async function releaseClaim(db: Db, id: number): Promise<void> {
  await db.updateTable("subscription").set({ claimed_until: null }).where("id", "=", id).execute();
}

/** The delivery of a subscription on a date, made (with `makeCart`'s cart) when there is none yet. */
export async function deliveryRecord(trx: Db, subscriptionId: number, date: string, now: string, makeCart: () => Promise<number>): Promise<DeliveryRow> {
  const query = trx.selectFrom("subscription_order").selectAll().where("subscription_id", "=", subscriptionId).where("delivery_date", "=", date);
  const found = await (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
  if (found) return found;
  const cartId = await makeCart();
  return trx
    .insertInto("subscription_order")
    .values({ subscription_id: subscriptionId, delivery_date: date, status: "pending", cart_id: cartId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Counts a placement try of the delivery; answers the try's number (it names the try's card hold). */
export async function countDeliveryTry(trx: Db, id: number, now: string): Promise<number> {
  const row = await trx
    .updateTable("subscription_order")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), updated_at: now }))
    .where("id", "=", id)
    .returning("attempts")
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** The delivery's record, locked (the order's transaction reads it before it writes the order). */
export function lockDelivery(trx: Db, id: number): Promise<DeliveryRow | undefined> {
  const query = trx.selectFrom("subscription_order").selectAll().where("id", "=", id);
  return (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function markDelivery(
  trx: Db,
  id: number,
  change: { status: "placed" | "skipped"; order_code?: string; note?: string },
  now: string,
): Promise<void> {
  await trx
    .updateTable("subscription_order")
    .set({ ...change, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/** A skipped delivery: recorded so that the runner never places it (false when it is already placed). */
export async function skipDelivery(trx: Db, subscriptionId: number, date: string, note: string, now: string): Promise<boolean> {
  await trx
    .insertInto("subscription_order")
    .values({ subscription_id: subscriptionId, delivery_date: date, status: "skipped", cart_id: null, note, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(["subscription_id", "delivery_date"]).doNothing())
    .execute();
  const result = await trx
    .updateTable("subscription_order")
    .set({ status: "skipped", note, updated_at: now })
    .where("subscription_id", "=", subscriptionId)
    .where("delivery_date", "=", date)
    .where("order_code", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Active subscriptions whose next delivery is on or before `until` and whose reminder for it has not gone out. */
export async function subscriptionsToRemind(db: Db, today: string, until: string, limit: number): Promise<SubscriptionRow[]> {
  return db
    .selectFrom("subscription")
    .selectAll()
    .where("status", "=", "active")
    .where("next_delivery_date", ">", today)
    .where("next_delivery_date", "<=", until)
    .where((eb) => eb.or([eb("reminded_for", "is", null), eb("reminded_for", "<>", eb.ref("next_delivery_date"))]))
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Records the reminder for this date; false when another process recorded it first (or the date moved). */
export async function markReminded(trx: Db, id: number, date: string): Promise<boolean> {
  const result = await trx
    .updateTable("subscription")
    .set({ reminded_for: date })
    .where("id", "=", id)
    .where("next_delivery_date", "=", date)
    .where((eb) => eb.or([eb("reminded_for", "is", null), eb("reminded_for", "<>", date)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The orders the customer's subscriptions placed, newest first. */
export function adOrdersOf(db: Db, customerId: string, site: string, limit: number) {
  return db
    .selectFrom("subscription_order")
    .innerJoin("subscription", "subscription.id", "subscription_order.subscription_id")
    .innerJoin("shop_order", "shop_order.code", "subscription_order.order_code")
    .select([
      "shop_order.id as orderId",
      "shop_order.code",
      "shop_order.total_minor",
      "shop_order.currency",
      "shop_order.lang",
      "shop_order.created_at",
      "subscription.code as subscriptionCode",
      "subscription_order.delivery_date",
    ])
    .where("subscription.customer_id", "=", customerId)
    .where("subscription.site", "=", site)
    .where("subscription_order.status", "=", "placed")
    .orderBy("shop_order.id", "desc")
    .limit(limit)
    .execute();
}

export async function productCodesOfOrders(db: Db, orderIds: readonly number[]): Promise<Map<number, string[]>> {
  const codes = new Map<number, string[]>();
  if (orderIds.length === 0) return codes;
  const rows = await db
    .selectFrom("shop_order_entry")
    .select(["order_id", "product_code"])
    .where("order_id", "in", [...orderIds])
    .execute();
  for (const r of rows) codes.set(r.order_id, [...(codes.get(r.order_id) ?? []), r.product_code]);
  return codes;
}
