import type { Kysely } from "kysely";
import { autoId } from "../dialect";

/**
 * Payments: the card chosen for a cart (the provider's token, brand, last four digits, expiry,
 * holder and billing postal code; never the number or the security code), Stripe payment intents
 * made for a cart, what digital wallets reported on the page, and customers' Stripe accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("cart_payment")
    .addColumn("id", "integer", autoId(db))
    .addColumn("cart_id", "integer", (c) => c.notNull().references("cart.id").onDelete("cascade"))
    .addColumn("provider", "varchar(16)", (c) => c.notNull())
    .addColumn("token", "varchar(255)", (c) => c.notNull())
    .addColumn("brand", "varchar(16)", (c) => c.notNull())
    .addColumn("last4", "varchar(4)", (c) => c.notNull())
    .addColumn("expiry_month", "integer", (c) => c.notNull())
    .addColumn("expiry_year", "integer", (c) => c.notNull())
    .addColumn("holder_name", "varchar(100)", (c) => c.notNull())
    .addColumn("billing_postal_code", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  // One card per cart: choosing another replaces it.
  await db.schema.createIndex("cart_payment_cart_idx").on("cart_payment").column("cart_id").unique().execute();

  await db.schema
    .createTable("cart_payment_intent")
    .addColumn("id", "integer", autoId(db))
    .addColumn("cart_id", "integer", (c) => c.notNull().references("cart.id").onDelete("cascade"))
    .addColumn("provider", "varchar(16)", (c) => c.notNull())
    .addColumn("reference", "varchar(255)", (c) => c.notNull())
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cart_payment_intent_cart_idx").on("cart_payment_intent").column("cart_id").unique().execute();

  await db.schema
    .createTable("payment_event")
    .addColumn("id", "integer", autoId(db))
    .addColumn("cart_id", "integer", (c) => c.notNull().references("cart.id").onDelete("cascade"))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("wallet", "varchar(40)")
    .addColumn("code", "varchar(100)")
    .addColumn("message", "varchar(500)", (c) => c.notNull())
    .addColumn("at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_event_cart_idx").on("payment_event").column("cart_id").execute();

  await db.schema
    .createTable("payment_customer")
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("provider", "varchar(16)", (c) => c.notNull())
    .addColumn("reference", "varchar(255)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("payment_customer_pk", ["customer_id", "provider"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_customer").ifExists().execute();
  await db.schema.dropTable("payment_event").ifExists().execute();
  await db.schema.dropTable("cart_payment_intent").ifExists().execute();
  await db.schema.dropTable("cart_payment").ifExists().execute();
}
