import type { CartRow } from "../db/carts";
import type { Db } from "../db/index";
import type { CheckoutParts, GiftCardUse } from "./checkout";
import { redeemCouponsForOrder } from "./coupons";
import { appliedGiftCards, chargeGiftCardsForOrder, plannedUses } from "./gift-cards";
import { PaymentProviderError, type PaymentService } from "./payments/index";

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
      async cardOf(db: Db, cartId: number) {
        const card = await payments.paymentDetailsOf(db, cartId);
        return (
          card && { token: card.token, provider: card.provider, brand: card.brand, last4: card.last4, expMonth: card.expiryMonth, expYear: card.expiryYear }
        );
      },
      async authorize({ card, ...request }) {
        try {
          return await payments.provider.authorize({ token: card.token, ...request });
        } catch (err) {
          // The provider could not be reached or failed: nothing was held, and the shopper may try again.
          if (err instanceof PaymentProviderError)
            return { status: "declined", reason: "processing_error", message: "The payment could not be processed just now. Please try again." };
          throw err;
        }
      },
      capture: (_card, reference, amountMinor, idempotencyKey) => payments.provider.capture(reference, amountMinor, idempotencyKey),
      voidAuthorization: (_card, reference, idempotencyKey) => payments.provider.voidAuthorization(reference, idempotencyKey),
    },
  };
}
