import type { BrandId, Lang } from "../contract/common";
import type { Product } from "../contract/product";
import { type Category, type Facet, FACET_KEYS, type FacetKey, formatListingQuery, type ListingQuery, type SearchPage, SORT_CODES } from "../contract/search";
import { type IndexResult, PRICE_BANDS } from "./listing-index";
import { flavourName, messagesFor, wordFor } from "./messages";

function priceBandName(code: string, lang: Lang, site: BrandId, symbol: string): string {
  // The contract refuses unknown price values; should one reach here anyway, show it as it is.
  const band = PRICE_BANDS.find((b) => b.code === code);
  if (!band) return code;
  const words = messagesFor(lang, site).priceBand;
  const fmt = (minor: number) => words.amount(minor, symbol);
  if (band.max === Number.MAX_SAFE_INTEGER) return words.andUp(fmt(band.min));
  if (band.min === 0) return words.under(fmt(band.max));
  return words.between(fmt(band.min), fmt(band.max));
}

/** A facet value as the shopper reads it, in the site's language and spelling (Flavor on US sites, Flavour in Canada). */
export function facetValueName(key: FacetKey, value: string, lang: Lang, site: BrandId, categoryNames: Map<string, string>): string {
  const words = messagesFor(lang, site);
  switch (key) {
    case "category":
      return categoryNames.get(value) ?? value;
    case "type":
      return wordFor(words.productTypes, value);
    case "roast":
      return wordFor(words.roasts, value);
    case "flavour":
      return flavourName(value, lang);
    case "caffeine":
      return wordFor(words.caffeine, value);
    case "packType":
      return wordFor(words.packTypes, value);
    case "packSize":
      return words.packSizeValue(value);
    case "colour":
      return wordFor(words.colours, value);
    case "price":
      return priceBandName(value, lang, site, "$");
    case "availability":
      return words.inStockOnly;
    default:
      return value;
  }
}

/** Facet values in a shopper's order: fixed scales in their natural order, the rest by count. */
function orderValues(key: FacetKey, entries: [string, number][]): [string, number][] {
  const fixed: Partial<Record<FacetKey, string[]>> = {
    roast: ["light", "medium", "dark"],
    price: PRICE_BANDS.map((b) => b.code),
    caffeine: ["caffeinated", "half-caff", "decaf", "caffeine-free"],
  };
  const scale = fixed[key];
  if (scale) return entries.sort((a, b) => scale.indexOf(a[0]) - scale.indexOf(b[0]));
  if (key === "packSize") return entries.sort((a, b) => a[0].localeCompare(b[0], "en", { numeric: true }));
  return entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export interface SearchPageInput {
  query: ListingQuery;
  result: IndexResult;
  products: Product[];
  page: number;
  pageSize: number;
  lang: Lang;
  site: BrandId;
  categories: Map<string, string>;
  category?: Category;
  spellingSuggestion?: string | null;
  keywordRedirectUrl?: string | null;
}

export function assembleSearchPage(input: SearchPageInput): SearchPage {
  const { query, result, lang, site } = input;
  const selected = (key: FacetKey, value: string) => query.filters.some(([k, v]) => k === key && v === value);
  const toggled = (key: FacetKey, value: string): string => {
    const filters: [FacetKey, string][] = selected(key, value)
      ? query.filters.filter(([k, v]) => !(k === key && v === value))
      : [...query.filters, [key, value]];
    return formatListingQuery({ ...query, filters });
  };
  const facets: Facet[] = [];
  FACET_KEYS.forEach((key, priority) => {
    if (key === "category" && input.category && input.category.subcategories.length === 0) return;
    const counts = result.facetCounts.get(key)!;
    let entries = [...counts.entries()].filter(([v]) => key !== "category" || input.categories.has(v));
    if (key === "category" && input.category) {
      const subs = new Set(input.category.subcategories.map((c) => c.code));
      entries = entries.filter(([v]) => subs.has(v));
    }
    // A facet with one value that every result shares narrows nothing; keep it only if selected.
    const useful = entries.length > 1 || entries.some(([v, c]) => selected(key, v) || c < result.total);
    if (entries.length === 0 || (!useful && key !== "availability")) return;
    facets.push({
      code: key,
      name: messagesFor(lang, site).facetNames[key],
      multiSelect: key !== "availability",
      priority: 100 - priority,
      visible: true,
      values: orderValues(key, entries).map(([value, count]) => ({
        code: value,
        name: facetValueName(key, value, lang, site, input.categories),
        count,
        selected: selected(key, value),
        query: { query: { value: toggled(key, value) } },
      })),
    });
  });
  const totalPages = Math.max(1, Math.ceil(result.total / input.pageSize));
  return {
    products: input.products,
    facets,
    breadcrumbs: query.filters.map(([key, value]) => ({
      facetCode: key,
      facetValueCode: value,
      facetValueName: facetValueName(key, value, lang, site, input.categories),
      removeQuery: { query: { value: toggled(key, value) } },
    })),
    pagination: { currentPage: input.page, pageSize: input.pageSize, sort: query.sort, totalPages, totalResults: result.total },
    sorts: SORT_CODES.filter((s) => s !== "relevance" || query.freeText || input.category).map((code) => ({
      code,
      name: messagesFor(lang, site).sortNames[code],
      selected: code === query.sort,
    })),
    currentQuery: { query: { value: formatListingQuery(query) } },
    freeTextSearch: query.freeText,
    spellingSuggestion: input.spellingSuggestion
      ? { suggestion: input.spellingSuggestion, query: formatListingQuery({ ...query, freeText: input.spellingSuggestion }) }
      : undefined,
    keywordRedirectUrl: input.keywordRedirectUrl ?? undefined,
    categoryCode: input.category?.code,
    category: input.category,
  };
}

/** Category with its parent, children and breadcrumb trail, from the site's category rows. */
export function assembleCategory(code: string, rows: { code: string; parent_code: string | null; slug: string; name: string }[]): Category | null {
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const row = byCode.get(code);
  if (!row) return null;
  const link = (r: { code: string; name: string }) => ({ code: r.code, name: r.name, url: `/c/${r.code}` });
  const trail = [];
  for (let cur: typeof row | undefined = row; cur; cur = cur.parent_code ? byCode.get(cur.parent_code) : undefined) trail.unshift(link(cur));
  const parent = row.parent_code ? byCode.get(row.parent_code) : undefined;
  return {
    code: row.code,
    name: row.name,
    slug: row.slug,
    url: `/c/${row.code}`,
    parent: parent ? link(parent) : undefined,
    subcategories: rows.filter((r) => r.parent_code === code).map(link),
    breadcrumbs: trail,
  };
}
