import type { CouponRefusalReason } from "../../commerce/contract/coupon";

/**
 * What applying or removing a code came to, as the cart page shows it: in the URL after a plain
 * form post (redirect-after-POST), or as the answer of the inline post with JavaScript.
 */
/** The service's reasons, a code that cannot be one, an outage, or too many tries from one address. */
export type CouponRefusal = CouponRefusalReason | "malformed" | "failed" | "tooMany";

export type CouponOutcome =
  | { outcome: "applied" | "waiting" | "removed"; code: string }
  | {
      refused: CouponRefusal;
      code?: string;
      amount?: number;
      /** With tooMany: seconds until the limit lets the next code through (the inline answer's Retry-After). */
      retryAfterSeconds?: number;
    };

const REFUSALS = new Set<string>([
  "unknown",
  "notYetValid",
  "expired",
  "notApplicable",
  "minimumSpend",
  "usedUp",
  "usedUpByCustomer",
  "notCombinable",
  "firstOrderOnly",
  "malformed",
  "failed",
  "tooMany",
]);
const CODE = /^[A-Za-z0-9_-]{1,32}$/;

export function outcomeToSearch(outcome: CouponOutcome, search = new URLSearchParams()): URLSearchParams {
  for (const key of ["coupon", "couponError", "code", "amount"]) search.delete(key);
  if ("outcome" in outcome) search.set("coupon", outcome.outcome);
  else search.set("couponError", outcome.refused);
  if (outcome.code) search.set("code", outcome.code);
  if ("amount" in outcome && outcome.amount !== undefined) search.set("amount", String(outcome.amount));
  return search;
}

/** The outcome named in a cart URL; anything odd in it is ignored. */
export function outcomeFromSearch(search: URLSearchParams): CouponOutcome | undefined {
  const code = search.get("code") ?? undefined;
  const safeCode = code && CODE.test(code) ? code.toUpperCase() : undefined;
  const done = search.get("coupon");
  if ((done === "applied" || done === "waiting" || done === "removed") && safeCode) return { outcome: done, code: safeCode };
  const refused = search.get("couponError");
  if (!refused || !REFUSALS.has(refused)) return undefined;
  const amount = Number(search.get("amount"));
  return {
    refused: refused as CouponRefusal,
    code: safeCode,
    amount: Number.isInteger(amount) && amount > 0 ? amount : undefined,
  };
}
