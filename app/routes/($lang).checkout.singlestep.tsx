import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import type { AddressList } from "../../commerce/contract/address";
import { format } from "../brands/locale";
import { AutoDeliverySection } from "../components/checkout/AutoDeliverySection";
import { CheckoutSummary } from "../components/checkout/CheckoutSummary";
import { CheckoutTextsProvider } from "../components/checkout/CheckoutSection";
import { ContactSection } from "../components/checkout/ContactSection";
import { DeliveryAddressSection } from "../components/checkout/DeliveryAddressSection";
import { DeliveryModeSection } from "../components/checkout/DeliveryModeSection";
import { PaymentSection } from "../components/checkout/PaymentSection";
import { PaypalCheckout } from "../components/checkout/PaypalCheckout";
import { ReviewSection } from "../components/checkout/ReviewSection";
import { PerksJoinSection } from "../components/checkout/PerksJoinSection";
import { problemFor } from "../components/FormFields";
import { AddressChoiceFormSchema, addressReviewOf, forgetAddressReview, reviewTypedAddress, takeAddressChoice } from "../lib/address-review.server";
import { localePath } from "../lib/paths";
import { type PageHandle, useShop } from "../lib/shop";
import type { AnalyticsHandle } from "../lib/data-layer";
import {
  affiliateOf,
  ApiError,
  addDeliveryAddress,
  CardFormSchema,
  ChooseAddressFormSchema,
  checkForm,
  checkoutApiProblem,
  checkoutCaller,
  checkoutPageTexts,
  checkoutText,
  chooseDeliveryAddress,
  data,
  DeliveryAddressFormSchema,
  DeliveryFormSchema,
  formAnswer,
  formPageHeaders,
  formText,
  chosenFrequency,
  getCheckout,
  GuestEmailFormSchema,
  joinPerksAtCheckout,
  listAddresses,
  newCheckoutKey,
  orFailedPage,
  paypalNoticeOf,
  PERKS_WALK_UP_COOKIE,
  PerksJoinRequestSchema,
  placeOrder,
  PlaceOrderFormSchema,
  readFormFields,
  redirect,
  rememberPerksMember,
  requireLangSegment,
  savePaymentDetails,
  saveSection,
  sendToPaypal,
  setDeliveryDetails,
  setGuestEmail,
  shippingCountry,
  shopperOf,
} from "../lib/checkout-page.server";

