import type { CouponRefusalReason } from "../contract/coupon";
import type { CouponRow } from "../db/coupons";

/**
 * The coupon rules, without the database: who may use a code, and what it takes off. Amounts are
 * integer minor units.
 *
 * Stacking: a cart carries at most one whole-order coupon and any number of category or product
 * coupons. Scoped coupons are taken off their lines first, in the order they were applied, each
 * from what earlier ones left; the whole-order coupon then applies to what is left of the cart.
 * No line, and so no cart, ever goes below zero.
 */

export interface Coupon {
  id: number;
  code: string;
  description: { en: string; fr: string };
  kind: "percentage" | "fixed";
  /** Whole percent, or minor units for a fixed coupon. */
  value: number;
  /** Minor units the lines the coupon covers must come to (before any discount). */
  minimumSpend: number;
  scope: "order" | "categories" | "products";
  scopeCodes: readonly string[];
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  uses: number;
  /** Only this customer may use it (a welcome coupon, decision 070); null: anyone. */
  customerId: string | null;
  /** Only a shopper's first order may use it (a referral's coupon, decision 074). */
  firstOrderOnly: boolean;
}

export function couponOf(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    description: { en: row.description_en, fr: row.description_fr },
    kind: row.kind,
    value: row.value,
    minimumSpend: row.minimum_spend,
    scope: row.scope,
    scopeCodes: row.scope_codes
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean),
    startsAt: row.starts_at ? new Date(row.starts_at) : null,
    endsAt: row.ends_at ? new Date(row.ends_at) : null,
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    uses: row.uses,
    customerId: row.customer_id,
    firstOrderOnly: row.first_order_only === 1,
  };
}

/** A coupon of one customer's is, to anyone else, a code that does not exist. */
export function ownerRefusal(coupon: Pick<Coupon, "customerId">, customerId: string | null): "unknown" | null {
  return coupon.customerId !== null && coupon.customerId !== customerId ? "unknown" : null;
}

/** The coupons on a cart and the categories of its products, which cart pricing needs. */
export interface CartCoupons {
  coupons: readonly Coupon[];
  categories: ReadonlyMap<string, readonly string[]>;
}

export const NO_COUPONS: CartCoupons = { coupons: [], categories: new Map() };

/** A cart line as coupons see it: what it costs before discounts, and what it is. */
export interface CouponLine {
  productCode: string;
  categoryCodes: readonly string[];
  /** The line's total in minor units. */
  amount: number;
}

export const isScoped = (coupon: Coupon) => coupon.scope !== "order";

export function covers(coupon: Coupon, line: Pick<CouponLine, "productCode" | "categoryCodes">): boolean {
  if (coupon.scope === "order") return true;
  if (coupon.scope === "products") return coupon.scopeCodes.includes(line.productCode);
  return line.categoryCodes.some((c) => coupon.scopeCodes.includes(c));
}

/** Between its start (inclusive) and its end (exclusive); either may be open. */
export function datesRefusal(coupon: Coupon, now: Date): "notYetValid" | "expired" | null {
  if (coupon.startsAt && now < coupon.startsAt) return "notYetValid";
  if (coupon.endsAt && now >= coupon.endsAt) return "expired";
  return null;
}

/** Uses so far against both limits; `customerUses` is null when the shopper is not known yet (a guest before checkout). */
export function limitsRefusal(coupon: Coupon, customerUses: number | null): "usedUp" | "usedUpByCustomer" | null {
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return "usedUp";
  if (coupon.maxUsesPerCustomer !== null && customerUses !== null && customerUses >= coupon.maxUsesPerCustomer) return "usedUpByCustomer";
  return null;
}

/** A first-order coupon, for a shopper with orders already; `earlierOrders` is null when the shopper is not known yet (a guest before checkout). */
export function firstOrderRefusal(coupon: Pick<Coupon, "firstOrderOnly">, earlierOrders: number | null): "firstOrderOnly" | null {
  return coupon.firstOrderOnly && earlierOrders !== null && earlierOrders > 0 ? "firstOrderOnly" : null;
}

/** Whether the cart's lines qualify: some line in scope, and the lines in scope reach the minimum. */
export function cartRefusal(coupon: Coupon, lines: readonly CouponLine[]): "notApplicable" | "minimumSpend" | null {
  const covered = lines.filter((l) => covers(coupon, l));
  if (covered.length === 0) return "notApplicable";
  if (covered.reduce((sum, l) => sum + l.amount, 0) < coupon.minimumSpend) return "minimumSpend";
  return null;
}

