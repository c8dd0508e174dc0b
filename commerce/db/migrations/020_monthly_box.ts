import { type Kysely, sql } from "kysely";

/**
 * The monthly fixed-price box (decision 062): a campaign of its own kind. `campaign.kind` tells a
 * brewer campaign (decision 061) from a monthly box; a box's brewer-only columns hold neutral values
 * (no flag, price rule `monthlyPrice`, a one-month commitment of the box's pods). `monthly_box`
 * holds the box's size and how many products a month offers; `monthly_box_price` its price in each
 * store currency. Which products a month offers is a rule (monthly-box-rules.ts), not rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // brewer (decision 061) or monthlyBox.
  await db.schema
    .alterTable("campaign")
    .addColumn("kind", "varchar(12)", (c) => c.notNull().defaultTo("brewer"))
    .execute();

  await db.schema
    .createTable("monthly_box")
    .addColumn("campaign_id", "integer", (c) => c.primaryKey().references("campaign.id").onDelete("cascade"))
    // The pods a month's box holds; a whole number of K-Cup boxes of pack_size.
    .addColumn("box_pods", "integer", (c) => c.notNull().check(sql`box_pods between 1 and 500`))
    // Every product of the selection is the K-Cup box of this many pods.
    .addColumn("pack_size", "integer", (c) => c.notNull().check(sql`pack_size between 1 and 200`))
    // The spec's campaign product select count (36).
    .addColumn("select_count", "integer", (c) => c.notNull().check(sql`select_count between 1 and 200`))
    .execute();

  await db.schema
    .createTable("monthly_box_price")
    .addColumn("campaign_id", "integer", (c) => c.notNull().references("campaign.id").onDelete("cascade"))
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    // Minor units (decision 006).
    .addColumn("minor", "integer", (c) => c.notNull().check(sql`minor > 0`))
    .addPrimaryKeyConstraint("monthly_box_price_pk", ["campaign_id", "currency"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("monthly_box_price").ifExists().execute();
  await db.schema.dropTable("monthly_box").ifExists().execute();
  await db.schema.alterTable("campaign").dropColumn("kind").execute();
}
