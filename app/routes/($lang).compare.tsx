import { data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { AddToCartForm } from "../components/AddToCartForm";
import { CartAddedNotice } from "../components/CartAddedNotice";
import { Price } from "../components/Price";
import { StockStatus } from "../components/ProductCard";
import { CACHE_CONTROL, cacheHeaders } from "../lib/cache";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { pageApi } from "../lib/route-guards.server";
import { ProductCodeParamSchema } from "../lib/schemas.server";
import { shopMeta, useShop } from "../lib/shop";
import { compareProducts } from "../models/product.server";

export const headers = cacheHeaders;

/** Side-by-side comparison: /compare?codes=A&codes=B (or codes=A,B). Brewers use compare-appliance. */
export async function loader(args: LoaderFunctionArgs) {
  const api = pageApi(args);
  const url = new URL(args.request.url);
  const codes = [
    ...new Set(
      url.searchParams
        .getAll("codes")
        .flatMap((c) => c.split(","))
        .map((c) => c.trim())
        .filter((c) => ProductCodeParamSchema.safeParse(c).success),
    ),
  ].slice(0, 4);
  if (codes.length < 2) return data({ comparison: null, codes }, { headers: { "Cache-Control": CACHE_CONTROL.catalog } });
  const comparison = await orFailedPage(compareProducts(api, codes));
  return data({ comparison, codes }, { headers: { "Cache-Control": CACHE_CONTROL.catalog } });
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = shopMeta(matches);
  return [{ title: t.compareTitle }, { name: "robots", content: "noindex, follow" }];
};

export default function ComparePage() {
  const { comparison } = useLoaderData<typeof loader>();
  const { lang, t } = useShop();
  return (
    <div className="compare-page">
      <h1>{t.compareTitle}</h1>
      {!comparison || comparison.products.length < 2 ? (
        <p>
          {t.compareNeedTwo} <Link to={localePath(lang, "/c/brewers")}>{t.compareSeeBrewers}</Link>
        </p>
      ) : (
        <>
          <CartAddedNotice lang={lang} errors />
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
                  {comparison.products.map((p) => (
                    <td key={p.code}>
                      <Price price={p.price} original={p.originalPriceData} t={t} />
                    </td>
                  ))}
                </tr>
                <tr>
                  <th scope="row">{t.compareAvailability}</th>
                  {comparison.products.map((p) => (
                    <td key={p.code}>
                      <StockStatus status={p.stock.stockLevelStatus} t={t} />
                    </td>
                  ))}
                </tr>
                <tr>
                  <td />
                  {comparison.products.map((p) => (
                    <td key={p.code}>
                      {p.purchasable && p.stock.stockLevelStatus !== "outOfStock" ? (
                        <AddToCartForm
                          productCode={p.baseProduct ? p.code : (p.defaultVariantCode ?? p.code)}
                          lang={lang}
                          compact
                          withQuantity={false}
                          action={p.isBundle ? "/cart/add-bundle" : "/cart/add"}
                        />
                      ) : null}
                    </td>
                  ))}
                </tr>
                {comparison.features.map((f) => (
                  <tr key={f.code}>
                    <th scope="row">{f.name}</th>
                    {comparison.products.map((p) => (
                      <td key={p.code}>{f.values[p.code] ?? "—"}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
