import type { RateLimitRule, RateLimits } from "../../lib/rate-limit";
import type { Cart } from "../contract/cart";
import type { CouponRefusalReason } from "../contract/coupon";
import { formatMoney } from "../contract/money";
import type { Product } from "../contract/product";
import { findCartByGuid, touchCart } from "../db/carts";
import {
  addCartCoupon,
  cartCoupons,
  findCoupon,
  findCoupons,
  hasRedemption,
  lockCartCoupons,
  redeem,
  redemptionsBy,
  removeCartCoupon,
  productCategories,
} from "../db/coupons";
import { findCustomer } from "../db/customers";
import type { Db } from "../db/index";
import { ordersBy } from "../db/orders";
import { writeTransaction } from "../db/write-transaction";
import { type CartOwner, type CartService, cartNotFound } from "./carts";
import {
  type Coupon,
  type CouponLine,
  applyRefusal,
  couponOf,
  couponUnitPrice,
  datesRefusal,
  firstOrderRefusal,
  isScoped,
  limitsRefusal,
  ownerRefusal,
} from "./coupon-rules";
import { ShopError, TooManyRequests } from "./errors";
import { price } from "./pricing";
import type { ShopContext } from "./shop-context";
import { unavailableWhenBusy } from "./service-unavailable";

/**
 * Codes refused as not known, ended or not started, per caller address and hour: beyond that the
 * caller is guessing, and gets 429 before the code is looked at.
 */
export const COUPON_GUESSES_PER_ADDRESS: RateLimitRule = { name: "coupon-guesses-address", points: 30, windowSeconds: 3600 };

/** The refusals a guess gets; to a guest they all read as "unknown", so a real code cannot be told from a made-up one. */
const GUESS_REFUSALS: ReadonlySet<CouponRefusalReason> = new Set(["unknown", "expired", "notYetValid"]);

/** Why a code was refused, with a message a shopper can act on; the storefront words it in the shop's language by `reason`. */
export function couponRefused(
  reason: CouponRefusalReason,
  code: string,
  detail: { minimumSpend?: { minor: number; formatted: string }; otherCode?: string } = {},
): ShopError {
  const messages: Record<CouponRefusalReason, string> = {
    unknown: `'${code}' is not a coupon code we can take. Check the spelling; the offer may also have ended.`,
    notYetValid: `Coupon ${code} cannot be used yet.`,
    expired: `Coupon ${code} has expired.`,
    notApplicable: `Coupon ${code} does not apply to any product in your cart.`,
    minimumSpend: `Coupon ${code} needs ${detail.minimumSpend?.formatted ?? "a larger order"} of eligible products in your cart.`,
    usedUp: `Coupon ${code} has been used as many times as it can be.`,
    usedUpByCustomer: `You have already used coupon ${code} as many times as it allows.`,
    notCombinable: `Only one whole-order coupon can be used at a time${detail.otherCode ? `: remove ${detail.otherCode} to use ${code}` : ""}.`,
    firstOrderOnly: `Coupon ${code} is for a first order only.`,
  };
  return new ShopError("invalid", {
    type: "CouponError",
    reason,
    subject: "couponCode",
    subjectType: "coupon",
    message: messages[reason],
    ...(reason === "minimumSpend" && detail.minimumSpend ? { minimumSpend: detail.minimumSpend.minor } : {}),
  });
}

/**
 * Coupons on carts: apply and remove (one write transaction each, the cart locked first), and the
 * coupon prices of catalog pages. A use is counted only when an order redeems the coupon
 * (redeemCouponsForOrder), never when a code is applied, so an abandoned cart holds no use.
 */
export class CouponService {
  constructor(private readonly deps: { db: Db; carts: CartService; limits: RateLimits }) {}

