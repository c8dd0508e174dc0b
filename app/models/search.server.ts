import { CategoryPageSchema, type SearchPage, SearchPageSchema, type Suggestions, SuggestionsSchema } from "../../commerce/contract/search";
import { DEFAULT_PAGE_SIZE } from "../../commerce/contract/search";
import { callApi, type ApiClientContext } from "../lib/api-client.server";
import type { ListingPageView } from "../lib/page-views";
import { type ListingState, occQuery } from "../lib/listing-url";

/** The category and one page of its products (c/{code}/categoryData answers both). */
export function getCategoryListing(ctx: ApiClientContext, code: string, state: ListingState, appliedCategoryCoupons: readonly string[] = []) {
  return callApi(ctx, {
    path: `c/${encodeURIComponent(code)}/categoryData`,
    query: {
      query: occQuery(state, "relevance"),
      currentPage: state.page - 1,
      pageSize: DEFAULT_PAGE_SIZE,
      fields: "BASIC",
      appliedCategoryCoupons: appliedCategoryCoupons.length ? appliedCategoryCoupons.join(",") : undefined,
    },
    schema: CategoryPageSchema,
    withCurrency: true,
  });
}

/** products/searchText: the shopper's words plus the listing's sort and facets. */
export function searchProducts(ctx: ApiClientContext, state: ListingState): Promise<SearchPage> {
  const query = occQuery({ ...state, q: "" }, "relevance");
  return callApi(ctx, {
    path: "products/searchText",
    query: { term: state.q, query, currentPage: state.page - 1, pageSize: DEFAULT_PAGE_SIZE, fields: "DEFAULT" },
    schema: SearchPageSchema,
    withCurrency: true,
  });
}

export function getSuggestions(ctx: ApiClientContext, term: string): Promise<Suggestions> {
  return callApi(ctx, { path: "products/searchsuggestions", query: { term, max: 6 }, schema: SuggestionsSchema, withCurrency: true });
}

export function toListingPageView(page: Omit<SearchPage, "products">): ListingPageView {
  return {
    facets: page.facets.map((f) => ({
      code: f.code,
      name: f.name,
      priority: f.priority,
      values: f.values.map(({ code, name, count, selected }) => ({ code, name, count, selected })),
    })),
    breadcrumbs: page.breadcrumbs.map(({ facetCode, facetValueCode, facetValueName }) => ({ facetCode, facetValueCode, facetValueName })),
    pagination: page.pagination,
    sorts: page.sorts,
    spellingSuggestion: page.spellingSuggestion?.suggestion,
  };
}
