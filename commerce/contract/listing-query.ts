/**
 * The listing query vocabulary, free of zod so browser code can import it without the schema
 * library: facet keys, sort codes and the OCC query format `freeText:sort:facetKey:facetValue:...`.
 */
export const FACET_KEYS = [
  "category",
  "type",
  "brand",
  "roast",
  "flavour",
  "caffeine",
  "packType",
  "packSize",
  "series",
  "colour",
  "price",
  "availability",
] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

export const SORT_CODES = ["relevance", "price-asc", "price-desc", "name-asc", "newest", "bestsellers"] as const;
export type SortCode = (typeof SORT_CODES)[number];

/** Price facet values: bands of the lowest price, in major units ("200+" is open-ended). */
export const PRICE_BAND_CODES = ["0-15", "15-25", "25-50", "50-100", "100-200", "200+"] as const;

/**
 * Facets whose values are a fixed list; any other value is refused. The others take catalog values
 * (brands, roasts…), where an unknown value simply matches nothing.
 */
export const FIXED_FACET_VALUES: Partial<Record<FacetKey, readonly string[]>> = {
  price: PRICE_BAND_CODES,
  availability: ["inStock"],
};

export function isKnownFacetValue(key: FacetKey, value: string): boolean {
  const fixed = FIXED_FACET_VALUES[key];
  return fixed === undefined || fixed.includes(value);
}

export const MAX_PAGE_SIZE = 96;
export const DEFAULT_PAGE_SIZE = 24;

export interface ListingQuery {
  freeText: string;
  sort: SortCode;
  filters: [FacetKey, string][];
}

const isFacetKey = (k: string | undefined): k is FacetKey => (FACET_KEYS as readonly string[]).includes(k ?? "");
const isSortCode = (s: string): s is SortCode => (SORT_CODES as readonly string[]).includes(s);

/** Parses the OCC query; answers the query or a readable reason it is not one. */
export function parseListingQuery(raw: string): { ok: true; query: ListingQuery } | { ok: false; message: string } {
  const parts = raw.split(":");
  const freeText = (parts[0] ?? "").trim().slice(0, 200);
  const sort = parts[1] || "relevance";
  if (!isSortCode(sort)) return { ok: false, message: `sort must be one of ${SORT_CODES.join(", ")}` };
  const rest = parts.slice(2);
  if (rest.length % 2 !== 0) return { ok: false, message: "facets come in key:value pairs" };
  const filters: [FacetKey, string][] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i];
    const value = rest[i + 1] ?? "";
    if (!isFacetKey(key)) return { ok: false, message: `unknown facet '${key}'; facets are ${FACET_KEYS.join(", ")}` };
    if (value.length === 0 || value.length > 80) return { ok: false, message: `facet ${key} needs a value of at most 80 characters` };
    if (!isKnownFacetValue(key, value)) return { ok: false, message: `facet ${key} takes one of ${FIXED_FACET_VALUES[key]!.join(", ")}` };
    if (!filters.some(([k, v]) => k === key && v === value)) filters.push([key, value]);
  }
  if (filters.length > 40) return { ok: false, message: "too many facet values" };
  return { ok: true, query: { freeText, sort, filters } };
}

export function formatListingQuery(q: ListingQuery): string {
  return [q.freeText.replace(/:/g, " "), q.sort, ...q.filters.flatMap(([k, v]) => [k, v])].join(":");
}