  /**
   * Puts a code on the owner's cart: the one with this guid, or, without a guid, the customer's
   * open cart or a new anonymous one. Answers the cart priced with it. A caller (by address) who
   * keeps trying codes that do not exist or cannot be used now is refused for a while (429).
   */
  async apply(ctx: ShopContext, owner: CartOwner, cartGuid: string | undefined, code: string, clientAddress?: string): Promise<Cart> {
    const { db, carts, limits } = this.deps;
    const guesses = clientAddress ? [{ rule: COUPON_GUESSES_PER_ADDRESS, key: clientAddress }] : [];
    for (const { rule, key } of guesses) {
      const standing = await limits.standing(rule, key);
      if (!standing.allowed) throw new TooManyRequests(standing.retryAfterSeconds);
    }
    // The cart first: a guid that is not the caller's answers 404 whatever the code.
    const cart = cartGuid ? await carts.read(ctx, owner, cartGuid) : owner === "anonymous" ? null : await orNull(carts.current(ctx, owner.customerId));
    const row = await findCoupon(db, ctx.site, code);
    const coupon = row && couponOf(row);
    const cartRow = cart && (await findCartByGuid(db, cart.guid));
    const applied = cartRow ? (await cartCoupons(db, cartRow.id)).map(couponOf) : [];
    const lines = cart ? await this.linesOf(cart) : [];
    const customerUses = coupon && owner !== "anonymous" ? await this.usesBy(coupon, owner.customerId) : null;
    const customerId = owner === "anonymous" ? null : owner.customerId;
    const earlierOrders = coupon?.firstOrderOnly && customerId ? await this.ordersOf(ctx, customerId) : null;
    const refusal = applyRefusal({ coupon, applied, lines, customerUses, customerId, earlierOrders, now: new Date() });
    if (refusal || !coupon) {
      const reason = refusal ?? "unknown";
      if (GUESS_REFUSALS.has(reason)) {
        await limits.hitAll(guesses);
        // A guest learns only that the code cannot be taken: not whether it ever existed.
        if (owner === "anonymous") throw couponRefused("unknown", code);
      }
      throw this.refusal(ctx, reason, code, coupon, applied);
    }

    const guid = await unavailableWhenBusy(() =>
      writeTransaction(db, async (trx) => {
        const now = new Date().toISOString();
        const locked = await carts.cartForWrite(trx, ctx, owner, cart?.guid);
        // Read again under the cart's lock: two tabs may be applying two whole-order coupons at once.
        const onCart = (await cartCoupons(trx, locked.id)).map(couponOf);
        const other = onCart.find((c) => c.scope === "order" && c.id !== coupon.id);
        if (coupon.scope === "order" && other) throw couponRefused("notCombinable", coupon.code, { otherCode: other.code });
        await addCartCoupon(trx, locked.id, coupon.id, now);
        await touchCart(trx, locked.id, now);
        return locked.guid;
      }),
    );
    return carts.read(ctx, owner, guid);
  }

  /** Takes a code off the owner's cart; a code the cart does not carry leaves it as it is. */
  async remove(ctx: ShopContext, owner: CartOwner, cartGuid: string | undefined, code: string): Promise<Cart> {
    const { db, carts } = this.deps;
    const guid = cartGuid ?? (owner === "anonymous" ? undefined : (await carts.current(ctx, owner.customerId)).guid);
    if (!guid) throw cartNotFound();
    const coupon = await findCoupon(db, ctx.site, code);
    await unavailableWhenBusy(() =>
      writeTransaction(db, async (trx) => {
        const cart = await carts.cartForWrite(trx, ctx, owner, guid);
        if (!coupon) return;
        await removeCartCoupon(trx, cart.id, coupon.id);
        await touchCart(trx, cart.id, new Date().toISOString());
      }),
    );
    return carts.read(ctx, owner, guid);
  }

  /**
   * Catalog answers priced with the shopper's category coupons (the appliedCategoryCoupons the
   * storefront keeps): a product a valid scoped coupon covers shows the coupon price, its
   * earlier price struck through, and the coupon. Unknown codes are ignored.
   */
  async priceProducts(ctx: ShopContext, products: readonly Product[], codes: readonly string[]): Promise<Product[]> {
    if (codes.length === 0 || products.length === 0) return [...products];
    const coupons = (await findCoupons(this.deps.db, ctx.site, codes)).map(couponOf).filter(isScoped);
    if (coupons.length === 0) return [...products];
    const now = new Date();
    // Each size or colour is priced with its own categories (a family may hold pods and bags).
    const categoriesOf = await productCategories(this.deps.db, [...new Set(products.flatMap((p) => [p.code, ...p.variantOptions.map((v) => v.code)]))]);
    const money = (minor: number, priceType?: "BUY" | "FROM") => price(minor, ctx.currency, ctx.lang, priceType);
    return products.map((product) => {
      let used: Coupon | undefined;
      const couponFor = (unit: number, productCode: string, categoryCodes: readonly string[]) => {
        const best = couponUnitPrice(unit, { productCode, categoryCodes }, coupons, now);
        if (best) used ??= best.coupon;
        return best?.price;
      };
      const variantOptions = product.variantOptions.map((v) => {
        const lower = couponFor(v.priceData.minor, v.code, categoriesOf.get(v.code) ?? []);
        return lower === undefined ? v : { ...v, priceData: money(lower, v.priceData.priceType), originalPriceData: v.originalPriceData ?? v.priceData };
      });
      // A family's "from" price is its cheapest option's; without options (listings) the family's categories decide.
      const cheapest = Math.min(...variantOptions.map((v) => v.priceData.minor));
      const own =
        !product.baseProduct && variantOptions.length > 0
          ? cheapest < product.price.minor
            ? cheapest
            : undefined
          : couponFor(product.price.minor, product.code, categoriesOf.get(product.code) ?? []);
      if (!used) return product;
      return {
        ...product,
        ...(own === undefined ? {} : { price: money(own, product.price.priceType), originalPriceData: product.originalPriceData ?? product.price }),
        variantOptions,
        appliedCoupon: { code: used.code, description: used.description[ctx.lang] },
      };
    });
  }

