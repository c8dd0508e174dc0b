import { useFetcher } from "react-router";
import type { Currency, Lang } from "../../commerce/contract/common";
import type { AppliedCoupon, CouponRefusalReason } from "../../commerce/contract/coupon";
import { formatMoney } from "../../commerce/contract/money";
import type { CouponMessages } from "../brands/coupon-messages";
import { format } from "../brands/locale";
import type { CouponOutcome } from "../lib/coupon-outcome";
import { useHydrated } from "../lib/use-hydrated";

/** What the shopper is told after applying or removing a code, and whether it is a refusal. */
function describe(t: CouponMessages, outcome: CouponOutcome, currency: Currency, lang: Lang): { text: string; refused: boolean } {
  if ("outcome" in outcome) return { text: format(t[outcome.outcome], { code: outcome.code }), refused: false };
  const amount = outcome.amount === undefined ? "" : formatMoney(outcome.amount, currency, lang);
  const template =
    outcome.refused === "malformed" || outcome.refused === "failed" || outcome.refused === "tooMany"
      ? t[outcome.refused]
      : refusalTemplate(t, outcome.refused, outcome.amount !== undefined);
  return { text: format(template, { code: outcome.code ?? "", amount }), refused: true };
}

/** The template for a refusal; minimumSpend without a known amount has its own wording. */
function refusalTemplate(t: CouponMessages, reason: CouponRefusalReason, withAmount: boolean): string {
  return reason === "minimumSpend" && !withAmount ? t.minimumSpendNoAmount : t[reason];
}

/** Why a coupon on the cart takes nothing off yet. */
function waitingText(t: CouponMessages, coupon: AppliedCoupon): string {
  if (!coupon.reason) return "";
  return format(refusalTemplate(t, coupon.reason, !!coupon.minimumSpend), { code: coupon.code, amount: coupon.minimumSpend?.formattedValue ?? "" });
}

/**
 * The cart's coupon form and the coupons it carries, each with its discount and a remove button.
 * Plain forms post to /cart/coupon and come back to the cart; with JavaScript they post in place
 * and the outcome shows here while the cart reloads.
 */
export function CouponSection({
  coupons,
  outcome,
  lang,
  texts: t,
  currency,
  returnTo,
}: {
  coupons: readonly AppliedCoupon[];
  outcome: CouponOutcome | undefined;
  lang: Lang;
  /** The coupon phrases in the page's language, sent with the page's data. */
  texts: CouponMessages;
  currency: Currency;
  returnTo: string;
}) {
  const fetcher = useFetcher<CouponOutcome>();
  const hydrated = useHydrated();
  const shown = fetcher.data ?? outcome;
  const message = shown ? describe(t, shown, currency, lang) : undefined;
  const hidden = (
    <>
      <input type="hidden" name="returnTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="inline" value="1" /> : null}
    </>
  );
  return (
    // The field's label names it: a heading saying the same again would only be read twice.
    <div className="cart-coupons">
      {message ? (
        <p id="coupon-message" className={message.refused ? "form-error" : "notice"} role={message.refused ? "alert" : "status"} data-testid="coupon-message">
          {message.text}
        </p>
      ) : null}
      <fetcher.Form method="post" action="/cart/coupon" className="coupon-form">
        {hidden}
        <input type="hidden" name="intent" value="apply" />
        <label htmlFor="couponCode" className="coupon-form__label">
          {t.couponLabel}
        </label>
        <input
          id="couponCode"
          name="couponCode"
          type="text"
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={message?.refused ? true : undefined}
          aria-describedby={message?.refused ? "coupon-message" : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={fetcher.state !== "idle"}>
          {t.apply}
        </button>
      </fetcher.Form>
      {coupons.length > 0 ? (
        <ul className="applied-coupons" aria-label={t.appliedHeading}>
          {coupons.map((c) => (
            <li key={c.code} data-coupon={c.code}>
              <strong>{c.code}</strong> {c.description}
              {c.applies ? (
                <span className="applied-coupons__discount"> −{c.discount.formattedValue}</span>
              ) : (
                <em className="applied-coupons__waiting"> {waitingText(t, c)}</em>
              )}
              <fetcher.Form method="post" action="/cart/coupon" className="applied-coupons__remove">
                {hidden}
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="couponCode" value={c.code} />
                <button type="submit" className="link-button" aria-label={format(t.removeCoupon, { code: c.code })} disabled={fetcher.state !== "idle"}>
                  {t.remove}
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
