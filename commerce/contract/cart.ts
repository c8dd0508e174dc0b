import { z } from "zod";
import { blankAsAbsent, wholeNumber } from "./form-values";
import { LangSchema } from "./common";
import { AppliedRewardSchema } from "./cart-rewards";
import { AppliedCouponSchema, CouponCodeInputSchema } from "./coupon";
import { CartMonthlyBoxSchema } from "./monthly-box";
import { CartEntryCampaignSchema, ReplacedBundleSchema } from "./campaigns";
import { PriceSchema } from "./product";
import { CartRecipeIdSchema, LineRecipeSchema } from "./designs";

/**
 * The cart between the storefront and the commerce service. The storefront never sends a price:
 * the service prices every cart on every read from the catalog, for the cart owner's price groups.
 */

/** STD is a one-off purchase; the others are auto-delivery (recurring) lines. */
export const EntryTypeSchema = z.enum(["STD", "ADC", "ADCF", "ADF"]);
export type EntryType = z.infer<typeof EntryTypeSchema>;
export const RECURRING_ENTRY_TYPES: readonly EntryType[] = ["ADC", "ADCF", "ADF"];
/** Only these recurring lines say how many pods the shopper already has at home. */
export const PODS_AT_HOME_ENTRY_TYPES: readonly EntryType[] = ["ADC", "ADCF"];

/** At most this many units on one cart line: enough for any household, a brake on resellers and typos. */
export const MAX_LINE_QUANTITY = 24;
/** The most lines one addProductsToCart call may carry. */
export const MAX_ENTRIES_PER_CALL = 20;
/** The largest podsAtHomeQty we accept; beyond it the number is a typo. */
export const MAX_PODS_AT_HOME = 9999;

/** Cart guids are 32 lower-case hex characters (128 random bits): knowing one is the key to an anonymous cart. */
export const CartGuidSchema = z.string().regex(/^[0-9a-f]{32}$/, "must be a cart guid (32 hex characters)");

const quantity = (min: number) =>
  z.preprocess(
    wholeNumber,
    z
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(min, min === 0 ? "must be 0 or more" : `must be at least ${min}`)
      .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
  );

/** Units on a line: 1 to the line maximum. */
export const LineQuantitySchema = quantity(1);
/** Units asked for on an add: 1 to the line maximum, 1 when absent. */
export const AddQuantitySchema = z.preprocess(blankAsAbsent, LineQuantitySchema.optional()).transform((q) => q ?? 1);
/** A line's new quantity on an update: 0 removes the line. */
export const UpdateQuantitySchema = quantity(0);

/**
 * Pods the shopper already has at home (ADC and ADCF lines). The storefront sends it empty when
 * the shopper typed no number, so empty means absent.
 */
export const PodsAtHomeQtySchema = z.preprocess(
  blankAsAbsent,
  z.preprocess(
    wholeNumber,
    z
      .number({ error: "must be a whole number or empty" })
      .int("must be a whole number or empty")
      .min(0, "must be 0 or more")
      .max(MAX_PODS_AT_HOME, `must be at most ${MAX_PODS_AT_HOME}`)
      .optional(),
  ),
);

const ProductCodeSchema = z.string().trim().min(1, "is required").max(64, "is too long");
const OptionalGuidSchema = z.preprocess(blankAsAbsent, CartGuidSchema.optional());

/** One product to add. Unknown fields (a price, say) are dropped: the service prices the cart itself. */
export const CartLineRequestSchema = z.object({
  productCode: ProductCodeSchema,
  entryType: z.preprocess(blankAsAbsent, EntryTypeSchema.default("STD")),
  qty: AddQuantitySchema,
  podsAtHomeQty: PodsAtHomeQtySchema,
});
export type CartLineRequest = z.infer<typeof CartLineRequestSchema>;

