import { type LoaderFunctionArgs, data } from "react-router";
import { Link, useLoaderData } from "react-router";
import { localeFor } from "../../commerce/contract/money";
import { formatInstantDate } from "../../lib/format";
import { checkoutMessages } from "../brands/checkout-messages";
import { requireAccountHolder } from "../lib/account-guard.server";
import { accountMeta, useAccountText } from "../lib/account-page";
import { checkoutCaller } from "../lib/checkout-forms.server";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { getOrderHistory } from "../models/checkout.server";

/** Order history, newest first, ten to a page; each order opens its detail. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const page = Math.max(0, Math.min(1000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "0", 10) || 0));
  const history = await orFailedPage(getOrderHistory(checkoutCaller(context), page));
  return data({ history }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = accountMeta("ordersHeading");

export default function OrderHistoryPage() {
  const { history } = useLoaderData<typeof loader>();
  const { lang, brand, t } = useAccountText();
  const c = checkoutMessages(lang, brand.id);
  const { currentPage, totalPages } = history.pagination;
  const locale = localeFor(brand.currency, lang);
  return (
    <section aria-labelledby="orders-heading" className="account-section">
      <h2 id="orders-heading">{t.ordersHeading}</h2>
      {history.orders.length === 0 ? (
        <>
          <p>{t.noOrders}</p>
          <Link to={localePath(lang, "/")} className="button">
            {t.startShopping}
          </Link>
        </>
      ) : (
        <table className="cart-table order-history">
          <thead>
            <tr>
              <th scope="col">{c.orderNumber}</th>
              <th scope="col">{c.orderDate}</th>
              <th scope="col">{c.orderStatus}</th>
              <th scope="col">{c.orderUnits}</th>
              <th scope="col">{c.orderTotal}</th>
            </tr>
          </thead>
          <tbody>
            {history.orders.map((o) => (
              <tr key={o.code}>
                <td>
                  <Link to={localePath(lang, `/account/orders/${o.code}`)}>{o.code}</Link>
                </td>
                <td>{formatInstantDate(o.created, locale)}</td>
                <td>{o.status === "placed" ? c.status_placed : o.status}</td>
                <td>{o.units}</td>
                <td>{o.total.formattedValue}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {totalPages > 1 ? (
        <nav className="pager" aria-label={t.ordersHeading}>
          {currentPage > 0 ? <Link to={`?page=${currentPage - 1}`}>{c.newer}</Link> : null}
          {currentPage + 1 < totalPages ? <Link to={`?page=${currentPage + 1}`}>{c.older}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
