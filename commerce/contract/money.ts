import { formatLocale, formatMoney as formatMinor, type FormatLocale } from "../../lib/format";
import type { Currency, Lang } from "./common";

/**
 * Money travels as integer minor units (cents). The API's `formattedValue` and the storefront's
 * own amounts both come from lib/format, so they agree to the character.
 */
export function localeFor(currency: Currency, lang: Lang): FormatLocale {
  return formatLocale(lang, currency);
}

export function formatMoney(minor: number, currency: Currency, lang: Lang): string {
  return formatMinor(minor, currency, localeFor(currency, lang));
}

/** Minor units to the decimal `value` OCC price blocks carry (12.99). */
export function toDecimal(minor: number): number {
  return Math.round(minor) / 100;
}

/** Discounts are shown with exactly two decimals. */
export function formatDiscount(value: number): string {
  return (Math.round((value + Number.EPSILON) * 100) / 100).toFixed(2);
}

/** Price times quantity is computed to 8 decimals (avoids 0.1 * 3 = 0.30000000000000004). */
export function lineTotal(price: number, quantity: number): number {
  return Number((price * quantity).toFixed(8));
}
