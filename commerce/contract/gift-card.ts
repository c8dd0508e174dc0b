import { z } from "zod";
import { CartSchema } from "./cart";
import { PriceSchema } from "./product";

/**
 * Gift cards between the storefront and the commerce service. A card is known by its 16-digit
 * number and a PIN; applying one to a cart only plans its use: the balance is reduced when the
 * order is placed.
 */

/** The most cards one cart may carry. */
export const MAX_GIFT_CARDS_PER_CART = 5;

/** Shoppers type numbers with spaces or dashes, as printed on the card. */
const withoutSeparators = (value: unknown) => (typeof value === "string" ? value.replace(/[\s-]/g, "") : value);

export const GiftCardNumberSchema = z.preprocess(withoutSeparators, z.string({ error: "is required" }).regex(/^\d{16}$/, "must be the card's 16 digits"));
export const GiftCardPinSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : value),
  z.string({ error: "is required" }).regex(/^\d{4,8}$/, "must be the 4 to 8 digits under the scratch strip"),
);

/** An amount a shopper types: "10", "10.5", "10.50" or, in French, "10,50"; answered in minor units. */
export function amountFromText(text: string): number | undefined {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A whole number of minor units, from JSON or a form field. */
const AmountMinorSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : value),
  z.number({ error: "must be a whole number of cents" }).int("must be a whole number of cents").min(1, "must be more than 0").max(100_000_000, "is too large"),
);

/** POST …/giftcard/validate and …/giftcard/apply. */
export const GiftCardCredentialsSchema = z.object({ number: GiftCardNumberSchema, pin: GiftCardPinSchema });
export type GiftCardCredentials = z.infer<typeof GiftCardCredentialsSchema>;

/** PUT …/giftcard/apply-value: use only part of an applied card's balance. */
export const GiftCardApplyValueSchema = z.object({
  /** The applied card's id, as listed in the cart's gift cards. */
  id: z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : value),
    z.number({ error: "must name an applied card" }).int().positive(),
  ),
  amount: AmountMinorSchema,
});
export type GiftCardApplyValue = z.infer<typeof GiftCardApplyValueSchema>;

/** What validate answers: the card's balance, never its full number. */
export const GiftCardBalanceSchema = z.object({
  maskedNumber: z.string(),
  balance: PriceSchema,
  /** ISO date; absent for a card that does not expire. */
  expiresAt: z.string().optional(),
});
export type GiftCardBalance = z.infer<typeof GiftCardBalanceSchema>;

export const AppliedGiftCardSchema = z.object({
  /** The id remove/{id} and apply-value name. */
  id: z.number().int().positive(),
  maskedNumber: z.string(),
  balance: PriceSchema,
  /** The part of the balance the shopper chose; absent: the whole balance. */
  requested: PriceSchema.optional(),
  /** What the card would pay of the cart as it stands now. */
  toUse: PriceSchema,
  expiresAt: z.string().optional(),
});
export type AppliedGiftCard = z.infer<typeof AppliedGiftCardSchema>;

/** A cart's gift cards and what they cover of its total; the rest is paid by card at checkout. */
export const CartGiftCardsSchema = z.object({
  cartGuid: z.string(),
  giftCards: z.array(AppliedGiftCardSchema),
  amountDue: PriceSchema,
  coveredByGiftCards: PriceSchema,
  remainingDue: PriceSchema,
});
export type CartGiftCards = z.infer<typeof CartGiftCardsSchema>;

/** GET a cart with `fields=FULL`: the cart and its gift cards, priced once (what the cart page shows). */
export const CartWithGiftCardsSchema = CartSchema.extend({ giftCards: CartGiftCardsSchema });
export type CartWithGiftCards = z.infer<typeof CartWithGiftCardsSchema>;

/** `fields` on a cart GET, as on products: BASIC and DEFAULT are the cart alone, FULL adds its gift cards. */
export const CartFieldsQuerySchema = z.object({ fields: z.enum(["BASIC", "DEFAULT", "FULL"]).default("DEFAULT") });

/** Why a card cannot be used; answered as GiftCardError's reason. */
export const GiftCardRefusalSchema = z.enum(["invalid", "expired", "empty", "blocked", "currency", "tooMany", "overBalance", "notApplied"]);
export type GiftCardRefusal = z.infer<typeof GiftCardRefusalSchema>;

/** Masks all but the last four digits, grouped as printed: "**** **** **** 1234". */
export function maskGiftCardNumber(number: string): string {
  return `**** **** **** ${number.slice(-4)}`;
}
