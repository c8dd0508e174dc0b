import type { Kysely } from "kysely";
import { autoId } from "../dialect";

/**
 * Checkout and orders. A cart's checkout choices (guest e-mail, delivery address, delivery mode,
 * contact number) sit beside the cart until the order is placed. An order is a snapshot: its
 * lines keep the names and prices paid, its address and taxes are copied, so a later catalog,
 * address-book or tax change never alters what the shopper bought.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("cart_checkout")
    .addColumn("cart_id", "integer", (c) => c.primaryKey().references("cart.id").onDelete("cascade"))
    .addColumn("email", "varchar(254)")
    // The chosen address as JSON (the address-book id inside when it came from the book).
    .addColumn("delivery_address", "text")
    .addColumn("delivery_mode", "varchar(32)")
    .addColumn("contact_no", "varchar(30)")
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("shop_order")
    .addColumn("id", "integer", autoId(db))
    .addColumn("code", "varchar(16)", (c) => c.notNull())
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("cart_id", "integer", (c) => c.notNull().references("cart.id"))
    .addColumn("cart_guid", "varchar(32)", (c) => c.notNull())
    .addColumn("customer_id", "varchar(36)", (c) => c.references("customer.id").onDelete("set null"))
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    // One order per checkout submission: a double click or a retried request finds this key.
    .addColumn("checkout_key", "varchar(64)", (c) => c.notNull())
    .addColumn("subtotal_minor", "integer", (c) => c.notNull())
    .addColumn("discount_minor", "integer", (c) => c.notNull())
    .addColumn("delivery_minor", "integer", (c) => c.notNull())
    .addColumn("tax_minor", "integer", (c) => c.notNull())
    .addColumn("total_minor", "integer", (c) => c.notNull())
    .addColumn("gift_card_minor", "integer", (c) => c.notNull())
    .addColumn("card_minor", "integer", (c) => c.notNull())
    .addColumn("delivery_address", "text", (c) => c.notNull())
    .addColumn("delivery_mode", "varchar(32)", (c) => c.notNull())
    .addColumn("delivery_mode_name", "varchar(80)", (c) => c.notNull())
    .addColumn("delivery_earliest", "varchar(10)", (c) => c.notNull())
    .addColumn("delivery_latest", "varchar(10)", (c) => c.notNull())
    .addColumn("contact_no", "varchar(30)")
    .addColumn("tax_lines", "text", (c) => c.notNull())
    .addColumn("discounts", "text", (c) => c.notNull())
    .addColumn("gift_cards", "text", (c) => c.notNull())
    .addColumn("payment_provider", "varchar(16)")
    .addColumn("payment_reference", "varchar(100)")
    .addColumn("payment_brand", "varchar(20)")
    .addColumn("payment_last4", "varchar(4)")
    .addColumn("payment_expiry", "varchar(7)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("shop_order_code_idx").on("shop_order").column("code").unique().execute();
  await db.schema.createIndex("shop_order_checkout_key_idx").on("shop_order").column("checkout_key").unique().execute();
  await db.schema.createIndex("shop_order_customer_idx").on("shop_order").columns(["customer_id", "site", "created_at"]).execute();

  await db.schema
    .createTable("shop_order_entry")
    .addColumn("id", "integer", autoId(db))
    .addColumn("order_id", "integer", (c) => c.notNull().references("shop_order.id").onDelete("cascade"))
    .addColumn("entry_number", "integer", (c) => c.notNull())
    .addColumn("product_code", "varchar(64)", (c) => c.notNull())
    .addColumn("product_name", "varchar(200)", (c) => c.notNull())
    .addColumn("product_url", "varchar(300)", (c) => c.notNull())
    .addColumn("pack_label", "varchar(80)")
    .addColumn("entry_type", "varchar(4)", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("unit_minor", "integer", (c) => c.notNull())
    .addColumn("total_minor", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("shop_order_entry_order_idx").on("shop_order_entry").columns(["order_id", "entry_number"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("shop_order_entry").ifExists().execute();
  await db.schema.dropTable("shop_order").ifExists().execute();
  await db.schema.dropTable("cart_checkout").ifExists().execute();
}
