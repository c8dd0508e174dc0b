import { z } from "zod";
import { PriceSchema } from "./product";

/**
 * Coupons between the storefront and the commerce service: what a shopper sends to apply or
 * remove a code, and how the cart shows the coupons it carries. Codes are matched without regard
 * to case; the service answers them upper-case.
 */

/** Letters, digits, dashes and underscores, at most 32: anything else cannot be a code of ours. */
export const CouponCodeSchema = z
  .string({ error: "is required" })
  .trim()
  .min(1, "is required")
  .max(32, "is too long (at most 32 characters)")
  .regex(/^[A-Za-z0-9_-]+$/, "must be letters, digits, dashes or underscores")
  .transform((code) => code.toUpperCase());

/** The code to apply or remove, from the query or the body: `couponCode` as the spec names it, or `voucherId` as OCC does. */
export const CouponCodeInputSchema = z
  .object({
    couponCode: z.unknown().optional().meta({ description: "The code: letters, digits, dashes or underscores, at most 32, in any case" }),
    voucherId: z.unknown().optional().meta({ description: "OCC's name for couponCode" }),
  })
  .transform((input) => ({ couponCode: input.couponCode ?? input.voucherId }))
  .pipe(z.object({ couponCode: CouponCodeSchema }));

/**
 * Why a code cannot be used, each with its own message: unknown code, not started, ended, no
 * product of the cart in its scope, cart below its minimum, used up overall or by this customer,
 * a second whole-order coupon.
 */
export const CouponRefusalReasonSchema = z.enum([
  "unknown",
  "notYetValid",
  "expired",
  "notApplicable",
  "minimumSpend",
  "usedUp",
  "usedUpByCustomer",
  "notCombinable",
  "firstOrderOnly",
]);
export type CouponRefusalReason = z.infer<typeof CouponRefusalReasonSchema>;

/** A coupon on a cart. `applies` is false while the cart does not qualify yet (its reason says why); its discount is then 0. */
export const CouponScopeSchema = z.enum(["order", "categories", "products"]);

export const AppliedCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  /** order: the whole cart; categories / products: only the lines it names (the storefront remembers those in appliedCategoryCoupons). */
  scope: CouponScopeSchema,
  /** What the coupon takes off this cart now; formattedValue shows two decimals in the site's currency. */
  discount: PriceSchema,
  applies: z.boolean(),
  reason: CouponRefusalReasonSchema.optional(),
  /** For a minimum-spend coupon that does not apply yet: the minimum, in the same price shape. */
  minimumSpend: PriceSchema.optional(),
});
export type AppliedCoupon = z.infer<typeof AppliedCouponSchema>;

/** The most category coupons a catalog call prices with; more are ignored. */
export const MAX_CATEGORY_COUPONS = 10;

/**
 * The appliedCategoryCoupons query of the catalog calls: comma-separated codes from a cookie the
 * shopper's browser keeps. It is only a hint for showing prices, so codes that could not be ours
 * are dropped rather than refused.
 */
export const AppliedCategoryCouponsSchema = z
  .unknown()
  .transform((raw) => (typeof raw === "string" ? raw.split(",") : []))
  .transform((codes) => [
    ...new Set(
      codes
        .map((code) => CouponCodeSchema.safeParse(code))
        .filter((parsed) => parsed.success)
        .map((parsed) => parsed.data),
    ),
  ])
  .transform((codes) => codes.slice(0, MAX_CATEGORY_COUPONS));
