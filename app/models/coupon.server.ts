import { type Cart, CartSchema } from "../../commerce/contract/cart";
import { CouponRefusalReasonSchema, MAX_CATEGORY_COUPONS } from "../../commerce/contract/coupon";
import { type ApiClientContext, ApiError, callApi } from "../lib/api-client.server";
import { type CookieJar, DAY_MS } from "../lib/cookies.server";
import type { CouponOutcome } from "../lib/coupon-outcome";
import { limiter } from "../lib/email-form.server";

/** Codes one shopper address may try in ten minutes: plenty for a shopper, a brake on guessing codes. */
export const COUPON_APPLY_LIMIT = { name: "coupon-apply-client", points: 60, windowSeconds: 600 };

/** The parts of the shopper's session a coupon change keeps in step. */
interface CartSession {
  readonly cart: { guid: string | undefined };
  readonly userPathId: string;
  rememberCart(guid: string | undefined, quantity: number): Promise<void>;
}

function cartOwner(ctx: ApiClientContext): string {
  return ctx.shopper?.userPathId ?? "anonymous";
}

/**
 * Puts a code on the shopper's cart: an anonymous one by guid, a customer's open one; without a
 * cart the service makes one. Answers the cart priced with it; a refused code is an ApiError 400
 * with the CouponError reason.
 */
export function applyCoupon(ctx: ApiClientContext, cartGuid: string | undefined, couponCode: string) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${encodeURIComponent(cartOwner(ctx))}/applyCoupon`,
    json: { couponCode, cartGuid },
    schema: CartSchema,
    auth: "optional",
  });
}

export function removeCoupon(ctx: ApiClientContext, cartGuid: string | undefined, couponCode: string) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${encodeURIComponent(cartOwner(ctx))}/removeCoupon`,
    json: { couponCode, cartGuid },
    schema: CartSchema,
    auth: "optional",
  });
}

const COOKIE = "appliedCategoryCoupons";
const CODE = /^[A-Z0-9_-]{1,32}$/;

/** The category coupons the shopper applied, which catalog pages price with (functional cookie, c9). */
export function appliedCategoryCoupons(jar: CookieJar): string[] {
  return (jar.get(COOKIE) ?? "")
    .split(",")
    .map((c) => c.trim().toUpperCase())
    .filter((c) => CODE.test(c))
    .slice(0, MAX_CATEGORY_COUPONS);
}

/** Appends the code when it is not there yet (path /, Secure in production, comma-separated). */
export function rememberCategoryCoupon(jar: CookieJar, code: string, days = 30): void {
  const codes = appliedCategoryCoupons(jar);
  if (codes.includes(code)) return;
  jar.set(COOKIE, [...codes, code].slice(-MAX_CATEGORY_COUPONS).join(","), { maxAgeMs: days * DAY_MS });
}

/** A removed coupon no longer prices the catalog pages. */
export function forgetCategoryCoupon(jar: CookieJar, code: string, days = 30): void {
  const codes = appliedCategoryCoupons(jar);
  if (!codes.includes(code)) return;
  const rest = codes.filter((c) => c !== code);
  if (rest.length === 0) jar.delete(COOKIE);
  else jar.set(COOKIE, rest.join(","), { maxAgeMs: days * DAY_MS });
}

/**
 * Applies or removes a code on the shopper's cart, keeps the session's cart and the
 * category-coupon cookie in step, and says how it went (a refusal by its reason, for the page to
 * word in the shop's language). Only an outage is "failed"; the service's refusals are outcomes.
 */
export async function changeCoupon(
  ctx: ApiClientContext,
  shopper: CartSession,
  jar: CookieJar,
  intent: "apply" | "remove",
  code: string,
): Promise<CouponOutcome> {
  if (intent === "apply") {
    const verdict = await limiter().hit(COUPON_APPLY_LIMIT, ctx.clientAddress ?? "unknown");
    if (!verdict.allowed) return { refused: "tooMany", code, retryAfterSeconds: verdict.retryAfterSeconds };
  }
  try {
    const cart: Cart = intent === "apply" ? await applyCoupon(ctx, shopper.cart.guid, code) : await removeCoupon(ctx, shopper.cart.guid, code);
    await shopper.rememberCart(shopper.userPathId === "anonymous" ? cart.guid : undefined, cart.totalUnitCount);
    if (intent === "remove") {
      forgetCategoryCoupon(jar, code);
      return { outcome: "removed", code };
    }
    const applied = cart.appliedCoupons.find((c) => c.code === code);
    if (applied && applied.scope !== "order") rememberCategoryCoupon(jar, code);
    return { outcome: applied?.applies === false ? "waiting" : "applied", code };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) {
      ctx.logger.warn({ err, correlationId: ctx.correlationId }, "coupon change failed");
      return { refused: "failed", code };
    }
    // The service's own limit on codes that could not be used from this shopper's address.
    if (err.status === 429) return { refused: "tooMany", code, retryAfterSeconds: err.retryAfterSeconds ?? 60 };
    const item = err.errors[0];
    const reason = CouponRefusalReasonSchema.safeParse(item?.reason);
    if (item?.type === "CouponError" && reason.success) return { refused: reason.data, code, amount: item.minimumSpend };
    // A cart the service no longer knows (merged, or ordered): nothing in it to apply the code to.
    if (err.status === 404) return { refused: "notApplicable", code };
    return { refused: "malformed", code };
  }
}
