import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ProductCodeParamSchema } from "../lib/schemas.server";
import { messages } from "../brands/messages";
import { Price } from "../components/Price";
import { StockStatus } from "../components/ProductCard";
import { clientContext } from "../lib/api-client.server";
import { CACHE_CONTROL, cacheHeaders } from "../lib/cache";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { compareProducts } from "../models/product.server";
import type { loader as rootLoader } from "../root";

export const headers = cacheHeaders;

/** Side-by-side comparison: /compare?codes=A&codes=B (or codes=A,B). Brewers use compare-appliance. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const url = new URL(request.url);
  const codes = [...new Set(url.searchParams.getAll("codes").flatMap((c) => c.split(",")).map((c) => c.trim()).filter((c) => ProductCodeParamSchema.safeParse(c).success))].slice(0, 4);
  if (codes.length < 2) return data({ comparison: null, codes }, { headers: { "Cache-Control": CACHE_CONTROL.catalog } });
  const comparison = await orFailedPage(compareProducts(clientContext(context), codes));
  return data({ comparison, codes }, { headers: { "Cache-Control": CACHE_CONTROL.catalog } });
}

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as { lang?: "en" | "fr" } | undefined;
  return [{ title: messages(root?.lang ?? "en").compareTitle }, { name: "robots", content: "noindex, follow" }];
};

export default function ComparePage() {
  const { comparison } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const lang = root?.lang ?? "en";
  const t = messages(lang);
  return (
    <div className="compare-page">
      <h1>{t.compareTitle}</h1>
      {!comparison ? (
        <p>{t.compareNeedTwo} <Link to={localePath(lang, "/c/brewers")}>{t.compareSeeBrewers}</Link></p>
      ) : (
        <div className="table-scroll">
          <table className="compare-table">
            <thead>
              <tr>
                <td />
                {comparison.products.map((p) => (
                  <th key={p.code} scope="col">
                    <Link to={localePath(lang, p.url)}>
                      {p.images[0] ? <img src={p.images[0].url} alt="" width={120} height={120} /> : null}
                      <span>{p.name}</span>
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t.comparePrice}</th>
                {comparison.products.map((p) => <td key={p.code}><Price price={p.price} original={p.originalPriceData} lang={lang} /></td>)}
              </tr>
              <tr>
                <th scope="row">{t.compareAvailability}</th>
                {comparison.products.map((p) => <td key={p.code}><StockStatus status={p.stock.stockLevelStatus} lang={lang} /></td>)}
              </tr>
              {comparison.features.map((f) => (
                <tr key={f.code}>
                  <th scope="row">{f.name}</th>
                  {comparison.products.map((p) => <td key={p.code}>{f.values[p.code] ?? "—"}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
