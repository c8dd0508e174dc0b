import { randomInt } from "node:crypto";
import { DEFAULT_FREQUENCY_WEEKS, type RecurringEntryType, RecurringEntryTypeSchema } from "../contract/auto-delivery";
import type { Checkout } from "../contract/checkout";
import { insertSubscription } from "../db/auto-delivery";
import type { Db } from "../db/index";
import type { OrderRow } from "../db/orders";
import { followingDelivery } from "./auto-delivery-rules";
import type { CartOwner } from "./carts";
import type { StoredCard } from "./checkout-parts";
import type { EnrollmentStep } from "./campaign-sale";
import { checkoutProblem } from "./place-order";
import type { ShopContext } from "./shop-context";

/**
 * The first auto-delivery order: a cart with recurring lines (ADC, ADCF, ADF) places its order and,
 * in the same transaction, one subscription per entry type with those lines' products, the
 * frequency chosen, the order's address and delivery, and the card it was paid with.
 */

/** A subscription's code: AD and eight digits, easy to read out on the phone. */
export const newSubscriptionCode = () => `AD${randomInt(10_000_000, 100_000_000)}`;

/** What the order's transaction runs beside the order. */
export type InOrderStep = (trx: Db, order: OrderRow, now: Date) => Promise<void>;

/**
 * The step that starts the cart's subscriptions (undefined for a cart without recurring lines),
 * checked before anything is held: only a signed-in customer subscribes, and the deliveries after
 * this one need a card. `today` is the store clock's day: the first delivery after this order is
 * counted from it.
 */
export function subscriptionStep({
  ctx,
  owner,
  view,
  card,
  frequencyWeeks,
  today,
  enroll,
}: {
  ctx: ShopContext;
  owner: CartOwner;
  view: Checkout;
  card: StoredCard | null;
  frequencyWeeks?: number;
  today: string;
  /** A campaign bundle's enrollment (decision 065), written once its box's subscription exists. */
  enroll?: EnrollmentStep;
}): InOrderStep | undefined {
  const all = view.cart.entries.filter((e) => e.rewardId === undefined && e.entryType !== "STD");
  // A campaign's box starts a subscription of its own, at the frequency chosen with the bundle, carrying the campaign.
  const campaignBox = all.find((e) => e.campaign?.role === "box");
  const recurring = all.filter((e) => e !== campaignBox);
  if (campaignBox && owner === "anonymous")
    throw checkoutProblem("signInToSubscribe", "cart", "Sign in or create an account to start an auto-delivery subscription.");
  if (campaignBox && !card)
    throw checkoutProblem("cardForAutoDelivery", "payment", "Auto-delivery needs a card for the deliveries after this one. Add a card to place your order.");
  const campaignStep = campaignBox && owner !== "anonymous" && card ? bundleSubscription(ctx, owner.customerId, campaignBox, card, today, enroll) : undefined;
  if (recurring.length === 0) return campaignStep;
  if (recurring.length === 0) return undefined;
  if (owner === "anonymous") throw checkoutProblem("signInToSubscribe", "cart", "Sign in or create an account to start an auto-delivery subscription.");
  if (!card)
    throw checkoutProblem("cardForAutoDelivery", "payment", "Auto-delivery needs a card for the deliveries after this one. Add a card to place your order.");
  const byType = new Map<RecurringEntryType, typeof recurring>();
  for (const e of recurring) {
    const type = RecurringEntryTypeSchema.parse(e.entryType);
    byType.set(type, [...(byType.get(type) ?? []), e]);
  }
  const weeks = frequencyWeeks ?? DEFAULT_FREQUENCY_WEEKS;
  return async (trx, order, now) => {
    if (campaignStep) await campaignStep(trx, order, now);
    const at = now.toISOString();
    for (const [type, lines] of byType) {
      await insertSubscription(
        trx,
        subscriptionRow({ ctx, customerId: owner.customerId, type, weeks, today, order, card, at }),
        lines.map((l) => ({
          product_code: l.product.code,
          quantity: l.quantity,
          pods_at_home_qty: l.podsAtHomeQty ?? null,
          replacement_code: null,
          next_only: 0,
          created_at: at,
        })),
      );
    }
  };
}

/** The subscription a campaign bundle's box starts, and the enrollment that counts its commitment. */
function bundleSubscription(
  ctx: ShopContext,
  customerId: string,
  box: Checkout["cart"]["entries"][number],
  card: StoredCard,
  today: string,
  enroll: EnrollmentStep | undefined,
): InOrderStep {
  const weeks = box.campaign!.commitment.frequencyWeeks;
  return async (trx, order, now) => {
    const at = now.toISOString();
    const code = newSubscriptionCode();
    await insertSubscription(
      trx,
      subscriptionRow({ ctx, customerId, type: "ADC", weeks, today, order, card, at, code, campaignId: box.campaign!.campaignId }),
      [{ product_code: box.product.code, quantity: box.quantity, pods_at_home_qty: null, replacement_code: null, next_only: 0, created_at: at }],
    );
    if (enroll) await enroll(trx, order, code, now);
  };
}

/** A subscription as the order that starts it makes it: the order's address, delivery and card, the first delivery counted from today. */
function subscriptionRow(p: {
  ctx: ShopContext;
  customerId: string;
  type: RecurringEntryType;
  weeks: number;
  today: string;
  order: OrderRow;
  card: StoredCard;
  at: string;
  code?: string;
  campaignId?: number;
}) {
  return {
    code: p.code ?? newSubscriptionCode(),
    site: p.ctx.site,
    customer_id: p.customerId,
    lang: p.ctx.lang,
    currency: p.ctx.currency,
    ad_type: p.type,
    status: "active" as const,
    frequency_weeks: p.weeks,
    next_delivery_date: followingDelivery(p.today, p.weeks),
    delivery_address: p.order.delivery_address,
    delivery_mode: p.order.delivery_mode,
    card: JSON.stringify(p.card),
    out_of_stock: "skip" as const,
    first_order_code: p.order.code,
    ...(p.campaignId === undefined ? {} : { campaign_id: p.campaignId }),
    created_at: p.at,
    updated_at: p.at,
  };
}
