import type { BrandId, Lang } from "../../commerce/contract/common";
import { type CartMessages, cartMessages } from "../brands/cart-messages";
import { type CheckoutMessages, checkoutMessages } from "../brands/checkout-messages";
import { checkoutPricingMessages, regionOptions } from "../brands/checkout-pricing-messages";
import { type CouponMessages, couponMessages } from "../brands/coupon-messages";
import { type GiftCardMessages, giftCardMessages } from "../brands/gift-card-messages";
import { type Messages, messages } from "../brands/messages";
import { type BoxLineTexts, monthlyBoxMessages } from "../brands/monthly-box-messages";
import { type PerksMessages, perksMessages } from "../brands/perks-messages";
import type { PricingLabelTexts } from "../brands/pricing-labels";
import { type SubscriptionMessages, subscriptionMessages } from "../brands/subscription-messages";

export { SUBSCRIPTION_NOTICES } from "../brands/subscription-messages";

/*
 * Phrases a page sends with its data in the page's language only. A component that imports a
 * messages module loads every store's dictionary into the browser; for the shop's own phrases, the
 * cart's larger panels and the single-step checkout, the loader picks the one language here (a .server module, so the
 * dictionaries stay on the server).
 */

/**
 * The shop's phrases (app/brands/messages.ts) in the page's language: the root loader sends them
 * with every page for `useShop()` and `useMessages()`; server modules read them here too.
 */
export function shopTexts(lang: Lang, brand?: BrandId): Messages {
  return messages(lang, brand);
}

/** The cart page's own phrases (lines, totals, notices) in the page's language. */
export function cartTexts(lang: Lang, brand?: BrandId): CartMessages {
  return cartMessages(lang, brand);
}

const CART_PERKS_KEYS = [
  "panelHeading",
  "panelBalance",
  "applied",
  "apply",
  "remove",
  "swap",
  "chooseItem",
  "chooseFor",
  "choose",
  "cancel",
  "boxSize",
  "allSizes",
  "moreChoices",
  "earlierChoices",
  "rewardCost",
  "notEnoughPoints",
  "rewardItem",
  "orderEarns",
  "outcomeApplied",
  "outcomeRemoved",
  "outcomeSwapped",
] as const;

/** The perks phrases the cart page and its rewards panel show. */
export type CartPerksTexts = Pick<PerksMessages, (typeof CART_PERKS_KEYS)[number]>;

/**
 * The cart's perks phrases in the page's language, picked on the server and sent with the page's
 * data, so the browser loads one language's phrases instead of every store's dictionary.
 */
export function cartPerksTexts(lang: Lang, brand?: BrandId): CartPerksTexts {
  const t = perksMessages(lang, brand);
  return Object.fromEntries(CART_PERKS_KEYS.map((key) => [key, t[key]])) as CartPerksTexts;
}

/** The gift card form's phrases (the cart page). */
export function giftCardTexts(lang: Lang, brand?: BrandId): GiftCardMessages {
  return giftCardMessages(lang, brand);
}

/** The coupon form's phrases (the cart page). */
export function couponTexts(lang: Lang, brand?: BrandId): CouponMessages {
  return couponMessages(lang, brand);
}

const CHECKOUT_PERKS_KEYS = ["orderEarns", "joinAtCheckout", "joinedAtCheckout", "cancel"] as const;

/** The single-step checkout's phrases: its own (sections, summary, review) and its perks offer's. */
export interface CheckoutPageTexts {
  checkout: CheckoutMessages;
  perks: Pick<PerksMessages, (typeof CHECKOUT_PERKS_KEYS)[number]>;
  box: BoxLineTexts;
  /** Tax lines and arrival dates, and the states or provinces the address form lists (sorted by name in the language). */
  pricing: PricingLabelTexts & { regions: { code: string; name: string }[] };
}

/** The single-step checkout's phrases in the page's language: three scripts fewer before its first paint (decision 058). */
export function checkoutPageTexts(lang: Lang, brand: BrandId, country: "US" | "CA"): CheckoutPageTexts {
  const perks = perksMessages(lang, brand);
  const { taxNames, taxLine, arrivesOn, arrivesBetween } = checkoutPricingMessages(lang, brand);
  return {
    pricing: { taxNames, taxLine, arrivesOn, arrivesBetween, regions: regionOptions(country, lang) },
    checkout: checkoutMessages(lang, brand),
    perks: Object.fromEntries(CHECKOUT_PERKS_KEYS.map((key) => [key, perks[key]])) as CheckoutPageTexts["perks"],
    box: boxLineTexts(lang, brand),
  };
}

/** The account's auto-delivery page's phrases in the page's language. */
export function subscriptionTexts(lang: Lang, brand: BrandId): SubscriptionMessages {
  return subscriptionMessages(lang, brand);
}

/** The cart's and the checkout's words for a monthly box (decision 068). */
export function boxLineTexts(lang: Lang, brand?: BrandId): BoxLineTexts {
  const { boxPicksHeading, deliveryIncluded, noCommitment, pickLine, changeBox, removeBox } = monthlyBoxMessages(lang, brand);
  return { boxPicksHeading, deliveryIncluded, noCommitment, pickLine, changeBox, removeBox };
}
