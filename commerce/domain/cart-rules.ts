import { type CartChange, type CartModificationStatus, type EntryType, MAX_LINE_QUANTITY, PODS_AT_HOME_ENTRY_TYPES } from "../contract/cart";
import type { Lang } from "../contract/common";
import { invalid, ShopError } from "./errors";

/** A cart line as the rules see it. */
export interface Line {
  productCode: string;
  entryType: EntryType;
  quantity: number;
}

export interface LineCap {
  /** The line's quantity after the add. */
  quantity: number;
  added: number;
  statusCode: CartModificationStatus;
}

/**
 * How many of `requested` units an add puts on a line that holds `current`. The line never goes
 * past the line maximum, and the product's lines together never past the stock. A partial add is
 * kept (statusCode says why); an add of nothing at all is refused, so the shopper hears why.
 * A line already above the stock (the stock fell since) is not cut here: validation reports it.
 */
export function capAdd(args: { current: number; requested: number; otherLinesOfProduct: number; stock: number; max?: number }): LineCap {
  const { current, requested, otherLinesOfProduct, stock, max = MAX_LINE_QUANTITY } = args;
  const byMax = Math.min(current + requested, max);
  const stockRoom = Math.max(0, stock - otherLinesOfProduct);
  const quantity = Math.max(current, Math.min(byMax, stockRoom));
  const added = quantity - current;
  const stockLimited = stockRoom < byMax;
  if (added === 0) {
    if (stockLimited) throw insufficientStock(Math.max(0, stockRoom - current));
    throw maxQuantityReached(max);
  }
  const statusCode: CartModificationStatus = added === requested ? "success" : stockLimited ? "lowStock" : "maxOrderQuantityExceeded";
  return { quantity, added, statusCode };
}

export function insufficientStock(available: number, productCode?: string): ShopError {
  return new ShopError("invalid", {
    type: "InsufficientStockError",
    reason: available === 0 ? "noStock" : "lowStock",
    subject: productCode ?? "qty",
    subjectType: "product",
    availableQuantity: available,
    message:
      available === 0
        ? "Sorry, there is no more of this item in stock to add to your cart."
        : `Sorry, only ${available} more of this item ${available === 1 ? "is" : "are"} in stock.`,
  });
}

export function maxQuantityReached(max = MAX_LINE_QUANTITY): ShopError {
  return new ShopError("invalid", {
    type: "CartEntryError",
    reason: "maxOrderQuantityExceeded",
    subject: "qty",
    message: `You can have at most ${max} of this item in your cart.`,
  });
}

/**
 * The pods-at-home count to store: only ADC and ADCF lines carry it. Absent stays absent (the
 * storefront sends it empty when the shopper typed no number); on any other line it is refused.
 */
export function podsAtHomeFor(entryType: EntryType, podsAtHomeQty: number | undefined): number | null {
  if (podsAtHomeQty === undefined) return null;
  if (!PODS_AT_HOME_ENTRY_TYPES.includes(entryType)) {
    throw invalid("podsAtHomeQty", `podsAtHomeQty is only for ${PODS_AT_HOME_ENTRY_TYPES.join(" and ")} lines; leave it empty for ${entryType}.`);
  }
  return podsAtHomeQty;
}

export interface MergePlan {
  /** Lines to write in the member's cart: an existing line's new quantity or a new line. */
  lines: (Line & { podsAtHomeQty: number | null })[];
  changes: CartChange[];
}

/**
 * An anonymous cart joined to the member's at sign-in. The same product and entry type become one
 * line with the quantities summed, capped at the line maximum and at the stock (the product's lines
 * together); products no longer sold are left out. Every unit not kept is reported with its reason.
 */
export function planMerge(
  memberLines: readonly Line[],
  anonymousLines: readonly (Line & { podsAtHomeQty: number | null })[],
  stockOf: (productCode: string) => number | undefined,
  max = MAX_LINE_QUANTITY,
): MergePlan {
  const key = (l: Line) => `${l.productCode}|${l.entryType}`;
  const memberQty = new Map(memberLines.map((l) => [key(l), l.quantity]));
  const usedByProduct = new Map<string, number>();
  for (const l of memberLines) usedByProduct.set(l.productCode, (usedByProduct.get(l.productCode) ?? 0) + l.quantity);

  const lines: MergePlan["lines"] = [];
  const changes: CartChange[] = [];
  for (const anon of anonymousLines) {
    const current = memberQty.get(key(anon)) ?? 0;
    const requested = current + anon.quantity;
    const stock = stockOf(anon.productCode);
    if (stock === undefined) {
      changes.push({ productCode: anon.productCode, entryType: anon.entryType, requested, kept: current, reason: "unavailable" });
      continue;
    }
    const used = usedByProduct.get(anon.productCode) ?? 0;
    const room = Math.max(0, stock - (used - current));
    const byMax = Math.min(requested, max);
    const kept = Math.max(current, Math.min(byMax, room));
    if (kept < requested) {
      changes.push({ productCode: anon.productCode, entryType: anon.entryType, requested, kept, reason: room < byMax ? "stock" : "maxQuantity" });
    }
    usedByProduct.set(anon.productCode, used - current + kept);
    memberQty.set(key(anon), kept);
    if (kept > current) lines.push({ productCode: anon.productCode, entryType: anon.entryType, quantity: kept, podsAtHomeQty: anon.podsAtHomeQty });
  }
  return { lines, changes };
}

/**
 * What checkout would have to change in a cart: lines of products no longer sold or priced go,
 * and the product's lines together fit the stock (earlier lines first) and each the line maximum.
 */
export function checkLines(lines: readonly Line[], stockOf: (productCode: string) => number | undefined, max = MAX_LINE_QUANTITY): CartChange[] {
  const used = new Map<string, number>();
  const changes: CartChange[] = [];
  for (const line of lines) {
    const stock = stockOf(line.productCode);
    if (stock === undefined) {
      changes.push({ productCode: line.productCode, entryType: line.entryType, requested: line.quantity, kept: 0, reason: "unavailable" });
      continue;
    }
    const room = Math.max(0, stock - (used.get(line.productCode) ?? 0));
    const kept = Math.min(line.quantity, room, max);
    if (kept < line.quantity) {
      changes.push({
        productCode: line.productCode,
        entryType: line.entryType,
        requested: line.quantity,
        kept,
        reason: room < Math.min(line.quantity, max) ? "stock" : "maxQuantity",
      });
    }
    used.set(line.productCode, (used.get(line.productCode) ?? 0) + kept);
  }
  return changes;
}

/** Whether the site offers this language (the add payload may name one). */
export function langOrDefault(asked: Lang | undefined, offered: readonly Lang[], fallback: Lang): Lang {
  if (asked === undefined) return fallback;
  if (!offered.includes(asked)) throw invalid("lang", `Language '${asked}' is not offered on this site.`);
  return asked;
}
