import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { AddressList } from "../../commerce/contract/address";
import type { Lang } from "../../commerce/contract/common";
import { formatMoney } from "../../commerce/contract/money";
import { type CheckoutMessages } from "../brands/checkout-messages";
import { deliveryEstimateLabel, regionOptions, taxLineLabel } from "../brands/checkout-pricing-messages";
import { format } from "../brands/messages";
import { Field, type FormState, SubmitButton } from "../components/AccountForm";
import { AddressLines } from "../components/AddressLines";
import { shopperOf } from "../lib/account-forms.server";
import { ApiError } from "../lib/api-client.server";
import {
  CardFormSchema,
  ChooseAddressFormSchema,
  type CheckoutProblem,
  checkoutApiProblem,
  checkoutCaller,
  checkoutText,
  DeliveryFormSchema,
  deliveryAddressFromForm,
  GuestEmailFormSchema,
  invalidSection,
  newCheckoutKey,
  PlaceOrderFormSchema,
  shippingCountry,
} from "../lib/checkout-forms.server";
import { readFormFields } from "../lib/form-body.server";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { checkoutMessages } from "../brands/checkout-messages";
import { listAddresses } from "../models/account.server";
import { validateCart } from "../models/cart.server";
import {
  addDeliveryAddress,
  chooseDeliveryAddress,
  getCheckout,
  placeOrder,
  savePaymentDetails,
  setDeliveryDetails,
  setGuestEmail,
} from "../models/checkout.server";

/**
 * Single-step checkout: contact, delivery address, delivery method, payment and review on one
 * page, each section its own plain form that posts here and comes back (with JavaScript, Remix
 * posts without a reload and the sections update in place). The service prices everything; the
 * review sends back the total the shopper saw and a key for this page, so a changed total stops
 * the order and a second click finds the first order.
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
  // Stock and what is still sold, checked again: what would stop the order is said before the shopper fills in the rest.
  const validation = await validateCart(checkoutCaller(context).api, checkout.cart.guid).catch(() => null);
  const url = new URL(request.url);
  const addressPage = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get("addressPage") ?? "0", 10) || 0));
  const addressBook: AddressList | null = member ? await listAddresses(checkoutCaller(context).api, addressPage).catch(() => null) : null;
  return data(
    {
      checkout,
      addressBook,
      cartChanges: validation?.changes ?? [],
      // A fresh key per page view: every resubmit of this page's review finds the same order.
      checkoutKey: newCheckoutKey(),
      isAgent: shopper.agent !== undefined,
      webapp: context.webapp,
      country: shippingCountry(context),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const form = await readFormFields(request);
  const shopper = shopperOf(context);
  const t = checkoutText(context);
  const caller = checkoutCaller(context);
  const member = shopper.userPathId !== "anonymous";
  const guid = member ? "current" : shopper.cart.guid;
  const here = localePath(context.lang, "/checkout/singlestep");
  if (!guid) return redirect(localePath(context.lang, "/cart"), 303);
  const intent = form.intent ?? "";
  const back = (section: string) => redirect(`${here}#${section}`, 303);
  try {
    switch (intent) {
      case "email": {
        const parsed = GuestEmailFormSchema.safeParse(form);
        if (!parsed.success) return invalidSection(t, intent, parsed.error, form);
        await setGuestEmail(caller, guid, parsed.data.email);
        return back("delivery-address");
      }
      case "address": {
        const parsed = deliveryAddressFromForm(form, shippingCountry(context));
        if (!parsed.success) return invalidSection(t, intent, parsed.error, form);
        await addDeliveryAddress(caller, guid, parsed.data, member && form.saveInAddressBook === "on");
        return back("delivery-mode");
      }
      case "chooseAddress": {
        const parsed = ChooseAddressFormSchema.safeParse(form);
        if (!parsed.success) return invalidSection(t, intent, parsed.error, form);
        await chooseDeliveryAddress(caller, guid, parsed.data.addressId);
        return back("delivery-mode");
      }
      case "delivery": {
        const parsed = DeliveryFormSchema.safeParse(form);
        if (!parsed.success) return invalidSection(t, intent, parsed.error, form);
        await setDeliveryDetails(caller, guid, parsed.data);
        return back("payment");
      }
      case "card": {
        // Agents never take card numbers: the customer enters their own.
        if (shopper.agent) return data<CheckoutProblem>({ intent, error: t.agentNoCard }, { status: 403 });
        const parsed = CardFormSchema.safeParse(form);
        if (!parsed.success) return invalidSection(t, intent, parsed.error, form);
        const { cardNumber, expiry, cvc, holder, billingPostalCode } = parsed.data;
        // Cards are kept per cart, named by its guid (a member's too).
        const cartGuid = member ? (await getCheckout(caller, guid)).cart.guid : guid;
        await savePaymentDetails(caller, cartGuid, {
          cardNumber,
          expiryMonth: expiry.expMonth,
          expiryYear: expiry.expYear,
          cvc,
          accountHolderName: holder,
          billingPostalCode,
        });
        return back("review");
      }
      case "place": {
        const parsed = PlaceOrderFormSchema.safeParse(form);
        if (!parsed.success) return invalidSection(t, intent, parsed.error, form);
        const order = await placeOrder(caller, guid, parsed.data);
        await shopper.rememberOrder({ code: order.code, guid: member ? "" : guid, guest: !member });
        return redirect(localePath(context.lang, `/checkout/orderConfirmation/${order.code}`), 303);
      }
      default:
        return data<CheckoutProblem>({ intent, error: format(t.checkoutProblem, { reason: intent }) }, { status: 400 });
    }
  } catch (err) {
    const names = new Map<string, string>();
    if (intent === "place" && err instanceof ApiError && err.status < 500) {
      const now = await getCheckout(caller, guid).catch(() => null);
      for (const e of now?.cart.entries ?? []) names.set(e.product.code, e.product.name);
    }
    return checkoutApiProblem(t, intent, err, form, names);
  }
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: checkoutMessages(lang, brand?.id).checkoutTitle }, { name: "robots", content: "noindex" }];
};

/** The section's refusal, when the last post was this section's. */
function stateOf(problem: CheckoutProblem | undefined, intent: string): FormState | undefined {
  return problem?.intent === intent ? problem : undefined;
}

