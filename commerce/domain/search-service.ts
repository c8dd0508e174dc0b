import type { BrandId, Lang } from "../contract/common";
import { type Category, type ListingQuery, parseListingQuery, type SearchRequest, type SitemapPage, type Suggestions } from "../contract/search";
import { type CategoryRow, keywordRedirects, siteCategories } from "../db/categories";
import type { Db } from "../db/index";
import { sitemapPage } from "../db/listing";
import { intersectAll, listingsWithWord, type TextMatches, wordsInTextIndex } from "../db/search-text";
import { CatalogAnswers } from "./catalog-answers";
import { type CacheSizes, type LoadingCache, loadingCache, textBytes } from "./caches";
import type { CatalogChangeFeed } from "./catalog-changes";
import { invalid, ShopError } from "./errors";
import type { ListingIndexes } from "./listing-indexes";
import { productView } from "./product";
import type { ProductFamilies } from "./product-families";
import { assembleCategory, assembleSearchPage } from "./search-page";
import { normalizeSearchText, queryWords, spellingSuggestion } from "./search-text";
import type { ShopContext } from "./shop-context";

export interface SearchServiceDeps {
  db: Db;
  feed: CatalogChangeFeed;
  indexes: ListingIndexes;
  families: ProductFamilies;
  sizes: Pick<CacheSizes, "searchPages" | "wordListings">;
}

/** A category page's scope: the category and the site's category names (for facet values). */
export interface CategoryScope {
  category: Category;
  names: Map<string, string>;
}

/** Category pages, searches, suggestions and the sitemap, with what they remember between requests. */
export class SearchService {
  /**
   * The listings holding each word, per language, as a search engine keeps posting lists: a
   * query's matches are their intersection, so a search nobody has made yet costs a few list
   * intersections once its words are known, and a catalog's words are few (a few thousand) next
   * to the searches made of them. Each word is asked of the database's full-text index once; the
   * catalog changing clears them.
   */
  private readonly wordListings: LoadingCache<Int32Array | false>;
  /** Answered category and search pages as JSON text. */
  private readonly pages: CatalogAnswers;
  private readonly siteCategoryRows = loadingCache<{ rows: CategoryRow[]; names: Map<string, string> }>({ max: 20 });
  /**
   * Each site language's keyword redirects ("brewers" leads to the brewers category), a few dozen
   * rows every search consults: read for a minute at a time, as the storefront keeps CMS content,
   * instead of asked of the database on every search.
   */
  private readonly redirects = loadingCache<Map<string, string>>({ max: 20, ttl: 60_000 });
  /** Per language, every word of the full-text index asked once at warm-up: the index is the language's, not a site's. */
  private readonly textIndexWordsRead = new Set<Lang>();

  constructor(private readonly deps: SearchServiceDeps) {
    this.wordListings = loadingCache(
      {
        maxSize: deps.sizes.wordListings,
        sizeCalculation: (ids, key) => (ids ? ids.byteLength : 0) + textBytes(key) + 64,
      },
      "wordListings",
    );
    deps.feed.subscribe(() => this.wordListings.clear());
    deps.feed.subscribe(() => {
      this.siteCategoryRows.clear();
      this.redirects.clear();
    });
    this.pages = new CatalogAnswers(deps.feed, deps.sizes.searchPages, "searchPages");
  }

  private async listingsWith(lang: Lang, word: string): Promise<Int32Array | null> {
    // false: a stop word (a cache holds no null).
    const listings = await this.wordListings.forceFetch(`${lang}|${word}`, {
      context: async () => (await listingsWithWord(this.deps.db, lang, word)) ?? false,
    });
    return listings || null;
  }

  private async match(lang: Lang, freeText: string): Promise<TextMatches> {
    const words = queryWords(lang, freeText);
    const lists = await Promise.all(words.map((w) => this.listingsWith(lang, w)));
    return { words, ids: intersectAll(lists) };
  }

  /**
   * Builds what a site's pages need before the process takes traffic: the site's listing index
   * with its sort orders and name words, and the listings of every word in its product names (the
   * words shoppers search with) and in its full-text index, so no shopper's request pays for them.
   */
  async warm(site: BrandId, langs: readonly Lang[]): Promise<void> {
    const index = await this.deps.indexes.get(site);
    index.warm(langs);
    for (const lang of langs) {
      await this.categoriesOf({ site, lang });
      for (const word of index.searchWords(lang)) await this.listingsWith(lang, word);
      // Words only descriptions hold ("ethiopian", "smooth"), as the index stores them.
      if (!this.textIndexWordsRead.has(lang)) {
        this.textIndexWordsRead.add(lang);
        for (const word of await wordsInTextIndex(this.deps.db, lang)) await this.listingsWith(lang, word);
      }
    }
  }

  private categoriesOf(ctx: Pick<ShopContext, "site" | "lang">) {
    return this.siteCategoryRows.forceFetch(`${ctx.site}|${ctx.lang}`, {
      context: async () => {
        const rows = await siteCategories(this.deps.db, ctx.site, ctx.lang);
        return { rows, names: new Map(rows.map((r) => [r.code, r.name])) };
      },
    });
  }

