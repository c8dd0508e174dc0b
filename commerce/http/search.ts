import { Router } from "express";
import { z } from "zod";
import {
  type Category, CategoryCodeSchema, KeywordRedirectSchema, type SitemapPage, type ListingQuery, parseListingQuery, SearchRequestSchema, type Suggestions, TermQuerySchema,
} from "../contract/search";
import { type CategoryRow, findKeywordRedirect, siteCategories } from "../db/categories";
import type { ProductFamilies } from "../db/catalog";
import type { Db } from "../db/index";
import type { ListingIndexes } from "../db/listing-facts";
import { sitemapPage } from "../db/listing";
import type { CatalogChangeFeed } from "../db/catalog-changes";
import { matchText, type TextMatches } from "../db/search-text";
import { productView } from "../domain/product";
import { assembleCategory, assembleSearchPage } from "../domain/search-page";
import { normalizeSearchText, spellingSuggestion } from "../domain/search-text";
import { ApiProblem, invalid } from "./errors";
import { Memo } from "../memo";
import { handle, parse } from "./handle";
import { type SiteLocals, siteOf } from "./site";

const SitemapQuery = z.object({ currentPage: z.coerce.number().int().min(0).max(1000).default(0), pageSize: z.coerce.number().int().min(1).max(50_000).default(10_000) });

