import type { Kysely } from "kysely";
import { autoId } from "../dialect";

/**
 * Wallet payments (decision 082): a PayPal order made for a cart, which the shopper approves on
 * PayPal's pages. `reference` is PayPal's order id; the amounts are the ones the order asked for,
 * so the order placed on the way back is the one the shopper approved. Status: pending (sent to
 * PayPal), cancelled (the shopper came back without approving), ordered (our order was placed
 * with it; `order_code` names it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("wallet_payment")
    .addColumn("id", "integer", autoId(db))
    .addColumn("cart_id", "integer", (c) => c.notNull().references("cart.id").onDelete("cascade"))
    .addColumn("wallet", "varchar(16)", (c) => c.notNull())
    .addColumn("reference", "varchar(64)", (c) => c.notNull())
    .addColumn("total_minor", "integer", (c) => c.notNull())
    .addColumn("amount_minor", "integer", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("order_code", "varchar(16)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("wallet_payment_reference_idx").on("wallet_payment").columns(["wallet", "reference"]).unique().execute();
  await db.schema.createIndex("wallet_payment_cart_idx").on("wallet_payment").column("cart_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("wallet_payment").ifExists().execute();
}
