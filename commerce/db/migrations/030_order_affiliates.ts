import type { Kysely } from "kysely";

/**
 * The affiliate an order came through (decision 078): the affiliate network's
 * merchant id (`ranMID`) and the referring site's id (`ranSiteID`) the shopper landed with, kept by
 * the storefront in targeting cookies and sent with the order. Null: no affiliate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("shop_order").addColumn("affiliate_merchant_id", "varchar(32)").execute();
  await db.schema.alterTable("shop_order").addColumn("affiliate_site_id", "varchar(64)").execute();
  await db.schema.createIndex("shop_order_affiliate_idx").on("shop_order").columns(["affiliate_merchant_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("shop_order_affiliate_idx").execute();
  await db.schema.alterTable("shop_order").dropColumn("affiliate_site_id").execute();
  await db.schema.alterTable("shop_order").dropColumn("affiliate_merchant_id").execute();
}
