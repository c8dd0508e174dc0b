import type { Insertable, Selectable } from "kysely";
import type { CampaignEnrollmentTable, CampaignTable } from "./campaign-tables";
import type { Db } from "./index";

/** Brewer campaigns' queries (decision 061). */

export type CampaignRow = Selectable<CampaignTable> & { sites: string[] };
export type NewCampaign = Insertable<CampaignTable> & { sites: readonly string[] };
export type EnrollmentRow = Selectable<CampaignEnrollmentTable>;
export type NewEnrollment = Insertable<CampaignEnrollmentTable>;

/** Every campaign of a kind (brewer campaigns unless asked) with the stores it runs on, by id. */
export async function allCampaigns(db: Db, kind: "brewer" | "monthlyBox" = "brewer"): Promise<CampaignRow[]> {
  const [campaigns, sites] = await Promise.all([
    db.selectFrom("campaign").selectAll().where("kind", "=", kind).orderBy("id").execute(),
    db.selectFrom("campaign_site").selectAll().orderBy("site").execute(),
  ]);
  return campaigns.map((c) => ({ ...c, sites: sites.filter((s) => s.campaign_id === c.id).map((s) => s.site) }));
}

/** Adds the campaigns that are missing (by id), with their stores; existing ones are left as they are. */
export async function insertCampaigns(db: Db, campaigns: readonly NewCampaign[]): Promise<void> {
  if (campaigns.length === 0) return;
  await db
    .insertInto("campaign")
    .values(campaigns.map(({ sites: _sites, ...c }) => c))
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await db
    .insertInto("campaign_site")
    .values(campaigns.flatMap((c) => c.sites.map((site) => ({ campaign_id: c.id, site }))))
    .onConflict((oc) => oc.columns(["campaign_id", "site"]).doNothing())
    .execute();
}

/** The enrollments that decide whether a customer may take a campaign: their own, and any that went to the household. */
export function enrollmentsOf(db: Db, customerId: string, householdKey: string | null): Promise<EnrollmentRow[]> {
  let query = db.selectFrom("campaign_enrollment").selectAll();
  query =
    householdKey === null
      ? query.where("customer_id", "=", customerId)
      : query.where((eb) => eb.or([eb("customer_id", "=", customerId), eb("household_key", "=", householdKey)]));
  return query.orderBy("id").execute();
}

export async function insertEnrollment(trx: Db, enrollment: NewEnrollment): Promise<EnrollmentRow> {
  return trx.insertInto("campaign_enrollment").values(enrollment).returningAll().executeTakeFirstOrThrow();
}

/** The brewer families with a variant sold on the site, by code. */
export async function brewerFamiliesOn(db: Db, site: string): Promise<string[]> {
  const rows = await db
    .selectFrom("product")
    .innerJoin("product_site", "product_site.product_code", "product.code")
    .select("product.base_code")
    .distinct()
    .where("product.product_type", "=", "Brewer")
    .where("product.base_code", "is not", null)
    .where("product_site.site", "=", site)
    .orderBy("product.base_code")
    .execute();
  return rows.map((r) => r.base_code!).filter(Boolean);
}
