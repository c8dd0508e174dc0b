import { BRAND_IDS, type BrandId, type Currency } from "../contract/common";
import { insertGiftCards, type NewGiftCard } from "../db/gift-cards";
import type { Db } from "../db/index";
import { giftCardPinHash } from "../domain/gift-cards";

/** The demo gift cards' PIN, published in the README like the demo password. */
export const DEMO_GIFT_CARD_PIN = "2468";

/** Each site's digit in the demo numbers, so a card of one site is easy to tell from another's. */
const SITE_DIGIT: Record<BrandId, string> = { usb2c: "1", cab2c: "2", usafh: "3" };

export interface DemoGiftCard {
  /** The last four digits of the number; the rest is 6006491000, the site digit and 0. */
  suffix: string;
  balance: number;
  expired: boolean;
  note: string;
}

/** Four cards per site: two to pay with, one expired, one used up. */
export const DEMO_GIFT_CARDS: readonly DemoGiftCard[] = [
  { suffix: "0025", balance: 2500, expired: false, note: "25.00" },
  { suffix: "0100", balance: 10000, expired: false, note: "100.00" },
  { suffix: "0050", balance: 5000, expired: true, note: "50.00, expired" },
  { suffix: "0000", balance: 0, expired: false, note: "0.00, used up" },
];

/** A demo card's 16-digit number on a site: 6006491000, the site digit, 0 and the suffix (6006 4910 0010 0025). */
export function demoGiftCardNumber(site: BrandId, suffix: string): string {
  return `6006491000${SITE_DIGIT[site]}0${suffix}`;
}

/**
 * Adds the demo gift cards of every site in its currency (only with the demo catalog: their PIN is
 * published, so a store's own database never gets them). Cards already there are left as they are.
 */
export async function seedDemoGiftCards(db: Db, siteCurrencies: Readonly<Record<BrandId, Currency>>): Promise<void> {
  const now = new Date();
  const lastYear = new Date(Date.UTC(now.getUTCFullYear() - 1, 0, 1)).toISOString();
  const inThreeYears = new Date(Date.UTC(now.getUTCFullYear() + 3, 11, 31)).toISOString();
  const cards: NewGiftCard[] = BRAND_IDS.flatMap((site) =>
    DEMO_GIFT_CARDS.map((card) => {
      const number = demoGiftCardNumber(site, card.suffix);
      return {
        site,
        number,
        pin_hash: giftCardPinHash(number, DEMO_GIFT_CARD_PIN),
        currency: siteCurrencies[site],
        balance: card.balance,
        status: "active" as const,
        expires_at: card.expired ? lastYear : inThreeYears,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
    }),
  );
  await insertGiftCards(db, cards);
}