/** POST users/{user}/addProductToCart: the spec's cart add payload. */
export const AddToCartRequestSchema = CartLineRequestSchema.extend({
  cartGuid: OptionalGuidSchema,
  lang: z.preprocess(blankAsAbsent, LangSchema.optional()),
  /** The agent is known from the bearer token; the field is accepted for the storefront's sake. */
  csAgentId: z.preprocess(blankAsAbsent, z.string().max(100).optional()),
  /** Accepted and not yet applied: coupons come with a later step. */
  couponCode: z.preprocess(blankAsAbsent, z.string().max(100).optional()),
  /** The optional recipe data: the member's saved design (decision 073) the pods are for; productCode must be its base beverage. */
  recipeId: CartRecipeIdSchema,
});
export type AddToCartRequest = z.infer<typeof AddToCartRequestSchema>;

/** POST users/{user}/addProductsToCart: several lines at once, each added as addProductToCart would. */
export const AddProductsToCartRequestSchema = z.object({
  cartGuid: OptionalGuidSchema,
  lang: z.preprocess(blankAsAbsent, LangSchema.optional()),
  csAgentId: z.preprocess(blankAsAbsent, z.string().max(100).optional()),
  entries: z.array(CartLineRequestSchema).min(1, "name at least one product").max(MAX_ENTRIES_PER_CALL, `at most ${MAX_ENTRIES_PER_CALL} products at once`),
});
export type AddProductsToCartRequest = z.infer<typeof AddProductsToCartRequestSchema>;

const EntryNumberSchema = z.preprocess(wholeNumber, z.number({ error: "must be a whole number" }).int().min(0).max(10_000));

/** POST users/{user}/updateCart: a line's new quantity (0 removes it). */
export const UpdateCartRequestSchema = z.object({
  cartGuid: CartGuidSchema,
  entryNumber: EntryNumberSchema,
  qty: UpdateQuantitySchema,
});
export type UpdateCartRequest = z.infer<typeof UpdateCartRequestSchema>;

/** POST removeEntryFromAdCart: removes one auto-delivery line. */
export const RemoveAdEntryRequestSchema = z.object({
  cartGuid: CartGuidSchema,
  entryNumber: EntryNumberSchema,
});
export type RemoveAdEntryRequest = z.infer<typeof RemoveAdEntryRequestSchema>;

/** POST users/current/carts/merge: at sign-in, the shopper's anonymous cart joins their own. */
export const MergeCartRequestSchema = z.object({ anonymousCartGuid: CartGuidSchema });
export type MergeCartRequest = z.infer<typeof MergeCartRequestSchema>;

/** GET cart/validateCart?cartGuid= */
export const ValidateCartQuerySchema = z.object({ cartGuid: CartGuidSchema });

/** applyCoupon and removeCoupon, from the query or the body: the code, and the cart's guid (none: a customer's open cart or, applying, a new one). */
export const CouponCartInputSchema = CouponCodeInputSchema.and(z.object({ cartGuid: z.preprocess(blankAsAbsent, CartGuidSchema.optional()) }));

/** Cart prices: the product price shape (`minor` holds integer minor units, `value` OCC's decimal). */
export const CartPriceSchema = PriceSchema;

export const CartEntrySchema = z.object({
  entryNumber: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
  entryType: EntryTypeSchema,
  podsAtHomeQty: z.number().int().nonnegative().optional(),
  product: z.object({
    code: z.string(),
    name: z.string(),
    url: z.string(),
    image: z.string().optional(),
    packLabel: z.string().optional(),
  }),
  /** The unit price the owner pays today. */
  basePrice: CartPriceSchema,
  totalPrice: CartPriceSchema,
  updateable: z.boolean(),
  /** A perks reward's item (a free box): priced 0, changed only through the rewards calls. */
  rewardId: z.number().int().positive().optional(),
  /** Sold in a campaign (decision 064): its id and the line's role (`pick`: a monthly box's product, changed only as the whole box). */
  campaignId: z.number().int().optional(),
  campaignRole: z.enum(["brewer", "box", "pick"]).optional(),
  /** An entry sold in a campaign (decision 065): the brewer at its campaign price, or the box of its auto-delivery. */
  campaign: CartEntryCampaignSchema.optional(),
  /** The saved drink design the pods were added for (decision 073): its own line, kept as it was when added. */
  recipe: LineRecipeSchema.optional(),
});
export type CartEntry = z.infer<typeof CartEntrySchema>;

