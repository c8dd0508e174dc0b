import { z } from "zod";
import { blankAsAbsent, wholeNumber } from "./form-values";
import { AddressInputSchema } from "./address";
import { CartGuidSchema, EntryTypeSchema, MAX_LINE_QUANTITY, PodsAtHomeQtySchema } from "./cart";
import { CardSummarySchema, DeliveryAddressSchema } from "./checkout";
import { SubscriptionCommitmentSchema } from "./campaigns";
import { FrequencyWeeksSchema } from "./frequency";
import { PriceSchema, type Product, type SalesPriceStrategy } from "./product";
import type { BrandId } from "./common";

export { DEFAULT_FREQUENCY_WEEKS, FrequencyWeeksSchema, MAX_FREQUENCY_WEEKS, MIN_FREQUENCY_WEEKS } from "./frequency";

/**
 * Auto-delivery (AD) between the storefront and the commerce service (decision 053): a
 * customer's subscriptions, made by checking out a cart with recurring lines (ADC, ADCF, ADF),
 * placed as orders by the job runner and managed by the customer or an agent.
 */

/** The three kinds of order a price can be for: a one-off, the order that starts a subscription, and the ones the runner places. */
export type OrderKind = "oneTime" | "first" | "recurring";

/**
 * Whether the variant's sale price reaches this kind of order. ALL: every order. OTP: one-off
 * purchases only. AD_PARENT_OTP: one-offs and the first AD order. AD_RECURRING_OTP: one-offs and
 * the orders the runner places, not the first.
 */
export function saleReaches(strategy: SalesPriceStrategy, kind: OrderKind): boolean {
  switch (strategy) {
    case "ALL":
      return true;
    case "OTP":
      return kind === "oneTime";
    case "AD_PARENT_OTP":
      return kind !== "recurring";
    case "AD_RECURRING_OTP":
      return kind !== "first";
  }
}

/**
 * A unit on an auto-delivery line: the subscriber's price (the list price less the site's AD
 * percentage, rounded to the cent), or the sale price where it reaches this order and is lower.
 */
export function autoDeliveryUnitMinor(p: { listMinor: number; saleMinor: number; strategy: SalesPriceStrategy; percent: number; kind: OrderKind }): number {
  const subscriber = Math.round((p.listMinor * (100 - p.percent)) / 100);
  return saleReaches(p.strategy, p.kind) ? Math.min(subscriber, p.saleMinor) : subscriber;
}

/** Pods, tea and cocoa come again; brewers and accessories do not. */
const RECURRING_PRODUCT_TYPES = new Set(["Coffee", "Tea", "Cocoa"]);

/**
 * Whether a product may be on an auto-delivery on this site (the commercial store: only its
 * breakroom-subscription products). Here, not in the service's domain, because the product page
 * offers "Subscribe and save" by the same rule the service enforces.
 */
export function adEligible(product: Pick<Product, "productType" | "isAFHSubscriptionEligible">, site: BrandId): boolean {
  if (!RECURRING_PRODUCT_TYPES.has(product.productType)) return false;
  return site !== "usafh" || product.isAFHSubscriptionEligible;
}

/** A next delivery may be moved at most this far ahead. */
export const MAX_DAYS_AHEAD = 365;

export const RecurringEntryTypeSchema = z.enum(["ADC", "ADCF", "ADF"]);
export type RecurringEntryType = z.infer<typeof RecurringEntryTypeSchema>;
export const SubscriptionStatusSchema = z.enum(["active", "paused", "cancelled"]);
/** What an item out of stock on the delivery day does: left out of that order, or its replacement ships. */
export const OutOfStockChoiceSchema = z.enum(["skip", "replace"]);

/** A calendar day, YYYY-MM-DD, that exists. Whether it is in the past is the service's to say (its clock). */
export const DeliveryDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "must be a date that exists");

