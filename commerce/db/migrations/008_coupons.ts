import type { Kysely } from "kysely";
import { autoId } from "../dialect";

/**
 * Coupons, the coupons a cart carries, and redemptions. Codes are kept upper-case, so a shopper's
 * "save10" finds "SAVE10" through the unique index. Uses are counted on the coupon row (locked
 * when an order redeems it) and written out as redemptions, one per order, for the per-customer
 * limit and for customer service.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("coupon")
    .addColumn("id", "integer", autoId(db))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("code", "varchar(32)", (c) => c.notNull())
    .addColumn("description_en", "varchar(200)", (c) => c.notNull())
    .addColumn("description_fr", "varchar(200)", (c) => c.notNull())
    // percentage: value is whole percent (1-100); fixed: value is minor units.
    .addColumn("kind", "varchar(12)", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull())
    .addColumn("minimum_spend", "integer", (c) => c.notNull().defaultTo(0))
    // order: every line; categories / products: only lines whose product is in scope_codes.
    .addColumn("scope", "varchar(12)", (c) => c.notNull().defaultTo("order"))
    .addColumn("scope_codes", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("starts_at", "varchar(32)")
    .addColumn("ends_at", "varchar(32)")
    .addColumn("max_uses", "integer")
    .addColumn("max_uses_per_customer", "integer")
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("coupon_site_code_idx").on("coupon").columns(["site", "code"]).unique().execute();

  await db.schema
    .createTable("cart_coupon")
    .addColumn("cart_id", "integer", (c) => c.notNull().references("cart.id").onDelete("cascade"))
    .addColumn("coupon_id", "integer", (c) => c.notNull().references("coupon.id").onDelete("cascade"))
    .addColumn("applied_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("cart_coupon_pk", ["cart_id", "coupon_id"])
    .execute();

  await db.schema
    .createTable("coupon_redemption")
    .addColumn("id", "integer", autoId(db))
    .addColumn("coupon_id", "integer", (c) => c.notNull().references("coupon.id").onDelete("cascade"))
    .addColumn("order_code", "varchar(32)", (c) => c.notNull())
    .addColumn("customer_id", "varchar(36)")
    // Lower-case; guests are counted by it, customers by their id and by it.
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("redeemed_at", "varchar(32)", (c) => c.notNull())
    .execute();
  // One redemption of a coupon per order, even when an order is retried.
  await db.schema.createIndex("coupon_redemption_order_idx").on("coupon_redemption").columns(["coupon_id", "order_code"]).unique().execute();
  await db.schema.createIndex("coupon_redemption_customer_idx").on("coupon_redemption").columns(["coupon_id", "customer_id"]).execute();
  await db.schema.createIndex("coupon_redemption_email_idx").on("coupon_redemption").columns(["coupon_id", "email"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("coupon_redemption").ifExists().execute();
  await db.schema.dropTable("cart_coupon").ifExists().execute();
  await db.schema.dropTable("coupon").ifExists().execute();
}
