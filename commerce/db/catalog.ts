import type { BrandId, Lang } from "../contract/common";
import type { Db } from "./index";
import type { MediaTable, ProductTable, ProductTextTable } from "./schema";

/** One stored price of a product in the asked currency: list, discount, promoted or a group's own. */
export interface PriceRow {
  kind: string;
  user_group: string;
  value: number;
}

/** Everything the database holds about one product family (a base product and its variants). */
export interface ProductFamilyRecord {
  base: ProductRecord;
  variants: ProductRecord[];
  categories: readonly { code: string; name: string; slug: string }[];
  classifications: { feature_code: string; feature_name: string; value: string }[];
  bundleComponents: { product: ProductRecord; quantity: number }[];
}

/** A product row joined with its text in one language, its prices, stock and media. */
export type ProductRecord = Pick<
  ProductTable,
  | "code"
  | "base_code"
  | "brand_code"
  | "brand_name"
  | "product_type"
  | "series"
  | "pack_type"
  | "pack_size"
  | "color"
  | "default_variant"
  | "is_bundle"
  | "bundle_marker"
  | "flags"
  | "sales_price_strategy"
> &
  Pick<ProductTextTable, "name" | "summary" | "description" | "slug" | "badge"> & {
    prices: readonly PriceRow[];
    stockLevel: number;
    media: Pick<MediaTable, "image_name" | "media_type" | "video_ref">[];
  };

const PRODUCT_COLUMNS = [
  "product.code",
  "product.base_code",
  "product.brand_code",
  "product.brand_name",
  "product.product_type",
  "product.series",
  "product.pack_type",
  "product.pack_size",
  "product.color",
  "product.default_variant",
  "product.is_bundle",
  "product.bundle_marker",
  "product.flags",
  "product.sales_price_strategy",
  "product_text.name",
  "product_text.summary",
  "product_text.description",
  "product_text.slug",
  "product_text.badge",
  "stock.level",
] as const;

/**
 * Loads product families for the given codes (base or variant codes) on one site, in one language,
 * with a fixed number of queries however many codes are asked for.
 */
