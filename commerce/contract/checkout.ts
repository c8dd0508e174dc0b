import { z } from "zod";
import { blankAsAbsent } from "./form-values";
import { AddressInputSchema, AddressSchema } from "./address";
import { AffiliateSchema } from "./affiliate";
import { EmailSchema, PasswordSchema } from "./auth";
import { CartChangeSchema, CartGuidSchema, CartSchema, EntryTypeSchema } from "./cart";
import { DeliveryModeSchema, TaxNameSchema } from "./checkout-pricing";
import { FrequencyWeeksSchema } from "./frequency";
import { PriceSchema } from "./product";
import { LineRecipeSchema } from "./designs";

/**
 * Single-step checkout and orders between the storefront and the commerce service. The service
 * prices everything itself: the storefront only says what the shopper chose, and the totals it
 * showed, so that a total which changed in between stops the order instead of charging a surprise.
 */

/** One checkout submission: the page carries a fresh key, and every retry of that page's "place order" sends it again. */
export const CheckoutKeySchema = z.string().regex(/^[0-9a-f]{32}$/, "must be a checkout key (32 hex characters)");

const phone = z
  .string()
  .trim()
  .max(30, "is too long")
  .regex(/^[0-9+().\s-]*$/, "may hold digits, spaces and + ( ) - . only");

/** The cart of a checkout call that does not name it in its path: a guid, or `current` for a member's open cart. */
export const CartIdQuerySchema = z.object({ cartId: z.union([CartGuidSchema, z.literal("current")]).optional() });

/** A guest sees their order with the guid of the cart it was placed from. */
export const OrderQuerySchema = z.object({ guid: CartGuidSchema.optional() });

/** PUT users/anonymous/carts/{guid}/email and POST checkandCreateGuestUser: the guest's e-mail for the order. */
export const GuestEmailRequestSchema = z.object({ email: EmailSchema });
export type GuestEmailRequest = z.infer<typeof GuestEmailRequestSchema>;

/** POST users/{user}/carts/{guid}/addresses/delivery: a new delivery address (a member may keep it in the address book). */
export const NewDeliveryAddressRequestSchema = z.object({
  address: AddressInputSchema,
  saveInAddressBook: z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean()).default(false),
});

/** PUT users/{user}/carts/{guid}/addresses/delivery: an address from the member's address book. */
export const ChosenDeliveryAddressRequestSchema = z.object({ addressId: z.string().trim().min(1, "is required").max(36, "is too long") });

/**
 * PUT users/{user}/carts/{guid}/updateDeliveryDetails. `deliveryCost` is what the page showed for
 * the mode, in minor units; when the service's own price differs the change is refused.
 */
export const DeliveryDetailsRequestSchema = z.object({
  deliveryModeId: z.string().trim().min(1, "is required").max(32, "is too long"),
  deliveryCost: z.preprocess(blankAsAbsent, z.coerce.number().int("must be whole minor units").min(0).max(10_000_000).optional()),
  contactNo: z.preprocess(blankAsAbsent, phone.optional()),
  addressId: z.preprocess(blankAsAbsent, z.string().max(36).optional()),
});
export type DeliveryDetailsRequest = z.infer<typeof DeliveryDetailsRequestSchema>;

/** POST users/{user}/orders?cartId=: place the order of the cart (`current` for a member's, else its guid). */
export const PlaceOrderRequestSchema = z.object({
  checkoutKey: CheckoutKeySchema,
  /** The total (with tax, before gift cards) the shopper saw on the review, in minor units. */
  expectedTotal: z.coerce.number({ error: "must be a number" }).int("must be whole minor units").min(0).max(100_000_000),
  /** What the review said the card would be charged (the total less gift cards); absent: not checked. */
  expectedAmountDue: z.preprocess(
    blankAsAbsent,
    z.coerce.number({ error: "must be a number" }).int("must be whole minor units").min(0).max(100_000_000).optional(),
  ),
  /** How often the cart's auto-delivery lines come again, in weeks (1 to 26; absent: every 4 weeks). */
  adFrequencyWeeks: z.preprocess(blankAsAbsent, FrequencyWeeksSchema.optional()),
  /** The affiliate the shopper landed through (decision 078), as the storefront keeps it with targeting consent. */
  affiliate: AffiliateSchema.optional(),
  /**
   * The unit price of each line the review showed, in its order: `code:minor` joined by commas
   * (expectedPriceList). A line priced otherwise now (an operator changed its price) is refused as
   * `priceChanged`, naming the product; absent: not checked.
   */
  expectedPrices: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .max(8000, "is too long")
      .regex(/^[A-Za-z0-9._-]{1,64}:\d{1,9}(,[A-Za-z0-9._-]{1,64}:\d{1,9})*$/, "must be code:price pairs")
      .optional(),
  ),
});
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequestSchema>;

export const OrderCodeSchema = z.string().regex(/^\d{8,12}$/, "must be an order number");

/** POST users/anonymous/orders/{code}/createuser: a guest keeps their order in a new account. */
export const CreateUserFromOrderRequestSchema = z.object({ guid: CartGuidSchema, password: PasswordSchema });

