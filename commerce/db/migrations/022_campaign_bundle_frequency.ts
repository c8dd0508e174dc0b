import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect";

/**
 * A campaign bundle in a cart (decision 065). Its box entry keeps the frequency the customer chose
 * with it: the commitment's deliveries, its cost and its early charge depend on it, so the cart
 * shows them and checkout starts the subscription with it (null on every other entry). A bundle's
 * entries are lines of their own beside a plain line of the same product and entry type (the box
 * as an ordinary auto-delivery too, say), so one line per product and entry type now holds for
 * entries outside a campaign only; the cart's code keeps one bundle a cart. The early charge's
 * reference is the payment provider's, as long as a payment attempt's (SQLite keeps any length).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("cart_entry").addColumn("frequency_weeks", "integer").execute();
  await db.schema.dropIndex("cart_entry_product_idx").execute();
  await db.schema
    .createIndex("cart_entry_product_idx")
    .on("cart_entry")
    .columns(["cart_id", "product_code", "entry_type"])
    .unique()
    .where(sql.ref("campaign_role"), "is", null)
    .execute();
  if (isPostgres(db)) await sql`alter table campaign_enrollment alter column cancellation_reference type varchar(255)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`alter table campaign_enrollment alter column cancellation_reference type varchar(64)`.execute(db);
  await db.schema.dropIndex("cart_entry_product_idx").execute();
  await db.schema.createIndex("cart_entry_product_idx").on("cart_entry").columns(["cart_id", "product_code", "entry_type"]).unique().execute();
  await db.schema.alterTable("cart_entry").dropColumn("frequency_weeks").execute();
}
