import { z } from "zod";
import { BrandIdSchema, CurrencySchema, PaginationSchema } from "./common";
import { blankAsAbsent, wholeNumber } from "./form-values";
import { CategoryRefSchema, PriceSchema, ProductCodeParamSchema, ProductSchema } from "./product";

/**
 * The monthly fixed-price box (subscription code MONTHLY_FIXED_PRICE, decision 062): one price a
 * month for a box of K-Cup pods the subscriber picks among the month's selection. The reads here
 * are getMonthlyFixedPriceDetails, fetchMonthlyProducts, searchMonthlyProducts,
 * getKSKCategoryAndCollection, fetchCollectionCategoryData and productSelect (which writes nothing).
 */

/** The spec's "campaign product select count": how many products a month offers. */
export const MONTHLY_SELECT_COUNT = 36;
/** The most boxes of one product a pick may hold (the whole box). */
export const MAX_PICK_QUANTITY = 24;
/** The most lines a pick may have. */
export const MAX_PICK_LINES = 36;

/** A month of the store's calendar, YYYY-MM. */
export const MonthSchema = z
  .string({ error: "must be a month (YYYY-MM)" })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month (YYYY-MM)");

/** `month=` in the query: this month (the default) or next month; others are refused by the service. */
const MonthQuerySchema = z.preprocess(blankAsAbsent, MonthSchema.optional());

const PageQuery = {
  currentPage: z.preprocess(
    blankAsAbsent,
    z
      .preprocess(
        wholeNumber,
        z.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must be 0 or more").max(100, "must be at most 100"),
      )
      .default(0),
  ),
  pageSize: z.preprocess(
    blankAsAbsent,
    z
      .preprocess(
        wholeNumber,
        z.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").max(36, "must be at most 36"),
      )
      .default(12),
  ),
};

/** A collection or category code in the query (`collection=HRBR`, `category=tea`). */
const GroupCodeSchema = z.preprocess(
  blankAsAbsent,
  z
    .string()
    .trim()
    .min(1)
    .max(40, "is too long")
    .regex(/^[A-Za-z0-9_-]+$/, "is letters, digits, dashes and underscores")
    .optional(),
);

export const MonthlyCampaignSchema = z.object({
  /** Ours: the spec gives no id for the monthly box. */
  campaignId: z.number().int(),
  code: z.literal("MONTHLY_FIXED_PRICE"),
  subscriptionCode: z.literal("MONTHLY_FIXED_PRICE"),
  name: z.string(),
  sites: z.array(BrandIdSchema),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** Whether it runs today by the store's clock. */
  running: z.boolean(),
});
export type MonthlyCampaign = z.infer<typeof MonthlyCampaignSchema>;

/** GET {brand}/getMonthlyFixedPriceDetails[?month=] */
export const MonthlyDetailsQuerySchema = z.object({ month: MonthQuerySchema });

export const MonthlyDetailsSchema = z.object({
  campaign: MonthlyCampaignSchema,
  month: z.string(),
  currencyIso: CurrencySchema,
  /** What the box costs each month, delivery included. */
  price: PriceSchema,
  /** The price divided by the pods, rounded half up to the minor unit. */
  pricePerPod: PriceSchema,
  boxPods: z.number().int(),
  /** Every product of the selection comes as a K-Cup box of this many pods. */
  packSize: z.number().int(),
  /** boxPods ÷ packSize: how many K-Cup boxes a month's box holds. */
  boxesPerMonth: z.number().int(),
  /** How many products the month offers (the spec's 36, fewer only when the store has fewer). */
  selectCount: z.number().int(),
  texts: z.object({ headline: z.string(), price: z.string(), howItWorks: z.string(), includes: z.array(z.string()) }),
});
export type MonthlyDetails = z.infer<typeof MonthlyDetailsSchema>;

/** A product of the month's selection: the catalog's K-Cup box, with its collection, category and pods. */
export const MonthlyProductSchema = ProductSchema.extend({
  collection: CategoryRefSchema,
  category: CategoryRefSchema,
  pods: z.number().int(),
});
export type MonthlyProduct = z.infer<typeof MonthlyProductSchema>;

/** GET {brand}/fetchMonthlyProducts[?month][&collection][&category][&currentPage][&pageSize] */
export const MonthlyProductsQuerySchema = z.object({ month: MonthQuerySchema, collection: GroupCodeSchema, category: GroupCodeSchema, ...PageQuery });
export type MonthlyProductsQuery = z.infer<typeof MonthlyProductsQuerySchema>;

export const MonthlyProductsSchema = z.object({
  month: z.string(),
  products: z.array(MonthlyProductSchema),
  pagination: PaginationSchema,
});
export type MonthlyProducts = z.infer<typeof MonthlyProductsSchema>;

