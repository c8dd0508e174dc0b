import { type Kysely, sql } from "kysely";
import { autoId, isPostgres } from "../dialect";

/**
 * The listing: one denormalised row per base product, the facts category and search pages filter,
 * count and sort on; per-site offers (lowest price, in stock); a change log that lets every
 * process's in-memory facet index catch up; full-text search per language; keyword redirects;
 * notify-me alerts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("listing")
    .addColumn("id", "integer", autoId(db))
    .addColumn("base_code", "varchar(64)", (c) => c.notNull().unique().references("product.code").onDelete("cascade"))
    .addColumn("product_type", "varchar(32)", (c) => c.notNull())
    .addColumn("brand_name", "varchar(80)", (c) => c.notNull())
    .addColumn("roast", "varchar(16)")
    .addColumn("flavor", "varchar(32)")
    .addColumn("caffeine", "varchar(16)")
    .addColumn("series", "varchar(40)")
    .addColumn("categories", "text", (c) => c.notNull())
    .addColumn("pack_types", "text", (c) => c.notNull())
    .addColumn("pack_sizes", "text", (c) => c.notNull())
    .addColumn("colors", "text", (c) => c.notNull())
    .addColumn("name_en", "varchar(200)", (c) => c.notNull())
    .addColumn("name_fr", "varchar(200)", (c) => c.notNull())
    .addColumn("sales_rank", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("listing_offer")
    .addColumn("listing_id", "integer", (c) => c.notNull().references("listing.id").onDelete("cascade"))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("min_price", "integer", (c) => c.notNull())
    .addColumn("in_stock", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("listing_offer_pk", ["listing_id", "site"])
    .execute();

  await db.schema
    .createTable("listing_change")
    .addColumn("id", "integer", autoId(db))
    .addColumn("listing_id", "integer", (c) => c.notNull())
    .execute();

  if (isPostgres(db)) {
    await db.schema
      .createTable("listing_search")
      .addColumn("listing_id", "integer", (c) => c.notNull().references("listing.id").onDelete("cascade"))
      .addColumn("lang", "varchar(2)", (c) => c.notNull())
      .addColumn("name_tsv", sql`tsvector`, (c) => c.notNull())
      .addColumn("body_tsv", sql`tsvector`, (c) => c.notNull())
      .addPrimaryKeyConstraint("listing_search_pk", ["listing_id", "lang"])
      .execute();
    await sql`create index listing_search_name_idx on listing_search using gin (name_tsv)`.execute(db);
    await sql`create index listing_search_body_idx on listing_search using gin (body_tsv)`.execute(db);
  } else {
    // Accent-insensitive (remove_diacritics) with Porter stemming; rowid is listing.id.
    for (const lang of ["en", "fr"]) {
      await sql.raw(`create virtual table listing_fts_${lang} using fts5(name, body, tokenize = 'porter unicode61 remove_diacritics 2')`).execute(db);
    }
  }

  await db.schema
    .createTable("keyword_redirect")
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("keyword", "varchar(120)", (c) => c.notNull())
    .addColumn("target", "varchar(300)", (c) => c.notNull())
    .addPrimaryKeyConstraint("keyword_redirect_pk", ["site", "lang", "keyword"])
    .execute();

  await db.schema
    .createTable("stock_alert")
    .addColumn("id", "integer", autoId(db))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("product_code", "varchar(64)", (c) => c.notNull().references("product.code").onDelete("cascade"))
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("notified_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("stock_alert_product_idx").on("stock_alert").columns(["product_code", "notified_at"]).execute();
  // One waiting alert per shopper, product and site; once sent, the shopper may ask again.
  await sql`create unique index stock_alert_waiting_uq on stock_alert (site, product_code, email) where notified_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["stock_alert", "keyword_redirect", "listing_search", "listing_fts_en", "listing_fts_fr", "listing_change", "listing_offer", "listing"]) {
    await sql.raw(`drop table if exists ${t}`).execute(db);
  }
}
