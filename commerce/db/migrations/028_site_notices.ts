import type { Kysely } from "kysely";

/**
 * Site notifications (decision 075). The notices themselves are worked out from what the store
 * keeps (subscriptions' cards and failed payments, customers' own coupons); only a customer's
 * dismissals are stored, one row per customer, store and notice key. A key names its cause, so a
 * new card expiry or a new failure is a new key and shows again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_notice_dismissal")
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("notice_key", "varchar(100)", (c) => c.notNull())
    .addColumn("dismissed_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("site_notice_dismissal_pk", ["customer_id", "site", "notice_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("site_notice_dismissal").ifExists().execute();
}
