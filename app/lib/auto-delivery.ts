import { DEFAULT_FREQUENCY_WEEKS, MAX_FREQUENCY_WEEKS, MIN_FREQUENCY_WEEKS } from "../../commerce/contract/frequency-weeks";
import { format } from "../brands/locale";
import type { Messages } from "../brands/messages";

/** The frequencies the selects offer: every week to every half-year, the contract's default among them. */
export const FREQUENCY_CHOICES: readonly number[] = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 26].filter(
  (w) => w >= MIN_FREQUENCY_WEEKS && w <= MAX_FREQUENCY_WEEKS,
);
export { DEFAULT_FREQUENCY_WEEKS };

/** "Every week" or "Every 4 weeks" in the page's language: one wording for every frequency select and subscription. */
export function everyWeeksLabel(t: Pick<Messages, "frequencyOne" | "frequencyMany">, weeks: number): string {
  return weeks === 1 ? t.frequencyOne : format(t.frequencyMany, { n: weeks });
}

/**
 * "Subscribe and save" on a product page: what the choice shows beside the one-time purchase. On
 * the commercial store the same machinery is the breakroom subscription, with its own words.
 */
export interface AutoDeliveryOffer {
  wording: "consumer" | "breakroom";
  /** The site's subscriber percentage, formatted for the page's language. */
  percent: string;
  oneTimePrice: string;
  subscriberPrice: string;
  /** The most pods at home the store takes (none when its configuration names no maximum). */
  maxPodsAtHome: number | undefined;
}

/** "Add to my next delivery" for a signed-in subscriber: their active subscriptions, each with its next date written out. */
export interface NextDeliveryOffer {
  subscriptions: { code: string; nextDelivery: string; hasProduct: boolean }[];
}

/** The service's refusals of "Add to my next delivery" that have words of their own (spec section 8); others are "failed". */
export const NEXT_DELIVERY_REFUSALS = ["ALREADY_ADDED_TO_BACKUP_PRODUCT", "NON_ELIGIBLE_SP_USER"] as const;
