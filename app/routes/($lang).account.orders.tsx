import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireAccountHolder } from "../lib/account-guard.server";
import { accountMeta, useAccountText } from "../lib/account-page";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";

/** Order history. Orders arrive with checkout; until a customer has placed one the page says so. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  return null;
}

export const meta = accountMeta("ordersHeading");

export default function OrderHistoryPage() {
  const { lang, t } = useAccountText();
  return (
    <section aria-labelledby="orders-heading" className="account-section">
      <h2 id="orders-heading">{t.ordersHeading}</h2>
      <p>{t.noOrders}</p>
      <Link to={localePath(lang, "/")} className="button">
        {t.startShopping}
      </Link>
    </section>
  );
}
