import type { Kysely } from "kysely";
import { autoId } from "../dialect";

/**
 * The operators' price changes (decision 077): each change of a variant's list and sale prices in
 * one currency, with what they were, when and from which address. The prices themselves stay in
 * `price`; this is their audit trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("price_change")
    .addColumn("id", "integer", autoId(db))
    .addColumn("product_code", "varchar(64)", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("list_before", "integer", (c) => c.notNull())
    .addColumn("list_after", "integer", (c) => c.notNull())
    .addColumn("sale_before", "integer")
    .addColumn("sale_after", "integer")
    .addColumn("changed_at", "varchar(32)", (c) => c.notNull())
    .addColumn("changed_by", "varchar(64)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("price_change_product_idx").on("price_change").columns(["product_code", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("price_change").ifExists().execute();
}
