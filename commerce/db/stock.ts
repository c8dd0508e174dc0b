import { type BrandId, BrandIdSchema, type Lang, LangSchema } from "../contract/common";
import type { Db } from "./index";
import { lockingRows, writeTransaction } from "./write-transaction";

/** A shopper waiting to hear that a product is back, on the site and in the language they asked in. */
export interface WaitingAlert {
  id: number;
  site: BrandId;
  lang: Lang;
  email: string;
}

/**
 * Sets a product's stock level inside the caller's write transaction; answers the level it had
 * before (null: no such product). The row is locked while read, so two updates of one product
 * see each other's levels in turn.
 */
export async function setStockLevel(trx: Db, code: string, level: number): Promise<number | null> {
  const query = trx.selectFrom("stock").select("level").where("product_code", "=", code);
  const before = await (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
  if (!before) return null;
  await trx.updateTable("stock").set({ level }).where("product_code", "=", code).execute();
  return before.level;
}

/**
 * Registers an alert as already confirmed; false when the same shopper already waits for this
 * product here. Shoppers' own requests are stored unconfirmed (addPendingStockAlert) instead.
 */
export async function insertStockAlert(db: Db, site: BrandId, lang: Lang, code: string, email: string): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const result = await trx
      .insertInto("stock_alert")
      .values({ site, lang, product_code: code, email, created_at: new Date().toISOString(), notified_at: null, confirmed_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["site", "product_code", "email"]).where("notified_at", "is", null).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  });
}

/**
 * The shoppers still waiting for any of these products, oldest first, locked until the caller's
 * transaction ends so a concurrent restock cannot answer them a second time.
 */
export async function waitingAlerts(trx: Db, codes: readonly string[]): Promise<WaitingAlert[]> {
  if (codes.length === 0) return [];
  const query = trx
    .selectFrom("stock_alert")
    .select(["id", "site", "lang", "email"])
    .where("product_code", "in", [...new Set(codes)])
    .where("notified_at", "is", null)
    // Only an address's owner can ask to be mailed: unconfirmed alerts never are.
    .where("confirmed_at", "is not", null)
    .orderBy("id");
  const rows = await (lockingRows(trx) ? query.forUpdate() : query).execute();
  return rows.map((r) => ({ id: r.id, site: BrandIdSchema.parse(r.site), lang: LangSchema.parse(r.lang), email: r.email }));
}

/**
 * The sites and languages in which shoppers wait for any of these products: a plain read, before
 * a restock's transaction, so it knows which product views its mails will need.
 */
export async function waitingAlertPlaces(db: Db, codes: readonly string[]): Promise<{ site: BrandId; lang: Lang }[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom("stock_alert")
    .select(["site", "lang"])
    .distinct()
    .where("product_code", "in", [...new Set(codes)])
    .where("notified_at", "is", null)
    .where("confirmed_at", "is not", null)
    .execute();
  return rows.map((r) => ({ site: BrandIdSchema.parse(r.site), lang: LangSchema.parse(r.lang) }));
}

export async function markAlertsNotified(trx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable("stock_alert")
    .set({ notified_at: new Date().toISOString() })
    .where("id", "in", [...ids])
    .where("notified_at", "is", null)
    .execute();
}
