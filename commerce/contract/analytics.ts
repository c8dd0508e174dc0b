import { z } from "zod";
import { CartGuidSchema } from "./cart";
import { OrderCodeSchema } from "./checkout";
import { BrandIdSchema, CurrencySchema, LangSchema } from "./common";

/**
 * The analytics data layer (issue 43, decision 080): what a tag manager reads of a page, named as
 * Tealium's `utag_data` names things (snake case, parallel product arrays, amounts as decimal
 * strings in the order's currency). The storefront builds it from its pages' own data; the
 * service answers the same shape from POST getTealiumTags.
 */

export const PAGE_TYPES = ["home", "category", "product", "search", "cart", "checkout", "confirmation", "content", "account", "error", "other"] as const;
export const PageTypeSchema = z.enum(PAGE_TYPES);
export type PageType = z.infer<typeof PageTypeSchema>;

/** A cart change (add to cart, a reward applied, removed or swapped): the cart and its units afterwards. */
export const CartChangedEventSchema = z.object({ event: z.literal("cart_changed"), cartGuid: z.string(), quantity: z.number().int().nonnegative() });
/** The page is an error page; `source` API when the page's data could not be had from the service. */
export const ErrorPageEventSchema = z.object({ event: z.literal("error_page"), source: z.enum(["API", "page"]), status: z.number().int() });
export const DataLayerEventSchema = z.discriminatedUnion("event", [CartChangedEventSchema, ErrorPageEventSchema]);
export type DataLayerEvent = z.infer<typeof DataLayerEventSchema>;

const Amount = z.string().regex(/^-?\d+\.\d{2}$/);

export const DataLayerSchema = z.object({
  page_type: PageTypeSchema,
  site_brand: BrandIdSchema,
  site_language: LangSchema,
  site_currency: CurrencySchema,
  category_code: z.string().optional(),
  /** Products the page is about, in parallel arrays: codes, names, quantities (cart, order), unit prices, first category codes. */
  product_id: z.array(z.string()).optional(),
  product_name: z.array(z.string()).optional(),
  product_quantity: z.array(z.number().int()).optional(),
  product_price: z.array(Amount).optional(),
  product_category: z.array(z.string()).optional(),
  cart_guid: z.string().optional(),
  cart_quantity: z.number().int().nonnegative().optional(),
  order_id: z.string().optional(),
  /** The order's revenue: what the shopper paid, tax and delivery included. */
  order_total: Amount.optional(),
  order_subtotal: Amount.optional(),
  order_tax: Amount.optional(),
  order_shipping: Amount.optional(),
  order_discount: Amount.optional(),
  order_currency: CurrencySchema.optional(),
  /** See segment-codes.ts: RV/NV, SI, PK, EMP, F:{flag}, B:{BADGE}. */
  segment_codes: z.array(z.string()),
  events: z.array(DataLayerEventSchema),
});
export type DataLayer = z.infer<typeof DataLayerSchema>;

/** How many products one getTealiumTags call describes (a listing's first page). */
export const TEALIUM_MAX_PRODUCTS = 48;

const CodeSchema = z.string().trim().min(1, "is required").max(64, "is too long");

/** POST getTealiumTags: the page and what it is about; the cart and the order must be the caller's. */
export const TealiumTagsRequestSchema = z.object({
  pageType: PageTypeSchema,
  lang: LangSchema.optional(),
  productCodes: z.array(CodeSchema).max(TEALIUM_MAX_PRODUCTS, `at most ${TEALIUM_MAX_PRODUCTS} products`).optional(),
  categoryCode: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, "is not a category code")
    .optional(),
  /** The shopper's cart; a guest's order is also named by the guid of the cart it was placed from. */
  cartGuid: CartGuidSchema.optional(),
  orderCode: OrderCodeSchema.optional(),
  /** The storefront's analytics cookie says this browser came in an earlier session. */
  repeatVisitor: z.boolean().default(false),
});
export type TealiumTagsRequest = z.infer<typeof TealiumTagsRequestSchema>;
