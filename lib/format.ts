/**
 * How the shop writes numbers, dates, card brands and punctuation, for pages and mails alike: the
 * storefront (app/) and the commerce service (commerce/) both format through here, so an order's
 * confirmation page and its mail agree to the character.
 */

/** The Intl locales the stores write in: the US stores, the Canadian store in English and in French. */
export type FormatLocale = "en-US" | "en-CA" | "fr-CA";

/** French text on every store is Canadian French; English follows the currency's country. */
export function formatLocale(lang: "en" | "fr", currency: "USD" | "CAD"): FormatLocale {
  if (lang === "fr") return "fr-CA";
  return currency === "CAD" ? "en-CA" : "en-US";
}

/** French typography: a narrow no-break space (U+202F) before two-part punctuation and the percent sign. */
export const NARROW_NBSP = "\u202f";

const french = (locale: FormatLocale) => locale.startsWith("fr");

// Intl formatters are costly to build and safe to share: one per locale (and currency) per process.
const moneyFormats = new Map<string, Intl.NumberFormat>();
const rateFormats = new Map<FormatLocale, Intl.NumberFormat>();
const dayFormats = new Map<FormatLocale, Intl.DateTimeFormat>();
const instantFormats = new Map<FormatLocale, Intl.DateTimeFormat>();
const monthFormats = new Map<FormatLocale, Intl.DateTimeFormat>();
const countFormats = new Map<string, Intl.NumberFormat>();

function cached<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** Integer minor units as the shop shows them: "$1,234.56", "1 234,56 $". */
export function formatMoney(minor: number, currency: "USD" | "CAD", locale: FormatLocale): string {
  const fmt = cached(
    moneyFormats,
    `${locale}:${currency}`,
    () => new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" }),
  );
  return fmt.format(minor / 100);
}

/** A rate given in percent (9.975 for 9.975 %): "9.975%" in English, "9,975 %" in French. */
export function formatPercent(ratePercent: number, locale: FormatLocale): string {
  const number = cached(rateFormats, locale, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 })).format(ratePercent);
  return french(locale) ? `${number}${NARROW_NBSP}%` : `${number}%`;
}

// Calendar dates (YYYY-MM-DD) are read at midnight UTC and formatted in UTC, so the day never shifts.
const dayOf = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const days = (locale: FormatLocale) =>
  cached(dayFormats, locale, () => new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }));

/** A calendar date (YYYY-MM-DD): "Tue, Dec 1", "mar. 1 déc.". */
export function formatDate(isoDate: string, locale: FormatLocale): string {
  return days(locale).format(dayOf(isoDate));
}

/**
 * Two calendar dates as one span ("Tue, Dec 1 – Fri, Dec 4"), or one date when they are the same
 * day. Written out rather than by Intl's formatRange, whose spacing differs between ICU versions
 * (Node's and the browser's), so the page reads the same after hydration, and the mail as the page.
 */
export function formatDateRange(earliest: string, latest: string, locale: FormatLocale): string {
  if (earliest === latest) return formatDate(earliest, locale);
  return `${formatDate(earliest, locale)}\u2009–\u2009${formatDate(latest, locale)}`;
}

/** A month (YYYY-MM): "December 2026", « décembre 2026 ». */
export function formatMonth(month: string, locale: FormatLocale): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return cached(monthFormats, locale, () => new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" })).format(
    Date.UTC(year, m - 1, 1),
  );
}

/** The day of a moment (an order placed, points earned): "Nov 27, 2026", "27 nov. 2026". */
export function formatInstantDate(instant: string | Date, locale: FormatLocale): string {
  return cached(instantFormats, locale, () => new Intl.DateTimeFormat(locale, { dateStyle: "medium" })).format(new Date(instant));
}

/** A count: "1,234", "1 234"; `signed` writes "+50" and "−20" as a points history does. */
export function formatCount(n: number, locale: FormatLocale, { signed = false } = {}): string {
  const fmt = cached(countFormats, `${locale}:${signed}`, () => new Intl.NumberFormat(locale, signed ? { signDisplay: "exceptZero" } : {}));
  return fmt.format(n);
}

/** Card brands as their owners write them; the payment providers store lower-case codes. */
export const CARD_BRAND_NAMES = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
} as const;

/** "visa" → "Visa"; a brand the shop does not know keeps its own spelling, capitalised. */
export function cardBrandName(code: string): string {
  const key = code.toLowerCase();
  if (Object.hasOwn(CARD_BRAND_NAMES, key)) return CARD_BRAND_NAMES[key as keyof typeof CARD_BRAND_NAMES];
  return code.charAt(0).toUpperCase() + code.slice(1);
}

/** What goes between a label and its value: ": " in English, " : " (narrow no-break space) in French. */
export function colon(locale: FormatLocale): string {
  return french(locale) ? `${NARROW_NBSP}: ` : ": ";
}

/** "Order number: 1234", "Numéro de commande : 1234". */
export function labelled(label: string, value: string, locale: FormatLocale): string {
  return `${label}${colon(locale)}${value}`;
}

/**
 * A French phrase with its two-part punctuation spaced: a narrow no-break space before : ; ! ? and
 * %, replacing any ordinary or no-break space there. Only a mark that ends a word and is followed
 * by a space, a closing bracket or the end counts, so "https://", "?q=" and "12:30" stay as they are.
 * English text is returned unchanged.
 */
export function punctuate(text: string, locale: FormatLocale): string {
  if (!french(locale)) return text;
  return text.replace(/(\S)[ \u00a0\u202f]?([:;!?%])(?=[\s)»]|$)/g, `$1${NARROW_NBSP}$2`);
}
