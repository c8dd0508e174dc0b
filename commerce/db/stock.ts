import { type BrandId, BrandIdSchema, type Lang, LangSchema } from "../contract/common";
import type { Db } from "./index";

/** A shopper waiting to hear that a product is back, on the site and in the language they asked in. */
export interface WaitingAlert {
  id: number;
  site: BrandId;
  lang: Lang;
  email: string;
}

/** Sets a product's stock level; answers the level it had before (null: no such product). */
export async function setStockLevel(db: Db, code: string, level: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("stock").select("level").where("product_code", "=", code).executeTakeFirst();
    if (!before) return null;
    await trx.updateTable("stock").set({ level }).where("product_code", "=", code).execute();
    return before.level;
  });
}

/** Registers a notify-me alert; false when the same shopper already waits for this product here. */
export async function insertStockAlert(db: Db, site: BrandId, lang: Lang, code: string, email: string): Promise<boolean> {
  const result = await db
    .insertInto("stock_alert")
    .values({ site, lang, product_code: code, email, created_at: new Date().toISOString(), notified_at: null })
    .onConflict((oc) => oc.columns(["site", "product_code", "email"]).where("notified_at", "is", null).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The shoppers still waiting for a product, oldest first. */
export async function waitingAlerts(db: Db, code: string): Promise<WaitingAlert[]> {
  const rows = await db
    .selectFrom("stock_alert")
    .select(["id", "site", "lang", "email"])
    .where("product_code", "=", code)
    .where("notified_at", "is", null)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, site: BrandIdSchema.parse(r.site), lang: LangSchema.parse(r.lang), email: r.email }));
}

export async function markAlertNotified(db: Db, id: number): Promise<void> {
  await db.updateTable("stock_alert").set({ notified_at: new Date().toISOString() }).where("id", "=", id).where("notified_at", "is", null).execute();
}
