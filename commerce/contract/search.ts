import { z } from "zod";
import { ProductSchema } from "./product";

/** Facets a listing can be narrowed by (URL and API keys). */
export const FACET_KEYS = ["category", "type", "brand", "roast", "flavour", "caffeine", "packType", "packSize", "series", "colour", "price", "availability"] as const;
export const FacetKeySchema = z.enum(FACET_KEYS);
export type FacetKey = z.infer<typeof FacetKeySchema>;

export const SORT_CODES = ["relevance", "price-asc", "price-desc", "name-asc", "newest", "bestsellers"] as const;
export const SortCodeSchema = z.enum(SORT_CODES);
export type SortCode = z.infer<typeof SortCodeSchema>;

export const MAX_PAGE_SIZE = 96;
export const DEFAULT_PAGE_SIZE = 24;

const FacetValue = z.string().min(1).max(80).regex(/^[^:]+$/, "facet values cannot contain ':'");

export interface ListingQuery {
  freeText: string;
  sort: SortCode;
  filters: [FacetKey, string][];
}

/**
 * OCC query format `freeText:sort:facetKey:facetValue:...` (category listings: `:relevance:...`).
 * Answers the parsed query or a readable reason it is not one.
 */
export function parseListingQuery(raw: string): { ok: true; query: ListingQuery } | { ok: false; message: string } {
  const parts = raw.split(":");
  const freeText = (parts[0] ?? "").trim().slice(0, 200);
  const sortRaw = parts[1] || "relevance";
  const sort = SortCodeSchema.safeParse(sortRaw);
  if (!sort.success) return { ok: false, message: `sort must be one of ${SORT_CODES.join(", ")}` };
  const rest = parts.slice(2);
  if (rest.length % 2 !== 0) return { ok: false, message: "facets come in key:value pairs" };
  const filters: [FacetKey, string][] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const key = FacetKeySchema.safeParse(rest[i]);
    if (!key.success) return { ok: false, message: `unknown facet '${rest[i]}'; facets are ${FACET_KEYS.join(", ")}` };
    const value = FacetValue.safeParse(rest[i + 1]);
    if (!value.success) return { ok: false, message: `facet ${key.data} needs a value` };
    if (!filters.some(([k, v]) => k === key.data && v === value.data)) filters.push([key.data, value.data]);
  }
  if (filters.length > 40) return { ok: false, message: "too many facet values" };
  return { ok: true, query: { freeText, sort: sort.data, filters } };
}

export function formatListingQuery(q: ListingQuery): string {
  return [q.freeText.replace(/:/g, " "), q.sort, ...q.filters.flatMap(([k, v]) => [k, v])].join(":");
}

export const SearchRequestSchema = z.object({
  query: z.string().max(2000).default(""),
  currentPage: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const FacetValueSchema = z.object({
  code: z.string(),
  name: z.string(),
  count: z.number().int(),
  selected: z.boolean(),
  query: z.object({ query: z.object({ value: z.string() }) }),
});
export const FacetSchema = z.object({
  code: FacetKeySchema,
  name: z.string(),
  multiSelect: z.boolean(),
  priority: z.number().int(),
  visible: z.boolean(),
  values: z.array(FacetValueSchema),
});
export type Facet = z.infer<typeof FacetSchema>;

export const CategoryLinkSchema = z.object({ code: z.string(), name: z.string(), url: z.string() });

export const SearchPageSchema = z.object({
  products: z.array(ProductSchema),
  facets: z.array(FacetSchema),
  breadcrumbs: z.array(z.object({ facetCode: FacetKeySchema, facetValueCode: z.string(), facetValueName: z.string(), removeQuery: z.object({ query: z.object({ value: z.string() }) }) })),
  pagination: z.object({ currentPage: z.number().int(), pageSize: z.number().int(), sort: SortCodeSchema, totalPages: z.number().int(), totalResults: z.number().int() }),
  sorts: z.array(z.object({ code: SortCodeSchema, name: z.string(), selected: z.boolean() })),
  currentQuery: z.object({ query: z.object({ value: z.string() }) }),
  freeTextSearch: z.string(),
  spellingSuggestion: z.object({ suggestion: z.string(), query: z.string() }).optional(),
  keywordRedirectUrl: z.string().optional(),
  categoryCode: z.string().optional(),
});

export const CategorySchema = z.object({
  code: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  parent: CategoryLinkSchema.optional(),
  subcategories: z.array(CategoryLinkSchema),
  breadcrumbs: z.array(CategoryLinkSchema),
});
export type Category = z.infer<typeof CategorySchema>;

/** categoryData also answers the category itself, so a category page needs one call. */
export const CategoryPageSchema = SearchPageSchema.extend({ category: CategorySchema });
export type SearchPage = z.infer<typeof SearchPageSchema> & { category?: Category };

export const SuggestionsSchema = z.object({
  suggestions: z.array(z.object({ value: z.string() })),
  products: z.array(z.object({ code: z.string(), name: z.string(), url: z.string(), imageUrl: z.string().optional() })),
});
export type Suggestions = z.infer<typeof SuggestionsSchema>;

export const KeywordRedirectSchema = z.object({ redirectUrl: z.string().nullable() });

export const TermQuerySchema = z.object({ term: z.string().trim().min(1, "term is required").max(200) });

export const SitemapPageSchema = z.object({
  entries: z.array(z.object({ code: z.string(), url: z.string(), lastModified: z.string() })),
  totalPages: z.number().int(),
  pageSize: z.number().int(),
});
export type SitemapPage = z.infer<typeof SitemapPageSchema>;

export const CategoryListSchema = z.object({ categories: z.array(CategoryLinkSchema.extend({ parent: z.string().optional() })) });
