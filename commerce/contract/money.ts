import type { Currency, Lang } from "./common";

/**
 * Money travels as integer minor units (cents). Formatting lives here because the API's
 * `formattedValue` and the storefront must agree to the character.
 */
const LOCALES: Record<Currency, Record<Lang, string>> = {
  USD: { en: "en-US", fr: "fr-CA" },
  CAD: { en: "en-CA", fr: "fr-CA" },
};

const formatters = new Map<string, Intl.NumberFormat>();

export function localeFor(currency: Currency, lang: Lang): string {
  return LOCALES[currency][lang];
}

export function formatMoney(minor: number, currency: Currency, lang: Lang): string {
  const locale = localeFor(currency, lang);
  const key = `${locale}:${currency}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" });
    formatters.set(key, fmt);
  }
  return fmt.format(minor / 100);
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
