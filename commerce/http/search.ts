import { Router } from "express";
import { z } from "zod";
import { AppliedCategoryCouponsSchema } from "../contract/coupon";
import type { Product } from "../contract/product";
import { CategoryCodeSchema, KeywordRedirectSchema, SearchRequestSchema, SearchTextQuerySchema, TermQuerySchema } from "../contract/search";
import type { CouponService } from "../domain/coupons";
import type { CategoryScope, SearchService } from "../domain/search-service";
import type { ShopContext } from "../domain/shop-context";
import { invalid } from "./errors";
import { handle, parse } from "./handle";
import { sendKeptJson } from "./kept-json";
import { siteOf } from "./site";

const SitemapQuery = z.object({
  currentPage: z.coerce.number().int().min(0).max(1000).default(0),
  pageSize: z.coerce.number().int().min(1).max(50_000).default(10_000),
});

export function searchRouter(search: SearchService, coupons?: CouponService): Router {
  const router = Router({ mergeParams: true });

  const answerPage = (site: ShopContext, rawQuery: unknown, scope?: CategoryScope) => search.page(site, parse(SearchRequestSchema, rawQuery), scope);

  async function categoryOf(site: ShopContext, code: string): Promise<CategoryScope> {
    const checked = CategoryCodeSchema.safeParse(code);
    if (!checked.success) throw invalid("code", checked.error.issues[0]!.message);
    return search.categoryScope(site, code);
  }

  // OCC search: query=freeText:sort:facet:value…
  router.get(
    "/products/search",
    handle(async (req, res) => {
      sendKeptJson(res, await answerPage(siteOf(res), req.query));
    }),
  );

  // Free-text search by `term`, with the same paging and facet query as search.
  router.get(
    "/products/searchText",
    handle(async (req, res) => {
      const { term } = parse(TermQuerySchema, req.query);
      const rest = (parse(SearchTextQuerySchema, req.query).query ?? ":relevance").split(":").slice(1).join(":");
      sendKeptJson(res, await answerPage(siteOf(res), { ...req.query, query: `${term.replace(/:/g, " ")}:${rest || "relevance"}` }));
    }),
  );

  router.get(
    "/products/searchsuggestions",
    handle(async (req, res) => {
      const { term } = parse(TermQuerySchema, req.query);
      const max = Math.min(10, Math.max(1, Number(req.query.max) || 6));
      res.json(await search.suggestions(siteOf(res), term, max));
    }),
  );

  router.get(
    "/products/getKeywordRedirect",
    handle(async (req, res) => {
      const { term } = parse(TermQuerySchema, req.query);
      res.json(KeywordRedirectSchema.parse({ redirectUrl: await search.keywordRedirect(siteOf(res), term) }));
    }),
  );

  router.get(
    "/categories",
    handle(async (_req, res) => {
      res.json({ categories: await search.categories(siteOf(res)) });
    }),
  );

  router.get(
    "/sitemapEntries",
    handle(async (req, res) => {
      const { currentPage, pageSize } = parse(SitemapQuery, req.query);
      res.json(await search.sitemap(siteOf(res), currentPage, pageSize));
    }),
  );

  router.get(
    "/c/:code",
    handle(async (req, res) => {
      res.json((await categoryOf(siteOf(res), String(req.params.code))).category);
    }),
  );

  router.get(
    "/c/:code/categoryData",
    handle(async (req, res) => {
      const site = siteOf(res);
      const scope = await categoryOf(site, String(req.params.code));
      const page = await answerPage(site, req.query, scope);
      const codes = parse(AppliedCategoryCouponsSchema, req.query.appliedCategoryCoupons);
      if (!coupons || codes.length === 0) {
        sendKeptJson(res, page);
        return;
      }
      // The shared answer is kept as text; only a shopper with category coupons gets a priced copy.
      const answer = JSON.parse(page) as { products: Product[] };
      res.json({ ...answer, products: await coupons.priceProducts(site, answer.products, codes) });
    }),
  );

  return router;
}