  /** The cart's lines with their categories, as the coupon rules need them. */
  private async linesOf(cart: Cart): Promise<CouponLine[]> {
    const categories = await productCategories(this.deps.db, [...new Set(cart.entries.map((e) => e.product.code))]);
    return cart.entries.map((e) => ({ productCode: e.product.code, categoryCodes: categories.get(e.product.code) ?? [], amount: e.totalPrice.minor }));
  }

  /** A customer's orders on the site, by account or by the account's e-mail (orders placed as a guest first). */
  private async ordersOf(ctx: ShopContext, customerId: string): Promise<number> {
    const customer = await findCustomer(this.deps.db, customerId);
    return ordersBy(this.deps.db, ctx.site, { customerId, email: customer?.email ?? null });
  }

  private async usesBy(coupon: Coupon, customerId: string): Promise<number | null> {
    if (coupon.maxUsesPerCustomer === null) return null;
    const customer = await findCustomer(this.deps.db, customerId);
    return redemptionsBy(this.deps.db, coupon.id, { customerId, email: customer?.email ?? null });
  }

  private refusal(ctx: ShopContext, reason: CouponRefusalReason, code: string, coupon: Coupon | undefined, applied: readonly Coupon[]): ShopError {
    return couponRefused(reason, coupon?.code ?? code, {
      minimumSpend: coupon ? { minor: coupon.minimumSpend, formatted: formatMoney(coupon.minimumSpend, ctx.currency, ctx.lang) } : undefined,
      otherCode: applied.find((c) => c.scope === "order")?.code,
    });
  }
}

/** A cart that is not there yet is no error for applying a code: one is made for it. */
async function orNull(cart: Promise<Cart>): Promise<Cart | null> {
  try {
    return await cart;
  } catch (err) {
    if (err instanceof ShopError && err.kind === "notFound") return null;
    throw err;
  }
}

/** What placing an order tells the coupons about it. */
export interface CouponOrder {
  cartId: number;
  site: string;
  /** Null for a guest, who is counted by e-mail. */
  customerId: string | null;
  email: string;
  orderCode: string;
  now: Date;
  /**
   * The codes whose discount the order carries (the priced cart's appliedCoupons that apply);
   * coupons on the cart that took nothing off are then not used up. Absent: every coupon on the cart.
   */
  couponCodes?: readonly string[];
}

/**
 * Counts the cart's coupons as used by the order, inside the order's write transaction: the
 * coupon rows are locked (PostgreSQL `for update`; SQLite's BEGIN IMMEDIATE already serialises
 * writers), their dates and both usage limits checked again, uses counted and redemptions
 * written. A limit that would be passed throws a CouponError ShopError, and the caller's
 * transaction rolls back as a whole. Redeeming the same order again counts nothing twice.
 */
export async function redeemCouponsForOrder(trx: Db, order: CouponOrder): Promise<void> {
  const at = order.now.toISOString();
  for (const row of await lockCartCoupons(trx, order.cartId)) {
    const coupon = couponOf(row);
    if (row.site !== order.site) continue;
    if (order.couponCodes && !order.couponCodes.includes(coupon.code)) continue;
    if (await hasRedemption(trx, coupon.id, order.orderCode)) continue;
    const customerUses = coupon.maxUsesPerCustomer === null ? null : await redemptionsBy(trx, coupon.id, { customerId: order.customerId, email: order.email });
    // A customer's own coupon on a cart that is no longer theirs (signed out, say) is not taken.
    // The order is not written yet: any order of this shopper is an earlier one.
    const earlierOrders = coupon.firstOrderOnly ? await ordersBy(trx, order.site, { customerId: order.customerId, email: order.email }) : null;
    const refusal =
      ownerRefusal(coupon, order.customerId) ??
      datesRefusal(coupon, order.now) ??
      limitsRefusal(coupon, customerUses) ??
      firstOrderRefusal(coupon, earlierOrders);
    if (refusal) throw couponRefused(refusal, coupon.code);
    await redeem(trx, coupon.id, { orderCode: order.orderCode, customerId: order.customerId, email: order.email, at });
  }
}
