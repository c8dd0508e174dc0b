import type { Kysely } from "kysely";
import { autoId } from "../dialect";

/**
 * Referrals (decision 074). `referral`: a member's invitation of a friend's e-mail address, the
 * link's token kept only as its hash, the first-order coupon it gives, and the friend's first
 * order that completed it with the points it earned the member (at most one referral per order).
 * `coupon.first_order_only`: a coupon only a shopper's first order may use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("referral")
    .addColumn("id", "integer", autoId(db))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("referrer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    // Trimmed and lower-cased.
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    // SHA-256 of the mailed link's token, hex.
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    // sent, joined (the friend opened the link and took the coupon), completed, or notEligible (the address has an account).
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("coupon_id", "integer", (c) => c.references("coupon.id"))
    .addColumn("order_code", "varchar(20)", (c) => c.unique())
    .addColumn("points_awarded", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("joined_at", "varchar(32)")
    .addColumn("completed_at", "varchar(32)")
    .execute();
  // One invitation per member and address: sending again changes nothing.
  await db.schema.createIndex("referral_referrer_email_idx").on("referral").columns(["referrer_id", "site", "email"]).unique().execute();
  await db.schema.createIndex("referral_coupon_idx").on("referral").column("coupon_id").execute();

  await db.schema
    .alterTable("coupon")
    .addColumn("first_order_only", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("coupon").dropColumn("first_order_only").execute();
  await db.schema.dropTable("referral").ifExists().execute();
}
