import { type Kysely, sql } from "kysely";

/**
 * What a campaign becomes once it is sold (decision 064). A subscription is an auto-delivery
 * (decision 053) or a monthly fixed-price box (decision 062), and may carry a campaign.
 * `monthly_box_pick` holds a box subscription's picks per month. An enrollment (decision 061)
 * keeps the brewer's two prices as they were sold, the order that sold it, and, when it was
 * cancelled before the commitment was met, what that charged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("subscription")
    // autoDelivery (decision 053) or monthlyBox (decision 062).
    .addColumn("kind", "varchar(12)", (c) => c.notNull().defaultTo("autoDelivery"))
    .execute();
  // The monthly box it is, or the brewer campaign whose commitment it carries; null for a plain auto-delivery.
  await db.schema.alterTable("subscription").addColumn("campaign_id", "integer").execute();

  await db.schema
    .createTable("monthly_box_pick")
    .addColumn("subscription_id", "integer", (c) => c.notNull().references("subscription.id").onDelete("cascade"))
    // YYYY-MM: the month whose box ships these.
    .addColumn("month", "varchar(7)", (c) => c.notNull())
    .addColumn("product_code", "varchar(64)", (c) => c.notNull())
    // K-Cup boxes of the box's pack size.
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity between 1 and 200`))
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("monthly_box_pick_pk", ["subscription_id", "month", "product_code"])
    .execute();

  // A cart entry sold in a campaign: the brewer at its campaign price, the commitment's first box, or a monthly box's pick.
  await db.schema.alterTable("cart_entry").addColumn("campaign_id", "integer").execute();
  // brewer, box or pick.
  await db.schema.alterTable("cart_entry").addColumn("campaign_role", "varchar(8)").execute();

  // Minor units in the enrollment's currency, as sold (decision 006).
  await db.schema.alterTable("campaign_enrollment").addColumn("currency", "varchar(3)").execute();
  await db.schema.alterTable("campaign_enrollment").addColumn("regular_minor", "integer").execute();
  await db.schema.alterTable("campaign_enrollment").addColumn("campaign_minor", "integer").execute();
  // The order that sold the brewer (delivery one of the commitment).
  await db.schema.alterTable("campaign_enrollment").addColumn("order_code", "varchar(16)").execute();
  // What cancelling before the commitment was met charged, and the payment's reference.
  await db.schema.alterTable("campaign_enrollment").addColumn("cancellation_minor", "integer").execute();
  await db.schema.alterTable("campaign_enrollment").addColumn("cancellation_reference", "varchar(64)").execute();
  await db.schema.createIndex("campaign_enrollment_subscription_idx").on("campaign_enrollment").column("subscription_code").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("campaign_enrollment_subscription_idx").ifExists().execute();
  for (const column of ["cancellation_reference", "cancellation_minor", "order_code", "campaign_minor", "regular_minor", "currency"])
    await db.schema.alterTable("campaign_enrollment").dropColumn(column).execute();
  await db.schema.alterTable("cart_entry").dropColumn("campaign_role").execute();
  await db.schema.alterTable("cart_entry").dropColumn("campaign_id").execute();
  await db.schema.dropTable("monthly_box_pick").ifExists().execute();
  await db.schema.alterTable("subscription").dropColumn("campaign_id").execute();
  await db.schema.alterTable("subscription").dropColumn("kind").execute();
}
