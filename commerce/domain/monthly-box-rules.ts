import type { BoxState, PickRefusal } from "../contract/monthly-box";
import type { BrandId } from "../contract/common";
import { adEligible } from "../contract/auto-delivery";
import type { Product } from "../contract/product";
import { roundHalfUp } from "./campaign-rules";

/**
 * The monthly fixed-price box's rules that need no database (decision 062): which months may be
 * asked for, which products a month offers on a store, how a pick fills the box, and the box's
 * price. Every amount is an integer in minor units (decision 006).
 */

/** The month (YYYY-MM) of a store calendar day (YYYY-MM-DD). */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The month after this one. */
export function nextMonth(month: string): string {
  const index = monthIndex(month) + 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Months counted from year 0: consecutive months are consecutive numbers. */
export function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

/** The last day of the month a box may ship on: every month has it, so a box ships once a month, on the same day. */
export const LAST_BOX_DAY = 28;

/**
 * The day a subscription's box ships each month (decision 064): the day it started, at most the
 * 28th. The first box ships with the order that starts the subscription; the next one on this day
 * of the following month.
 */
export function boxDayOf(startDay: string): number {
  return Math.min(Number(startDay.slice(8, 10)), LAST_BOX_DAY);
}

/** The date (YYYY-MM-DD) the box of `month` ships on, for a subscription whose box day is `boxDay`. */
export function boxDeliveryDate(month: string, boxDay: number): string {
  return `${month}-${String(Math.min(boxDay, LAST_BOX_DAY)).padStart(2, "0")}`;
}

/** The next box after the one that shipped (or was due) on `date`: the same box day, a month later. */
export function followingBoxDelivery(date: string): string {
  return boxDeliveryDate(nextMonth(monthOf(date)), Number(date.slice(8, 10)));
}

/** A month may be read while it is this month (what ships now) or next month (the picks to change); null when it may. */
export function monthRefusal(month: string, today: string): "past" | "tooFar" | null {
  const asked = monthIndex(month);
  const now = monthIndex(monthOf(today));
  if (asked < now) return "past";
  if (asked > now + 1) return "tooFar";
  return null;
}

/** The top-level category a beverage of this type is organised under in the box. */
export const BOX_CATEGORY_OF_TYPE: Readonly<Record<string, string>> = { Coffee: "coffee", Tea: "tea", Cocoa: "hot-cocoa" };
/** The order the box's categories are shown in. */
export const BOX_CATEGORIES = ["coffee", "tea", "hot-cocoa"] as const;

/** What a month's box is made of: the K-Cup box every product comes as, and the stores it is sold on. */
export interface BoxShape {
  sites: readonly string[];
  packSize: number;
  boxPods: number;
}

/** Why a product may not be in a store's monthly box; null when it may. */
export type SelectableRefusal = "notOnThisStore" | "notForAutoDelivery" | "notPods" | "wrongPackSize" | "bundle";

/**
 * Whether a product may be picked for the box on this store: the box is sold there, the product
 * may come by auto-delivery there (coffee, tea or cocoa), it is a K-Cup box of the box's pack size
 * (one variant of a family, not a bundle).
 */
export function selectableRefusal(
  product: Pick<Product, "productType" | "isAFHSubscriptionEligible"> & { packType: string | null; packSize: number | null; isBundle: boolean },
  site: BrandId,
  box: Pick<BoxShape, "sites" | "packSize">,
): SelectableRefusal | null {
  if (!box.sites.includes(site)) return "notOnThisStore";
  if (!adEligible(product, site)) return "notForAutoDelivery";
  if (product.isBundle) return "bundle";
  if (product.packType !== "KCup" || !product.packSize) return "notPods";
  if (product.packSize !== box.packSize) return "wrongPackSize";
  return null;
}

/**
 * The month's selection: `count` of the selectable codes (all when there are no more). The codes
 * in code order are dealt into a cycle with a stride coprime to their number (about available ÷
 * (available − count), so the ones left out are spread over the whole code order rather than all
 * of one category); the month takes `count` consecutive codes of that cycle from a start that
 * moves by (available − count) each month. So the selection turns over by that many products a
 * month, a product left out one month is back the next (while fewer than half are left out), and the same month on the same catalog
 * always gives the same selection, returned in code order.
 */
export function monthlySelection(codes: readonly string[], month: string, count: number): string[] {
  const sorted = [...new Set(codes)].sort();
  const n = sorted.length;
  if (n <= count) return sorted;
  const dropped = n - count;
  const stride = coprimeStride(n, dropped);
  const start = (monthIndex(month) * dropped) % n;
  const picked = Array.from({ length: count }, (_, k) => sorted[(((start + k) % n) * stride) % n]!);
  return picked.sort();
}

/** The smallest stride from ⌊n ÷ dropped⌋ up that is coprime to n: k → k × stride mod n then visits every code once. */
function coprimeStride(n: number, dropped: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = Math.max(1, Math.floor(n / dropped));
  while (gcd(stride, n) !== 1) stride++;
  return stride;
}

/** One line of a pick: a product code and how many of its K-Cup boxes. */
export interface PickEntry {
  code: string;
  quantity: number;
}

export interface BoxFill {
  entries: { code: string; quantity: number; pods: number }[];
  refused: { code: string; reason: PickRefusal }[];
  pickedPods: number;
  remainingPods: number;
  excessPods: number;
  state: BoxState;
  complete: boolean;
}

/**
 * How a pick fills the box: repeated codes are added together (in the order first given), codes
 * the month's selection does not hold are refused, and the pods of the rest are counted against
 * the box: under, full (exactly the box's pods) or over. Complete: full with nothing refused.
 */
export function fillBox(pick: readonly PickEntry[], podsOf: ReadonlyMap<string, number>, boxPods: number): BoxFill {
  const merged = new Map<string, number>();
  for (const e of pick) merged.set(e.code, (merged.get(e.code) ?? 0) + e.quantity);
  const entries: BoxFill["entries"] = [];
  const refused: BoxFill["refused"] = [];
  for (const [code, quantity] of merged) {
    const pods = podsOf.get(code);
    if (pods === undefined) refused.push({ code, reason: "notInSelection" });
    else entries.push({ code, quantity, pods: pods * quantity });
  }
  const pickedPods = entries.reduce((sum, e) => sum + e.pods, 0);
  const state: BoxState = pickedPods < boxPods ? "under" : pickedPods === boxPods ? "full" : "over";
  return {
    entries,
    refused,
    pickedPods,
    remainingPods: Math.max(0, boxPods - pickedPods),
    excessPods: Math.max(0, pickedPods - boxPods),
    state,
    complete: state === "full" && refused.length === 0,
  };
}

/** The box's monthly price in the store's currency; null when it has none in that currency. */
export function boxPriceMinor(prices: Readonly<Record<string, number>>, currency: string): number | null {
  const minor = prices[currency];
  return Number.isInteger(minor) && minor! > 0 ? minor! : null;
}

/** The monthly price per pod, rounded half up to the minor unit. */
export function pricePerPodMinor(priceMinor: number, boxPods: number): number {
  return roundHalfUp(priceMinor, boxPods);
}

/** How many K-Cup boxes fill the box (the seeded box is a whole number of them). */
export function boxesPerMonth(box: Pick<BoxShape, "boxPods" | "packSize">): number {
  return Math.floor(box.boxPods / box.packSize);
}

/**
 * Whether a product's text answers a search: every word of the query (already normalised, stop
 * words dropped) begins a word of the text (accents, case and punctuation folded). No words: no match.
 */
export function matchesWords(words: readonly string[], normalisedText: string): boolean {
  if (words.length === 0) return false;
  const tokens = normalisedText.split(" ").filter(Boolean);
  return words.every((w) => tokens.some((t) => t.startsWith(w)));
}

/**
 * How a box's price is spread over its lines (decision 067): every K-Cup box costs the price
 * divided by the boxes, rounded down, and what that leaves (a few minor units) goes on the first
 * line, so the lines add up to exactly the box's price and each is a real product at a real price
 * (taxes, refunds and the order history read ordinary lines). A line's unit is the even share.
 */
export function spreadBoxPrice(priceMinor: number, quantities: readonly number[]): { unitMinor: number; totalMinor: number }[] {
  const units = quantities.reduce((sum, q) => sum + q, 0);
  if (units <= 0) return [];
  const unit = Math.floor(priceMinor / units);
  const rest = priceMinor - unit * units;
  return quantities.map((q, i) => ({ unitMinor: unit, totalMinor: unit * q + (i === 0 ? rest : 0) }));
}

export interface CarriedOver {
  picks: PickEntry[];
  /** Each pick that could not be kept, and the products that took its K-Cup boxes. */
  swaps: { code: string; quantity: number; replacedBy: string[] }[];
  /** False when the products offered could not fill the box (the month's box cannot be made). */
  full: boolean;
}

/**
 * A month's picks from an earlier month's (decision 067): a product the month still offers (and,
 * when stock is given, has enough of) is kept with its quantity; the K-Cup boxes of one that is not
 * go, box by box, to the month's products in the selection's order (the order the shopper sees:
 * category, collection, name), each taking what its stock allows, at most `maxPerLine` boxes a
 * line. The same rule replaces a pick short of stock when the month's box is placed.
 */
export function carryOverPicks(
  previous: readonly PickEntry[],
  offered: readonly string[],
  stockOf?: ReadonlyMap<string, number>,
  maxPerLine = 24,
): CarriedOver {
  const left = new Map<string, number>();
  const room = (code: string) => (stockOf ? (left.has(code) ? left.get(code)! : (stockOf.get(code) ?? 0)) : Number.POSITIVE_INFINITY);
  const take = (code: string, units: number) => {
    if (stockOf) left.set(code, room(code) - units);
  };
  const picks = new Map<string, number>();
  const dropped: PickEntry[] = [];
  const on = new Set(offered);
  for (const p of previous) {
    if (on.has(p.code) && room(p.code) >= p.quantity) {
      picks.set(p.code, (picks.get(p.code) ?? 0) + p.quantity);
      take(p.code, p.quantity);
    } else dropped.push(p);
  }
  const swaps: CarriedOver["swaps"] = [];
  let full = true;
  for (const d of dropped) {
    let missing = d.quantity;
    const replacedBy: string[] = [];
    for (const code of offered) {
      if (missing === 0) break;
      if (code === d.code) continue;
      const units = Math.min(missing, room(code), maxPerLine - (picks.get(code) ?? 0));
      if (units <= 0) continue;
      picks.set(code, (picks.get(code) ?? 0) + units);
      take(code, units);
      replacedBy.push(code);
      missing -= units;
    }
    if (missing > 0) full = false;
    swaps.push({ code: d.code, quantity: d.quantity, replacedBy });
  }
  return { picks: [...picks].map(([code, quantity]) => ({ code, quantity })), swaps, full };
}

/** Whether the box of `month` has been placed (or skipped): the subscription's next box is in a later month. */
export function boxPlacedFor(month: string, nextDeliveryDate: string): boolean {
  return monthIndex(monthOf(nextDeliveryDate)) > monthIndex(month);
}
