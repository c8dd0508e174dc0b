import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useActionData, useLoaderData, useLocation } from "react-router";
import { useEffect } from "react";
import { formatMoney } from "../../commerce/contract/money";
import { ResentOrderNotice } from "../components/ResentOrderNotice";
import { CouponSection } from "../components/CouponSection";
import { outcomeFromSearch } from "../lib/coupon-outcome";
import { format } from "../brands/locale";
import { describedBy, FieldError, FormMessage, keptText, Notice } from "../components/FormFields";
import { GiftCardForm } from "../components/GiftCardForm";
import { LineRecipe } from "../components/LineRecipe";
import { MonthlyBoxLine } from "../components/MonthlyBoxLine";
import { SubtotalLines, TotalLine } from "../components/TotalLines";
import { localePath } from "../lib/paths";
import { useShop } from "../lib/shop";
import { RewardsPanel } from "../components/RewardsPanel";
import {
  ApiError,
  apiProblemText,
  boxLineTexts,
  cartPerksTexts,
  cartTexts,
  checkForm,
  chosenFrequency,
  clientContext,
  couponTexts,
  data,
  formAnswer,
  formText,
  getCartWithGiftCards,
  getLayoutContent,
  giftCardTexts,
  MAX_LINE_QUANTITY,
  orFailedPage,
  perksFromSiteConfig,
  readFormFields,
  RECURRING_ENTRY_TYPES,
  redirect,
  removeAdEntry,
  requireLangSegment,
  REWARD_INTENTS,
  rewardAction,
  rewardsPanel,
  shopperOf,
  UpdateCartRequestSchema,
  updateCartEntry,
} from "../lib/cart-page.server";
import { pointsForPrice, usePerks } from "../lib/perks";
import { type AnalyticsHandle, lineFacts } from "../lib/data-layer";

/** The cart: lines with quantity and remove, subtotal, how far free shipping is, and the estimated total. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const api = clientContext(context);
  const shopper = shopperOf(context);
  const [found, layout, mergeChanges] = await Promise.all([
    orFailedPage(getCartWithGiftCards(api, shopper.cart.guid)),
    getLayoutContent(api).catch(() => undefined),
    shopper.takeCartChanges(),
  ]);
  // After the merge changes are taken: each take writes the session cookie, and the last write must hold both.
  const resentOrder = await shopper.takeResentOrder();
  const cart = found?.cart ?? null;
  // An empty cart offers no gift cards.
  const giftCards = found && found.cart.entries.length > 0 ? found.giftCards : null;
  // Keep the header's count true to the cart (another tab or device may have changed it).
  const units = cart?.totalUnitCount ?? 0;
  if (units !== shopper.cart.quantity) await shopper.rememberCart(cart && shopper.userPathId === "anonymous" ? cart.guid : undefined, units);
  const freeFrom = Number(layout?.siteConfig["freeShipping.minimumPrice"] ?? NaN);
  // Perks rewards for a signed-in customer where the store has perks; a failure leaves the cart usable without them.
  const perks = layout ? perksFromSiteConfig(layout.siteConfig) : undefined;
  const rewards =
    perks?.enabled && cart && cart.entries.length > 0 && shopper.userPathId !== "anonymous"
      ? await rewardsPanel(api, new URL(request.url), cart).catch((err: unknown) => {
          context.logger.warn({ err, correlationId: context.correlationId }, "rewards unavailable on the cart page");
          return null;
        })
      : null;
  const freeShippingAway = Number.isFinite(freeFrom) && cart ? Math.max(0, freeFrom - cart.subTotal.minor) : undefined;
  const perksTexts = cartPerksTexts(context.lang, context.brand.id);
  return data(
    {
      cart,
      giftCards,
      freeShippingAway: freeShippingAway === undefined ? undefined : formatMoney(freeShippingAway, context.brand.currency, context.lang),
      freeShippingReached: freeShippingAway === 0,
      maxQuantity: MAX_LINE_QUANTITY,
      // One frequency per order: the checkout sends it, starting from the one chosen on the product page.
      adFrequencyWeeks: chosenFrequency(context),
      mergeChanges,
      resentOrder,
      texts: cartTexts(context.lang, context.brand.id),
      perksTexts,
      giftCardTexts: giftCardTexts(context.lang, context.brand.id),
      couponTexts: couponTexts(context.lang, context.brand.id),
      boxTexts: cart?.monthlyBox ? boxLineTexts(context.lang, context.brand.id) : null,
      rewards: rewards?.member ? { ...rewards, texts: perksTexts } : rewards,
      rewardOutcome: REWARD_OUTCOMES.find((o) => o === new URL(request.url).searchParams.get("reward")),
      // After an offer's "Add the brewer and first box" (decision 066): added, or in place of the bundle the cart held.
      offerOutcome: OFFER_OUTCOMES.find((o) => o === new URL(request.url).searchParams.get("offer")),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const form = await readFormFields(request);
  const shopper = shopperOf(context);
  if (REWARD_INTENTS.includes(form.intent ?? "")) return rewardAction(context, form);
  const line = { ...form, qty: form.intent === "remove" ? "0" : stepped(form.intent, form.qty) };
  // An auto-delivery line leaves the cart through its own call; the others by a quantity of 0.
  const adRemoval = form.intent === "remove" && RECURRING_ENTRY_TYPES.some((type) => type === form.entryType);
  const checked = checkForm(context, UpdateCartRequestSchema, line);
  if ("answer" in checked) return checked.answer;
  try {
    const { cartGuid, entryNumber, qty } = checked.data;
    const api = clientContext(context);
    const cart = adRemoval ? await removeAdEntry(api, cartGuid, entryNumber) : await updateCartEntry(api, cartGuid, entryNumber, qty);
    await shopper.rememberCart(shopper.userPathId === "anonymous" ? cart.guid : undefined, cart.totalUnitCount);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
    const reason = apiProblemText(formText(context, line), err.errors[0], line);
    return formAnswer(line, { error: format(cartTexts(context.lang, context.brand.id).cartProblem, { reason }) }, err.status);
  }
  return redirect(`${localePath(context.lang, "/cart")}?updated=1`, 303);
}

/** The stepper's − and + send the quantity in the field and which way to move it; anything not a whole number goes on to be refused as typed. */
function stepped(intent: string | undefined, qty: string | undefined): string | undefined {
  if ((intent !== "decrease" && intent !== "increase") || !/^\d{1,3}$/.test(qty?.trim() ?? "")) return qty;
  return String(Number(qty) + (intent === "increase" ? 1 : -1));
}