/**
 * Single-step checkout: contact, delivery address, delivery method, payment and review on one
 * page (app/components/checkout/), each section its own plain form that posts here and comes back
 * at the next section (with JavaScript, React Router posts without a reload and the sections update in
 * place). The service prices everything.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const shopper = shopperOf(context);
  const cartPage = localePath(context.lang, "/cart");
  const member = shopper.userPathId !== "anonymous";
  const guid = member ? "current" : shopper.cart.guid;
  if (!guid) throw redirect(cartPage, 303);
  // A cart that is gone (ordered in another tab, say) sends the shopper back to the cart page.
  const checkout = await orFailedPage(
    getCheckout(checkoutCaller(context), guid).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) throw redirect(cartPage, 303);
      throw err;
    }),
  );
  if (checkout.cart.entries.length === 0) throw redirect(cartPage, 303);
  const url = new URL(request.url);
  const addressPage = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get("addressPage") ?? "0", 10) || 0));
  const addressBook: AddressList | null = member ? await listAddresses(checkoutCaller(context).api, addressPage).catch(() => null) : null;
  return data(
    {
      checkout,
      addressBook,
      addressReview: addressReviewOf(context),
      // A fresh key per page view: every resubmit of this page's review finds the same order.
      checkoutKey: newCheckoutKey(),
      isAgent: shopper.agent !== undefined,
      paypal: shopper.agent ? null : { offered: checkout.wallets.includes("paypal"), notice: paypalNoticeOf(url) },
      webapp: context.webapp,
      // The page's phrases in its language, instead of every store's dictionaries in its scripts.
      texts: checkoutPageTexts(context.lang, context.brand.id, shippingCountry(context)),
      autoDelivery: checkout.cart.entries.some((e) => e.entryType !== "STD" && e.rewardId === undefined)
        ? {
            frequencyWeeks: chosenFrequency(context),
            signInHref: `${localePath(context.lang, "/login")}?returnTo=${encodeURIComponent(localePath(context.lang, "/checkout/singlestep"))}`,
          }
        : undefined,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Each section's post (its `intent`), saved through the model; the page comes back at the next section. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  // The store ships within its own country: addresses are checked (and phrased) for it.
  const form: Record<string, string> = { ...(await readFormFields(request)), country: shippingCountry(context) };
  const shopper = shopperOf(context);
  const caller = checkoutCaller(context);
  const member = shopper.userPathId !== "anonymous";
  // The review form sent again (a double click without JavaScript, or Back and resend): the order exists; the cart page says so.
  const placed = form.intent === "place" ? shopper.orderPlacedWith(form.checkoutKey) : undefined;
  if (placed) {
    await shopper.rememberResentOrder(placed);
    return redirect(localePath(context.lang, "/cart"), 303);
  }
  const guid = member ? "current" : shopper.cart.guid;
  if (!guid) return redirect(localePath(context.lang, "/cart"), 303);
  try {
    switch (form.intent) {
      case "email":
        return await saveSection(context, form, GuestEmailFormSchema, (input) => setGuestEmail(caller, guid, input.email), "delivery-address");
      case "address": {
        const saveInAddressBook = member && form.saveInAddressBook === "on";
        const review = await reviewTypedAddress(context, form, saveInAddressBook);
        if (review) return review;
        return await saveSection(
          context,
          form,
          DeliveryAddressFormSchema,
          (input) => addDeliveryAddress(caller, guid, input, saveInAddressBook),
          "delivery-mode",
        );
      }
      case "addressChoice": {
        const checked = checkForm(context, AddressChoiceFormSchema, form);
        if ("answer" in checked) return checked.answer;
        const chosen = await takeAddressChoice(context, checked.data.choice);
        if (!chosen) return redirect(`${localePath(context.lang, "/checkout/singlestep")}#delivery-address`, 303);
        const saveInAddressBook = member && chosen.saveInAddressBook;
        return await saveSection(
          context,
          { ...chosen.form, country: form.country! },
          DeliveryAddressFormSchema,
          (input) => addDeliveryAddress(caller, guid, input, saveInAddressBook),
          "delivery-mode",
        );
      }
      case "chooseAddress":
        await forgetAddressReview(context);
        return await saveSection(context, form, ChooseAddressFormSchema, (input) => chooseDeliveryAddress(caller, guid, input.addressId), "delivery-mode");
      case "delivery":
        return await saveSection(context, form, DeliveryFormSchema, (input) => setDeliveryDetails(caller, guid, input), "payment");
      case "card":
        // Agents never take card numbers: the customer enters their own.
        if (shopper.agent) return formAnswer(form, { error: checkoutText(context).agentNoCard }, 403);
        return await saveSection(
          context,
          form,
          CardFormSchema,
          // Cards are kept per cart, named by its guid (a member's too).
          async (card) => savePaymentDetails(caller, member ? (await getCheckout(caller, guid)).cart.guid : guid, card),
          "review",
        );
      case "paypal":
        return await sendToPaypal(context, request, form, guid);
      case "perksJoin": {
        const checked = checkForm(context, PerksJoinRequestSchema, form);
        if ("answer" in checked) return checked.answer;
        const answer = await joinPerksAtCheckout(caller, guid, checked.data.join);
        // A guest's points come with the account made from the confirmation page; a member joined at once.
        if (member) await rememberPerksMember(context, answer.perks?.member ?? checked.data.join);
        else if (checked.data.join) shopper.setCookie(PERKS_WALK_UP_COOKIE, "true");
        else shopper.deleteCookie(PERKS_WALK_UP_COOKIE);
        return redirect(`${localePath(context.lang, "/checkout/singlestep")}#review`, 303);
      }
      case "place": {
        const checked = checkForm(context, PlaceOrderFormSchema, form);
        if ("answer" in checked) return checked.answer;
        // Kept should the order be refused: the page comes back with the frequency the shopper chose.
        if (checked.data.adFrequencyWeeks !== undefined) await shopper.rememberAdFrequency(checked.data.adFrequencyWeeks);
        const order = await placeOrder(caller, guid, { ...checked.data, affiliate: affiliateOf((name) => shopper.cookie(name)) });
        await shopper.rememberOrder({ code: order.code, guid: member ? "" : guid, guest: !member, checkoutKey: checked.data.checkoutKey });
        return redirect(localePath(context.lang, `/checkout/orderConfirmation/${order.code}`), 303);
      }
      default:
        return formAnswer(form, { error: formText(context).pageOutOfDate });
    }
  } catch (err) {
    // A refused order names the product it is about by code: the shopper reads its name.
    const names = new Map<string, string>();
    if (form.intent === "place" && err instanceof ApiError && err.status < 500) {
      const now = await getCheckout(caller, guid).catch(() => null);
      for (const e of now?.cart.entries ?? []) names.set(e.product.code, e.product.name);
    }
    return checkoutApiProblem(context, err, form, names);
  }
}

// A purchase half made: the header leads nowhere but back to the shop's home and to help.
export const handle: PageHandle & AnalyticsHandle = { checkoutHeader: true, analytics: () => ({ pageType: "checkout" }) };

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...(data ? [{ title: data.texts.checkout.checkoutTitle }] : []),
  { name: "robots", content: "noindex" },
];

const SECTION_INTENTS = ["email", "address", "addressChoice", "chooseAddress", "delivery", "card", "paypal"];

export default function SingleStepCheckout() {
  const { checkout, addressBook, addressReview, checkoutKey, isAgent, paypal, webapp, texts, autoDelivery } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const { lang } = useShop();
  const t = texts.checkout;
  const addressProblem = problemFor(problem, "address") ?? problemFor(problem, "chooseAddress");
  // The order's own refusals, and a post no section sent, show above the order button.
  const reviewProblem = problem && !SECTION_INTENTS.includes(problem.intent ?? "") ? problem : undefined;
  return (
    <CheckoutTextsProvider value={texts}>
      <div className="checkout-page">
        <header className="checkout-page__header">
          <h1>{t.checkoutTitle}</h1>
          {webapp ? null : (
            <Link to={localePath(lang, "/cart")} className="link-button">
              {t.backToCart}
            </Link>
          )}
        </header>
        {/* Stock and what is still sold, checked with the checkout: what would stop the order is said before the shopper fills in the rest. */}
        {checkout.cartChanges.length > 0 ? (
          <div className="form-error" role="alert">
            <p>{t.cartNeedsChanges}</p>
            <ul>
              {checkout.cartChanges.map((c) => (
                <li key={`${c.productCode}-${c.entryType}`}>
                  {format(c.kept === 0 ? t.soldOut : t.lowStock, {
                    product: checkout.cart.entries.find((e) => e.product.code === c.productCode)?.product.name ?? c.productCode,
                    available: c.kept,
                  })}
                </li>
              ))}
            </ul>
            <Link to={localePath(lang, "/cart")}>{t.backToCart}</Link>
          </div>
        ) : null}
        <div className="checkout-page__layout">
          <div className="checkout-page__steps">
            <ContactSection checkout={checkout} problem={problemFor(problem, "email")} webapp={webapp} />
            <DeliveryAddressSection checkout={checkout} addressBook={addressBook} problem={addressProblem} review={addressReview} />
            <DeliveryModeSection checkout={checkout} problem={problemFor(problem, "delivery")} />
            <PaymentSection checkout={checkout} problem={problemFor(problem, "card")} isAgent={isAgent} />
            {paypal?.offered || paypal?.notice ? <PaypalCheckout problem={problemFor(problem, "paypal")} notice={paypal.notice} /> : null}
            {checkout.perks && !isAgent ? <PerksJoinSection perks={checkout.perks} /> : null}
            {autoDelivery ? <AutoDeliverySection checkout={checkout} problem={reviewProblem} {...autoDelivery} /> : null}
            <ReviewSection checkout={checkout} problem={reviewProblem} checkoutKey={checkoutKey} />
          </div>
          <CheckoutSummary checkout={checkout} />
        </div>
      </div>
    </CheckoutTextsProvider>
  );
}
