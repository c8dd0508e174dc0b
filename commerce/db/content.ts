import type { BrandId, Lang } from "../contract/common";
import type { Db } from "./index";
import { writeTransaction } from "./write-transaction";

export async function findCmsPage(db: Db, site: BrandId, lang: Lang, label: string) {
  return db.selectFrom("cms_page").selectAll().where("site", "=", site).where("lang", "=", lang).where("label", "=", label).executeTakeFirst();
}

export async function findCmsComponents(db: Db, site: BrandId, lang: Lang, uids: readonly string[]) {
  if (uids.length === 0) return [];
  return db
    .selectFrom("cms_component")
    .select(["uid", "type_code", "data"])
    .where("site", "=", site)
    .where("lang", "=", lang)
    .where("uid", "in", uids)
    .execute();
}

export async function findSiteConfig(db: Db, site: BrandId) {
  return db.selectFrom("site_config").select(["config_key", "value"]).where("site", "=", site).orderBy("config_key").execute();
}

/** Inserts the address once per site; answers false when it was already there. */
export async function insertNewsletterSubscription(db: Db, site: BrandId, email: string, lang: Lang): Promise<boolean> {
  return writeTransaction(db, (trx) => addNewsletterSubscription(trx, site, email, lang));
}

/** The same, inside the caller's write transaction (so the welcome mail can be queued with it). */
export async function addNewsletterSubscription(trx: Db, site: BrandId, email: string, lang: Lang): Promise<boolean> {
  const result = await trx
    .insertInto("newsletter_subscription")
    .values({ site, email, lang, created_at: new Date().toISOString(), confirmed_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["site", "email"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
