import { LRUCache } from "lru-cache";
import type { BrandId, Lang } from "../contract/common";
import { loadProductFamilies, type ProductFamilyRecord } from "../db/catalog";
import type { Db } from "../db/index";
import { countsOf, textBytes } from "./caches";
import type { CatalogChangeFeed } from "./catalog-changes";

/**
 * A rough estimate of the heap a cached family takes with the product views made from it
 * (productView keeps them with the family): a fixed part, a part per product row, and its longest texts.
 */
export function familyBytes(family: ProductFamilyRecord): number {
  const rows = 1 + family.variants.length + family.bundleComponents.length;
  return 2048 + 1536 * rows + textBytes(family.base.description ?? "") + textBytes(family.base.summary ?? "");
}

/**
 * Product families cached in memory per site, language and currency, dropped as soon as the
 * change feed reports a change to the family (or to a product bundled in it). Reads of a hot
 * catalog then cost no database work; a change is visible on the next request in every process.
 * When full (`maxBytes`, by familyBytes), the families used least recently go first.
 */
export class ProductFamilies {
  private readonly cache: LRUCache<string, ProductFamilyRecord>;
  /** The cached keys of each base product's families: its own, and those of bundles holding it. */
  private readonly keysByBase = new Map<string, Set<string>>();

  constructor(
    private readonly db: Db,
    private readonly feed: CatalogChangeFeed,
    maxBytes: number,
  ) {
    this.cache = new LRUCache({ maxSize: maxBytes, sizeCalculation: familyBytes, dispose: (family, key) => this.unlist(family, key) });
    feed.subscribe((changes) => {
      if (changes === "all") return this.cache.clear();
      for (const c of changes) for (const key of this.keysByBase.get(c.baseCode) ?? []) this.cache.delete(key);
    });
  }

  private static basesOf(family: ProductFamilyRecord): string[] {
    return [family.base.code, ...family.bundleComponents.map((c) => c.product.base_code ?? c.product.code)];
  }

  private list(family: ProductFamilyRecord, key: string): void {
    for (const base of ProductFamilies.basesOf(family)) {
      const keys = this.keysByBase.get(base);
      if (keys) keys.add(key);
      else this.keysByBase.set(base, new Set([key]));
    }
  }

  private unlist(family: ProductFamilyRecord, key: string): void {
    for (const base of ProductFamilies.basesOf(family)) {
      const keys = this.keysByBase.get(base);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByBase.delete(base);
    }
  }

  private readonly counts = countsOf("productFamilies");

  async load(codes: readonly string[], site: BrandId, lang: Lang, currency: string): Promise<Map<string, ProductFamilyRecord>> {
    await this.feed.catchUp();
    const prefix = `${site}|${lang}|${currency}|`;
    const out = new Map<string, ProductFamilyRecord>();
    const misses: string[] = [];
    this.counts.lookups += codes.length;
    for (const code of codes) {
      const hit = this.cache.get(prefix + code);
      if (hit) out.set(code, hit);
      else misses.push(code);
    }
    this.counts.misses += misses.length;
    if (misses.length > 0) {
      const loaded = await loadProductFamilies(this.db, misses, site, lang, currency);
      for (const code of misses) {
        const family = loaded.get(code);
        if (!family) continue;
        out.set(code, family);
        const key = [prefix, code].join("");
        this.cache.set(key, family);
        // Listed after the set: replacing an entry unlists the one it replaces.
        if (this.cache.has(key)) this.list(family, key);
      }
    }
    return out;
  }
}
