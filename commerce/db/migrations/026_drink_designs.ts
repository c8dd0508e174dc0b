import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

/**
 * Saved drink designs (decision 073). `drink_design` is one member's design on one store: a pod
 * the store sells (the base beverage) and the drink's choices. A cart line and an order line keep
 * the design they were bought for as JSON (`recipe`): copied, not referenced, so renaming or
 * deleting the design later changes neither the cart line nor the order. A design's pods are a
 * line of their own beside a plain line of the same product, so one line per product and entry
 * type now holds for entries outside a campaign and without a design only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("drink_design")
    .addColumn("id", "integer", autoId(db))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("name", "varchar(64)", (c) => c.notNull())
    // The base beverage: a pod variant's code.
    .addColumn("product_code", "varchar(64)", (c) => c.notNull())
    .addColumn("size", "varchar(8)", (c) => c.notNull())
    .addColumn("strength", "varchar(16)", (c) => c.notNull())
    .addColumn("milk", "varchar(16)", (c) => c.notNull())
    .addColumn("sweetness", "varchar(16)", (c) => c.notNull())
    // Flavour shots, comma-separated ('' for none).
    .addColumn("shots", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("drink_design_customer_idx").on("drink_design").columns(["customer_id", "site"]).execute();

  await db.schema.alterTable("cart_entry").addColumn("recipe", "text").execute();
  await db.schema.alterTable("shop_order_entry").addColumn("recipe", "text").execute();
  await db.schema.dropIndex("cart_entry_product_idx").execute();
  await db.schema
    .createIndex("cart_entry_product_idx")
    .on("cart_entry")
    .columns(["cart_id", "product_code", "entry_type"])
    .unique()
    .where(sql.ref("campaign_role"), "is", null)
    .where(sql.ref("recipe"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("cart_entry_product_idx").execute();
  await db.schema
    .createIndex("cart_entry_product_idx")
    .on("cart_entry")
    .columns(["cart_id", "product_code", "entry_type"])
    .unique()
    .where(sql.ref("campaign_role"), "is", null)
    .execute();
  await db.schema.alterTable("shop_order_entry").dropColumn("recipe").execute();
  await db.schema.alterTable("cart_entry").dropColumn("recipe").execute();
  await db.schema.dropTable("drink_design").ifExists().execute();
}
