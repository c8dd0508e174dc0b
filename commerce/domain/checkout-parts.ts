import type { Db } from "../db/index";
import type { CheckoutParts, GiftCardUse } from "./checkout";
import { redeemCouponsForOrder } from "./coupons";
import { planGiftCardUse } from "./gift-card-rules";
import { appliedGiftCards, chargeGiftCardsForOrder } from "./gift-cards";
import type { PaymentService } from "./payments/index";

/**
 * The coupon, gift-card and payment parts as checkout uses them. Each keeps its own rules and
 * tables; this is only where checkout meets them.
 */
export function checkoutParts(payments: PaymentService): CheckoutParts {
  return {
    coupons: { redeemForOrder: redeemCouponsForOrder },
    giftCards: {
      async planFor(db: Db, cartId: number, amountDueMinor: number): Promise<GiftCardUse[]> {
        const cards = await appliedGiftCards(db, cartId);
        const uses = planGiftCardUse(
          cards.map((c) => ({ balance: c.usable ? c.balanceMinor : 0, requested: c.requestedMinor })),
          amountDueMinor,
        );
        return cards.map((c, i) => ({ id: String(c.id), maskedNumber: c.maskedNumber, amountMinor: uses[i]! })).filter((c) => c.amountMinor > 0);
      },
      chargeForOrder: chargeGiftCardsForOrder,
    },
    payments: payments.forCheckout(),
  };
}
