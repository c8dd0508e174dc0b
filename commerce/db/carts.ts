import { type Selectable, sql } from "kysely";
import type { Db } from "./index";
import { preparedRead } from "./prepared-read";
import type { CartEntryTable, CartTable } from "./schema";
import { lockingRows } from "./write-transaction";

export type CartRow = Selectable<CartTable>;
export type CartEntryRow = Selectable<CartEntryTable>;
export type NewCart = Omit<CartTable, "id">;

const cartByGuid = preparedRead((db, guid: string) => db.selectFrom("cart").selectAll().where("guid", "=", guid));

export async function findCartByGuid(db: Db, guid: string): Promise<CartRow | undefined> {
  return (await cartByGuid(db, guid))[0];
}

/** The cart, locked until the caller's write transaction ends, so writers of one cart take turns. */
export async function lockCartByGuid(trx: Db, guid: string): Promise<CartRow | undefined> {
  const query = trx.selectFrom("cart").selectAll().where("guid", "=", guid);
  return (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function findOpenCartOf(db: Db, customerId: string, site: string): Promise<CartRow | undefined> {
  return db.selectFrom("cart").selectAll().where("customer_id", "=", customerId).where("site", "=", site).where("status", "=", "open").executeTakeFirst();
}

export async function insertCart(trx: Db, cart: NewCart): Promise<CartRow> {
  return trx.insertInto("cart").values(cart).returningAll().executeTakeFirstOrThrow();
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

const entriesOfCart = preparedRead((db, cartId: number) => db.selectFrom("cart_entry").selectAll().where("cart_id", "=", cartId).orderBy("entry_number"));

export async function cartEntries(db: Db, cartId: number): Promise<CartEntryRow[]> {
  return entriesOfCart(db, cartId);
}

const lastEntryNumber = preparedRead((db, cartId: number) =>
  db
    .selectFrom("cart_entry")
    .select((eb) => eb.fn.max("entry_number").as("last"))
    .where("cart_id", "=", cartId),
);

export async function insertCartEntry(
  trx: Db,
  entry: Pick<CartEntryTable, "cart_id" | "product_code" | "entry_type" | "quantity" | "pods_at_home_qty">,
  now: string,
): Promise<CartEntryRow> {
  const [last] = await lastEntryNumber(trx, entry.cart_id);
  const entryNumber = last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1;
  return trx
    .insertInto("cart_entry")
    .values({ ...entry, entry_number: entryNumber, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
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