/** GET {brand}/searchMonthlyProducts?text=[&month][&currentPage][&pageSize] */
export const MonthlySearchQuerySchema = z.object({
  text: z.string({ error: "is required" }).trim().min(1, "is required").max(100, "is too long (at most 100 characters)"),
  month: MonthQuerySchema,
  ...PageQuery,
});
export type MonthlySearchQuery = z.infer<typeof MonthlySearchQuerySchema>;

export const MonthlySearchSchema = MonthlyProductsSchema.extend({ freeTextSearch: z.string() });

const GroupSchema = z.object({ code: z.string(), name: z.string(), count: z.number().int() });

/** GET {brand}/getKSKCategoryAndCollection[?month]: how the month's selection is organised. */
export const MonthlyGroupsQuerySchema = z.object({ month: MonthQuerySchema });
export const MonthlyGroupsSchema = z.object({
  month: z.string(),
  categories: z.array(GroupSchema.extend({ collections: z.array(GroupSchema) })),
  collections: z.array(GroupSchema),
});
export type MonthlyGroups = z.infer<typeof MonthlyGroupsSchema>;

/** GET {brand}/fetchCollectionCategoryData?collection=[&category][&month]: one collection's products in the month. */
export const CollectionCategoryQuerySchema = z.object({
  month: MonthQuerySchema,
  collection: z
    .string({ error: "is required" })
    .trim()
    .min(1, "is required")
    .max(40, "is too long")
    .regex(/^[A-Za-z0-9_-]+$/, "is letters, digits, dashes and underscores"),
  category: GroupCodeSchema,
});
export const CollectionCategorySchema = z.object({
  month: z.string(),
  collection: GroupSchema,
  category: GroupSchema.nullable(),
  products: z.array(MonthlyProductSchema),
});
export type CollectionCategory = z.infer<typeof CollectionCategorySchema>;

/** POST {brand}/productSelect: a pick to check; nothing is written. */
export const ProductSelectRequestSchema = z.object({
  month: MonthQuerySchema,
  entries: z
    .array(
      z.object({
        code: ProductCodeParamSchema,
        quantity: z.preprocess(
          wholeNumber,
          z
            .number({ error: "must be a whole number" })
            .int("must be a whole number")
            .min(1, "must be at least 1")
            .max(MAX_PICK_QUANTITY, `must be at most ${MAX_PICK_QUANTITY}`),
        ),
      }),
      { error: "must be a list of products with quantities" },
    )
    .min(1, "must hold at least one product")
    .max(MAX_PICK_LINES, `must hold at most ${MAX_PICK_LINES} products`),
});
export type ProductSelectRequest = z.infer<typeof ProductSelectRequestSchema>;

export const BoxStateSchema = z.enum(["under", "full", "over"]);
export type BoxState = z.infer<typeof BoxStateSchema>;

export const PickRefusalSchema = z.enum(["notInSelection"]);
export type PickRefusal = z.infer<typeof PickRefusalSchema>;

export const ProductSelectSchema = z.object({
  month: z.string(),
  boxPods: z.number().int(),
  /** The pods of the entries the selection holds. */
  pickedPods: z.number().int(),
  /** Pods still to pick (0 when full or over). */
  remainingPods: z.number().int(),
  /** Pods beyond the box (0 unless over). */
  excessPods: z.number().int(),
  state: BoxStateSchema,
  /** Full, and every entry in the month's selection. */
  complete: z.boolean(),
  /** The pick, one line per product (repeated codes added together). */
  entries: z.array(z.object({ code: z.string(), name: z.string(), quantity: z.number().int(), pods: z.number().int() })),
  /** Codes the month's selection does not hold. */
  refused: z.array(z.object({ code: z.string(), reason: PickRefusalSchema, message: z.string() })),
  /** The monthly price: what a complete box costs each month. */
  price: PriceSchema,
  /** What the box needs, in the shopper's language. */
  message: z.string(),
});
export type ProductSelect = z.infer<typeof ProductSelectSchema>;

/*
 * Subscribing to the box and changing a month's picks (decision 067): addMonthlyBoxSubscription
 * puts a complete pick in the cart, checkout starts a subscription of kind monthlyBox,
 * getMFPSubscriptionCart reads a month's box and updateMonthlyFixedPriceCampaignCart saves its picks.
 */

/** A pick sent to be kept (addMonthlyBoxSubscription, updateMonthlyFixedPriceCampaignCart): the shape productSelect checks. */
const PickEntriesSchema = ProductSelectRequestSchema.shape.entries;

/**
 * POST {brand}/users/{user}/carts/{cartGuid}/addMonthlyBoxSubscription: the month's complete pick
 * (by default this month: the checkout's order ships this month's box) goes into the cart as the
 * box's lines; one box per cart, so a box already there is replaced.
 */
export const AddMonthlyBoxRequestSchema = z.object({ month: MonthQuerySchema, entries: PickEntriesSchema });
export type AddMonthlyBoxRequest = z.infer<typeof AddMonthlyBoxRequestSchema>;