/** A subscription's code: AD and eight digits (the spec's jobCode). */
export const SubscriptionCodeSchema = z.string().regex(/^AD\d{8}$/, "must be a subscription code (AD and 8 digits)");

const ProductCodeSchema = z.string().trim().min(1, "is required").max(64, "is too long");
const ItemQuantitySchema = z.preprocess(
  wholeNumber,
  z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`),
);

/** PUT users/{user}/subscriptions/{code}: any of the changes; quantity 0 takes an item off. */
export const ChangeSubscriptionRequestSchema = z
  .object({
    frequencyWeeks: z.preprocess(blankAsAbsent, FrequencyWeeksSchema.optional()),
    nextDeliveryDate: z.preprocess(blankAsAbsent, DeliveryDateSchema.optional()),
    items: z
      .array(z.object({ productCode: ProductCodeSchema, qty: ItemQuantitySchema, podsAtHomeQty: PodsAtHomeQtySchema }))
      .min(1, "name at least one item")
      .max(20, "at most 20 items at once")
      .optional(),
    address: AddressInputSchema.optional(),
    outOfStock: z.preprocess(blankAsAbsent, OutOfStockChoiceSchema.optional()),
    /** With outOfStock replace: what ships instead of an item out of stock, by the item's product code. */
    replacements: z.record(ProductCodeSchema, ProductCodeSchema).optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), "name something to change");
export type ChangeSubscriptionRequest = z.infer<typeof ChangeSubscriptionRequestSchema>;

/** POST …/subscriptions/{code}/card: the card the customer entered on their cart's payment step. */
export const ChangeSubscriptionCardRequestSchema = z.object({ cartGuid: CartGuidSchema });

/** POST …/subscriptions/{code}/resume: from the stored next date, or from this one. */
export const ResumeSubscriptionRequestSchema = z.object({ nextDeliveryDate: z.preprocess(blankAsAbsent, DeliveryDateSchema.optional()) });

/** POST …/subscriptions/{code}/cancel: why, in the customer's words (customer service reads them). */
export const CancelSubscriptionRequestSchema = z.object({
  reason: z.string({ error: "say why you are cancelling" }).trim().min(3, "say why you are cancelling").max(300, "must be at most 300 characters"),
});

/** POST users/{user}/addProductToExistingAD: a product for the next delivery of subscription jobCode. */
export const AddToExistingAdRequestSchema = z.object({
  jobCode: SubscriptionCodeSchema,
  productCode: ProductCodeSchema,
  qty: z.preprocess(blankAsAbsent, ItemQuantitySchema.pipe(z.number().min(1, "must be at least 1")).optional()).transform((q) => q ?? 1),
  /** Where the shopper pressed the button (analytics); accepted, not used. */
  locationOfAddToCart: z.preprocess(blankAsAbsent, z.string().max(64).optional()),
});
export type AddToExistingAdRequest = z.infer<typeof AddToExistingAdRequestSchema>;

/** ?productCode= on the product page's AD reads. */
export const AdProductQuerySchema = z.object({ productCode: z.preprocess(blankAsAbsent, ProductCodeSchema.optional()) });

/** GET …/adOrders: the AD orders read (isCollection, lang and csAgentId are accepted). */
export const AdOrdersQuerySchema = AdProductQuerySchema.extend({
  isCollection: z.preprocess(blankAsAbsent, z.enum(["true", "false"]).optional()),
  lang: z.preprocess(blankAsAbsent, z.string().max(5).optional()),
  csAgentId: z.preprocess(blankAsAbsent, z.string().max(100).optional()),
});

export const SubscriptionItemSchema = z.object({
  productCode: z.string(),
  name: z.string(),
  quantity: z.number().int().positive(),
  podsAtHomeQty: z.number().int().nonnegative().optional(),
  replacementCode: z.string().optional(),
  /** Added for the next delivery only. */
  nextOnly: z.boolean(),
});

/** A subscription is an auto-delivery or a monthly box (decision 064); both are listed, paused, resumed and cancelled alike. */
export const SubscriptionKindSchema = z.enum(["autoDelivery", "monthlyBox"]);
export type SubscriptionKind = z.infer<typeof SubscriptionKindSchema>;

/** A monthly box subscription's own facts (decision 067); its items are the next box's picks. */
export const SubscriptionBoxSchema = z.object({
  campaignId: z.number().int(),
  name: z.string(),
  /** The day of the month the box ships. */
  boxDay: z.number().int(),
  boxPods: z.number().int(),
  price: PriceSchema,
  /** The month of the next box (YYYY-MM) and whether its picks are saved or carried over. */
  nextMonth: z.string(),
  nextPicksSource: z.enum(["saved", "carriedOver"]),
  /** What may not be done to a box here (frequency, items, pods at home…) and why, in the customer's language. */
  restrictions: z.string(),
});

export const SubscriptionSchema = z.object({
  code: z.string(),
  kind: SubscriptionKindSchema.default("autoDelivery"),
  /** Present for a monthly box. */
  monthlyBox: SubscriptionBoxSchema.optional(),
  adType: RecurringEntryTypeSchema,
  status: SubscriptionStatusSchema,
  frequencyWeeks: z.number().int(),
  nextDeliveryDate: z.string(),
  deliveryAddress: DeliveryAddressSchema,
  deliveryMode: z.string(),
  payment: CardSummarySchema,
  outOfStock: OutOfStockChoiceSchema,
  items: z.array(SubscriptionItemSchema),
  /** Declined payments since the last order; the runner tries again on a schedule. */
  paymentFailures: z.number().int().nonnegative(),
  cancelReason: z.string().optional(),
  firstOrderCode: z.string(),
  created: z.string(),
  /** A campaign brewer's commitment this subscription carries (decision 065): progress, and what cancelling today would charge. */
  commitment: SubscriptionCommitmentSchema.optional(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionListSchema = z.object({ subscriptions: z.array(SubscriptionSchema) });
export type SubscriptionList = z.infer<typeof SubscriptionListSchema>;

export const SubscribedProductsSchema = z.object({ productCodes: z.array(z.string()) });

/** getAdType: whether the product can be on an AD, and with which entry type for this customer. */
export const AdTypeSchema = z.object({
  productCode: z.string().optional(),
  eligible: z.boolean(),
  /** The entry type of the customer's subscription holding it, else the one a new subscription takes; null when not eligible. */
  adType: EntryTypeSchema.nullable(),
  subscribed: z.boolean(),
});

/** getExistingADDetails: the product page's existingADData. */
export const ExistingAdDetailsSchema = z.object({
  eligible: z.boolean(),
  subscriptions: z.array(
    z.object({ code: z.string(), adType: RecurringEntryTypeSchema, nextDeliveryDate: z.string(), status: SubscriptionStatusSchema, hasProduct: z.boolean() }),
  ),
});

export const AddToExistingAdAnswerSchema = z.object({
  jobCode: z.string(),
  productCode: z.string(),
  quantity: z.number().int().positive(),
  nextDeliveryDate: z.string(),
});

export const AdOrderSchema = z.object({
  code: z.string(),
  subscriptionCode: z.string(),
  deliveryDate: z.string(),
  placed: z.string(),
  total: PriceSchema,
  productCodes: z.array(z.string()),
});
export const AdOrdersSchema = z.object({ orders: z.array(AdOrderSchema) });

/** autoDeliveryHomePageData: the account's AD summary, with the orders its subscriptions placed (newest first). */
export const AutoDeliveryHomeSchema = z.object({
  activeCount: z.number().int().nonnegative(),
  pausedCount: z.number().int().nonnegative(),
  nextDelivery: z.object({ code: z.string(), date: z.string() }).optional(),
  subscriptions: z.array(SubscriptionSchema),
  orders: z.array(AdOrderSchema),
});
