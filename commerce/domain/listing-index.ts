import type { Lang } from "../contract/common";
import { FACET_KEYS, type FacetKey, type SortCode } from "../contract/search";
import { normalizeSearchText } from "./search-text";

/** One listing as the index holds it (site-specific: price and stock are this site's). */
export interface ListingFacts {
  id: number;
  baseCode: string;
  productType: string;
  brand: string;
  roast: string | null;
  flavor: string | null;
  caffeine: string | null;
  series: string | null;
  categories: string[];
  packTypes: string[];
  packSizes: string[];
  colors: string[];
  nameEn: string;
  nameFr: string;
  salesRank: number;
  createdAt: string;
  minPrice: number;
  inStock: boolean;
}

/** Price bands in minor units (the same numbers in USD and CAD). */
export const PRICE_BANDS: { code: string; min: number; max: number }[] = [
  { code: "0-15", min: 0, max: 1500 },
  { code: "15-25", min: 1500, max: 2500 },
  { code: "25-50", min: 2500, max: 5000 },
  { code: "50-100", min: 5000, max: 10000 },
  { code: "100-200", min: 10000, max: 20000 },
  { code: "200+", min: 20000, max: Number.MAX_SAFE_INTEGER },
];

function priceBand(minor: number): string {
  return PRICE_BANDS.find((b) => minor >= b.min && minor < b.max)!.code;
}

function valuesOf(f: ListingFacts, key: FacetKey): readonly string[] {
  switch (key) {
    case "category": return f.categories;
    case "type": return [f.productType];
    case "brand": return [f.brand];
    case "roast": return f.roast ? [f.roast] : [];
    case "flavour": return f.flavor ? [f.flavor] : [];
    case "caffeine": return f.caffeine ? [f.caffeine] : [];
    case "packType": return f.packTypes;
    case "packSize": return f.packSizes;
    case "series": return f.series ? [f.series] : [];
    case "colour": return f.colors;
    case "price": return [priceBand(f.minPrice)];
    case "availability": return f.inStock ? ["inStock"] : [];
  }
}

export interface IndexQuery {
  lang: Lang;
  /** Only listings in this category (by code), if given. */
  category?: string;
  /** Only these listings, if given (the text matches), with the name matches ranked first. */
  text?: { anywhere: readonly number[]; inName: readonly number[] };
  filters: readonly [FacetKey, string][];
  sort: SortCode;
  page: number;
  pageSize: number;
}

export interface IndexResult {
  baseCodes: string[];
  total: number;
  /** Per facet: value → count, counted as if that facet's own selection were not applied. */
  facetCounts: Map<FacetKey, Map<string, number>>;
}

/**
 * An in-memory index of one site's listings for facet counting, filtering, sorting and paging.
 * The database stays the source of truth; the index is rebuilt from it and kept current through
 * the listing change log. One pass over the listings counts every facet disjunctively (a value's
 * count ignores the other values selected in its own facet), so a 100,000-product site answers
 * in a few milliseconds.
 */
export class ListingIndex {
  private facts: ListingFacts[] = [];
  private position = new Map<number, number>();
  private orders = new Map<string, Int32Array>();
  private vocabularies = new Map<Lang, Set<string>>();

  get size(): number {
    return this.facts.length;
  }

  replaceAll(facts: ListingFacts[]): void {
    this.facts = facts;
    this.reindex();
  }

  /** Applies changed listings: present ones are replaced or added, `removedIds` dropped. */
  apply(changed: ListingFacts[], removedIds: readonly number[]): void {
    const gone = new Set(removedIds);
    for (const f of changed) gone.add(f.id);
    this.facts = this.facts.filter((f) => !gone.has(f.id)).concat(changed);
    this.reindex();
  }

  private reindex(): void {
    this.position = new Map(this.facts.map((f, i) => [f.id, i]));
    this.orders.clear();
    this.vocabularies.clear();
  }

