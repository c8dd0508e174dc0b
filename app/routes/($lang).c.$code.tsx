import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { format, messages } from "../brands/messages";
import { Breadcrumbs, ListingBody } from "../components/ListingPage";
import { clientContext } from "../lib/api-client.server";
import { CACHE_CONTROL, cacheHeaders } from "../lib/cache";
import { listingStateFromUrl } from "../lib/listing-url";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { categoryCodeOrNotFound, requireLangSegment } from "../lib/route-guards.server";
import { seoMeta } from "../lib/seo";
import { toCard } from "../models/product.server";
import { getCategoryListing, toListingPageView } from "../models/search.server";
import type { loader as rootLoader } from "../root";

export const headers = cacheHeaders;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const url = new URL(request.url);
  const code = categoryCodeOrNotFound(params.code, url, context.lang);
  const state = listingStateFromUrl(url.searchParams);
  const ctx = clientContext(context);
  const { products, category, ...page } = await orFailedPage(getCategoryListing(ctx, code, state));
  return data(
    {
      category,
      view: { page: toListingPageView(page), products: products.map(toCard), state, basePath: localePath(context.lang, `/c/${category.code}`) },
      seo: { host: context.brand.host, brandName: context.brand.name },
    },
    { headers: { "Cache-Control": CACHE_CONTROL.catalog } },
  );
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data;
  if (!data || !root) return [];
  const { category, view, seo } = data;
  const filtered = view.state.filters.length > 0 || view.state.page > 1 || view.state.sort;
  const title = `${category.name} | ${seo.brandName}`;
  const description = format(messages(root.lang).categoryDescription, { name: category.name.toLowerCase(), n: view.page.pagination.totalResults });
  // Filtered and later pages point search engines at the plain category page.
  return seoMeta({ id: root.brand.id, host: seo.host, languages: root.brand.languages }, root.lang, category.url, title, description, filtered ? [{ name: "robots", content: "noindex, follow" }] : []);
};

export default function CategoryPage() {
  const { category, view } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const lang = root?.lang ?? "en";
  return (
    <div className="category-page">
      <Breadcrumbs trail={category.breadcrumbs} lang={lang} />
      <h1>{category.name}</h1>
      {category.subcategories.length > 0 ? (
        <ul className="subcategories">
          {category.subcategories.map((s) => (
            <li key={s.code}><Link to={localePath(lang, s.url)} className="chip">{s.name}</Link></li>
          ))}
        </ul>
      ) : null}
      <ListingBody view={view} lang={lang} compare={category.code === "brewers"} />
    </div>
  );
}
