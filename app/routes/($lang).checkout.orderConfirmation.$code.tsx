import { type HeadersFunction, type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { checkoutMessages } from "../brands/checkout-messages";
import { localeFor } from "../../commerce/contract/money";
import { colon } from "../../lib/format";
import { format } from "../brands/locale";
import { Field, FormMessage, Notice, SubmitButton } from "../components/FormFields";
import { OrderSummary } from "../components/OrderSummary";
import { shopperOf } from "../lib/account-forms.server";
import { checkoutApiProblem, checkoutCaller, CreateAccountFormSchema } from "../lib/checkout-forms.server";
import { OrderCodeSchema } from "../lib/schemas.server";
import { readFormFields } from "../lib/form-body.server";
import { checkForm, formAnswer, formText, formPageHeaders } from "../lib/form-validation.server";
import { notFoundPage, orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { createAccountFromOrder, getOrder } from "../models/checkout.server";
import { pointsFor } from "../../commerce/contract/points";
import { perksMessages } from "../brands/perks-messages";
import { clientContext } from "../lib/api-client.server";
import { PERKS_WALK_UP_COOKIE, perksProgram } from "../lib/perks.server";
import { formatDate, formatLocale } from "../../lib/format";
import { listSubscriptions } from "../models/auto-delivery.server";
import { analyticsAllowed, isRepeatVisitor, UTAG_MAIN } from "../lib/analytics.server";
import { type AnalyticsHandle, lineFacts, orderFacts } from "../lib/data-layer";
import { getTealiumTags } from "../models/analytics.server";

/**
 * The order confirmation: number, items, address, delivery and totals in the store's currency
 * and language. A member sees their own orders; a guest the orders placed in this browser, and
 * may keep theirs in a new account.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const code = OrderCodeSchema.safeParse(params.code);
  if (!code.success) notFoundPage();
  const shopper = shopperOf(context);
  const guest = shopper.userPathId === "anonymous";
  const guid = guest ? shopper.guestOrderGuid(code.data) : undefined;
  if (guest && !guid) notFoundPage();
  const order = await orFailedPage(getOrder(checkoutCaller(context), code.data, guid));
  const url = new URL(request.url);
  const accountRequested = url.searchParams.get("account") === "requested";
  const perksClaimed = accountRequested && url.searchParams.get("perks") === "1";
  // A walk-up member (joined perks at checkout as a guest) collects the order's points with the account.
  const walkUp = guest && order.guest && shopper.cookie(PERKS_WALK_UP_COOKIE) === "true";
  const walkUpPoints = walkUp ? pointsFor(order.subTotal.minor - order.totalDiscounts.minor, (await perksProgram(clientContext(context))).pointsPerDollar) : 0;
  // The subscriptions this order started (decision 053: the first order makes them), named with their next delivery.
  // A monthly box's lines are ordinary (STD) lines of the order, so a member's order is always asked about.
  const started = !guest
    ? (await listSubscriptions(clientContext(context)).catch(() => ({ subscriptions: [] }))).subscriptions.filter((s) => s.firstOrderCode === order.code)
    : [];
  const locale = formatLocale(context.lang, context.brand.currency);
  const subscriptions = started.map((s) => ({
    code: s.code,
    kind: s.kind,
    nextDelivery: formatDate(s.nextDeliveryDate, locale),
    frequencyWeeks: s.frequencyWeeks,
    commitment: s.commitment ? { name: s.commitment.name, text: s.commitment.commitmentText, earlyCancellation: s.commitment.earlyCancellationText } : null,
  }));
  // With analytics consent, the service adds what the order's lines do not say: the products' categories, flags and badges (decision 080).
  const tags = analyticsAllowed(request, context)
    ? await getTealiumTags(checkoutCaller(context), {
        pageType: "confirmation",
        lang: context.lang,
        orderCode: order.code,
        cartGuid: guid,
        repeatVisitor: isRepeatVisitor(shopper.cookie(UTAG_MAIN), Date.now()),
      }).catch((err: unknown) => {
        context.logger.warn({ err, correlationId: context.correlationId }, "analytics tags unavailable on the order confirmation");
        return undefined;
      })
    : undefined;
  return data(
    {
      order,
      analytics: tags ? { product_category: tags.product_category, segment_codes: tags.segment_codes } : undefined,
      canCreateAccount: guest && order.guest && !context.webapp,
      accountRequested,
      webapp: context.webapp,
      walkUpPoints,
      perksClaimed,
      subscriptions,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const form = await readFormFields(request);
  const code = OrderCodeSchema.safeParse(params.code);
  const guid = code.success ? shopperOf(context).guestOrderGuid(code.data) : undefined;
  if (!code.success || !guid) return formAnswer(form, { error: formText(context).pageOutOfDate }, 404);
  const checked = checkForm(context, CreateAccountFormSchema, form);
  if ("answer" in checked) return checked.answer;
  try {
    await createAccountFromOrder(checkoutCaller(context), code.data, guid, checked.data.password);
  } catch (err) {
    return checkoutApiProblem(context, err, form);
  }
  const shopper = shopperOf(context);
  // The service credits a walk-up member's points once the account is made; the page says so once more, then forgets.
  const walkUp = shopper.cookie(PERKS_WALK_UP_COOKIE) === "true";
  shopper.deleteCookie(PERKS_WALK_UP_COOKIE);
  return redirect(`${localePath(context.lang, `/checkout/orderConfirmation/${code.data}`)}?account=requested${walkUp ? "&perks=1" : ""}`, 303);
}

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const handle: AnalyticsHandle = {
  analytics: (data: ReturnType<typeof useLoaderData<typeof loader>>) => ({
    pageType: "confirmation",
    products: data.order.entries.map(lineFacts),
    order: orderFacts(data.order),
    service: data.analytics,
  }),
};

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: checkoutMessages(lang, brand?.id).orderConfirmedTitle }, { name: "robots", content: "noindex" }];
};

export default function OrderConfirmation() {
  const { order, canCreateAccount, accountRequested, webapp, walkUpPoints, perksClaimed, subscriptions } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = checkoutMessages(lang, brand.id);
  const p = perksMessages(lang, brand.id);
  return (
    <div className="order-confirmation">
      <h1>{t.orderConfirmedTitle}</h1>
      <p className="order-confirmation__number">
        {t.orderNumber}
        {colon(localeFor(brand.currency, lang))}
        <strong data-testid="order-number">{order.code}</strong>
      </p>
      <p>{format(t.confirmationSent, { email: order.email })}</p>
      {subscriptions.map((s) => (
        <div key={s.code}>
          <p className="notice" data-testid="subscription-started">
            {format(s.kind === "monthlyBox" ? t.boxStarted : t.adStarted, {
              code: s.code,
              date: s.nextDelivery,
              frequency: s.frequencyWeeks === 1 ? t.adEveryOne : format(t.adEveryMany, { n: s.frequencyWeeks }),
            })}
          </p>
          {s.commitment ? (
            <p className="notice" data-testid="subscription-commitment">
              {format(t.adCommitment, { code: s.code, name: s.commitment.name, commitment: s.commitment.text })} {s.commitment.earlyCancellation}
            </p>
          ) : null}
        </div>
      ))}
      <OrderSummary order={order} t={t} lang={lang} brand={brand.id} />
      {accountRequested ? <Notice>{t.createAccountSent}</Notice> : null}
      {perksClaimed ? <Notice>{p.walkUpClaimed}</Notice> : null}
      {canCreateAccount && !accountRequested ? (
        <section aria-labelledby="create-account-heading" className="checkout-section">
          <h2 id="create-account-heading">{t.createAccountTitle}</h2>
          <p>{format(t.createAccountText, { email: order.email })}</p>
          {walkUpPoints > 0 ? <p className="notice perks-earns">{format(p.walkUpClaim, { points: walkUpPoints })}</p> : null}
          <Form method="post" className="checkout-form">
            <FormMessage state={problem} />
            <Field
              form="account"
              name="password"
              type="password"
              label={t.password}
              hint={t.passwordHint}
              autoComplete="new-password"
              required
              state={problem}
            />
            <SubmitButton>{t.createAccount}</SubmitButton>
          </Form>
        </section>
      ) : null}
      {webapp ? null : (
        <Link to={localePath(lang, "/")} className="button">
          {t.keepShopping}
        </Link>
      )}
    </div>
  );
}