  private order(sort: SortCode, lang: Lang): Int32Array {
    const key = sort === "name-asc" ? `${sort}:${lang}` : sort;
    let order = this.orders.get(key);
    if (!order) {
      const idx = Array.from(this.facts.keys());
      const f = this.facts;
      const byRank = (a: number, b: number) => f[a]!.salesRank - f[b]!.salesRank || f[a]!.id - f[b]!.id;
      const collator = new Intl.Collator(lang === "fr" ? "fr-CA" : "en-US", { sensitivity: "base" });
      const cmp: Record<SortCode, (a: number, b: number) => number> = {
        relevance: byRank,
        bestsellers: byRank,
        "price-asc": (a, b) => f[a]!.minPrice - f[b]!.minPrice || byRank(a, b),
        "price-desc": (a, b) => f[b]!.minPrice - f[a]!.minPrice || byRank(a, b),
        "name-asc": (a, b) => collator.compare(lang === "fr" ? f[a]!.nameFr : f[a]!.nameEn, lang === "fr" ? f[b]!.nameFr : f[b]!.nameEn) || byRank(a, b),
        newest: (a, b) => (f[b]!.createdAt < f[a]!.createdAt ? -1 : f[b]!.createdAt > f[a]!.createdAt ? 1 : 0) || byRank(a, b),
      };
      order = Int32Array.from(idx.sort(cmp[sort]));
      this.orders.set(key, order);
    }
    return order;
  }

  /** Words of the site's product names and brands, for did-you-mean. */
  vocabulary(lang: Lang): Set<string> {
    let v = this.vocabularies.get(lang);
    if (!v) {
      v = new Set<string>();
      for (const f of this.facts) {
        for (const w of normalizeSearchText(`${lang === "fr" ? f.nameFr : f.nameEn} ${f.brand}`).split(" ")) if (w.length > 2) v.add(w);
      }
      this.vocabularies.set(lang, v);
    }
    return v;
  }

  query(q: IndexQuery): IndexResult {
    const n = this.facts.length;
    // Which facets are constrained, and by what values.
    const selected = new Map<FacetKey, Set<string>>();
    for (const [k, v] of q.filters) {
      if (!selected.has(k)) selected.set(k, new Set());
      selected.get(k)!.add(v);
    }
    const activeKeys = [...selected.keys()];

    let inScope: Uint8Array | null = null;
    if (q.text) {
      inScope = new Uint8Array(n);
      for (const id of q.text.anywhere) {
        const p = this.position.get(id);
        if (p !== undefined) inScope[p] = 1;
      }
    }

    const counts = new Map<FacetKey, Map<string, number>>(FACET_KEYS.map((k) => [k, new Map()]));
    const matches = new Uint8Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) {
      if (inScope && inScope[i] === 0) continue;
      const f = this.facts[i]!;
      if (q.category && !f.categories.includes(q.category)) continue;
      // Which selected facets does this listing fail?
      let failed: FacetKey | null = null;
      let failures = 0;
      for (const key of activeKeys) {
        const wanted = selected.get(key)!;
        if (!valuesOf(f, key).some((v) => wanted.has(v))) {
          failures++;
          failed = key;
          if (failures > 1) break;
        }
      }
      if (failures > 1) continue;
      if (failures === 1) {
        // Counts toward its failed facet only: choosing one of those values would include it.
        const m = counts.get(failed!)!;
        for (const v of valuesOf(f, failed!)) m.set(v, (m.get(v) ?? 0) + 1);
        continue;
      }
      matches[i] = 1;
      total++;
      for (const key of FACET_KEYS) {
        const m = counts.get(key)!;
        for (const v of valuesOf(f, key)) m.set(v, (m.get(v) ?? 0) + 1);
      }
    }

    const start = q.page * q.pageSize;
    const end = start + q.pageSize;
    const baseCodes: string[] = [];
    let seen = 0;
    const take = (i: number) => {
      if (seen >= start && seen < end) baseCodes.push(this.facts[i]!.baseCode);
      seen++;
    };
    const order = this.order(q.sort === "relevance" && !q.text ? "bestsellers" : q.sort, q.lang);
    if (q.sort === "relevance" && q.text) {
      // Relevance for text: listings whose name holds every word first, then the rest; best sellers first within each.
      const inName = new Uint8Array(n);
      for (const id of q.text.inName) {
        const p = this.position.get(id);
        if (p !== undefined) inName[p] = 1;
      }
      for (const i of order) if (matches[i] && inName[i]) take(i);
      for (const i of order) if (matches[i] && !inName[i]) take(i);
    } else {
      for (const i of order) {
        if (matches[i]) take(i);
        if (seen >= end) break;
      }
    }
    return { baseCodes, total, facetCounts: counts };
  }
}