const REWARD_OUTCOMES = ["applied", "removed", "swapped"] as const;
const OFFER_OUTCOMES = ["added", "replaced"] as const;

export const handle: AnalyticsHandle = {
  analytics: (data: ReturnType<typeof useLoaderData<typeof loader>>) => ({ pageType: "cart", products: data.cart?.entries.map(lineFacts) ?? [] }),
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [...(data ? [{ title: data.texts.cartTitle }] : []), { name: "robots", content: "noindex" }];

export default function CartPage() {
  const {
    cart,
    freeShippingAway,
    freeShippingReached,
    maxQuantity,
    adFrequencyWeeks,
    mergeChanges,
    resentOrder,
    texts: t,
    giftCards,
    rewards,
    rewardOutcome,
    offerOutcome,
    perksTexts,
    giftCardTexts,
    couponTexts,
    boxTexts,
  } = useLoaderData<typeof loader>();
  const perks = usePerks();
  // After a reward was applied, removed or swapped: the cart-changed event, as an add to cart raises it (its quantity is the cart's units).
  const changedGuid = rewardOutcome ? cart?.guid : undefined;
  const changedUnits = cart?.totalUnitCount;
  useEffect(() => {
    if (!changedGuid) return;
    window.dispatchEvent(new CustomEvent("cartChanged", { detail: { cartGuid: changedGuid, quantity: changedUnits } }));
  }, [rewardOutcome, changedGuid, changedUnits]);
  const problem = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const p = perksTexts;
  const location = useLocation();
  const couponOutcome = outcomeFromSearch(new URLSearchParams(location.search));
  // A refused quantity shows on its own line, with what was typed.
  const refusedOn = (entryNumber: number) => (keptText(problem, "entryNumber") === String(entryNumber) ? problem : undefined);
  const coupons = (
    <CouponSection
      coupons={cart?.appliedCoupons ?? []}
      outcome={couponOutcome}
      lang={lang}
      texts={couponTexts}
      currency={brand.currency}
      returnTo={location.pathname}
    />
  );
  if (!cart || cart.entries.length === 0) {
    return (
      <div className="cart-page">
        <h1>{t.cartTitle}</h1>
        {resentOrder ? <ResentOrderNotice code={resentOrder} t={t} lang={lang} /> : null}
        <p>{t.emptyCart}</p>
        {coupons}
        <Link to={localePath(lang, "/")} className="button">
          {t.keepShopping}
        </Link>
      </div>
    );
  }
  return (
    <div className="cart-page">
      <h1>{t.cartTitle}</h1>
      {resentOrder ? <ResentOrderNotice code={resentOrder} t={t} lang={lang} /> : null}
      <FormMessage state={problem} />
      {offerOutcome ? <Notice>{t[offerOutcome === "replaced" ? "offerReplaced" : "offerAdded"]}</Notice> : null}
      {rewardOutcome ? (
        <Notice>{p[rewardOutcome === "applied" ? "outcomeApplied" : rewardOutcome === "removed" ? "outcomeRemoved" : "outcomeSwapped"]}</Notice>
      ) : null}
      {mergeChanges.length > 0 ? (
        <div className="notice" role="status">
          <p>{t.mergedTitle}</p>
          <ul>
            {mergeChanges.map((c) => (
              <li key={c.productCode}>
                {format(c.kept === 0 ? t.mergedDropped : t.mergedReduced, {
                  product: cart.entries.find((e) => e.product.code === c.productCode)?.product.name ?? c.productCode,
                  kept: c.kept,
                  requested: c.requested,
                })}{" "}
                {t[`mergeReason_${c.reason}`]}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {freeShippingReached ? (
        <p className="notice">{t.freeShippingReached}</p>
      ) : freeShippingAway ? (
        <p className="notice">{format(t.freeShippingAway, { amount: freeShippingAway })}</p>
      ) : null}
      <div className="cart-layout">
        <table className="cart-table">
          <thead>
            <tr>
              <th scope="col" colSpan={2}>
                {t.product}
              </th>
              <th scope="col">{t.quantity}</th>
              <th scope="col" className="cart-table__total">
                {t.lineTotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {cart.monthlyBox && boxTexts ? (
              <tr className="cart-line cart-line--box">
                <td className="cart-line__image" />
                <td className="cart-line__product">
                  <MonthlyBoxLine box={cart.monthlyBox} t={boxTexts} lang={lang} change />
                </td>
                <td className="cart-line__quantity">
                  1{/* The box leaves the cart whole: 0 on any of its lines takes it off (decision 067). */}
                  <Form method="post">
                    <input type="hidden" name="cartGuid" value={cart.guid} />
                    <input type="hidden" name="entryNumber" value={cart.monthlyBox.entryNumbers[0]} />
                    <input type="hidden" name="entryType" value="STD" />
                    <button type="submit" name="intent" value="remove" className="link-button">
                      {boxTexts.removeBox}
                    </button>
                  </Form>
                </td>
                <td className="cart-table__total">{cart.monthlyBox.price.formattedValue}</td>
              </tr>
            ) : null}
            {cart.entries
              .filter((e) => !cart.monthlyBox?.entryNumbers.includes(e.entryNumber))
              .map((e) => (
                <tr key={e.entryNumber} className="cart-line">
                  <td className="cart-line__image">
                    {/* The name beside it says what it is: the picture adds nothing for a screen reader. */}
                    {e.product.image ? <img src={e.product.image} alt="" width={96} height={96} loading="lazy" /> : null}
                  </td>
                  <td className="cart-line__product">
                    <a href={localePath(lang, e.product.url)} className="cart-line__name">
                      {e.product.name}
                    </a>
                    {e.product.packLabel ? <span className="cart-line__pack">{e.product.packLabel}</span> : null}
                    <LineRecipe recipe={e.recipe} />
                    <span className="cart-line__each">{format(e.entryType === "STD" ? t.each : t.subscriberEach, { price: e.basePrice.formattedValue })}</span>
                    {e.entryType !== "STD" ? (
                      <>
                        <span className="badge">{t.autoDelivery}</span>
                        <span className="cart-line__frequency">{adFrequencyWeeks === 1 ? t.adEveryWeek : format(t.adEvery, { n: adFrequencyWeeks })}</span>
                      </>
                    ) : null}
                    {e.rewardId !== undefined ? <span className="badge">{p.rewardItem}</span> : null}
                    {e.campaign ? (
                      <span className="campaign-note" data-testid="cart-campaign">
                        <span className="badge">{e.campaign.name}</span>{" "}
                        {e.campaign.role === "brewer" ? (
                          <>
                            {format(t.campaignBrewer, { offer: e.campaign.campaignPrice.formattedValue, regular: e.campaign.regularPrice.formattedValue })}
                            <strong className="campaign-note__commitment">
                              {format(t.campaignCommitment, { commitment: e.campaign.commitment.text })}
                            </strong>{" "}
                            {e.campaign.earlyCancellationText}
                          </>
                        ) : (
                          t.campaignBox
                        )}
                      </span>
                    ) : null}
                  </td>
                  <td className="cart-line__quantity">
                    {e.rewardId !== undefined ? (
                      e.quantity
                    ) : e.campaign?.role === "brewer" ? (
                      <Form method="post" className="cart-table__qty">
                        <span>{e.quantity}</span>
                        <span className="field__hint">{t.campaignQuantityFixed}</span>
                        <input type="hidden" name="cartGuid" value={cart.guid} />
                        <input type="hidden" name="entryNumber" value={e.entryNumber} />
                        <input type="hidden" name="entryType" value={e.entryType} />
                        <button type="submit" name="intent" value="remove" className="link-button">
                          {t.remove}
                        </button>
                      </Form>
                    ) : (
                      <Form method="post" className="cart-table__qty">
                        <input type="hidden" name="cartGuid" value={cart.guid} />
                        <input type="hidden" name="entryNumber" value={e.entryNumber} />
                        <input type="hidden" name="entryType" value={e.entryType} />
                        <div className="stepper">
                          <button
                            type="submit"
                            name="intent"
                            value="decrease"
                            className="stepper__button"
                            aria-label={format(t.decrease, { product: e.product.name })}
                            disabled={!e.updateable || e.quantity <= 1}
                          >
                            −
                          </button>
                          <label className="visually-hidden" htmlFor={`qty-${e.entryNumber}`}>
                            {t.quantity}
                          </label>
                          <input
                            id={`qty-${e.entryNumber}`}
                            name="qty"
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={maxQuantity}
                            defaultValue={keptText(refusedOn(e.entryNumber), "qty") ?? e.quantity}
                            disabled={!e.updateable}
                            {...describedBy(`qty-${e.entryNumber}`, refusedOn(e.entryNumber)?.fields?.qty)}
                          />
                          <button
                            type="submit"
                            name="intent"
                            value="increase"
                            className="stepper__button"
                            aria-label={format(t.increase, { product: e.product.name })}
                            disabled={!e.updateable || e.quantity >= maxQuantity}
                          >
                            +
                          </button>
                        </div>
                        <button type="submit" name="intent" value="update" className="button button--secondary" disabled={!e.updateable}>
                          {t.update}
                        </button>
                        <button type="submit" name="intent" value="remove" className="link-button">
                          {t.remove}
                        </button>
                        <FieldError id={`qty-${e.entryNumber}`} error={refusedOn(e.entryNumber)?.fields?.qty} />
                      </Form>
                    )}
                  </td>
                  <td className="cart-table__total">{e.totalPrice.formattedValue}</td>
                </tr>
              ))}
          </tbody>
        </table>
        <div className="cart-extras">
          {perks.member || rewards?.member ? (
            <p className="notice perks-earns">{format(p.orderEarns, { points: pointsForPrice(perks, cart.subTotal.minor - cart.totalDiscounts.minor) })}</p>
          ) : null}
          {rewards?.member ? <RewardsPanel panel={rewards} cartGuid={cart.guid} applied={cart.appliedRewards} lang={lang} brand={brand.id} /> : null}
          <GiftCardForm lang={lang} texts={giftCardTexts} currency={brand.currency} cartGuid={cart.guid} giftCards={giftCards} />
        </div>
        {/* On a phone the summary's parts join the page, so its checkout bar can stick to the bottom of the screen. */}
        <section className="cart-summary" aria-labelledby="cart-summary-heading">
          <h2 id="cart-summary-heading" className="cart-summary__heading">
            {t.orderSummary}
          </h2>
          {coupons}
          <dl className="cart-totals">
            <SubtotalLines subtotal={cart.subTotal} discounts={cart.totalDiscounts} t={t} />
            <TotalLine label={t.shipping} amount={t.shippingAtCheckout} />
            <TotalLine label={t.taxes} amount={t.taxesAtCheckout} />
            <TotalLine label={t.total} amount={cart.totalPrice.formattedValue} total />
          </dl>
          <div className="cart-page__checkout">
            <p className="cart-page__checkout-total" aria-hidden="true">
              <span>{t.total}</span> <strong>{cart.totalPrice.formattedValue}</strong>
            </p>
            <Link to={localePath(lang, "/checkout/singlestep")} className="button button--primary button--large">
              {t.checkout}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