/** One product of a box, as it fills the box (in K-Cup boxes and pods). */
export const BoxPickSchema = z.object({ code: z.string(), name: z.string(), quantity: z.number().int().positive(), pods: z.number().int().positive() });
export type BoxPick = z.infer<typeof BoxPickSchema>;

/**
 * The `monthlyBox` block of a cart holding a box: its lines are the cart entries with
 * `campaignRole: "pick"`; together they cost exactly `price` (decision 067), standard delivery included.
 */
export const CartMonthlyBoxSchema = z.object({
  campaignId: z.number().int(),
  name: z.string(),
  /** The month the checkout's order ships (YYYY-MM). */
  month: z.string(),
  price: PriceSchema,
  boxPods: z.number().int(),
  picks: z.array(BoxPickSchema),
  /** The entry numbers of the box's lines in `entries`. */
  entryNumbers: z.array(z.number().int().nonnegative()),
  /** Standard delivery of the box costs nothing: it is in the price. */
  deliveryIncluded: z.literal(true),
  /** What the box is, in the shopper's language ("Your monthly box for November: 96 pods for $59.99 a month, delivery included"). */
  message: z.string(),
});
export type CartMonthlyBox = z.infer<typeof CartMonthlyBoxSchema>;

/** What addMonthlyBoxSubscription answers: the cart with its box, and whether a box already there was replaced. */
export const AddMonthlyBoxAnswerSchema = z.object({
  cartGuid: z.string(),
  /** Units in the whole cart (the header's count). */
  cartQuantity: z.number().int().nonnegative(),
  monthlyBox: CartMonthlyBoxSchema,
  /** True when the cart held a box (a different pick or month) that this one replaced. */
  replaced: z.boolean(),
  /** "Your box is in your cart", or "Your box replaces the one in your cart: one box per order". */
  message: z.string(),
});
export type AddMonthlyBoxAnswer = z.infer<typeof AddMonthlyBoxAnswerSchema>;

/** A box subscription's code (the auto-delivery code: AD and 8 digits; both kinds share the list). */
const BoxSubscriptionCodeSchema = z
  .string()
  .trim()
  .regex(/^AD\d{8}$/, "must be a subscription code (AD and 8 digits)");

/** GET {brand}/users/{user}/getMFPSubscriptionCart?subscriptionCode=[&month=]: by default next month. */
export const MfpSubscriptionCartQuerySchema = z.object({ subscriptionCode: BoxSubscriptionCodeSchema, month: MonthQuerySchema });
export type MfpSubscriptionCartQuery = z.infer<typeof MfpSubscriptionCartQuerySchema>;

/** POST {brand}/users/{user}/updateMonthlyFixedPriceCampaignCart: a complete pick for a month not yet placed. */
export const UpdateMfpCampaignCartRequestSchema = z.object({ subscriptionCode: BoxSubscriptionCodeSchema, month: MonthSchema, entries: PickEntriesSchema });
export type UpdateMfpCampaignCartRequest = z.infer<typeof UpdateMfpCampaignCartRequestSchema>;

/**
 * Where a month's picks come from: saved for that month, or carried over from the latest month
 * before it that has picks (those still offered; the rest swapped, decision 067).
 */
export const BoxPicksSourceSchema = z.enum(["saved", "carriedOver"]);
/** Why a month's box may not be changed: already placed, its subscription cancelled, or no longer this month or next. */
export const BoxUnchangeableSchema = z.enum(["placed", "cancelled", "past"]);
export type BoxUnchangeable = z.infer<typeof BoxUnchangeableSchema>;

export const MfpSubscriptionCartSchema = z.object({
  subscriptionCode: z.string(),
  campaignId: z.number().int(),
  month: z.string(),
  /** The day this month's box ships (YYYY-MM-DD). */
  deliveryDate: z.string(),
  source: BoxPicksSourceSchema,
  /** The box's products with their catalog answers (month's selection fields); a swapped-in product says what it replaced. */
  picks: z.array(BoxPickSchema.extend({ product: MonthlyProductSchema.optional(), replaces: z.string().optional() })),
  /** Products of the carried-over pick the month no longer offers, and what took their place. */
  swaps: z.array(z.object({ code: z.string(), name: z.string(), replacedBy: z.array(z.string()) })),
  fill: ProductSelectSchema.pick({ boxPods: true, pickedPods: true, remainingPods: true, excessPods: true, state: true, complete: true }),
  price: PriceSchema,
  changeable: z.boolean(),
  unchangeableReason: BoxUnchangeableSchema.optional(),
  /** Why not, or what to do, in the shopper's language. */
  message: z.string(),
  /** The order that shipped this month's box, once placed. */
  orderCode: z.string().optional(),
});
export type MfpSubscriptionCart = z.infer<typeof MfpSubscriptionCartSchema>;
