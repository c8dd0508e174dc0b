import type { Insertable, Selectable } from "kysely";
import type { Db } from "./index";
import type { CartCheckoutTable, ShopOrderEntryTable, ShopOrderTable } from "./schema";
import { lockingRows } from "./write-transaction";

export type CartCheckoutRow = Selectable<CartCheckoutTable>;
export type OrderRow = Selectable<ShopOrderTable>;
export type OrderEntryRow = Selectable<ShopOrderEntryTable>;
export type NewOrder = Omit<ShopOrderTable, "id" | "payment_captured_at" | "capture_attempts" | "capture_claimed_until">;
export type NewOrderEntry = Omit<Insertable<ShopOrderEntryTable>, "id" | "order_id">;

export async function findCartCheckout(db: Db, cartId: number): Promise<CartCheckoutRow | undefined> {
  return db.selectFrom("cart_checkout").selectAll().where("cart_id", "=", cartId).executeTakeFirst();
}

/** Sets some of a cart's checkout choices, creating its row on the first. */
export async function saveCartCheckout(
  trx: Db,
  cartId: number,
  change: Partial<Omit<CartCheckoutTable, "cart_id" | "updated_at">>,
  now: string,
): Promise<void> {
  await trx
    .insertInto("cart_checkout")
    .values({ cart_id: cartId, email: null, delivery_address: null, delivery_mode: null, contact_no: null, perks_join: 0, ...change, updated_at: now })
    .onConflict((oc) => oc.column("cart_id").doUpdateSet({ ...change, updated_at: now }))
    .execute();
}

/**
 * Takes `quantity` units of a product from stock, inside the caller's write transaction; false
 * (and nothing taken) when fewer are left. One conditional update: two orders can never both take
 * the last units, on either database.
 */
export async function takeStock(trx: Db, productCode: string, quantity: number): Promise<{ taken: boolean; left: number }> {
  const result = await trx
    .updateTable("stock")
    .set((eb) => ({ level: eb("level", "-", quantity) }))
    .where("product_code", "=", productCode)
    .where("level", ">=", quantity)
    .executeTakeFirst();
  const level = await trx.selectFrom("stock").select("level").where("product_code", "=", productCode).executeTakeFirst();
  return { taken: Number(result.numUpdatedRows) === 1, left: level?.level ?? 0 };
}

export async function findOrderByCheckoutKey(db: Db, checkoutKey: string): Promise<OrderRow | undefined> {
  return db.selectFrom("shop_order").selectAll().where("checkout_key", "=", checkoutKey).executeTakeFirst();
}

export async function findOrderByCode(db: Db, site: string, code: string): Promise<OrderRow | undefined> {
  return db.selectFrom("shop_order").selectAll().where("code", "=", code).where("site", "=", site).executeTakeFirst();
}

/** The order placed from this cart, if any (a cart becomes at most one order). */
export async function findOrderOfCart(db: Db, cartId: number): Promise<OrderRow | undefined> {
  return db.selectFrom("shop_order").selectAll().where("cart_id", "=", cartId).executeTakeFirst();
}

export async function insertOrder(trx: Db, order: NewOrder, entries: readonly NewOrderEntry[]): Promise<OrderRow> {
  const row = await trx.insertInto("shop_order").values(order).returningAll().executeTakeFirstOrThrow();
  if (entries.length)
    await trx
      .insertInto("shop_order_entry")
      .values(entries.map((e) => ({ ...e, order_id: row.id })))
      .execute();
  return row;
}

export async function orderEntries(db: Db, orderId: number): Promise<OrderEntryRow[]> {
  return db.selectFrom("shop_order_entry").selectAll().where("order_id", "=", orderId).orderBy("entry_number").execute();
}

/** A customer's orders on a site, newest first, one page of them, and how many there are. */
export async function customerOrders(
  db: Db,
  customerId: string,
  site: string,
  page: number,
  pageSize: number,
): Promise<{ rows: (OrderRow & { units: number })[]; total: number }> {
  const count = await db
    .selectFrom("shop_order")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("customer_id", "=", customerId)
    .where("site", "=", site)
    .executeTakeFirst();
  const rows = await db
    .selectFrom("shop_order")
    .selectAll("shop_order")
    .select((eb) =>
      eb
        .selectFrom("shop_order_entry")
        .select((e) => e.fn.coalesce(e.fn.sum<number>("quantity"), e.val(0)).as("units"))
        .whereRef("shop_order_entry.order_id", "=", "shop_order.id")
        .as("units"),
    )
    .where("customer_id", "=", customerId)
    .where("site", "=", site)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
  return { rows: rows.map((r) => ({ ...r, units: Number(r.units ?? 0) })), total: Number(count?.n ?? 0) };
}

/** A guest's order joins the account made from it; locked, so two requests cannot both claim it. */
export async function claimGuestOrder(trx: Db, orderId: number, customerId: string): Promise<boolean> {
  const query = trx.selectFrom("shop_order").select("customer_id").where("id", "=", orderId);
  const row = await (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
  if (!row || row.customer_id !== null) return false;
  await trx.updateTable("shop_order").set({ customer_id: customerId }).where("id", "=", orderId).execute();
  return true;
}

/** How many orders the site has for this shopper: a customer by id or e-mail, a guest by e-mail (any case). */
export async function ordersBy(db: Db, site: string, shopper: { customerId: string | null; email: string | null }): Promise<number> {
  const { customerId, email } = shopper;
  if (!customerId && !email) return 0;
  const row = await db
    .selectFrom("shop_order")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("site", "=", site)
    .where((eb) => {
      const who = [];
      if (customerId) who.push(eb("customer_id", "=", customerId));
      if (email) who.push(eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()));
      return eb.or(who);
    })
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
