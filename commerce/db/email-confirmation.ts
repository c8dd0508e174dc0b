import type { BrandId, Lang } from "../contract/common";
import type { Db } from "./index";

/** The tables whose rows wait for their address's owner to confirm them (double opt-in). */
export type ConfirmableTable = "newsletter_subscription" | "stock_alert";

/** A pending token as stored: only its hash, when it lapses, and when it was last mailed. */
export interface ConfirmationToken {
  hash: string;
  expiresAt: string;
  sentAt: string;
}

export interface ConfirmableRow {
  id: number;
  site: string;
  lang: string;
  email: string;
  confirmedAt: string | null;
  confirmSentAt: string | null;
  confirmExpiresAt: string | null;
}

const columns = ["id", "site", "lang", "email", "confirmed_at", "confirm_sent_at", "confirm_expires_at"] as const;

function toRow(r: {
  id: number;
  site: string;
  lang: string;
  email: string;
  confirmed_at: string | null;
  confirm_sent_at: string | null;
  confirm_expires_at: string | null;
}): ConfirmableRow {
  return {
    id: r.id,
    site: r.site,
    lang: r.lang,
    email: r.email,
    confirmedAt: r.confirmed_at,
    confirmSentAt: r.confirm_sent_at,
    confirmExpiresAt: r.confirm_expires_at,
  };
}

/** The site's subscription of this address, confirmed or not. */
export async function findNewsletterSubscription(trx: Db, site: BrandId, email: string): Promise<ConfirmableRow | null> {
  const row = await trx.selectFrom("newsletter_subscription").select(columns).where("site", "=", site).where("email", "=", email).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Stores an unconfirmed subscription; false when the address is already there (a concurrent sign-up). */
export async function addPendingNewsletterSubscription(trx: Db, site: BrandId, email: string, lang: Lang, token: ConfirmationToken): Promise<boolean> {
  const result = await trx
    .insertInto("newsletter_subscription")
    .values({
      site,
      email,
      lang,
      created_at: new Date().toISOString(),
      confirm_token_hash: token.hash,
      confirm_expires_at: token.expiresAt,
      confirm_sent_at: token.sentAt,
      confirmed_at: null,
    })
    .onConflict((oc) => oc.columns(["site", "email"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The alert this address still waits with for the product on the site, confirmed or not. */
export async function findWaitingAlert(trx: Db, site: BrandId, code: string, email: string): Promise<ConfirmableRow | null> {
  const row = await trx
    .selectFrom("stock_alert")
    .select(columns)
    .where("site", "=", site)
    .where("product_code", "=", code)
    .where("email", "=", email)
    .where("notified_at", "is", null)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Stores an unconfirmed alert; false when the shopper already waits for the product (a concurrent request). */
export async function addPendingStockAlert(trx: Db, site: BrandId, lang: Lang, code: string, email: string, token: ConfirmationToken): Promise<boolean> {
  const result = await trx
    .insertInto("stock_alert")
    .values({
      site,
      lang,
      product_code: code,
      email,
      created_at: new Date().toISOString(),
      notified_at: null,
      confirm_token_hash: token.hash,
      confirm_expires_at: token.expiresAt,
      confirm_sent_at: token.sentAt,
      confirmed_at: null,
    })
    .onConflict((oc) => oc.columns(["site", "product_code", "email"]).where("notified_at", "is", null).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Replaces a pending row's token (the previous link stops working). */
export async function replaceConfirmationToken(trx: Db, table: ConfirmableTable, id: number, token: ConfirmationToken): Promise<void> {
  await trx
    .updateTable(table)
    .set({ confirm_token_hash: token.hash, confirm_expires_at: token.expiresAt, confirm_sent_at: token.sentAt })
    .where("id", "=", id)
    .where("confirmed_at", "is", null)
    .execute();
}

/** The unconfirmed row a token hash belongs to, with the product an alert waits for. */
export async function findByTokenHash(trx: Db, table: ConfirmableTable, hash: string): Promise<(ConfirmableRow & { productCode: string | null }) | null> {
  if (table === "stock_alert") {
    const row = await trx
      .selectFrom("stock_alert")
      .select([...columns, "product_code"])
      .where("confirm_token_hash", "=", hash)
      .where("confirmed_at", "is", null)
      .executeTakeFirst();
    return row ? { ...toRow(row), productCode: row.product_code } : null;
  }
  const row = await trx
    .selectFrom("newsletter_subscription")
    .select(columns)
    .where("confirm_token_hash", "=", hash)
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  return row ? { ...toRow(row), productCode: null } : null;
}

/** Confirms the row and spends its token; false when another request confirmed it first. */
export async function markConfirmed(trx: Db, table: ConfirmableTable, id: number): Promise<boolean> {
  const result = await trx
    .updateTable(table)
    .set({ confirmed_at: new Date().toISOString(), confirm_token_hash: null })
    .where("id", "=", id)
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}
