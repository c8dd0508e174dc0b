import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("product")
    .addColumn("code", "varchar(64)", (c) => c.primaryKey())
    .addColumn("base_code", "varchar(64)")
    .addColumn("brand_code", "varchar(16)", (c) => c.notNull())
    .addColumn("brand_name", "varchar(80)", (c) => c.notNull())
    .addColumn("product_type", "varchar(32)", (c) => c.notNull())
    .addColumn("series", "varchar(40)")
    .addColumn("pack_type", "varchar(16)")
    .addColumn("pack_size", "integer")
    .addColumn("color", "varchar(32)")
    .addColumn("roast", "varchar(16)")
    .addColumn("flavor", "varchar(32)")
    .addColumn("caffeine", "varchar(16)")
    .addColumn("default_variant", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_bundle", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bundle_marker", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("flags", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("sales_rank", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("product_base_idx").on("product").column("base_code").execute();

  await db.schema
    .createTable("product_text")
    .addColumn("product_code", "varchar(64)", (c) => c.notNull().references("product.code").onDelete("cascade"))
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("slug", "varchar(200)", (c) => c.notNull())
    .addColumn("badge", "varchar(120)")
    .addPrimaryKeyConstraint("product_text_pk", ["product_code", "lang"])
    .execute();

  await db.schema
    .createTable("product_site")
    .addColumn("product_code", "varchar(64)", (c) => c.notNull().references("product.code").onDelete("cascade"))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_site_pk", ["product_code", "site"])
    .execute();
  await db.schema.createIndex("product_site_site_idx").on("product_site").columns(["site", "product_code"]).execute();

  await db.schema
    .createTable("price")
    .addColumn("product_code", "varchar(64)", (c) => c.notNull().references("product.code").onDelete("cascade"))
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("user_group", "varchar(32)", (c) => c.notNull().defaultTo(""))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("price_pk", ["product_code", "currency", "user_group", "kind"])
    .execute();

  await db.schema
    .createTable("stock")
    .addColumn("product_code", "varchar(64)", (c) => c.primaryKey().references("product.code").onDelete("cascade"))
    .addColumn("level", "integer", (c) => c.notNull().check(sql`level >= 0`))
    .execute();

  await db.schema
    .createTable("category")
    .addColumn("code", "varchar(64)", (c) => c.primaryKey())
    .addColumn("parent_code", "varchar(64)")
    .addColumn("slug", "varchar(64)", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("category_text")
    .addColumn("category_code", "varchar(64)", (c) => c.notNull().references("category.code").onDelete("cascade"))
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("name", "varchar(120)", (c) => c.notNull())
    .addPrimaryKeyConstraint("category_text_pk", ["category_code", "lang"])
    .execute();

  await db.schema
    .createTable("category_site")
    .addColumn("category_code", "varchar(64)", (c) => c.notNull().references("category.code").onDelete("cascade"))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addPrimaryKeyConstraint("category_site_pk", ["category_code", "site"])
    .execute();

  await db.schema
    .createTable("product_category")
    .addColumn("product_code", "varchar(64)", (c) => c.notNull().references("product.code").onDelete("cascade"))
    .addColumn("category_code", "varchar(64)", (c) => c.notNull().references("category.code").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_category_pk", ["product_code", "category_code"])
    .execute();
  await db.schema.createIndex("product_category_cat_idx").on("product_category").columns(["category_code", "product_code"]).execute();

  await db.schema
    .createTable("classification")
    .addColumn("product_code", "varchar(64)", (c) => c.notNull().references("product.code").onDelete("cascade"))
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("feature_code", "varchar(40)", (c) => c.notNull())
    .addColumn("feature_name", "varchar(80)", (c) => c.notNull())
    .addColumn("value", "varchar(200)", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("classification_pk", ["product_code", "lang", "feature_code"])
    .execute();

  await db.schema
    .createTable("bundle_component")
    .addColumn("bundle_code", "varchar(64)", (c) => c.notNull().references("product.code").onDelete("cascade"))
    .addColumn("product_code", "varchar(64)", (c) => c.notNull().references("product.code"))
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("bundle_component_pk", ["bundle_code", "product_code"])
    .execute();

  await db.schema
    .createTable("media")
    .addColumn("product_code", "varchar(64)", (c) => c.notNull().references("product.code").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("image_name", "varchar(200)", (c) => c.notNull())
    .addColumn("media_type", "varchar(16)", (c) => c.notNull())
    .addColumn("video_ref", "varchar(200)")
    .addPrimaryKeyConstraint("media_pk", ["product_code", "position"])
    .execute();

  await db.schema
    .createTable("cms_page")
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("label", "varchar(120)", (c) => c.notNull())
    .addColumn("template", "varchar(64)", (c) => c.notNull())
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("slots", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("cms_page_pk", ["site", "lang", "label"])
    .execute();

  await db.schema
    .createTable("cms_component")
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("uid", "varchar(80)", (c) => c.notNull())
    .addColumn("type_code", "varchar(64)", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("cms_component_pk", ["site", "lang", "uid"])
    .execute();

  await db.schema
    .createTable("site_config")
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("config_key", "varchar(120)", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("site_config_pk", ["site", "config_key"])
    .execute();

  await db.schema
    .createTable("newsletter_subscription")
    .addColumn("id", "integer", autoId(db))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("lang", "varchar(2)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addUniqueConstraint("newsletter_site_email_uq", ["site", "email"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "newsletter_subscription",
    "site_config",
    "cms_component",
    "cms_page",
    "media",
    "bundle_component",
    "classification",
    "product_category",
    "category_site",
    "category_text",
    "category",
    "stock",
    "price",
    "product_site",
    "product_text",
    "product",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
