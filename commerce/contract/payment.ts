import { z } from "zod";
import { blankAsAbsent } from "./form-values";
import { CARD_BRANDS, type CardBrand, type CardProblem, cardDigits, cardProblems } from "./payment-card";

/**
 * Paying for a cart. A card number and its security code go to the service once, to be turned into
 * a provider's token; what is kept and shown afterwards is the brand, the last four digits, the
 * expiry and the holder's name.
 */

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

/** The card form's fields as sent (the API document describes the body with it). */
export const CardFieldsSchema = z.object({
  cardNumber: z.preprocess(blankAsAbsent, z.string(required("the card number")).max(40, "This card number is not valid.")),
  expiryMonth: z.preprocess(blankAsAbsent, z.preprocess(wholeNumber, z.number(required("the expiry month")))),
  expiryYear: z.preprocess(blankAsAbsent, z.preprocess(wholeNumber, z.number(required("the expiry year")))),
  cvc: z.preprocess(blankAsAbsent, z.string(required("the security code")).trim().max(8, "Enter the card's security code (3 or 4 digits).")),
  accountHolderName: text("the name on the card", 100),
  billingPostalCode: PostalCodeSchema,
});

/**
 * POST users/{user}/carts/{guid}/paymentdetails: the card to pay with. A field that is missing or
 * that no card can have is reported with the field as its subject (see readCardForm).
 */
export const PaymentDetailsRequestSchema = CardFieldsSchema.superRefine((card, ctx) => {
  for (const problem of cardProblems({ number: card.cardNumber, expMonth: card.expiryMonth, expYear: card.expiryYear, cvc: card.cvc })) {
    ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message, params: { reason: problem.reason } });
  }
}).transform((card) => ({ ...card, cardNumber: cardDigits(card.cardNumber) }));
export type PaymentDetailsRequest = z.infer<typeof PaymentDetailsRequestSchema>;

type CardField = keyof z.infer<typeof CardFieldsSchema>;
const CARD_FIELDS = Object.keys(CardFieldsSchema.shape) as CardField[];

/** One field's problem: `missing`, `invalid`, or a card rule's reason (invalid_number, invalid_expiry, expired_card, invalid_cvc). */
export interface CardFieldProblem {
  field: CardField;
  reason: string;
  message: string;
}

/**
 * Reads a card form (JSON or form fields) and reports every field's problem at once, in form
 * order, so each message can stand next to its field: the card rules still judge the fields that
 * were given when another one is missing.
 */
export function readCardForm(
  input: unknown,
  today: Date = new Date(),
): { ok: true; card: PaymentDetailsRequest } | { ok: false; problems: CardFieldProblem[] } {
  const fields: Record<string, unknown> = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const problems = new Map<CardField, CardFieldProblem>();
  const values: Partial<Record<CardField, unknown>> = {};
  for (const field of CARD_FIELDS) {
    const parsed = CardFieldsSchema.shape[field].safeParse(fields[field]);
    if (parsed.success) {
      values[field] = parsed.data;
      continue;
    }
    const given = blankAsAbsent(fields[field]) !== undefined;
    problems.set(field, { field, reason: given ? "invalid" : "missing", message: parsed.error.issues[0]?.message ?? "This field is not valid." });
  }
  const typed = {
    number: typeof values.cardNumber === "string" ? values.cardNumber : "",
    expMonth: typeof values.expiryMonth === "number" ? values.expiryMonth : Number.NaN,
    expYear: typeof values.expiryYear === "number" ? values.expiryYear : Number.NaN,
    cvc: typeof values.cvc === "string" ? values.cvc : "",
  };
  for (const problem of cardProblems(typed, today)) if (!problems.has(problem.field)) problems.set(problem.field, problem);
  if (problems.size > 0) return { ok: false, problems: CARD_FIELDS.flatMap((f) => problems.get(f) ?? []) };
  const card = CardFieldsSchema.parse(fields);
  return { ok: true, card: { ...card, cardNumber: cardDigits(card.cardNumber) } };
}
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

/**
 * POST …/cancelDigitalWalletPayment: the shopper closed the wallet's sheet (Apple Pay, Google Pay),
 * or came back from PayPal without approving: with `orderId`, that PayPal payment is cancelled too.
 */
export const WalletCancelRequestSchema = z.object({
  wallet: z.preprocess(blankAsAbsent, z.string().trim().max(40, "wallet is too long").optional()),
  orderId: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "This is not a PayPal order id.")
      .optional(),
  ),
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
