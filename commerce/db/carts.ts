import { type Selectable, sql } from "kysely";
import type { Db } from "./index";
import { preparedQuery } from "./prepared-query";
import type { CartEntryTable, CartTable } from "./schema";
import { lockingRows } from "./write-transaction";

export type CartRow = Selectable<CartTable>;
export type CartEntryRow = Selectable<CartEntryTable>;
export type NewCart = Omit<CartTable, "id">;

const cartByGuid = preparedQuery((db, guid: string) => db.selectFrom("cart").selectAll().where("guid", "=", guid));

export async function findCartByGuid(db: Db, guid: string): Promise<CartRow | undefined> {
  return (await cartByGuid(db, guid))[0];
}

/** The customer a cart belongs to; undefined for a guest's cart (or no such cart). */
export async function customerOfCart(db: Db, cartId: number): Promise<string | undefined> {
  const row = await db.selectFrom("cart").select("customer_id").where("id", "=", cartId).executeTakeFirst();
  return row?.customer_id ?? undefined;
}

/** The cart, locked until the caller's write transaction ends, so writers of one cart take turns. */
export async function lockCartByGuid(trx: Db, guid: string): Promise<CartRow | undefined> {
  const query = trx.selectFrom("cart").selectAll().where("guid", "=", guid);
  return (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function findOpenCartOf(db: Db, customerId: string, site: string): Promise<CartRow | undefined> {
  return db.selectFrom("cart").selectAll().where("customer_id", "=", customerId).where("site", "=", site).where("status", "=", "open").executeTakeFirst();
}

const newCart = preparedQuery(
  (
    db,
    guid: string,
    code: string,
    site: string,
    customerId: string | null,
    currency: string,
    status: CartRow["status"],
    createdAt: string,
    updatedAt: string,
  ) =>
    db.insertInto("cart").values({ guid, code, site, customer_id: customerId, currency, status, created_at: createdAt, updated_at: updatedAt }).returningAll(),
);

export async function insertCart(trx: Db, cart: NewCart): Promise<CartRow> {
  const [row] = await newCart(trx, cart.guid, cart.code, cart.site, cart.customer_id, cart.currency, cart.status, cart.created_at, cart.updated_at);
  if (!row) throw new Error("insertCart: the database returned no row");
  return row;
}

/**
 * The customer's open cart on this site, created when there is none, locked like lockCartByGuid.
 * Two first adds at once create one cart: the second insert finds the first's row and does nothing.
 */
export async function lockOpenCartOf(trx: Db, cart: NewCart & { customer_id: string }): Promise<CartRow> {
  await trx
    .insertInto("cart")
    .values(cart)
    .onConflict((oc) =>
      oc
        .columns(["customer_id", "site"])
        // Written out, not a parameter: PostgreSQL matches it to the partial unique index when planning.
        .where(sql<boolean>`status = 'open'`)
        .doNothing(),
    )
    .execute();
  const query = trx.selectFrom("cart").selectAll().where("customer_id", "=", cart.customer_id).where("site", "=", cart.site).where("status", "=", "open");
  return (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirstOrThrow();
}

const entriesOfCart = preparedQuery((db, cartId: number) => db.selectFrom("cart_entry").selectAll().where("cart_id", "=", cartId).orderBy("entry_number"));

export async function cartEntries(db: Db, cartId: number): Promise<CartEntryRow[]> {
  return entriesOfCart(db, cartId);
}

const newCartEntry = preparedQuery(
  (
    db,
    cartId: number,
    entryNumber: number,
    productCode: string,
    quantity: number,
    entryType: CartEntryRow["entry_type"],
    podsAtHome: number | null,
    recipe: string | null,
    now: string,
  ) =>
    db
      .insertInto("cart_entry")
      .values({
        cart_id: cartId,
        entry_number: entryNumber,
        product_code: productCode,
        quantity,
        entry_type: entryType,
        pods_at_home_qty: podsAtHome,
        recipe,
        created_at: now,
        updated_at: now,
      })
      .returningAll(),
);

/** A new line; the caller numbers it from the cart's lines, read in the same write transaction. `recipe`: a drink design's JSON (decision 073). */
export async function insertCartEntry(
  trx: Db,
  entry: Pick<CartEntryTable, "cart_id" | "entry_number" | "product_code" | "entry_type" | "quantity" | "pods_at_home_qty"> & { recipe?: string | null },
  now: string,
): Promise<CartEntryRow> {
  const [row] = await newCartEntry(
    trx,
    entry.cart_id,
    entry.entry_number,
    entry.product_code,
    entry.quantity,
    entry.entry_type,
    entry.pods_at_home_qty,
    entry.recipe ?? null,
    now,
  );
  if (!row) throw new Error("insertCartEntry: the database returned no row");
  return row;
}

export async function updateCartEntry(trx: Db, id: number, change: Pick<CartEntryTable, "quantity" | "pods_at_home_qty">, now: string): Promise<void> {
  await trx
    .updateTable("cart_entry")
    .set({ ...change, updated_at: now })
    .where("id", "=", id)
    .execute();
}

export async function deleteCartEntry(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom("cart_entry").where("id", "=", id).execute();
}

export async function touchCart(trx: Db, id: number, now: string, status?: CartRow["status"]): Promise<void> {
  await trx
    .updateTable("cart")
    .set(status ? { updated_at: now, status } : { updated_at: now })
    .where("id", "=", id)
    .execute();
}

/** Units in stock per product code; a product without a stock row has none. */
export async function stockLevels(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  const levels = new Map<string, number>(codes.map((c) => [c, 0]));
  if (codes.length === 0) return levels;
  const rows = await db
    .selectFrom("stock")
    .select(["product_code", "level"])
    .where("product_code", "in", [...new Set(codes)])
    .execute();
  for (const r of rows) levels.set(r.product_code, Math.max(0, r.level));
  return levels;
}
