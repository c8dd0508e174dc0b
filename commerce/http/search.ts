import type { Router } from "express";
import { AppliedCategoryCouponsSchema } from "../contract/coupon";
import type { Product } from "../contract/product";
import {
  CategoryCodeSchema,
  CategoryListSchema,
  CategoryPageSchema,
  CategorySchema,
  KeywordRedirectSchema,
  SearchPageSchema,
  SearchRequestSchema,
  SearchTextRequestSchema,
  SitemapPageSchema,
  SitemapQuerySchema,
  SuggestionsQuerySchema,
  SuggestionsSchema,
  TermQuerySchema,
} from "../contract/search";
import type { CouponService } from "../domain/coupons";
import type { CategoryScope, SearchService } from "../domain/search-service";
import type { ShopContext } from "../domain/shop-context";
import { invalid } from "./errors";
import { CATALOG_CACHE_CONTROL, parse } from "./handle";
import { apiRouter } from "./operations";
import { siteOf } from "./site";

const INVALID = { 400: "A malformed query, term or facet (ValidationError)" };
const CATEGORY_ERRORS = { ...INVALID, 404: "No such category on this site (UnknownIdentifierError)" };

export function searchRouter(search: SearchService, coupons?: CouponService): Router {
  const api = apiRouter();

  const answerPage = (site: ShopContext, rawQuery: unknown, scope?: CategoryScope) => search.page(site, parse(SearchRequestSchema, rawQuery), scope);

  async function categoryOf(site: ShopContext, code: string): Promise<CategoryScope> {
    const checked = CategoryCodeSchema.safeParse(code);
    if (!checked.success) throw invalid("code", checked.error.issues[0]!.message);
    return search.categoryScope(site, code);
  }

  // OCC search: query=freeText:sort:facet:value…
  api.get(
    "/products/search",
    { summary: "Product search: query=freeText:sort:facetKey:facetValue:…", query: SearchRequestSchema, answers: { 200: SearchPageSchema }, errors: INVALID },
    async (req, res) => {
      res
        .set("Cache-Control", CATALOG_CACHE_CONTROL)
        .type("json")
        .send(await answerPage(siteOf(res), req.query));
    },
  );

  // Free-text search by `term`, with the same paging and facet query as search.
  api.get(
    "/products/searchText",
    {
      summary: "Free-text search by term, with search's paging, and its sort and facets after a leading colon in query",
      query: SearchTextRequestSchema.extend(SearchRequestSchema.omit({ query: true }).shape),
      answers: { 200: SearchPageSchema },
      errors: INVALID,
    },
    async (req, res, input) => {
      const { term, query } = input.query();
      const rest = (query ?? ":relevance").split(":").slice(1).join(":");
      res
        .set("Cache-Control", CATALOG_CACHE_CONTROL)
        .type("json")
        .send(await answerPage(siteOf(res), { ...req.query, query: `${term.replace(/:/g, " ")}:${rest || "relevance"}` }));
    },
  );

  api.get(
    "/products/searchsuggestions",
    { summary: "Search suggestions for a term", query: SuggestionsQuerySchema, answers: { 200: SuggestionsSchema }, errors: INVALID },
    async (req, res) => {
      const { term } = parse(TermQuerySchema, req.query);
      const max = Math.min(10, Math.max(1, Number(req.query.max) || 6));
      res.json(await search.suggestions(siteOf(res), term, max));
    },
  );

  api.get(
    "/products/getKeywordRedirect",
    {
      summary: "Where a search term redirects to (a page the merchandisers chose), or null",
      query: TermQuerySchema,
      answers: { 200: KeywordRedirectSchema },
      errors: INVALID,
    },
    async (_req, res, input) => {
      const { term } = input.query();
      res.json(KeywordRedirectSchema.parse({ redirectUrl: await search.keywordRedirect(siteOf(res), term) }));
    },
  );

  api.get("/categories", { summary: "The site's categories, each with its parent", answers: { 200: CategoryListSchema } }, async (_req, res) => {
    res.json({ categories: await search.categories(siteOf(res)) });
  });

  api.get(
    "/sitemapEntries",
    { summary: "A page of the site's product URLs for the sitemap", query: SitemapQuerySchema, answers: { 200: SitemapPageSchema }, errors: INVALID },
    async (_req, res, input) => {
      const { currentPage, pageSize } = input.query();
      res.json(await search.sitemap(siteOf(res), currentPage, pageSize));
    },
  );

  api.get(
    "/c/:code",
    { summary: "A category: its name, URL, parent, subcategories and breadcrumbs", answers: { 200: CategorySchema }, errors: CATEGORY_ERRORS },
    async (req, res) => {
      res.json((await categoryOf(siteOf(res), String(req.params.code))).category);
    },
  );

  api.get(
    "/c/:code/categoryData",
    {
      summary: "A category's listing with facets, sorts and paging",
      query: SearchRequestSchema.extend({
        appliedCategoryCoupons: AppliedCategoryCouponsSchema.optional().meta({ description: "The shopper's category coupons: prices include them" }),
      }),
      answers: { 200: CategoryPageSchema },
      errors: CATEGORY_ERRORS,
    },
    async (req, res) => {
      const site = siteOf(res);
      const scope = await categoryOf(site, String(req.params.code));
      const page = await answerPage(site, req.query, scope);
      const codes = parse(AppliedCategoryCouponsSchema, req.query.appliedCategoryCoupons);
      if (!coupons || codes.length === 0) {
        res.set("Cache-Control", CATALOG_CACHE_CONTROL).type("json").send(page);
        return;
      }
      // The shared answer is kept as text; only a shopper with category coupons gets a priced copy.
      const answer = JSON.parse(page) as { products: Product[] };
      res.json({ ...answer, products: await coupons.priceProducts(site, answer.products, codes) });
    },
  );

  return api.router;
}
