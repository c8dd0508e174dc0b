import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

/**
 * Brewer campaigns (decision 061): a campaign is a brewer offered at a campaign price (free, a
 * percentage off, or the catalog's seeded campaign price) to a customer who commits to auto-delivery,
 * on the stores it runs on, between its dates. An enrollment is one customer's take of one
 * campaign: the brewer, the household it went to and how much of the commitment is met.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("campaign")
    // The spec's numeric campaign id (160836…), not generated.
    .addColumn("id", "integer", (c) => c.primaryKey())
    // The campaign alert code (FREEBREWER, FIFTYPERCENTBREWER, KSKLITE, KSKBBAD) or BBAD.
    .addColumn("code", "varchar(24)", (c) => c.notNull().unique())
    // The spec's subscription code: free brewer, fifty percent brewer, KSKLITE, KSKBBAD, BBAD.
    .addColumn("subscription_code", "varchar(32)", (c) => c.notNull())
    // The product flag that makes a brewer eligible (isFreeCampaignEligible…).
    .addColumn("eligibility_flag", "varchar(40)", (c) => c.notNull())
    // free, percentOff (percent_off) or campaignPrice (the product's seeded "campaign" price row).
    .addColumn("price_rule", "varchar(16)", (c) => c.notNull())
    .addColumn("percent_off", "integer", (c) => c.check(sql`percent_off between 1 and 99`))
    // deliveries or months, commitment_count of them.
    .addColumn("commitment_kind", "varchar(10)", (c) => c.notNull())
    .addColumn("commitment_count", "integer", (c) => c.notNull().check(sql`commitment_count between 1 and 24`))
    // Each delivery of the commitment holds at least this many pods.
    .addColumn("min_box_pods", "integer", (c) => c.notNull().check(sql`min_box_pods between 1 and 200`))
    // 1: one per household address and per account, ever (the free brewer).
    .addColumn("once_per_household", "integer", (c) => c.notNull().defaultTo(0))
    // YYYY-MM-DD, store calendar days; ends_on null: open-ended (the last day it runs, inclusive).
    .addColumn("starts_on", "varchar(10)", (c) => c.notNull())
    .addColumn("ends_on", "varchar(10)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("campaign_site")
    .addColumn("campaign_id", "integer", (c) => c.notNull().references("campaign.id").onDelete("cascade"))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addPrimaryKeyConstraint("campaign_site_pk", ["campaign_id", "site"])
    .execute();

  await db.schema
    .createTable("campaign_enrollment")
    .addColumn("id", "integer", autoId(db))
    .addColumn("campaign_id", "integer", (c) => c.notNull().references("campaign.id"))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    // The delivery address, normalised (campaign-rules.ts householdKey): one free brewer per household.
    .addColumn("household_key", "varchar(400)", (c) => c.notNull())
    .addColumn("brewer_code", "varchar(64)", (c) => c.notNull())
    // The auto-delivery subscription that carries the commitment, once it exists.
    .addColumn("subscription_code", "varchar(16)")
    // active (commitment not met yet), met, or cancelled (before it was met; the charge was made).
    .addColumn("status", "varchar(10)", (c) => c.notNull())
    .addColumn("deliveries_required", "integer", (c) => c.notNull())
    .addColumn("deliveries_made", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("campaign_enrollment_customer_idx").on("campaign_enrollment").columns(["customer_id", "campaign_id"]).execute();
  await db.schema.createIndex("campaign_enrollment_household_idx").on("campaign_enrollment").column("household_key").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("campaign_enrollment").ifExists().execute();
  await db.schema.dropTable("campaign_site").ifExists().execute();
  await db.schema.dropTable("campaign").ifExists().execute();
}
