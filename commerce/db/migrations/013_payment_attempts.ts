import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

/**
 * Payment attempts (decision 045): every authorisation is recorded before the provider is asked
 * for it, so a hold whose order was never written can always be found and released. Orders record
 * when their card was captured, so a capture that failed after the commit is retried.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_attempt")
    .addColumn("id", "integer", autoId(db))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("cart_id", "integer", (c) => c.notNull())
    .addColumn("checkout_key", "varchar(64)", (c) => c.notNull())
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("provider", "varchar(16)", (c) => c.notNull())
    .addColumn("card_token", "varchar(255)", (c) => c.notNull())
    // Derived from the checkout key and the amount only: a retry asks the provider for the same hold.
    .addColumn("idempotency_key", "varchar(120)", (c) => c.notNull().unique())
    // The order number the hold's description names; the order takes it.
    .addColumn("order_code", "varchar(16)", (c) => c.notNull())
    .addColumn("description", "varchar(200)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("reference", "varchar(255)")
    .addColumn("claimed_until", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await sql`create index payment_attempt_open_idx on payment_attempt (updated_at) where status in ('authorizing', 'authorized', 'voiding')`.execute(db);

  await db.schema.alterTable("shop_order").addColumn("payment_captured_at", "varchar(32)").execute();
  await db.schema
    .alterTable("shop_order")
    .addColumn("capture_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("shop_order").addColumn("capture_claimed_until", "varchar(32)").execute();
  // Orders placed before this were captured (or their failure logged) when they were placed.
  await sql`update shop_order set payment_captured_at = created_at where payment_reference is not null`.execute(db);
  await sql`create index shop_order_uncaptured_idx on shop_order (created_at) where payment_reference is not null and payment_captured_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("shop_order_uncaptured_idx").ifExists().execute();
  await db.schema.alterTable("shop_order").dropColumn("capture_claimed_until").execute();
  await db.schema.alterTable("shop_order").dropColumn("capture_attempts").execute();
  await db.schema.alterTable("shop_order").dropColumn("payment_captured_at").execute();
  await db.schema.dropTable("payment_attempt").ifExists().execute();
}