/** An address as an order ships to it: the address-book fields, with the book entry's id when it came from there. */
export const DeliveryAddressSchema = AddressSchema.omit({ id: true, isDefault: true }).extend({ id: z.string().optional() });
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const TaxLineViewSchema = z.object({ name: TaxNameSchema, ratePercent: z.number(), amount: PriceSchema });
export type TaxLineView = z.infer<typeof TaxLineViewSchema>;

export const ChosenDeliveryModeSchema = z.object({
  code: z.string(),
  name: z.string(),
  cost: PriceSchema,
  estimate: z.object({ earliest: z.string(), latest: z.string() }),
});

export const CardSummarySchema = z.object({ brand: z.string(), last4: z.string(), expiry: z.string() });
export type CardSummary = z.infer<typeof CardSummarySchema>;

export const GiftCardUseSchema = z.object({ id: z.string().optional(), maskedNumber: z.string(), amount: PriceSchema });

/** What is still missing before the order can be placed, in the order the page asks for it. */
export const CheckoutStepSchema = z.enum(["email", "deliveryAddress", "deliveryMode", "payment"]);
export type CheckoutStep = z.infer<typeof CheckoutStepSchema>;

/** A digital wallet the checkout can send the shopper to instead of a card (decision 082). */
export const WalletNameSchema = z.enum(["paypal"]);
export type WalletName = z.infer<typeof WalletNameSchema>;

export const DeliveryModesSchema = z.object({ deliveryModes: z.array(DeliveryModeSchema) });

/** GET users/{user}/carts/{guid}/checkout: the single-step checkout page's data. */
export const CheckoutSchema = z.object({
  cart: CartSchema,
  guest: z.boolean(),
  email: z.string().optional(),
  deliveryAddress: DeliveryAddressSchema.optional(),
  deliveryModes: z.array(DeliveryModeSchema),
  deliveryMode: ChosenDeliveryModeSchema.optional(),
  contactNo: z.string().optional(),
  taxLines: z.array(TaxLineViewSchema),
  totalTax: PriceSchema,
  deliveryCost: PriceSchema,
  /** Subtotal − discounts + delivery + tax. */
  totalPriceWithTax: PriceSchema,
  giftCards: z.array(GiftCardUseSchema),
  giftCardAmount: PriceSchema,
  /** What the card pays: the total less the gift cards. */
  amountDue: PriceSchema,
  payment: CardSummarySchema.optional(),
  missing: z.array(CheckoutStepSchema),
  /** What placing the order would have to change as the cart stands (stock, line maximum, products no longer sold), as validateCart says it. */
  cartChanges: z.array(CartChangeSchema),
  /** The wallets this cart may be paid with now: empty when the store has none, or none fits (auto-delivery needs a card; nothing left to pay). */
  wallets: z.array(WalletNameSchema),
  /**
   * Perks on this order, where the store has them: the points it earns a member (or a guest who
   * joins here), whether the shopper is a member, and whether a guest asked to join.
   */
  perks: z.object({ member: z.boolean(), join: z.boolean(), pointsToEarn: z.number().int().nonnegative() }).optional(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

/** PUT carts/{guid}/perksJoin: a guest joins perks with this order (its points are credited once the account is made). */
export const PerksJoinRequestSchema = z.object({
  join: z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" ? false : v), z.boolean({ error: "must be true or false" })),
});
export type PerksJoinRequest = z.infer<typeof PerksJoinRequestSchema>;

export const OrderEntrySchema = z.object({
  entryNumber: z.number().int(),
  quantity: z.number().int(),
  entryType: EntryTypeSchema,
  product: z.object({ code: z.string(), name: z.string(), url: z.string(), packLabel: z.string().optional() }),
  basePrice: PriceSchema,
  totalPrice: PriceSchema,
  /** The drink design the pods were bought for (decision 073), as it was at checkout. */
  recipe: LineRecipeSchema.optional(),
});

export const OrderDiscountSchema = z.object({ code: z.string(), description: z.string(), amount: PriceSchema });

/** GET users/{user}/orders/{code}?fields=SPC: a placed order, as it was when placed. */
export const OrderSchema = z.object({
  code: z.string(),
  status: z.string(),
  created: z.string(),
  guest: z.boolean(),
  email: z.string(),
  entries: z.array(OrderEntrySchema),
  deliveryAddress: DeliveryAddressSchema,
  deliveryMode: ChosenDeliveryModeSchema,
  contactNo: z.string().optional(),
  subTotal: PriceSchema,
  discounts: z.array(OrderDiscountSchema),
  totalDiscounts: PriceSchema,
  deliveryCost: PriceSchema,
  taxLines: z.array(TaxLineViewSchema),
  totalTax: PriceSchema,
  totalPriceWithTax: PriceSchema,
  giftCards: z.array(GiftCardUseSchema),
  giftCardAmount: PriceSchema,
  paidByCard: PriceSchema,
  payment: CardSummarySchema.optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderHistoryQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(0).max(1000).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const OrderHistorySchema = z.object({
  orders: z.array(z.object({ code: z.string(), created: z.string(), status: z.string(), total: PriceSchema, units: z.number().int() })),
  pagination: z.object({ currentPage: z.number().int(), pageSize: z.number().int(), totalPages: z.number().int(), totalResults: z.number().int() }),
});
export type OrderHistory = z.infer<typeof OrderHistorySchema>;

export { expectedPriceList } from "./expected-prices";
