import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

/**
 * Carts and their lines. A cart is found by its guid (random, unguessable: it is the only key to
 * an anonymous cart) and belongs to a customer or to nobody (anonymous). No price is stored: the
 * cart is priced from the catalog on every read, for its owner's price groups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("cart")
    .addColumn("id", "integer", autoId(db))
    .addColumn("guid", "varchar(32)", (c) => c.notNull())
    .addColumn("code", "varchar(16)", (c) => c.notNull())
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("customer_id", "varchar(36)", (c) => c.references("customer.id").onDelete("cascade"))
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    // open: in use; merged: joined a customer's cart at sign-in; ordered: became an order.
    .addColumn("status", "varchar(8)", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cart_guid_idx").on("cart").column("guid").unique().execute();
  // One open cart per customer and site, even when two first adds race.
  await db.schema
    .createIndex("cart_open_customer_idx")
    .on("cart")
    .columns(["customer_id", "site"])
    .unique()
    .where(sql.ref("status"), "=", sql.lit("open"))
    .execute();

  await db.schema
    .createTable("cart_entry")
    .addColumn("id", "integer", autoId(db))
    .addColumn("cart_id", "integer", (c) => c.notNull().references("cart.id").onDelete("cascade"))
    .addColumn("entry_number", "integer", (c) => c.notNull())
    .addColumn("product_code", "varchar(64)", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("entry_type", "varchar(4)", (c) => c.notNull().defaultTo("STD"))
    .addColumn("pods_at_home_qty", "integer")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  // The same product added twice (even at once) is one line with the summed quantity.
  await db.schema.createIndex("cart_entry_product_idx").on("cart_entry").columns(["cart_id", "product_code", "entry_type"]).unique().execute();
  await db.schema.createIndex("cart_entry_number_idx").on("cart_entry").columns(["cart_id", "entry_number"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("cart_entry").ifExists().execute();
  await db.schema.dropTable("cart").ifExists().execute();
}
