import { z } from "zod";
import { CARD_BRANDS, type CardBrand, type CardProblem, cardDigits, cardProblems } from "./payment-card";

/**
 * Paying for a cart. A card number and its security code go to the service once, to be turned into
 * a provider's token; what is kept and shown afterwards is the brand, the last four digits, the
 * expiry and the holder's name.
 */

/** Forms send everything as text; empty means "not given". */
const blankAsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);
/** A month or year from JSON or from a form field ("07"). */
const wholeNumber = (value: unknown) => (typeof value === "string" && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value);

const required = (what: string) => ({ error: `Enter ${what}.` });
const text = (what: string, max: number) =>
  z.preprocess(
    blankAsAbsent,
    z
      .string(required(what))
      .trim()
      .min(1, `Enter ${what}.`)
      .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} is too long.`),
  );

/** Letters, digits, spaces and dashes: US ZIP codes, Canadian postal codes and the like. */
const PostalCodeSchema = z.preprocess(
  blankAsAbsent,
  z
    .string(required("the billing postal code"))
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, "Enter the billing postal or ZIP code."),
);

const CardFieldsSchema = z.object({
  cardNumber: z.preprocess(blankAsAbsent, z.string(required("the card number")).max(40, "This card number is not valid.")),
  expiryMonth: z.preprocess(blankAsAbsent, z.preprocess(wholeNumber, z.number(required("the expiry month")))),
  expiryYear: z.preprocess(blankAsAbsent, z.preprocess(wholeNumber, z.number(required("the expiry year")))),
  cvc: z.preprocess(blankAsAbsent, z.string(required("the security code")).trim().max(8, "Enter the card's security code (3 or 4 digits).")),
  accountHolderName: text("the name on the card", 100),
  billingPostalCode: PostalCodeSchema,
});

/**
 * POST users/{user}/carts/{guid}/paymentdetails: the card to pay with. Each field that is missing or
 * that no card can have is reported on its own (subject = the field), so a form can show every
 * message next to its field at once.
 */
export const PaymentDetailsRequestSchema = CardFieldsSchema.superRefine((card, ctx) => {
  for (const problem of cardProblems({ number: card.cardNumber, expMonth: card.expiryMonth, expYear: card.expiryYear, cvc: card.cvc })) {
    ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message, params: { reason: problem.reason } });
  }
}).transform((card) => ({ ...card, cardNumber: cardDigits(card.cardNumber) }));
export type PaymentDetailsRequest = z.infer<typeof PaymentDetailsRequestSchema>;
export type { CardProblem };

/** POST users/{user}/carts/{guid}/updatePaymentDetails: the holder or billing postal code of the card already chosen. */
export const UpdatePaymentDetailsRequestSchema = z
  .object({
    accountHolderName: z.preprocess(blankAsAbsent, text("the name on the card", 100).optional()),
    billingPostalCode: z.preprocess(blankAsAbsent, PostalCodeSchema.optional()),
  })
  .refine((change) => change.accountHolderName !== undefined || change.billingPostalCode !== undefined, {
    message: "Send accountHolderName or billingPostalCode to change.",
    path: ["accountHolderName"],
  });
export type UpdatePaymentDetailsRequest = z.infer<typeof UpdatePaymentDetailsRequestSchema>;

export const CardBrandSchema = z.enum(CARD_BRANDS);
export const PaymentProviderNameSchema = z.enum(["test-gateway", "stripe"]);
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

/** The card chosen for a cart, as the shopper may see it again: never the number, never the code. */
export const PaymentDetailsSchema = z.object({
  provider: PaymentProviderNameSchema,
  cardType: z.object({ code: CardBrandSchema, name: z.string() }),
  /** Masked as OCC does: `************4242`. */
  cardNumber: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  accountHolderName: z.string(),
  billingPostalCode: z.string(),
});
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>;
export type { CardBrand };

/** A Stripe payment or setup intent, for Stripe.js on the page to finish (wallets, saved cards). */
export const StripeIntentSchema = z.object({
  id: z.string(),
  clientSecret: z.string(),
  /** Minor units; absent for a setup intent, which charges nothing. */
  amount: z.number().int().nonnegative().optional(),
  currency: z.string().optional(),
  status: z.string(),
});
export type StripeIntent = z.infer<typeof StripeIntentSchema>;

export const StripeCustomerSchema = z.object({ stripeCustomerId: z.string().nullable() });
export type StripeCustomer = z.infer<typeof StripeCustomerSchema>;

/** POST …/cancelDigitalWalletPayment: the shopper closed the wallet's sheet (Apple Pay, Google Pay). */
export const WalletCancelRequestSchema = z.object({
  wallet: z.preprocess(blankAsAbsent, z.string().trim().max(40, "wallet is too long").optional()),
  reason: z.preprocess(blankAsAbsent, z.string().trim().max(500, "reason is at most 500 characters").optional()),
});

/** POST …/logDigitalWalletError: the wallet reported an error on the page. */
export const WalletErrorRequestSchema = z.object({
  wallet: z.preprocess(blankAsAbsent, z.string().trim().max(40, "wallet is too long").optional()),
  code: z.preprocess(blankAsAbsent, z.string().trim().max(100, "code is at most 100 characters").optional()),
  message: z.preprocess(
    blankAsAbsent,
    z.string({ error: "Describe the error." }).trim().min(1, "Describe the error.").max(500, "message is at most 500 characters"),
  ),
});

export const PaymentEventKindSchema = z.enum(["walletCancelled", "walletError"]);
export const PaymentEventSchema = z.object({ kind: PaymentEventKindSchema, recorded: z.literal(true) });
export type PaymentEvent = z.infer<typeof PaymentEventSchema>;
