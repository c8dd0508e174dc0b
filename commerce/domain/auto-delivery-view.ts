import { type Subscription, SubscriptionSchema } from "../contract/auto-delivery";
import { DeliveryAddressSchema } from "../contract/checkout";
import type { SubscriptionItemRow, SubscriptionRow } from "../db/auto-delivery";
import type { StoredCard } from "./checkout-parts";
import { ShopError } from "./errors";
import { expiryOf } from "./place-order";

/** How subscriptions are stored and shown (decision 053). */

/** The same answer for another customer's subscription as for none: a code is not a key to someone's account. */
export const subscriptionNotFound = () =>
  new ShopError("notFound", { type: "UnknownIdentifierError", subject: "code", subjectType: "subscription", message: "Subscription not found." });

export const cardOf = (row: Pick<SubscriptionRow, "card">): StoredCard => JSON.parse(row.card) as StoredCard;
export const addressOf = (row: Pick<SubscriptionRow, "delivery_address">) => DeliveryAddressSchema.parse(JSON.parse(row.delivery_address));

export function subscriptionView(
  row: SubscriptionRow,
  items: readonly (SubscriptionItemRow & { name: string | null })[],
  commitment?: Subscription["commitment"],
): Subscription {
  const card = cardOf(row);
  return SubscriptionSchema.parse({
    code: row.code,
    adType: row.ad_type,
    status: row.status,
    frequencyWeeks: row.frequency_weeks,
    nextDeliveryDate: row.next_delivery_date,
    deliveryAddress: addressOf(row),
    deliveryMode: row.delivery_mode,
    payment: { brand: card.brand, last4: card.last4, expiry: expiryOf(card) },
    outOfStock: row.out_of_stock,
    items: items
      .filter((i) => i.subscription_id === row.id)
      .map((i) => ({
        productCode: i.product_code,
        name: i.name ?? i.product_code,
        quantity: i.quantity,
        podsAtHomeQty: i.pods_at_home_qty ?? undefined,
        replacementCode: i.replacement_code ?? undefined,
        nextOnly: i.next_only === 1,
      })),
    paymentFailures: row.payment_failures,
    cancelReason: row.cancel_reason ?? undefined,
    firstOrderCode: row.first_order_code,
    created: row.created_at,
    commitment,
  });
}
