import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { accountMessages } from "../brands/account-messages";
import { requireAccountHolder } from "../lib/account-guard.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";

/** Order history. Orders arrive with checkout; until a customer has placed one the page says so. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  return null;
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: accountMessages(lang, brand?.id).ordersHeading }, { name: "robots", content: "noindex" }];
};

export default function OrderHistoryPage() {
  const { lang, brand } = useShop();
  const t = accountMessages(lang, brand.id);
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
