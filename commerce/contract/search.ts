import { z } from "zod";
import { ProductSchema } from "./product";
import { FACET_KEYS, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, parseListingQuery, SORT_CODES } from "./listing-query";

export * from "./listing-query";

/** Facets a listing can be narrowed by (URL and API keys). */
export const FacetKeySchema = z.enum(FACET_KEYS);
export const SortCodeSchema = z.enum(SORT_CODES);

/** OCC's `freeText:sort:facetKey:facetValue:…`; a malformed one is refused with the reason. */
export const ListingQueryTextSchema = z
  .string()
  .max(2000)
  .superRefine((raw, ctx) => {
    const parsed = parseListingQuery(raw);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
  });

export const SearchRequestSchema = z.object({
  query: ListingQueryTextSchema.default(""),
  currentPage: z.coerce.number().int().min(0).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

/** searchText's own `query` carries only sort and facets after a leading colon; the term is separate. */
export const SearchTextQuerySchema = z.object({ query: z.string().max(2000).optional() });

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
  breadcrumbs: z.array(
    z.object({
      facetCode: FacetKeySchema,
      facetValueCode: z.string(),
      facetValueName: z.string(),
      removeQuery: z.object({ query: z.object({ value: z.string() }) }),
    }),
  ),
  pagination: z.object({
    currentPage: z.number().int(),
    pageSize: z.number().int(),
    sort: SortCodeSchema,
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  }),
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

export const CategoryCodeSchema = z.string().regex(/^[a-z0-9-]{1,64}$/, "Category codes are lower-case letters, digits and dashes.");

export const TermQuerySchema = z.object({ term: z.string().trim().min(1, "term is required").max(200) });

/** searchText: the shopper's words, with the listing's sort and facets after a leading colon in `query`. */
export const SearchTextRequestSchema = TermQuerySchema.extend(SearchTextQuerySchema.shape);

export const SuggestionsQuerySchema = TermQuerySchema.extend({
  max: z.string().optional().meta({ description: "How many suggestions, 1 to 10 (6 when absent or not a number)" }),
});

export const SitemapQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(0).max(1000).default(0),
  pageSize: z.coerce.number().int().min(1).max(50_000).default(10_000),
});

export const SitemapPageSchema = z.object({
  entries: z.array(z.object({ code: z.string(), url: z.string(), lastModified: z.string() })),
  totalPages: z.number().int(),
  pageSize: z.number().int(),
});
export type SitemapPage = z.infer<typeof SitemapPageSchema>;

export const CategoryListSchema = z.object({ categories: z.array(CategoryLinkSchema.extend({ parent: z.string().optional() })) });