export interface ApplyCheck {
  /** The code as asked; undefined when no coupon of the site has it. */
  coupon: Coupon | undefined;
  /** The coupons already on the cart. */
  applied: readonly Coupon[];
  lines: readonly CouponLine[];
  customerUses: number | null;
  /** The shopper applying it; null for a guest. */
  customerId: string | null;
  /** The shopper's orders so far; null or absent when not known (a guest). */
  earlierOrders?: number | null;
  now: Date;
}

/**
 * Why a code cannot go on this cart, or null. An empty cart takes any code that is valid today
 * and not used up (a code from a link or an e-mail arrives before the products do); its lines
 * are checked once there are some, and the cart shows the coupon as not applying until they qualify.
 */
export function applyRefusal({ coupon, applied, lines, customerUses, customerId, earlierOrders = null, now }: ApplyCheck): CouponRefusalReason | null {
  if (!coupon) return "unknown";
  const refusal =
    ownerRefusal(coupon, customerId) ?? datesRefusal(coupon, now) ?? limitsRefusal(coupon, customerUses) ?? firstOrderRefusal(coupon, earlierOrders);
  if (refusal) return refusal;
  if (applied.some((c) => c.id === coupon.id)) return null;
  if (coupon.scope === "order" && applied.some((c) => c.scope === "order")) return "notCombinable";
  return lines.length === 0 ? null : cartRefusal(coupon, lines);
}

/** Percent of an amount in minor units, half a cent and more rounded up. */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

export interface CouponDiscount {
  coupon: Coupon;
  /** Minor units; 0 when the coupon does not apply. */
  discount: number;
  refusal: "notYetValid" | "expired" | "notApplicable" | "minimumSpend" | null;
}

export interface CartDiscounts {
  coupons: CouponDiscount[];
  total: number;
}

/**
 * What the coupons on a cart take off, as the cart is read: the dates and the lines decide;
 * usage limits are checked when a code is applied and again when the order redeems it.
 */
export function discountCart(lines: readonly CouponLine[], coupons: readonly Coupon[], now: Date): CartDiscounts {
  const left = lines.map((l) => l.amount);
  const ordered = [...coupons.filter(isScoped), ...coupons.filter((c) => !isScoped(c)).slice(0, 1)];
  const results = new Map<number, CouponDiscount>();
  for (const coupon of ordered) {
    const refusal = datesRefusal(coupon, now) ?? cartRefusal(coupon, lines);
    if (refusal) {
      results.set(coupon.id, { coupon, discount: 0, refusal });
      continue;
    }
    const covered = lines.flatMap((l, i) => (covers(coupon, l) ? [i] : []));
    const eligible = covered.reduce((sum, i) => sum + left[i]!, 0);
    const discount = Math.min(eligible, coupon.kind === "percentage" ? percentOf(eligible, coupon.value) : coupon.value);
    takeFrom(left, covered, discount);
    results.set(coupon.id, { coupon, discount, refusal: null });
  }
  // A second whole-order coupon cannot be applied; should one be found anyway, it takes nothing.
  const shown = coupons.map((c) => results.get(c.id) ?? { coupon: c, discount: 0, refusal: "notApplicable" as const });
  return { coupons: shown, total: shown.reduce((sum, c) => sum + c.discount, 0) };
}

/** Spreads a discount over the lines it came from, in proportion to what each has left, never below zero. */
function takeFrom(left: number[], lines: readonly number[], discount: number): void {
  const total = lines.reduce((sum, i) => sum + left[i]!, 0);
  if (total === 0 || discount === 0) return;
  let rest = discount;
  for (const i of lines) {
    const share = Math.floor((discount * left[i]!) / total);
    left[i] = left[i]! - share;
    rest -= share;
  }
  for (const i of lines) {
    if (rest === 0) break;
    const cents = Math.min(rest, left[i]!);
    left[i] = left[i]! - cents;
    rest -= cents;
  }
}

/**
 * The price a product page shows with the shopper's category coupons: the best of the scoped
 * coupons valid today that cover the product and whose minimum one unit reaches; null when none
 * lowers the price. Whole-order coupons are left to the cart.
 */
export function couponUnitPrice(
  unitPrice: number,
  product: Pick<CouponLine, "productCode" | "categoryCodes">,
  coupons: readonly Coupon[],
  now: Date,
): { price: number; coupon: Coupon } | null {
  let best: { price: number; coupon: Coupon } | null = null;
  for (const coupon of coupons.filter(isScoped)) {
    if (limitsRefusal(coupon, null)) continue;
    const { total } = discountCart([{ ...product, amount: unitPrice }], [coupon], now);
    if (total > 0 && (!best || unitPrice - total < best.price)) best = { price: unitPrice - total, coupon };
  }
  return best;
}
