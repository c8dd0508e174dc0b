import { z } from "zod";
import { AffiliateSchema } from "./affiliate";
import { CheckoutStepSchema, WalletNameSchema } from "./checkout";
import { PriceSchema } from "./product";

/**
 * Digital wallets at checkout (decision 082): PayPal beside the card. The shopper leaves for
 * PayPal's pages from the checkout (prepareDwCheckout), approves there or cancels, and comes back
 * to the store, which reads the payment's status (getPaypalPaymentStatus) and places the order
 * with it as with a card.
 */

export { WalletNameSchema, type WalletName } from "./checkout";

/** GET …/prepareDwCheckout: the wallets this cart may be paid with now, and what they would be asked for. */
export const DwCheckoutSchema = z.object({
  /** Empty when the store offers none, or none fits the cart (auto-delivery needs a card; nothing left to pay). */
  wallets: z.array(WalletNameSchema),
  amountDue: PriceSchema,
  /** The steps still to fill in before a wallet can be asked (payment apart: the wallet is the payment). */
  missing: z.array(CheckoutStepSchema),
});
export type DwCheckout = z.infer<typeof DwCheckoutSchema>;

const ReturnUrlSchema = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).max(2000, "is too long");

/** POST …/prepareDwCheckout: a wallet payment for the amount due; the shopper comes back to returnUrl or cancelUrl. */
export const StartDwCheckoutRequestSchema = z.object({
  wallet: WalletNameSchema,
  returnUrl: ReturnUrlSchema,
  cancelUrl: ReturnUrlSchema,
});
export type StartDwCheckoutRequest = z.infer<typeof StartDwCheckoutRequestSchema>;

/** PayPal's order id: letters and digits (PayPal's are 17 characters). */
export const PaypalOrderIdSchema = z
  .string({ error: "Send the PayPal order id." })
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, "This is not a PayPal order id.");

export const DwCheckoutStartedSchema = z.object({
  wallet: WalletNameSchema,
  /** The wallet's own id of the payment (PayPal's order id). */
  orderId: z.string(),
  /** Where the shopper approves the payment. */
  approveUrl: z.string(),
});
export type DwCheckoutStarted = z.infer<typeof DwCheckoutStartedSchema>;

export const PaypalStatusQuerySchema = z.object({ orderId: PaypalOrderIdSchema });

/** GET …/getPaypalPaymentStatus: where the cart's PayPal payment stands. */
export const PaypalPaymentStatusSchema = z.object({
  orderId: z.string(),
  /** pending: not approved yet; approved: the order can be placed; cancelled; ordered: placed (orderCode). */
  status: z.enum(["pending", "approved", "cancelled", "ordered"]),
  amount: PriceSchema,
  orderCode: z.string().optional(),
});
export type PaypalPaymentStatus = z.infer<typeof PaypalPaymentStatusSchema>;

/** POST …/placePaypalOrder: the order, paid with the approved PayPal payment. */
export const PlacePaypalOrderRequestSchema = z.object({
  orderId: PaypalOrderIdSchema,
  affiliate: AffiliateSchema.optional(),
});
export type PlacePaypalOrderRequest = z.infer<typeof PlacePaypalOrderRequestSchema>;