  /** A search or category page as serialised JSON, remembered until the catalog changes. */
  async page(ctx: ShopContext, request: SearchRequest, scope?: CategoryScope): Promise<string> {
    return this.pages.get(ctx, [scope?.category.code ?? "", request.query, request.currentPage, request.pageSize], () => this.searchPage(ctx, request, scope));
  }

  async categoryScope(ctx: ShopContext, code: string): Promise<CategoryScope> {
    const { rows, names } = await this.categoriesOf(ctx);
    const category = assembleCategory(code, rows);
    if (!category)
      throw new ShopError("notFound", { type: "UnknownIdentifierError", message: `Category '${code}' not found.`, subject: code, subjectType: "category" });
    return { category, names };
  }

  private async searchPage(ctx: ShopContext, request: SearchRequest, scope?: CategoryScope) {
    const parsed = parseListingQuery(request.query);
    if (!parsed.ok) throw invalid("query", parsed.message);
    const query: ListingQuery = parsed.query;
    const names = scope?.names ?? (await this.categoriesOf(ctx)).names;
    // The index first: getting it catches up with catalog changes, which may clear the text matches.
    const index = await this.deps.indexes.get(ctx.site);
    const [text, redirect] = await Promise.all([
      query.freeText ? this.match(ctx.lang, query.freeText) : Promise.resolve(undefined),
      query.freeText && query.filters.length === 0 && !scope ? this.keywordRedirect(ctx, query.freeText) : Promise.resolve(null),
    ]);
    const result = index.query({
      lang: ctx.lang,
      category: scope?.category.code,
      text,
      filters: query.filters,
      sort: query.sort,
      page: request.currentPage,
      pageSize: request.pageSize,
    });
    const found = await this.deps.families.load(result.baseCodes, ctx.site, ctx.lang, ctx.currency);
    const products = result.baseCodes
      .map((code) => found.get(code) && productView(found.get(code)!, code, ctx, "BASIC"))
      .filter((p): p is NonNullable<typeof p> => !!p);
    return assembleSearchPage({
      query,
      result,
      products,
      page: request.currentPage,
      pageSize: request.pageSize,
      lang: ctx.lang,
      site: ctx.site,
      categories: names,
      category: scope?.category,
      spellingSuggestion: query.freeText && result.total === 0 ? spellingSuggestion(query.freeText, index.vocabulary(ctx.lang), ctx.lang) : null,
      keywordRedirectUrl: redirect,
    });
  }

  /** Words completing the last one typed, and the first few products for the best completion. */
  async suggestions(ctx: ShopContext, term: string, max: number): Promise<Suggestions> {
    const index = await this.deps.indexes.get(ctx.site);
    const words = normalizeSearchText(term).split(" ");
    const last = words.pop() ?? "";
    const vocabulary = [...index.vocabulary(ctx.lang)]
      .filter((w) => w.startsWith(last) && w !== last)
      .sort()
      .slice(0, max);
    const prefix = words.length ? `${words.join(" ")} ` : "";
    const suggestions = vocabulary.map((w) => ({ value: `${prefix}${w}` }));
    const text = await this.match(ctx.lang, suggestions[0]?.value ?? term);
    const result = index.query({ lang: ctx.lang, text, filters: [], sort: "relevance", page: 0, pageSize: 4, facets: false });
    const found = await this.deps.families.load(result.baseCodes, ctx.site, ctx.lang, ctx.currency);
    const products = result.baseCodes.map((code) => found.get(code) && productView(found.get(code)!, code, ctx, "BASIC")).filter((p) => !!p);
    return {
      suggestions,
      products: products.map((p) => ({ code: p.code, name: p.name, url: p.url, imageUrl: p.images[0]?.url })),
    };
  }

  /** The category page a search term leads straight to, if it is one of the site's keywords. */
  async keywordRedirect(ctx: Pick<ShopContext, "site" | "lang">, term: string): Promise<string | null> {
    const targets = await this.redirects.forceFetch(`${ctx.site}|${ctx.lang}`, { context: () => keywordRedirects(this.deps.db, ctx.site, ctx.lang) });
    return targets.get(normalizeSearchText(term)) ?? null;
  }

  async categories(ctx: ShopContext): Promise<{ code: string; name: string; url: string; parent?: string }[]> {
    const { rows } = await this.categoriesOf(ctx);
    return rows.map((r) => ({ code: r.code, name: r.name, url: `/c/${r.code}`, parent: r.parent_code ?? undefined }));
  }

  async sitemap(ctx: ShopContext, currentPage: number, pageSize: number): Promise<SitemapPage> {
    const page = await sitemapPage(this.deps.db, ctx.site, ctx.lang, currentPage, pageSize);
    return { entries: page.entries, totalPages: Math.max(1, Math.ceil(page.total / pageSize)), pageSize };
  }
}
