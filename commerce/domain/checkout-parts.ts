import type { WalletName } from "../contract/checkout";
import type { CartRow } from "../db/carts";
import { customerOfCart } from "../db/carts";
import type { Db } from "../db/index";
import { redeemCouponsForOrder } from "./coupons";
import { appliedGiftCards, chargeGiftCardsForOrder, plannedUses } from "./gift-cards";
import { PaymentProviderError, type PaymentService } from "./payments/index";

/** A gift card applied to a cart and how much of it this order would use. */
export interface GiftCardUse {
  id?: string;
  maskedNumber: string;
  amountMinor: number;
}

/** A card the shopper gave for this cart: only what may be stored (never the number). */
export interface StoredCard {
  token: string;
  provider: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type Authorization = { status: "authorized"; reference: string } | { status: "declined"; reason: string; message: string };

/**
 * What checkout needs of the parts that have their own rules and tables: coupons (their uses are
 * counted when an order is placed), gift cards (balances are charged then) and the card payment.
 * The order's transaction calls `redeemForOrder` and `chargeForOrder` with its own handle, so a
 * failure of any of them leaves nothing behind.
 */
export interface CheckoutParts {
  coupons: {
    redeemForOrder(
      trx: Db,
      order: { cartId: number; site: string; customerId: string | null; email: string; orderCode: string; now: Date; couponCodes: readonly string[] },
    ): Promise<void>;
  };
  giftCards: {
    /** How much of each applied card an amount due would use; nothing is charged. */
    planFor(db: Db, cart: Pick<CartRow, "id" | "site" | "currency">, amountDueMinor: number): Promise<GiftCardUse[]>;
    chargeForOrder(
      trx: Db,
      order: { cartId: number; site: string; orderCode: string; amountDueMinor: number; now: Date },
    ): Promise<{ totalChargedMinor: number; cards: { maskedNumber: string; chargedMinor: number }[] }>;
  };
  payments: {
    /** The digital wallets the store is configured to take (PayPal with its credentials set). */
    wallets: readonly WalletName[];
    /** The card chosen for the cart, when the provider taking payments now can charge it. */
    cardOf(db: Db, cartId: number): Promise<StoredCard | null>;
    /** The provider's own reference of the cart's customer (Stripe's cus_…), when there is one. */
    customerRefOf(db: Db, cartId: number): Promise<string | undefined>;
    /** `provider` names who holds the token: the card's provider, or PayPal. */
    authorize(request: {
      provider: string;
      token: string;
      amountMinor: number;
      currency: string;
      idempotencyKey: string;
      description: string;
      customerRef?: string;
    }): Promise<Authorization>;
    /** A null provider is an order from before wallets: the store's card provider's. */
    capture(provider: string | null, reference: string, amountMinor: number, idempotencyKey: string): Promise<void>;
    voidAuthorization(provider: string, reference: string, idempotencyKey: string): Promise<void>;
  };
}

/**
 * The coupon, gift-card and payment parts as checkout uses them. Each keeps its own rules and
 * tables; this is only where checkout meets them.
 */
export function checkoutParts(payments: PaymentService): CheckoutParts {
  return {
    coupons: { redeemForOrder: redeemCouponsForOrder },
    giftCards: {
      async planFor(db: Db, cart: Pick<CartRow, "id" | "site" | "currency">, amountDueMinor: number): Promise<GiftCardUse[]> {
        const cards = await appliedGiftCards(db, cart);
        const uses = plannedUses(cards, amountDueMinor);
        return cards.map((c, i) => ({ id: String(c.id), maskedNumber: c.maskedNumber, amountMinor: uses[i]! })).filter((c) => c.amountMinor > 0);
      },
      chargeForOrder: chargeGiftCardsForOrder,
    },
    payments: {
      wallets: payments.paypal ? ["paypal"] : [],
      async cardOf(db: Db, cartId: number) {
        const card = await payments.paymentDetailsOf(db, cartId);
        // A card tokenized by the provider the store used before cannot be charged by this one: the shopper enters it again.
        if (!card || card.provider !== payments.provider.name) return null;
        return { token: card.token, provider: card.provider, brand: card.brand, last4: card.last4, expMonth: card.expiryMonth, expYear: card.expiryYear };
      },
      async customerRefOf(db: Db, cartId: number) {
        const customerId = await customerOfCart(db, cartId);
        return customerId ? payments.providerCustomerOf(db, customerId) : undefined;
      },
      async authorize({ provider, ...request }) {
        try {
          return await payments.providerOf(provider).authorize(request);
        } catch (err) {
          // The provider could not be reached or failed: nothing was held, and the shopper may try again.
          if (err instanceof PaymentProviderError)
            return { status: "declined", reason: "processing_error", message: "The payment could not be processed just now. Please try again." };
          throw err;
        }
      },
      capture: (provider, reference, amountMinor, idempotencyKey) => payments.providerOf(provider).capture(reference, amountMinor, idempotencyKey),
      voidAuthorization: (provider, reference, idempotencyKey) => payments.providerOf(provider).voidAuthorization(reference, idempotencyKey),
    },
  };
}