export const CartSchema = z.object({
  code: z.string(),
  guid: CartGuidSchema,
  entries: z.array(CartEntrySchema),
  /** Lines. */
  totalItems: z.number().int().nonnegative(),
  /** Units over all lines: the header's cart count. */
  totalUnitCount: z.number().int().nonnegative(),
  subTotal: CartPriceSchema,
  /** The coupons on the cart, in the order they were applied. */
  appliedCoupons: z.array(AppliedCouponSchema).default([]),
  /** Perks rewards on the cart (members only); their points are spent when the order is placed. */
  appliedRewards: z.array(AppliedRewardSchema).default([]),
  /** What the applied coupons and amount-off rewards take off the subtotal. */
  totalDiscounts: CartPriceSchema,
  /** 0 until taxes are computed at checkout. */
  totalTax: CartPriceSchema,
  /** 0 until a delivery mode is chosen at checkout. */
  deliveryCost: CartPriceSchema,
  totalPrice: CartPriceSchema,
  totalPriceWithTax: CartPriceSchema,
  /** The monthly box in the cart (decision 067): absent when the cart holds none. */
  monthlyBox: CartMonthlyBoxSchema.optional(),
});
export type Cart = z.infer<typeof CartSchema>;

/**
 * How an add went: `success`; `lowStock` when fewer units than asked were left to add;
 * `maxOrderQuantityExceeded` when the line maximum capped it.
 */
export const CartModificationStatusSchema = z.enum(["success", "lowStock", "maxOrderQuantityExceeded"]);
export type CartModificationStatus = z.infer<typeof CartModificationStatusSchema>;

export const CartModificationSchema = z.object({
  statusCode: CartModificationStatusSchema,
  quantityAdded: z.number().int().nonnegative(),
  /** The line's quantity after the add. */
  quantity: z.number().int().nonnegative(),
  entry: CartEntrySchema,
  cartGuid: CartGuidSchema,
  /** Units in the whole cart after the add (the header count and the cart-changed event). */
  cartQuantity: z.number().int().nonnegative(),
});
export type CartModification = z.infer<typeof CartModificationSchema>;

export const CartModificationListSchema = z.object({
  cartGuid: CartGuidSchema,
  cartQuantity: z.number().int().nonnegative(),
  cartModifications: z.array(CartModificationSchema.omit({ cartGuid: true, cartQuantity: true })),
});
export type CartModificationList = z.infer<typeof CartModificationListSchema>;

/** Why a line holds fewer units than the shopper had: not enough stock, the line maximum, or no longer sold. */
export const CartChangeReasonSchema = z.enum(["stock", "maxQuantity", "unavailable"]);
export const CartChangeSchema = z.object({
  productCode: z.string(),
  entryType: EntryTypeSchema,
  requested: z.number().int().nonnegative(),
  kept: z.number().int().nonnegative(),
  reason: CartChangeReasonSchema,
});
export type CartChange = z.infer<typeof CartChangeSchema>;

/** The merged cart and what the merge could not keep, so the storefront can tell the shopper. */
export const MergedCartSchema = z.object({ cart: CartSchema, changes: z.array(CartChangeSchema) });
export type MergedCart = z.infer<typeof MergedCartSchema>;

/** validateCart: the cart as it stands and what checkout would have to change (nothing is changed by asking). */
export const CartValidationSchema = z.object({ valid: z.boolean(), cart: CartSchema, changes: z.array(CartChangeSchema) });
export type CartValidation = z.infer<typeof CartValidationSchema>;

/** GET {brand}/users/{user}/getCampaignSubscriptionCart?cartGuid= (decision 065). */
export const CampaignSubscriptionCartQuerySchema = z.object({ cartGuid: CartGuidSchema });

/**
 * addCampaignBundle's answer (decision 065): the cart with the bundle's two entries; `replaced`
 * names the bundle it took the place of (a cart holds one).
 */
export const CampaignBundleAnswerSchema = z.object({
  cart: CartSchema,
  brewerEntryNumber: z.number().int(),
  boxEntryNumber: z.number().int(),
  replaced: ReplacedBundleSchema.nullable(),
  /** In the shopper's words: what was added and, if so, what it replaced. */
  message: z.string(),
});
export type CampaignBundleAnswer = z.infer<typeof CampaignBundleAnswerSchema>;
