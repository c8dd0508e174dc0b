import { type LoaderFunctionArgs, data, type MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { checkoutMessages } from "../brands/checkout-messages";
import { format } from "../brands/locale";
import { OrderSummary } from "../components/OrderSummary";
import { requireAccountHolder } from "../lib/account-guard.server";
import { checkoutCaller } from "../lib/checkout-forms.server";
import { notFoundPage, orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { getOrder } from "../models/checkout.server";
import { OrderCodeSchema } from "../lib/schemas.server";

/** One of the customer's orders, as it was placed. Another customer's order is not found. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const code = OrderCodeSchema.safeParse(params.code);
  if (!code.success) notFoundPage();
  const order = await orFailedPage(getOrder(checkoutCaller(context), code.data));
  return data({ order }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: format(checkoutMessages(lang, brand?.id).orderTitle, { code: loaded?.order.code ?? "" }) }, { name: "robots", content: "noindex" }];
};

export default function OrderDetailPage() {
  const { order } = useLoaderData<typeof loader>();
  const { lang, brand } = useShop();
  const t = checkoutMessages(lang, brand.id);
  return (
    <section aria-labelledby="order-heading" className="account-section">
      <h2 id="order-heading">{format(t.orderTitle, { code: order.code })}</h2>
      <OrderSummary order={order} t={t} lang={lang} brand={brand.id} />
      <Link to={localePath(lang, "/account/orders")}>{t.backToOrders}</Link>
    </section>
  );
}