function SectionError({ state }: { state: FormState | undefined }) {
  if (!state?.error) return null;
  return (
    <p className="form-error" role="alert">
      {state.error}
    </p>
  );
}

export default function SingleStepCheckout() {
  const { checkout, addressBook, cartChanges, checkoutKey, isAgent, webapp, country } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = checkoutMessages(lang, brand.id);
  const { cart } = checkout;
  const money = (minor: number) => formatMoney(minor, brand.currency, lang);
  const address = checkout.deliveryAddress;
  return (
    <div className="checkout-page">
      <header className="checkout-page__header">
        <h1>{t.checkoutTitle}</h1>
        {webapp ? null : (
          <Link to={localePath(lang, "/cart")} className="link-button">
            {t.backToCart}
          </Link>
        )}
      </header>
      {cartChanges.length > 0 ? (
        <div className="form-error" role="alert">
          <p>{t.cartNeedsChanges}</p>
          <ul>
            {cartChanges.map((c) => (
              <li key={`${c.productCode}-${c.entryType}`}>
                {format(c.kept === 0 ? t.soldOut : t.lowStock, {
                  product: cart.entries.find((e) => e.product.code === c.productCode)?.product.name ?? c.productCode,
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
          <section id="contact" aria-labelledby="contact-heading" className="checkout-section">
            <h2 id="contact-heading">{t.stepContact}</h2>
            {checkout.guest ? (
              <>
                <Form method="post" preventScrollReset className="checkout-form">
                  <input type="hidden" name="intent" value="email" />
                  <SectionError state={stateOf(problem, "email")} />
                  <Field
                    form="contact"
                    name="email"
                    type="email"
                    label={t.email}
                    hint={t.emailHint}
                    autoComplete="email"
                    required
                    defaultValue={checkout.email}
                    state={stateOf(problem, "email")}
                  />
                  <SubmitButton secondary={Boolean(checkout.email)}>{checkout.email ? t.change : t.saveAndContinue}</SubmitButton>
                </Form>
                {webapp ? null : (
                  <p className="checkout-section__aside">
                    {t.haveAccount}{" "}
                    <Link to={`${localePath(lang, "/login")}?returnTo=${encodeURIComponent(localePath(lang, "/checkout/singlestep"))}`}>
                      {t.signInForFaster}
                    </Link>
                  </p>
                )}
              </>
            ) : (
              <p>{format(t.orderingAs, { email: checkout.email ?? "" })}</p>
            )}
          </section>

          <section id="delivery-address" aria-labelledby="address-heading" className="checkout-section">
            <h2 id="address-heading">{t.stepDelivery}</h2>
            {address ? (
              <div className="checkout-section__chosen">
                <p className="checkout-section__label">{t.shipsTo}</p>
                <AddressLines address={address} />
              </div>
            ) : null}
            {addressBook && addressBook.addresses.length > 0 ? (
              <fieldset className="checkout-address-book">
                <legend>{t.addressBook}</legend>
                <ul className="address-list">
                  {addressBook.addresses.map((a) => (
                    <li key={a.id} className={`address-card${address?.id === a.id ? " address-card--chosen" : ""}`}>
                      <AddressLines address={a} />
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="chooseAddress" />
                        <input type="hidden" name="addressId" value={a.id} />
                        <button type="submit" className="button button--secondary" aria-pressed={address?.id === a.id}>
                          {t.useThisAddress}
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
                <nav className="pager" aria-label={t.addressBook}>
                  {addressBook.pagination.currentPage > 0 ? (
                    <Link to={`?addressPage=${addressBook.pagination.currentPage - 1}#delivery-address`} preventScrollReset>
                      {t.previousAddresses}
                    </Link>
                  ) : null}
                  {addressBook.pagination.currentPage + 1 < addressBook.pagination.totalPages ? (
                    <Link to={`?addressPage=${addressBook.pagination.currentPage + 1}#delivery-address`} preventScrollReset>
                      {t.moreAddresses}
                    </Link>
                  ) : null}
                </nav>
              </fieldset>
            ) : null}
            <details className="checkout-new-address" open={!address || problem?.intent === "address"}>
              <summary>{t.newAddress}</summary>
              <NewAddressForm t={t} state={stateOf(problem, "address")} country={country} member={!checkout.guest} lang={lang} />
            </details>
          </section>

          <section id="delivery-mode" aria-labelledby="mode-heading" className="checkout-section">
            <h2 id="mode-heading">{t.stepDeliveryMode}</h2>
            {checkout.deliveryModes.length === 0 ? (
              <p>{t.chooseAddressFirst}</p>
            ) : (
              <Form method="post" preventScrollReset className="checkout-form">
                <input type="hidden" name="intent" value="delivery" />
                <SectionError state={stateOf(problem, "delivery")} />
                <fieldset>
                  <legend className="visually-hidden">{t.stepDeliveryMode}</legend>
                  {checkout.deliveryModes.map((m) => (
                    <div key={m.code} className="field field--radio">
                      <input
                        type="radio"
                        id={`mode-${m.code}`}
                        name="deliveryModeId"
                        value={m.code}
                        defaultChecked={checkout.deliveryMode?.code === m.code}
                        required
                      />
                      <label htmlFor={`mode-${m.code}`}>
                        <strong>{m.name}</strong> — {m.costMinor === 0 ? t.deliveryFree : money(m.costMinor)}
                        <br />
                        <span className="field__hint">{deliveryEstimateLabel(m.estimate, lang, brand.id)}</span>
                      </label>
                    </div>
                  ))}
                </fieldset>
                <Field
                  form="mode"
                  name="contactNo"
                  type="tel"
                  label={t.contactNo}
                  autoComplete="tel"
                  defaultValue={checkout.contactNo}
                  state={stateOf(problem, "delivery")}
                />
                <SubmitButton secondary={Boolean(checkout.deliveryMode)}>{t.chooseDelivery}</SubmitButton>
              </Form>
            )}
          </section>

          <section id="payment" aria-labelledby="payment-heading" className="checkout-section">
            <h2 id="payment-heading">{t.stepPayment}</h2>
            {checkout.amountDue.minor === 0 ? (
              <p>{t.noCardNeeded}</p>
            ) : isAgent ? (
              <p className="notice">{t.agentNoCard}</p>
            ) : (
              <>
                {checkout.payment ? (
                  <p>{format(t.cardOnFile, { brand: checkout.payment.brand, last4: checkout.payment.last4, expiry: checkout.payment.expiry })}</p>
                ) : null}
                <details className="checkout-card" open={!checkout.payment || problem?.intent === "card"}>
                  <summary>{checkout.payment ? t.changeCard : t.useCard}</summary>
                  <Form method="post" preventScrollReset className="checkout-form" autoComplete="on">
                    <input type="hidden" name="intent" value="card" />
                    <SectionError state={stateOf(problem, "card")} />
                    <Field form="card" name="cardNumber" label={t.cardNumber} autoComplete="cc-number" required state={stateOf(problem, "card")} />
                    <Field form="card" name="holder" label={t.cardHolder} autoComplete="cc-name" required state={stateOf(problem, "card")} />
                    <Field form="card" name="expiry" label={t.expiry} autoComplete="cc-exp" required state={stateOf(problem, "card")} />
                    <Field form="card" name="cvc" label={t.cvc} autoComplete="cc-csc" required state={stateOf(problem, "card")} />
                    <Field
                      form="card"
                      name="billingPostalCode"
                      label={t.billingPostalCode}
                      autoComplete="billing postal-code"
                      required
                      defaultValue={address?.postalCode}
                      state={stateOf(problem, "card")}
                    />
                    <p className="field__hint">{t.testCards}</p>
                    <SubmitButton>{t.useCard}</SubmitButton>
                  </Form>
                </details>
              </>
            )}
          </section>

          <section id="review" aria-labelledby="review-heading" className="checkout-section">
            <h2 id="review-heading">{t.stepReview}</h2>
            <SectionError state={stateOf(problem, "place")} />
            {checkout.missing.length > 0 ? (
              <p className="notice">{format(t.stillMissing, { steps: checkout.missing.map((m) => t[`missing_${m}`]).join(", ") })}</p>
            ) : null}
            <Form method="post" className="checkout-form">
              <input type="hidden" name="intent" value="place" />
              <input type="hidden" name="checkoutKey" value={checkoutKey} />
              <input type="hidden" name="expectedTotal" value={checkout.totalPriceWithTax.minor} />
              <input type="hidden" name="expectedAmountDue" value={checkout.amountDue.minor} />
              <p className="checkout-review__total">
                {t.total}: <strong>{checkout.totalPriceWithTax.formattedValue}</strong>
              </p>
              <button type="submit" className="button button--primary" disabled={checkout.missing.length > 0}>
                {t.placeOrder}
              </button>
              <p className="field__hint">{t.placeOrderNote}</p>
            </Form>
          </section>
        </div>

        <aside className="checkout-summary" aria-labelledby="summary-heading">
          <h2 id="summary-heading">{t.orderSummary}</h2>
          <details className="checkout-summary__lines">
            <summary>
              {t.items} ({cart.totalUnitCount})
            </summary>
            <ul>
              {cart.entries.map((e) => (
                <li key={e.entryNumber}>
                  <span>
                    {e.quantity} × {e.product.name}
                    {e.product.packLabel ? ` · ${e.product.packLabel}` : ""}
                  </span>
                  <span>{e.totalPrice.formattedValue}</span>
                </li>
              ))}
            </ul>
          </details>
          <dl className="cart-totals">
            <dt>{t.subtotal}</dt>
            <dd>{cart.subTotal.formattedValue}</dd>
            {cart.totalDiscounts.minor > 0 ? (
              <>
                <dt>{t.discounts}</dt>
                <dd>−{cart.totalDiscounts.formattedValue}</dd>
              </>
            ) : null}
            <dt>{t.delivery}</dt>
            <dd>{checkout.deliveryMode ? (checkout.deliveryCost.minor === 0 ? t.deliveryFree : checkout.deliveryCost.formattedValue) : t.deliveryNotChosen}</dd>
            {checkout.taxLines.length > 0 ? (
              checkout.taxLines.map((l) => <TaxLine key={l.name} label={taxLineLabel(l, lang, brand.id)} amount={l.amount.formattedValue} />)
            ) : (
              <>
                <dt>{t.tax}</dt>
                <dd>{address ? checkout.totalTax.formattedValue : t.taxNotKnown}</dd>
              </>
            )}
            <dt>{t.total}</dt>
            <dd>
              <strong>{checkout.totalPriceWithTax.formattedValue}</strong>
            </dd>
            {checkout.giftCardAmount.minor > 0 ? (
              <>
                <dt>{t.giftCards}</dt>
                <dd>−{checkout.giftCardAmount.formattedValue}</dd>
                <dt>{t.amountDue}</dt>
                <dd>{checkout.amountDue.formattedValue}</dd>
              </>
            ) : null}
          </dl>
        </aside>
      </div>
    </div>
  );
}

function TaxLine({ label, amount }: { label: string; amount: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{amount}</dd>
    </>
  );
}

/** States or provinces by name; the value is the code the service expects. */
function RegionSelect({ label, country, state, lang }: { label: string; country: "US" | "CA"; state: FormState | undefined; lang: Lang }) {
  const regions = regionOptions(country, lang);
  const error = state?.fields?.region;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor="addr-region">{label}</label>
      <select
        id="addr-region"
        name="region"
        autoComplete="shipping address-level1"
        required
        defaultValue={state?.values?.region ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "addr-region-error" : undefined}
      >
        <option value="" disabled>
          —
        </option>
        {regions.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id="addr-region-error" className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function NewAddressForm({
  t,
  state,
  country,
  member,
  lang,
}: {
  t: CheckoutMessages;
  state: FormState | undefined;
  country: "US" | "CA";
  member: boolean;
  lang: Lang;
}) {
  return (
    <Form method="post" preventScrollReset className="checkout-form">
      <input type="hidden" name="intent" value="address" />
      <SectionError state={state} />
      <Field form="addr" name="firstName" label={t.firstName} autoComplete="shipping given-name" required state={state} />
      <Field form="addr" name="lastName" label={t.lastName} autoComplete="shipping family-name" required state={state} />
      <Field form="addr" name="line1" label={t.line1} autoComplete="shipping address-line1" required state={state} />
      <Field form="addr" name="line2" label={t.line2} autoComplete="shipping address-line2" state={state} />
      <Field form="addr" name="town" label={t.town} autoComplete="shipping address-level2" required state={state} />
      <RegionSelect label={t.region} country={country} state={state} lang={lang} />
      <Field form="addr" name="postalCode" label={t.postalCode} autoComplete="shipping postal-code" required state={state} />
      <Field form="addr" name="phone" type="tel" label={t.phone} autoComplete="shipping tel" state={state} />
      {member ? (
        <div className="field field--check">
          <input id="addr-saveInAddressBook" name="saveInAddressBook" type="checkbox" />
          <label htmlFor="addr-saveInAddressBook">{t.saveInAddressBook}</label>
        </div>
      ) : null}
      <SubmitButton>{t.useThisAddress}</SubmitButton>
    </Form>
  );
}
