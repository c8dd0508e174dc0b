import type { BrandId, Lang } from "../contract/common";
import { loadProductFamilies, type PriceRow, type ProductFamilyRecord, type ProductRecord } from "../db/catalog";
import type { Db } from "../db/index";
import { Interned, InternedText } from "../../lib/interned";
import type { CatalogChangeFeed } from "./catalog-changes";

/** Families asked of the database at once when preloading: a few rounds instead of one per page of cards. */
const PRELOAD_BATCH = 500;

/**
 * Product families cached in memory per site, language and currency, dropped as soon as the
 * change feed reports a change to the family (or to a product bundled in it). Reads of a hot
 * catalog then cost no database work; a change is visible on the next request in every process.
 * When full, the families used least recently go first, so the best sellers a worker preloads
 * stay while the rest of a large catalog passes through.
 */
export class ProductFamilies {
  private readonly entries = new Map<string, ProductFamilyRecord>();
  private readonly keysByBase = new Map<string, Set<string>>();
  /**
   * Categories, prices and short texts (brands, pack types, colours) repeat across thousands of
   * families: cached families share one copy of each. Every full garbage collection visits each
   * cached object, and on a large catalog these copies were a third of them (decision 037).
   */
  private readonly shared = {
    category: new Interned<ProductFamilyRecord["categories"][number]>(20_000),
    categories: new Interned<ProductFamilyRecord["categories"]>(50_000),
    price: new Interned<PriceRow>(50_000),
    prices: new Interned<ProductRecord["prices"]>(50_000),
    text: new InternedText(20_000),
  };

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
      // Least recently used first: Map keeps insertion order, and a hit moves its family to the end.
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
      const key = prefix + code;
      const hit = this.entries.get(key);
      if (hit) {
        this.entries.delete(key);
        this.entries.set(key, hit);
        out.set(code, hit);
      } else misses.push(code);
    }
    if (misses.length > 0) {
      const loaded = await loadProductFamilies(this.db, misses, site, lang, currency);
      // A variant's code and its base product's code name the same family: it is shared once.
      for (const family of new Set(loaded.values())) this.shareCommonParts(family);
      for (const code of misses) {
        const family = loaded.get(code);
        if (!family) continue;
        out.set(code, family);
        this.remember([prefix, code].join(""), family);
      }
    }
    return out;
  }

  private shareCommonParts(family: ProductFamilyRecord): void {
    const { category, categories, price, prices, text } = this.shared;
    const categoryKeys = family.categories.map((c) => [c.code, c.name, c.slug].join("|"));
    family.categories = categories.of(categoryKeys.join(";"), () =>
      family.categories.map((c, i) => category.of(categoryKeys[i]!, () => ({ code: c.code, name: c.name, slug: c.slug }))),
    );
    const records = [family.base, ...family.variants, ...family.bundleComponents.map((c) => c.product)];
    for (const record of new Set(records)) {
      record.brand_code = text.of(record.brand_code);
      record.brand_name = text.of(record.brand_name);
      record.product_type = text.of(record.product_type);
      record.series = text.of(record.series);
      record.pack_type = text.of(record.pack_type);
      record.color = text.of(record.color);
      record.flags = text.of(record.flags);
      record.badge = text.of(record.badge);
      const keys = record.prices.map((r) => [r.kind, r.user_group, r.value].join("|"));
      record.prices = prices.of(keys.join(";"), () =>
        record.prices.map((r, i) => price.of(keys[i]!, () => ({ kind: r.kind, user_group: r.user_group, value: r.value }))),
      );
    }
  }

  /**
   * Loads these families before anyone asks for them (a worker's warm-up: the site's best sellers,
   * whose cards most listings and searches show), a few hundred per database round. Answers how
   * many were read from the database.
   */
  async preload(codes: readonly string[], site: BrandId, lang: Lang, currency: string): Promise<number> {
    const prefix = `${site}|${lang}|${currency}|`;
    const missing = codes.filter((code) => !this.entries.has(prefix + code));
    for (let i = 0; i < missing.length; i += PRELOAD_BATCH) await this.load(missing.slice(i, i + PRELOAD_BATCH), site, lang, currency);
    return missing.length;
  }
}
