/**
 * Card numbers as a shopper types them: the checks a form can make before anything is sent to a
 * payment provider (Luhn check digit, length, the brand from the first digits, expiry, security
 * code). Pure, so the storefront and the service judge a card the same way.
 */

import { CARD_BRAND_NAMES as SHOP_CARD_BRAND_NAMES } from "../../lib/format";

export const CARD_BRANDS = ["visa", "mastercard", "amex", "discover", "diners", "jcb", "unionpay"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** How shoppers see the brand's name (lib/format writes it the same way on pages and in mails). */
export const CARD_BRAND_NAMES: Readonly<Record<CardBrand, string>> = SHOP_CARD_BRAND_NAMES;

interface BrandRule {
  brand: CardBrand;
  /** Issuer identification ranges, as [low, high] prefixes of equal length. */
  ranges: readonly (readonly [string, string])[];
  lengths: readonly number[];
  cvcLength: number;
}

// Most specific ranges first: 622126–622925 is Discover's inside UnionPay's 62.
const RULES: readonly BrandRule[] = [
  {
    brand: "amex",
    ranges: [
      ["34", "34"],
      ["37", "37"],
    ],
    lengths: [15],
    cvcLength: 4,
  },
  { brand: "visa", ranges: [["4", "4"]], lengths: [13, 16, 19], cvcLength: 3 },
  {
    brand: "mastercard",
    ranges: [
      ["51", "55"],
      ["2221", "2720"],
    ],
    lengths: [16],
    cvcLength: 3,
  },
  {
    brand: "discover",
    ranges: [
      ["6011", "6011"],
      ["622126", "622925"],
      ["644", "649"],
      ["65", "65"],
    ],
    lengths: [16, 17, 18, 19],
    cvcLength: 3,
  },
  { brand: "jcb", ranges: [["3528", "3589"]], lengths: [16, 17, 18, 19], cvcLength: 3 },
  {
    brand: "diners",
    ranges: [
      ["300", "305"],
      ["36", "36"],
      ["38", "39"],
    ],
    lengths: [14, 15, 16, 17, 18, 19],
    cvcLength: 3,
  },
  { brand: "unionpay", ranges: [["62", "62"]], lengths: [16, 17, 18, 19], cvcLength: 3 },
];

/** Spaces and dashes are how people group the digits; anything else is not part of a number. */
export function cardDigits(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function ruleOf(digits: string): BrandRule | undefined {
  return RULES.find((rule) =>
    rule.ranges.some(([low, high]) => {
      const prefix = digits.slice(0, low.length);
      return prefix.length === low.length && prefix >= low && prefix <= high;
    }),
  );
}

/** The brand the number's first digits belong to, or undefined for a range we do not take. */
export function cardBrandOf(digits: string): CardBrand | undefined {
  return ruleOf(digits)?.brand;
}

export type CardProblem =
  | { field: "cardNumber"; reason: "invalid_number"; message: string }
  | { field: "expiryMonth" | "expiryYear"; reason: "invalid_expiry" | "expired_card"; message: string }
  | { field: "cvc"; reason: "invalid_cvc"; message: string };

export interface TypedCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** A two-digit year is this century's. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/**
 * Everything wrong with a typed card, one problem per field, in form order; empty when the card is
 * worth sending to a provider. A card is good through the last day of its expiry month; `today` is
 * read in UTC, so a card is never refused early anywhere on the continent.
 */
export function cardProblems(card: TypedCard, today: Date = new Date()): CardProblem[] {
  const problems: CardProblem[] = [];
  const digits = cardDigits(card.number);
  const rule = /^\d+$/.test(digits) ? ruleOf(digits) : undefined;
  if (!/^\d{12,19}$/.test(digits)) {
    problems.push({ field: "cardNumber", reason: "invalid_number", message: "Enter the card number: 12 to 19 digits, as printed on the card." });
  } else if (!rule) {
    problems.push({
      field: "cardNumber",
      reason: "invalid_number",
      message: "We take Visa, Mastercard, American Express, Discover, Diners Club, JCB and UnionPay cards; this number is not one of them.",
    });
  } else if (!rule.lengths.includes(digits.length) || !luhnValid(digits)) {
    problems.push({ field: "cardNumber", reason: "invalid_number", message: "This card number is not valid; check it for a mistyped digit." });
  }

  const year = fullYear(card.expYear);
  const monthOk = Number.isInteger(card.expMonth) && card.expMonth >= 1 && card.expMonth <= 12;
  const yearNow = today.getUTCFullYear();
  const yearOk = Number.isInteger(year) && year >= 2000 && year <= yearNow + 25;
  if (!monthOk) problems.push({ field: "expiryMonth", reason: "invalid_expiry", message: "Enter the expiry month, 1 to 12." });
  if (!yearOk) problems.push({ field: "expiryYear", reason: "invalid_expiry", message: "Enter the expiry year as printed on the card." });
  if (monthOk && yearOk && (year < yearNow || (year === yearNow && card.expMonth < today.getUTCMonth() + 1))) {
    problems.push({
      field: "expiryYear",
      reason: "expired_card",
      message: `This card expired at the end of ${String(card.expMonth).padStart(2, "0")}/${year}; use another card.`,
    });
  }

  const cvcLength = rule?.cvcLength;
  if (!/^\d{3,4}$/.test(card.cvc) || (cvcLength !== undefined && card.cvc.length !== cvcLength)) {
    problems.push({
      field: "cvc",
      reason: "invalid_cvc",
      message:
        cvcLength === 4
          ? "Enter the 4-digit security code printed on the front of the card."
          : cvcLength === 3
            ? "Enter the 3-digit security code from the back of the card."
            : "Enter the card's security code (3 or 4 digits).",
    });
  }
  return problems;
}
