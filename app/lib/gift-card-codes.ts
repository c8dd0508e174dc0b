import type { GiftCardMessages } from "../brands/gift-card-messages";

/**
 * The gift card form's outcome and problem codes, as /checkout/giftcard answers them and the page's
 * address carries them after a post without JavaScript. Kept apart from the phrases, so the form
 * reads its codes without loading every store's dictionary (the page sends its own language's).
 */
export type GiftCardOutcome = "applied" | "removed" | "amountSet";
/** What can go wrong, each with its phrase: the service's GiftCardError reasons and the form's own. */
export const GIFT_CARD_PROBLEMS = [
  "invalid",
  "expired",
  "empty",
  "blocked",
  "currency",
  "tooMany",
  "overBalance",
  "notApplied",
  "badNumber",
  "badPin",
  "badAmount",
  "tooManyAttempts",
  "noCart",
  "unavailable",
] as const satisfies readonly (keyof GiftCardMessages)[];
export type GiftCardProblem = (typeof GIFT_CARD_PROBLEMS)[number];

const OUTCOMES: readonly string[] = ["applied", "removed", "amountSet"] satisfies GiftCardOutcome[];

/** A problem code from a URL or an answer, or undefined when it names none (so no text is taken from a link). */
export function giftCardProblem(code: string | null | undefined): GiftCardProblem | undefined {
  return GIFT_CARD_PROBLEMS.find((p) => p === code);
}

export function giftCardOutcome(code: string | null | undefined): GiftCardOutcome | undefined {
  return code && OUTCOMES.includes(code) ? (code as GiftCardOutcome) : undefined;
}
