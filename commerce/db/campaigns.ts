import { type Insertable, type Selectable, sql } from "kysely";
import type { CampaignEnrollmentTable, CampaignTable } from "./campaign-tables";
import { isPostgres } from "./dialect";
import type { Db } from "./index";
import { lockingRows } from "./write-transaction";

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

/** A campaign bundle's entry in a cart (decision 065): the brewer, or the box with the frequency chosen for it. */
export interface NewCampaignEntry {
  cart_id: number;
  entry_number: number;
  product_code: string;
  entry_type: "STD" | "ADC";
  quantity: number;
  campaign_id: number;
  campaign_role: "brewer" | "box";
  frequency_weeks: number | null;
}

export async function insertCampaignEntries(trx: Db, entries: readonly NewCampaignEntry[], now: string): Promise<void> {
  await trx
    .insertInto("cart_entry")
    .values(entries.map((e) => ({ ...e, pods_at_home_qty: null, created_at: now, updated_at: now })))
    .execute();
}

/** Takes the cart's campaign bundle out (both its entries). */
export async function deleteCampaignBundle(trx: Db, cartId: number): Promise<void> {
  await trx.deleteFrom("cart_entry").where("cart_id", "=", cartId).where("campaign_role", "in", ["brewer", "box"]).execute();
}

/**
 * Until the transaction ends, no other transaction may decide for the same households or accounts
 * (PostgreSQL's transaction advisory locks, taken in one order). SQLite's writeTransaction already
 * holds the one write lock from the start.
 */
export async function lockCampaignTakers(trx: Db, keys: readonly string[]): Promise<void> {
  if (!isPostgres(trx)) return;
  for (const key of [...new Set(keys)].sort()) await sql`select pg_advisory_xact_lock(hashtext(${`campaign:${key}`}))`.execute(trx);
}

/** An enrollment with what its campaign commits to, as a subscription's answer shows it. */
export type EnrollmentWithCampaign = EnrollmentRow & { code: string; commitment_kind: string; commitment_count: number; min_box_pods: number };

/** The enrollments carried by these subscriptions. */
export async function enrollmentsOfSubscriptions(db: Db, subscriptionCodes: readonly string[]): Promise<EnrollmentWithCampaign[]> {
  if (subscriptionCodes.length === 0) return [];
  return db
    .selectFrom("campaign_enrollment")
    .innerJoin("campaign", "campaign.id", "campaign_enrollment.campaign_id")
    .selectAll("campaign_enrollment")
    .select(["campaign.code", "campaign.commitment_kind", "campaign.commitment_count", "campaign.min_box_pods"])
    .where("campaign_enrollment.subscription_code", "in", [...subscriptionCodes])
    .execute();
}

/** The subscription's enrollment, locked until the write transaction ends. */
export async function lockEnrollmentOf(trx: Db, subscriptionCode: string): Promise<EnrollmentRow | undefined> {
  const query = trx.selectFrom("campaign_enrollment").selectAll().where("subscription_code", "=", subscriptionCode);
  return (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** A delivery of the subscription was placed: one more counts to its active commitment, met at the deliveries required. */
export async function countCommitmentDelivery(trx: Db, subscriptionCode: string, now: string): Promise<void> {
  await trx
    .updateTable("campaign_enrollment")
    .set((eb) => ({
      deliveries_made: eb("deliveries_made", "+", 1),
      status: sql<"active" | "met">`case when deliveries_made + 1 >= deliveries_required then 'met' else 'active' end`,
      updated_at: now,
    }))
    .where("subscription_code", "=", subscriptionCode)
    .where("status", "=", "active")
    .execute();
}

/** Cancelled before it was met: what that charged and the payment's reference. */
export async function markEnrollmentCancelled(trx: Db, id: number, charge: { minor: number; reference: string | null }, now: string): Promise<void> {
  await trx
    .updateTable("campaign_enrollment")
    .set({ status: "cancelled", cancellation_minor: charge.minor, cancellation_reference: charge.reference, updated_at: now })
    .where("id", "=", id)
    .execute();
}
