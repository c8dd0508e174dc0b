import { data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { format } from "../brands/locale";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ListingBody } from "../components/ListingPage";
import { quizForCategory, QuizTeaser } from "../components/QuizTeaser";
import { CACHE_CONTROL, cacheHeaders } from "../lib/cache";
import { type AnalyticsHandle, cardFacts } from "../lib/data-layer";
import { listingStateFromUrl } from "../lib/listing-url";
import { orFailedPage } from "../lib/page-errors.server";
import { useLinkDelegation } from "../lib/link-delegation";
import { localePath } from "../lib/paths";
import { categoryCodeOrNotFound, pageApi } from "../lib/route-guards.server";
import { seoMeta } from "../lib/seo";
import { shopMeta, useShop } from "../lib/shop";
import { CookieJar } from "../lib/cookies.server";
import { appliedCategoryCoupons } from "../models/coupon.server";
import { toCard } from "../models/product.server";
import { getCategoryListing, toListingPageView } from "../models/search.server";

export const headers = cacheHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const api = pageApi(args);
  const url = new URL(args.request.url);
  const code = categoryCodeOrNotFound(args.params.code, url, api.lang);
  const state = listingStateFromUrl(url.searchParams);
  const coupons = appliedCategoryCoupons(new CookieJar(args.request.headers.get("cookie"), args.context.privacyCookiesEnabled));
  const { products, category, ...page } = await orFailedPage(getCategoryListing(api, code, state, coupons));
  return data(
    {
      category,
      view: { page: toListingPageView(page), products: products.map(toCard), state, basePath: localePath(api.lang, `/c/${category.code}`) },
    },
    // Coupon prices are this shopper's: no shared cache may keep them.
    { headers: { "Cache-Control": coupons.length ? "private, no-store" : CACHE_CONTROL.catalog } },
  );
}

export const handle: AnalyticsHandle = {
  analytics: (data: ReturnType<typeof useLoaderData<typeof loader>>) => ({
    pageType: "category",
    categoryCode: data.category.code,
    products: data.view.products.map(cardFacts),
  }),
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { brand, lang, t } = shopMeta(matches);
  if (!data || !brand) return [];
  const { category, view } = data;
  const filtered = view.state.filters.length > 0 || view.state.page > 1 || view.state.sort;
  const title = `${category.name} | ${brand.name}`;
  const description = format(t.categoryDescription, { name: category.name.toLowerCase(), n: view.page.pagination.totalResults });
  // Filtered and later pages point search engines at the plain category page.
  return seoMeta(brand, lang, category.url, title, description, filtered ? [{ name: "robots", content: "noindex, follow" }] : []);
};

export default function CategoryPage() {
  const { category, view } = useLoaderData<typeof loader>();
  const { lang } = useShop();
  const links = useLinkDelegation();
  return (
    <div className="category-page">
      <Breadcrumbs trail={category.breadcrumbs} lang={lang} />
      <h1>{category.name}</h1>
      {category.subcategories.length > 0 ? (
        <ul className="subcategories" {...links.containerProps}>
          {category.subcategories.map((s) => (
            <li key={s.code}>
              <a href={localePath(lang, s.url)} className="chip" data-discover="true">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {quizForCategory(category.code) ? <QuizTeaser quiz={quizForCategory(category.code)!} /> : null}
      <ListingBody view={view} lang={lang} compare={category.code === "brewers"} />
    </div>
  );
}
