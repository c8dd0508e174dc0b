import type { Currency, Lang } from "../contract/common";
import { formatMoney, toDecimal } from "../contract/money";
import type { Price } from "../contract/product";
import type { PriceRow } from "../db/catalog";

export type { PriceRow };

export interface PriceBlocks {
  priceData: Price;
  listPrice: Price;
  originalPriceData?: Price;
  discountPriceData?: Price;
  promotedPriceData?: Price;
  personalizedPriceData?: Price;
  campaignPriceData?: Price;
  isDiscountPrice: boolean;
}

export function price(minor: number, currency: Currency, lang: Lang, priceType: "BUY" | "FROM" = "BUY"): Price {
  return { currencyIso: currency, value: toDecimal(minor), minor, formattedValue: formatMoney(minor, currency, lang), priceType };
}

/**
 * Price blocks and their precedence. The price a shopper pays (`priceData`) is the lowest of
 * the discount, promoted and — for members of the price's user group — personalised prices, else the
 * list price. When it is below the list price, the list price travels as `originalPriceData` so the
 * page can strike it through. Campaign prices apply only inside their campaign, so they are reported
 * but never become `priceData`.
 */
export function resolvePriceBlocks(rows: readonly PriceRow[], currency: Currency, lang: Lang, userGroups: readonly string[]): PriceBlocks | null {
  const pick = (kind: string) =>
    rows.filter((r) => r.kind === kind && (r.user_group === "" || userGroups.includes(r.user_group))).sort((a, b) => a.value - b.value)[0];
  const list = pick("list");
  if (!list) return null;
  const discount = pick("discount");
  const promoted = pick("promoted");
  const personalized = pick("personalized");
  const campaign = pick("campaign");
  const candidates = [discount, promoted, personalized].filter((r): r is PriceRow => !!r && r.value < list.value);
  const best = candidates.sort((a, b) => a.value - b.value)[0];
  const p = (r: PriceRow | undefined) => (r ? price(r.value, currency, lang) : undefined);
  return {
    priceData: price(best?.value ?? list.value, currency, lang),
    listPrice: price(list.value, currency, lang),
    originalPriceData: best ? price(list.value, currency, lang) : undefined,
    discountPriceData: p(discount),
    promotedPriceData: p(promoted),
    personalizedPriceData: p(personalized),
    campaignPriceData: p(campaign),
    isDiscountPrice: !!best,
  };
}
