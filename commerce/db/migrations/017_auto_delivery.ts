import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

/**
 * Auto-delivery (decision 053): a customer's subscriptions, their items, and one record per
 * subscription and delivery date. That record's unique key is what makes a due delivery exactly
 * one order, however often the runner retries it or however many processes run it. Each variant
 * says which orders its sale price reaches (salesPriceStrategy).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("product")
    .addColumn("sales_price_strategy", "varchar(20)", (c) => c.notNull().defaultTo("ALL"))
    .execute();

  await db.schema
    .createTable("subscription")
    .addColumn("id", "integer", autoId(db))
    .addColumn("code", "varchar(16)", (c) => c.notNull())
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    // ADC, ADCF or ADF: the entry type of the cart line it came from.
    .addColumn("ad_type", "varchar(4)", (c) => c.notNull())
    // active, paused or cancelled.
    .addColumn("status", "varchar(10)", (c) => c.notNull())
    .addColumn("frequency_weeks", "integer", (c) => c.notNull().check(sql`frequency_weeks between 1 and 26`))
    // YYYY-MM-DD, the store's calendar day the next order is placed on.
    .addColumn("next_delivery_date", "varchar(10)", (c) => c.notNull())
    .addColumn("delivery_address", "text", (c) => c.notNull())
    .addColumn("delivery_mode", "varchar(32)", (c) => c.notNull())
    // JSON of the card kept for the deliveries: the provider's reusable token, never the number.
    .addColumn("card", "text", (c) => c.notNull())
    // skip or replace: what an out-of-stock item does.
    .addColumn("out_of_stock", "varchar(8)", (c) => c.notNull().defaultTo("skip"))
    .addColumn("first_order_code", "varchar(16)", (c) => c.notNull())
    .addColumn("cancel_reason", "varchar(300)")
    .addColumn("payment_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("retry_at", "varchar(32)")
    .addColumn("claimed_until", "varchar(32)")
    // The delivery date the reminder mail went out for.
    .addColumn("reminded_for", "varchar(10)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscription_code_idx").on("subscription").column("code").unique().execute();
  await db.schema.createIndex("subscription_customer_idx").on("subscription").columns(["customer_id", "site"]).execute();
  await db.schema.createIndex("subscription_due_idx").on("subscription").columns(["status", "next_delivery_date"]).execute();

  await db.schema
    .createTable("subscription_item")
    .addColumn("id", "integer", autoId(db))
    .addColumn("subscription_id", "integer", (c) => c.notNull().references("subscription.id").onDelete("cascade"))
    .addColumn("product_code", "varchar(64)", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity between 1 and 24`))
    .addColumn("pods_at_home_qty", "integer")
    // What ships instead when the item is out of stock (out_of_stock = replace).
    .addColumn("replacement_code", "varchar(64)")
    // 1: added to the next delivery only ("add to my next delivery"), gone once it ships.
    .addColumn("next_only", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("subscription_item_product_idx")
    .on("subscription_item")
    .columns(["subscription_id", "product_code", "next_only"])
    .unique()
    .execute();

  await db.schema
    .createTable("subscription_order")
    .addColumn("id", "integer", autoId(db))
    .addColumn("subscription_id", "integer", (c) => c.notNull().references("subscription.id").onDelete("cascade"))
    .addColumn("delivery_date", "varchar(10)", (c) => c.notNull())
    // pending, placed or skipped.
    .addColumn("status", "varchar(10)", (c) => c.notNull())
    // The order's record carrier (orders belong to a cart); made with this row.
    .addColumn("cart_id", "integer", (c) => c.references("cart.id"))
    .addColumn("order_code", "varchar(16)")
    // Placement tries so far: each asks the card for a hold of its own (a declined or released one is not asked again).
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("note", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  // Exactly once: one delivery of a subscription per date, checked in the order's transaction.
  await db.schema.createIndex("subscription_order_delivery_idx").on("subscription_order").columns(["subscription_id", "delivery_date"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("subscription_order").ifExists().execute();
  await db.schema.dropTable("subscription_item").ifExists().execute();
  await db.schema.dropTable("subscription").ifExists().execute();
  await db.schema.alterTable("product").dropColumn("sales_price_strategy").execute();
}