export function searchRouter(db: Db, indexes: ListingIndexes, families: ProductFamilies, feed: CatalogChangeFeed): Router {
  const router = Router({ mergeParams: true });

  /**
   * Full-text matches per language and wording, as a search engine keeps posting lists: popular
   * searches repeat, and the answer changes only with the catalog, which clears it.
   */
  const textMatches = new Memo<Promise<TextMatches>>(500);
  feed.subscribe(() => textMatches.clear());
  const match = (lang: SiteLocals["lang"], freeText: string): Promise<TextMatches> =>
    textMatches.get(`${lang}|${normalizeSearchText(freeText)}`, () => matchText(db, lang, freeText));

  /**
   * Answered pages, as serialised JSON, per site, language, price groups and query: shoppers ask
   * for the same category pages and searches over and over, and an answer changes only when the
   * catalog does, which clears them (as it clears the category rows).
   */
  const pages = new Memo<Promise<string>>(1000);
  const siteCategoryRows = new Memo<Promise<{ rows: CategoryRow[]; names: Map<string, string> }>>();
  feed.subscribe(() => {
    pages.clear();
    siteCategoryRows.clear();
  });
  const categoriesOf = (site: SiteLocals) =>
    siteCategoryRows.get(`${site.site}|${site.lang}`, async () => {
      const rows = await siteCategories(db, site.site, site.lang);
      return { rows, names: new Map(rows.map((r) => [r.code, r.name])) };
    });

  async function answerPage(site: SiteLocals, rawQuery: unknown, category?: { category: Category; names: Map<string, string> }): Promise<string> {
    const request = parse(SearchRequestSchema, rawQuery);
    await feed.catchUp();
    const key = [site.site, site.lang, site.currency, site.userGroups.join(","), category?.category.code ?? "", request.query, request.currentPage, request.pageSize].join("|");
    return pages.get(key, async () => JSON.stringify(await searchPage(site, request, category)));
  }

  async function categoryOf(site: SiteLocals, code: string): Promise<{ category: Category; names: Map<string, string> }> {
    const checked = CategoryCodeSchema.safeParse(code);
    if (!checked.success) throw invalid("code", checked.error.issues[0]!.message);
    const { rows, names } = await categoriesOf(site);
    const category = assembleCategory(code, rows);
    if (!category) throw new ApiProblem(404, { type: "UnknownIdentifierError", message: `Category '${code}' not found.`, subject: code, subjectType: "category" });
    return { category, names };
  }

  async function searchPage(site: SiteLocals, request: z.infer<typeof SearchRequestSchema>, category?: { category: Category; names: Map<string, string> }) {
    const parsed = parseListingQuery(request.query);
    if (!parsed.ok) throw invalid("query", parsed.message);
    const query: ListingQuery = parsed.query;
    const names = category?.names ?? (await categoriesOf(site)).names;
    // The index first: getting it catches up with catalog changes, which may clear the text matches.
    const index = await indexes.get(site.site);
    const [text, redirect] = await Promise.all([
      query.freeText ? match(site.lang, query.freeText) : Promise.resolve(undefined),
      query.freeText && query.filters.length === 0 && !category ? findKeywordRedirect(db, site.site, site.lang, normalizeSearchText(query.freeText)) : Promise.resolve(null),
    ]);
    const result = index.query({
      lang: site.lang,
      category: category?.category.code,
      text,
      filters: query.filters,
      sort: query.sort,
      page: request.currentPage,
      pageSize: request.pageSize,
    });
    const found = await families.load(result.baseCodes, site.site, site.lang, site.currency);
    const products = result.baseCodes
      .map((code) => found.get(code) && productView(found.get(code)!, code, site, "BASIC"))
      .filter((p): p is NonNullable<typeof p> => !!p);
    return assembleSearchPage({
      query,
      result,
      products,
      page: request.currentPage,
      pageSize: request.pageSize,
      lang: site.lang,
      categories: names,
      category: category?.category,
      spellingSuggestion: query.freeText && result.total === 0 ? spellingSuggestion(query.freeText, index.vocabulary(site.lang)) : null,
      keywordRedirectUrl: redirect,
    });
  }

  // OCC search: query=freeText:sort:facet:value…
  router.get("/products/search", handle(async (req, res) => {
    res.type("application/json").send(await answerPage(siteOf(res), req.query));
  }));

  // Spec name for free-text search: term (plus the same paging and facet query as search).
  router.get("/products/searchText", handle(async (req, res) => {
    const { term } = parse(TermQuerySchema, req.query);
    const rest = String(req.query.query ?? ":relevance").split(":").slice(1).join(":");
    res.type("application/json").send(await answerPage(siteOf(res), { ...req.query, query: `${term.replace(/:/g, " ")}:${rest || "relevance"}` }));
  }));

  router.get("/products/searchsuggestions", handle(async (req, res) => {
    const site = siteOf(res);
    const { term } = parse(TermQuerySchema, req.query);
    const max = Math.min(10, Math.max(1, Number(req.query.max) || 6));
    const index = await indexes.get(site.site);
    const words = normalizeSearchText(term).split(" ");
    const last = words.pop() ?? "";
    const vocabulary = [...index.vocabulary(site.lang)].filter((w) => w.startsWith(last) && w !== last).sort().slice(0, max);
    const prefix = words.length ? `${words.join(" ")} ` : "";
    const suggestions = vocabulary.map((w) => ({ value: `${prefix}${w}` }));
    const text = await match(site.lang, suggestions[0]?.value ?? term);
    const result = index.query({ lang: site.lang, text, filters: [], sort: "relevance", page: 0, pageSize: 4, facets: false });
    const found = await families.load(result.baseCodes, site.site, site.lang, site.currency);
    const products = result.baseCodes.map((code) => found.get(code) && productView(found.get(code)!, code, site, "BASIC")).filter((p) => !!p);
    const body: Suggestions = {
      suggestions,
      products: products.map((p) => ({ code: p.code, name: p.name, url: p.url, imageUrl: p.images[0]?.url })),
    };
    res.json(body);
  }));

  router.get("/products/getKeywordRedirect", handle(async (req, res) => {
    const site = siteOf(res);
    const { term } = parse(TermQuerySchema, req.query);
    res.json(KeywordRedirectSchema.parse({ redirectUrl: await findKeywordRedirect(db, site.site, site.lang, normalizeSearchText(term)) }));
  }));

  router.get("/categories", handle(async (_req, res) => {
    const { rows } = await categoriesOf(siteOf(res));
    res.json({ categories: rows.map((r) => ({ code: r.code, name: r.name, url: `/c/${r.code}`, parent: r.parent_code ?? undefined })) });
  }));

  router.get("/sitemapEntries", handle(async (req, res) => {
    const site = siteOf(res);
    const { currentPage, pageSize } = parse(SitemapQuery, req.query);
    const page = await sitemapPage(db, site.site, site.lang, currentPage, pageSize);
    const body: SitemapPage = { entries: page.entries, totalPages: Math.max(1, Math.ceil(page.total / pageSize)), pageSize };
    res.json(body);
  }));

  router.get("/c/:code", handle(async (req, res) => {
    res.json((await categoryOf(siteOf(res), String(req.params.code))).category);
  }));

  router.get("/c/:code/categoryData", handle(async (req, res) => {
    const site = siteOf(res);
    const category = await categoryOf(site, String(req.params.code));
    res.type("application/json").send(await answerPage(site, req.query, category));
  }));

  return router;
}