export async function loadProductFamilies(
  db: Db,
  codes: readonly string[],
  site: BrandId,
  lang: Lang,
  currency: string,
): Promise<Map<string, ProductFamilyRecord>> {
  const families = new Map<string, ProductFamilyRecord>();
  if (codes.length === 0) return families;

  const requested = await db
    .selectFrom("product")
    .innerJoin("product_site", (j) => j.onRef("product_site.product_code", "=", "product.code").on("product_site.site", "=", site))
    .select(["product.code", "product.base_code"])
    .where("product.code", "in", codes)
    .execute();
  const baseCodes = [...new Set(requested.map((r) => r.base_code ?? r.code))];
  if (baseCodes.length === 0) return families;
  // Family members first, by the two indexed columns separately: an OR across them, joined to
  // the site table, lets the planner scan a whole site instead.
  const memberRows = await db
    .selectFrom("product")
    .select("code")
    .where("code", "in", baseCodes)
    .union(db.selectFrom("product").select("code").where("base_code", "in", baseCodes))
    .execute();
  const memberCodes = memberRows.map((r) => r.code);

  const members = await db
    .selectFrom("product")
    .innerJoin("product_site", (j) => j.onRef("product_site.product_code", "=", "product.code").on("product_site.site", "=", site))
    .innerJoin("product_text", (j) => j.onRef("product_text.product_code", "=", "product.code").on("product_text.lang", "=", lang))
    .leftJoin("stock", "stock.product_code", "product.code")
    .select(PRODUCT_COLUMNS)
    .where("product.code", "in", memberCodes)
    .orderBy("product.code")
    .execute();

  const bundleCodes = members.filter((m) => m.is_bundle === 1).map((m) => m.code);
  const components = bundleCodes.length
    ? await db
        .selectFrom("bundle_component")
        .innerJoin("product", "product.code", "bundle_component.product_code")
        .innerJoin("product_text", (j) => j.onRef("product_text.product_code", "=", "product.code").on("product_text.lang", "=", lang))
        .leftJoin("stock", "stock.product_code", "product.code")
        .select([...PRODUCT_COLUMNS, "bundle_component.bundle_code", "bundle_component.quantity"])
        .where("bundle_component.bundle_code", "in", bundleCodes)
        .orderBy("bundle_component.position")
        .execute()
    : [];

  const allCodes = [...new Set([...members.map((m) => m.code), ...components.map((c) => c.code)])];
  const [prices, media, categories, classifications] = await Promise.all([
    db
      .selectFrom("price")
      .select(["product_code", "kind", "user_group", "value"])
      .where("product_code", "in", allCodes)
      .where("currency", "=", currency)
      .execute(),
    db
      .selectFrom("media")
      .select(["product_code", "image_name", "media_type", "video_ref"])
      .where("product_code", "in", allCodes)
      .orderBy("product_code")
      .orderBy("position")
      .execute(),
    db
      .selectFrom("product_category")
      .innerJoin("category", "category.code", "product_category.category_code")
      .innerJoin("category_site", (j) => j.onRef("category_site.category_code", "=", "category.code").on("category_site.site", "=", site))
      .innerJoin("category_text", (j) => j.onRef("category_text.category_code", "=", "category.code").on("category_text.lang", "=", lang))
      .select(["product_category.product_code", "category.code", "category.slug", "category.parent_code", "category_text.name"])
      .where("product_category.product_code", "in", baseCodes)
      .orderBy("category.position")
      .execute(),
    db
      .selectFrom("classification")
      .select(["product_code", "feature_code", "feature_name", "value"])
      .where("product_code", "in", baseCodes)
      .where("lang", "=", lang)
      .orderBy("product_code")
      .orderBy("position")
      .execute(),
  ]);

  const group = <T extends { product_code: string }>(rows: T[]) => {
    const m = new Map<string, T[]>();
    for (const r of rows) m.set(r.product_code, [...(m.get(r.product_code) ?? []), r]);
    return m;
  };
  const pricesBy = group(prices);
  const mediaBy = group(media);
  const categoriesBy = group(categories);
  const classificationsBy = group(classifications);

  type Row = (typeof members)[number];
  const toRecord = (r: Row): ProductRecord => ({
    ...r,
    stockLevel: r.level ?? 0,
    prices: pricesBy.get(r.code) ?? [],
    media: mediaBy.get(r.code) ?? [],
  });

  const records = new Map(members.map((m) => [m.code, toRecord(m)]));
  for (const baseCode of baseCodes) {
    const base = records.get(baseCode);
    if (!base) continue;
    // Top-level categories first, so the URL uses the family's main category slug.
    const cats = (categoriesBy.get(baseCode) ?? []).sort((a, b) => Number(a.parent_code !== null) - Number(b.parent_code !== null));
    families.set(baseCode, {
      base,
      variants: members.filter((m) => m.base_code === baseCode).map((m) => records.get(m.code)!),
      categories: cats.map((c) => ({ code: c.code, name: c.name, slug: c.slug })),
      classifications: classificationsBy.get(baseCode) ?? [],
      bundleComponents: components.filter((c) => c.bundle_code === baseCode).map((c) => ({ product: toRecord(c), quantity: c.quantity })),
    });
  }
  for (const r of requested) if (r.base_code && families.has(r.base_code)) families.set(r.code, families.get(r.base_code)!);
  return families;
}

/** Products' names in one language, by code (codes the catalog no longer has are left out): one query. */
export async function productNames(db: Db, codes: readonly string[], lang: Lang): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom("product_text").select(["product_code", "name"]).where("product_code", "in", codes).where("lang", "=", lang).execute();
  return new Map(rows.map((r) => [r.product_code, r.name]));
}
