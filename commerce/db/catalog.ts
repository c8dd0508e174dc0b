import type { BrandId, Lang } from "../contract/common";
import type { ProductFamilyRecord, ProductRecord } from "../domain/product";
import type { CatalogChangeFeed } from "./catalog-changes";
import type { Db } from "./index";

const PRODUCT_COLUMNS = [
  "product.code", "product.base_code", "product.brand_code", "product.brand_name", "product.product_type",
  "product.series", "product.pack_type", "product.pack_size", "product.color", "product.default_variant",
  "product.is_bundle", "product.bundle_marker", "product.flags", "product_text.name", "product_text.summary",
  "product_text.description", "product_text.slug", "product_text.badge", "stock.level",
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
    .selectFrom("product").select("code").where("code", "in", baseCodes)
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
    db.selectFrom("price").select(["product_code", "kind", "user_group", "value"])
      .where("product_code", "in", allCodes).where("currency", "=", currency).execute(),
    db.selectFrom("media").select(["product_code", "image_name", "media_type", "video_ref"])
      .where("product_code", "in", allCodes).orderBy("product_code").orderBy("position").execute(),
    db.selectFrom("product_category")
      .innerJoin("category", "category.code", "product_category.category_code")
      .innerJoin("category_site", (j) => j.onRef("category_site.category_code", "=", "category.code").on("category_site.site", "=", site))
      .innerJoin("category_text", (j) => j.onRef("category_text.category_code", "=", "category.code").on("category_text.lang", "=", lang))
      .select(["product_category.product_code", "category.code", "category.slug", "category.parent_code", "category_text.name"])
      .where("product_category.product_code", "in", baseCodes)
      .orderBy("category.position").execute(),
    db.selectFrom("classification").select(["product_code", "feature_code", "feature_name", "value"])
      .where("product_code", "in", baseCodes).where("lang", "=", lang).orderBy("product_code").orderBy("position").execute(),
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
      bundleComponents: components
        .filter((c) => c.bundle_code === baseCode)
        .map((c) => ({ product: toRecord(c), quantity: c.quantity })),
    });
  }
  for (const r of requested) if (r.base_code && families.has(r.base_code)) families.set(r.code, families.get(r.base_code)!);
  return families;
}

/**
 * Product families cached in memory per site, language and currency, dropped as soon as the
 * change feed reports a change to the family (or to a product bundled in it). Reads of a hot
 * catalog then cost no database work; a change is visible on the next request in every process.
 */
export class ProductFamilies {
  private readonly entries = new Map<string, ProductFamilyRecord>();
  private readonly keysByBase = new Map<string, Set<string>>();

  constructor(
    private readonly db: Db,
    private readonly feed: CatalogChangeFeed,
    private readonly maxEntries: number,
  ) {
    feed.subscribe((changes) => {
      if (changes === "all") {
        this.entries.clear();
        this.keysByBase.clear();
        return;
      }
      for (const c of changes) this.invalidate(c.baseCode);
    });
  }

  private invalidate(baseCode: string): void {
    for (const key of this.keysByBase.get(baseCode) ?? []) this.entries.delete(key);
    this.keysByBase.delete(baseCode);
  }

  private remember(key: string, family: ProductFamilyRecord): void {
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: Map keeps insertion order.
      for (const old of [...this.entries.keys()].slice(0, Math.ceil(this.maxEntries / 10))) this.entries.delete(old);
    }
    this.entries.set(key, family);
    const bases = [family.base.code, ...family.bundleComponents.map((c) => c.product.base_code ?? c.product.code)];
    for (const b of bases) {
      if (!this.keysByBase.has(b)) this.keysByBase.set(b, new Set());
      this.keysByBase.get(b)!.add(key);
    }
  }

  async load(codes: readonly string[], site: BrandId, lang: Lang, currency: string): Promise<Map<string, ProductFamilyRecord>> {
    await this.feed.catchUp();
    const prefix = `${site}|${lang}|${currency}|`;
    const out = new Map<string, ProductFamilyRecord>();
    const misses: string[] = [];
    for (const code of codes) {
      const hit = this.entries.get(prefix + code);
      if (hit) out.set(code, hit);
      else misses.push(code);
    }
    if (misses.length > 0) {
      const loaded = await loadProductFamilies(this.db, misses, site, lang, currency);
      for (const code of misses) {
        const family = loaded.get(code);
        if (!family) continue;
        out.set(code, family);
        this.remember(prefix + code, family);
      }
    }
    return out;
  }
}
