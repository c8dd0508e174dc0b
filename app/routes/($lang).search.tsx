import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Link, useLoaderData } from "react-router";
import { format } from "../brands/locale";
import { ListingBody } from "../components/ListingPage";
import { ProductSection } from "../components/ProductCard";
import { CACHE_CONTROL, cacheHeaders } from "../lib/cache";
import { type AnalyticsHandle, cardFacts } from "../lib/data-layer";
import { listingSearch, listingStateFromUrl } from "../lib/listing-url";
import { orFailedPage } from "../lib/page-errors.server";
import { safeReturnPath, searchPath } from "../lib/paths";
import { pageApi } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { getBestSellers, toCard } from "../models/product.server";
import { searchProducts, toListingPageView } from "../models/search.server";

export const headers = cacheHeaders;

/** Search: /search?q= (French: /fr/recherche?q=). Category words ("brewers", "cafetières") jump to the category. */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = pageApi(args);
  const url = new URL(args.request.url);
  const state = listingStateFromUrl(url.searchParams);
  const basePath = searchPath(ctx.lang);
  if (!state.q) {
    const bestSellers = await orFailedPage(getBestSellers(ctx, 8));
    return data({ view: null, bestSellers: bestSellers.map(toCard), basePath, q: "" }, { headers: { "Cache-Control": CACHE_CONTROL.search } });
  }
  const listing = await orFailedPage(searchProducts(ctx, state));
  if (listing.keywordRedirectUrl && state.filters.length === 0 && state.page === 1) {
    // The API's keyword targets are already in the shopper's language (/fr/c/… for French).
    throw redirect(safeReturnPath(listing.keywordRedirectUrl), 302);
  }
  const { products, ...page } = listing;
  const bestSellers = products.length === 0 ? (await orFailedPage(getBestSellers(ctx, 8))).map(toCard) : [];
  return data(
    { view: { page: toListingPageView(page), products: products.map(toCard), state, basePath }, bestSellers, basePath, q: state.q },
    { headers: { "Cache-Control": CACHE_CONTROL.search } },
  );
}

export const handle: AnalyticsHandle = {
  analytics: (data: ReturnType<typeof useLoaderData<typeof loader>>) => ({ pageType: "search", products: data.view?.products.map(cardFacts) ?? [] }),
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { brand, t } = shopMeta(matches);
  const title = data?.q ? format(t.searchTitle, { q: data.q }) : t.searchEmptyTitle;
  return [{ title: `${title} | ${brand?.name ?? "Brewfront"}` }, { name: "robots", content: "noindex, follow" }];
};

export default function SearchPage() {
  const { view, bestSellers, basePath, q } = useLoaderData<typeof loader>();
  const { lang, t } = useShop();
  const suggestion = view?.page.spellingSuggestion;
  return (
    <div className="search-page">
      <h1>{q ? format(t.searchTitle, { q }) : t.searchEmptyTitle}</h1>
      {view && view.page.pagination.totalResults > 0 ? <ListingBody view={view} lang={lang} /> : null}
      {view && view.page.pagination.totalResults === 0 ? (
        <div className="empty-state">
          <p>{format(t.noResults, { q })}</p>
          {suggestion ? (
            <p className="did-you-mean">
              {t.didYouMean} <Link to={`${basePath}${listingSearch({ q: suggestion, sort: null, page: 1, filters: [] })}`}>{suggestion}</Link>?
            </p>
          ) : null}
          <p>{t.noResultsTips}</p>
        </div>
      ) : null}
      <ProductSection id="best-sellers" title={t.bestSellers} products={bestSellers} lang={lang} />
    </div>
  );
}
