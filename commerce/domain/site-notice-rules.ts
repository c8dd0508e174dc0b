import type { Lang } from "../contract/common";
import type { SiteNotice } from "../contract/site-notices";
import { addDays } from "./clock";

/** A saved card is announced this many days before the last day of its expiry month, and from then on. */
export const CARD_NOTICE_DAYS = 60;
/** A reward (the customer's own coupon, unused) is announced this many days before its last day. */
export const REWARD_NOTICE_DAYS = 14;

/** A card as a subscription keeps it: brand, last four, expiry. */
export interface CardFacts {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface SubscriptionFacts {
  code: string;
  card: CardFacts;
  paymentFailures: number;
  /** When the declined card is tried again (ISO instant); null with failures: the subscription was paused. */
  retryAt: string | null;
}

export interface RewardFacts {
  code: string;
  description: { en: string; fr: string };
  /** ISO instant of its end. */
  endsAt: string;
  used: boolean;
}

/** The last day a card can be charged: the last day of its expiry month (YYYY-MM-DD). */
export function cardLastDay(card: Pick<CardFacts, "expMonth" | "expYear">): string {
  return new Date(Date.UTC(card.expYear, card.expMonth, 0)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** What a card calls for on `today`: expired after its month, expiring within CARD_NOTICE_DAYS of its last day, else nothing. */
export function cardNoticeKind(card: Pick<CardFacts, "expMonth" | "expYear">, today: string): "cardExpired" | "cardExpiring" | null {
  const lastDay = cardLastDay(card);
  if (lastDay < today) return "cardExpired";
  return daysBetween(today, lastDay) <= CARD_NOTICE_DAYS ? "cardExpiring" : null;
}

const keyPart = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, "").slice(0, 40) || "-";
const expiryOf = (card: CardFacts) => `${card.expYear}-${String(card.expMonth).padStart(2, "0")}`;

/**
 * The customer's notices on `today`, before dismissals: expired cards, failed subscription
 * payments, expiring cards, then rewards about to end. A card kept on several subscriptions is
 * one notice. Each key names the cause, so a new expiry or another failure is a new notice.
 */
export function noticesOf(facts: { subscriptions: SubscriptionFacts[]; rewards: RewardFacts[] }, today: string, lang: Lang): SiteNotice[] {
  const cards = new Map<string, SiteNotice>();
  const failures: SiteNotice[] = [];
  for (const s of facts.subscriptions) {
    const kind = cardNoticeKind(s.card, today);
    if (kind) {
      const key = `${kind}:${keyPart(`${s.card.brand}-${s.card.last4}`)}:${expiryOf(s.card)}`;
      if (!cards.has(key)) cards.set(key, { key, kind, card: { brand: s.card.brand, last4: s.card.last4, expires: expiryOf(s.card) } });
    }
    if (s.paymentFailures > 0) {
      const retryOn = s.retryAt ? s.retryAt.slice(0, 10) : null;
      failures.push({
        key: `subscriptionPaymentFailed:${keyPart(s.code)}:${s.paymentFailures}-${retryOn ?? "paused"}`,
        kind: "subscriptionPaymentFailed",
        subscription: { code: s.code, retryOn },
      });
    }
  }
  const rewards = facts.rewards
    .filter((r) => !r.used && rewardEndingSoon(r.endsAt, today))
    .map<SiteNotice>((r) => {
      const lastDay = r.endsAt.slice(0, 10);
      return {
        key: `rewardExpiring:${keyPart(r.code)}:${lastDay}`,
        kind: "rewardExpiring",
        reward: { code: r.code, description: r.description[lang], lastDay },
      };
    });
  const all = [...cards.values()];
  return [...all.filter((n) => n.kind === "cardExpired"), ...failures, ...all.filter((n) => n.kind === "cardExpiring"), ...rewards];
}

/** A reward whose last day is today or within REWARD_NOTICE_DAYS after it. */
export function rewardEndingSoon(endsAt: string, today: string): boolean {
  const lastDay = endsAt.slice(0, 10);
  return lastDay >= today && lastDay <= addDays(today, REWARD_NOTICE_DAYS);
}
