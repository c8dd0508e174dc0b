import type { GiftCardRefusal } from "../contract/gift-card";

/** A card as the rules see it. */
export interface GiftCardFacts {
  site: string;
  currency: string;
  /** Minor units. */
  balance: number;
  status: "active" | "blocked";
  /** ISO timestamp; null: never expires. */
  expiresAt: string | null;
}

/** An applied card in the order it was applied: its balance now and the part the shopper chose (null: all of it). */
export interface PlannedCard {
  balance: number;
  requested: number | null;
}

/**
 * How much of each card pays `amountDue`, card after card in the order given: each pays the
 * smallest of its balance, the part the shopper chose, and what is still due. Never negative,
 * never more than a balance, never more in total than the amount due.
 */
export function planGiftCardUse(cards: readonly PlannedCard[], amountDue: number): number[] {
  let due = Math.max(0, Math.floor(amountDue));
  return cards.map((card) => {
    const available = Math.max(0, Math.min(card.balance, card.requested ?? card.balance));
    const use = Math.min(available, due);
    due -= use;
    return use;
  });
}

/**
 * Why a card cannot pay for an order on this site now, or undefined when it can. A card of another
 * site is not found at all (it answers as an unknown number); a card in another currency than the
 * site's cannot pay there.
 */
export function whyUnusable(
  card: GiftCardFacts,
  site: { site: string; currency: string },
  now: Date,
): Exclude<GiftCardRefusal, "tooMany" | "overBalance" | "notApplied"> | undefined {
  if (card.site !== site.site) return "invalid";
  if (card.status !== "active") return "blocked";
  if (card.currency !== site.currency) return "currency";
  if (card.expiresAt !== null && Date.parse(card.expiresAt) <= now.getTime()) return "expired";
  if (card.balance <= 0) return "empty";
  return undefined;
}

/** A part of the balance the shopper may choose: more than nothing, at most the balance. */
export function checkRequestedAmount(amount: number, balance: number): "overBalance" | undefined {
  return Number.isInteger(amount) && amount > 0 && amount <= balance ? undefined : "overBalance";
}
