import { randomInt } from "node:crypto";
import type { Logger } from "pino";
import type { BrandFacts } from "../contract/brands";
import type { Cart } from "../contract/cart";
import type { Checkout, CheckoutStep, DeliveryAddress, PlaceOrderRequest } from "../contract/checkout";
import type { BrandId } from "../contract/common";
import { type CartEntryRow, type CartRow, cartEntries, lockCartByGuid, touchCart } from "../db/carts";
import type { Db } from "../db/index";
import { baseCodesOf, rebuildListingsIn } from "../db/listing";
import { cartRewardRows, type CartRewardRow } from "../db/loyalty";
import { findOrderByCheckoutKey, findOrderOfCart, insertOrder, type NewOrder, type NewOrderEntry, type OrderRow, takeStock } from "../db/orders";
import { writeTransaction } from "../db/write-transaction";
import { cardBrandName, formatDateRange, formatPercent, labelled } from "../../lib/format";
import { localeFor } from "../contract/money";
import { campaignMessagesFor } from "./campaign-messages";
import { insufficientStock } from "./cart-rules";
import { recipeText } from "./design-rules";
import { type CartOwner, cartNotFound } from "./carts";
import { siteCurrencies } from "./catalog-service";
import type { CardHold, CardHolds } from "./card-holds";
import type { CheckoutParts, StoredCard } from "./checkout-parts";
import { ShopError } from "./errors";
import { queueMails } from "./mail-outbox";
import { settlePerksForOrder } from "./perks";
import { completeReferralForOrder } from "./referrals";
import { messagesFor } from "./messages";
import { unavailableWhenBusy } from "./service-unavailable";
import type { ShopContext } from "./shop-context";

/**
 * Placing an order, step by step: plan (the checkout priced now must be complete and show the
 * totals the shopper reviewed), authorise (record the payment attempt, then hold the amount due
 * on the card, outside the database), commit (one write transaction: stock, coupon uses, gift
 * cards, the attempt used, the order, its mail, the cart closed), then capture the hold, or
 * release it when this request's order was not written.
 */

/** Where the storefront shows a placed order (the link in the confirmation mail). */
export const ORDER_CONFIRMATION_PATH = "/checkout/orderConfirmation";

/** What the steps use of the checkout service's parts. */
export interface PlacementDeps {
  db: Db;
  brands: Readonly<Record<BrandId, BrandFacts>>;
  parts: CheckoutParts;
  holds: CardHolds;
  logger: Logger;
}

/** Everything the checkout page and the order need, priced now. */
export interface PricedCheckout {
  /** The cart's row id. */
  cartId: number;
  view: Checkout;
  card: StoredCard | null;
}

/** An order checked against what the shopper reviewed, before anything is held or written. */
export interface OrderPlan {
  ctx: ShopContext;
  owner: CartOwner;
  /** The cart's guid and row id. */
  guid: string;
  cartId: number;
  /** The order number: the card hold's description names it, so a retry of the same hold keeps it. */
  code: string;
  checkoutKey: string;
  view: Checkout;
  email: string;
  address: DeliveryAddress;
  mode: NonNullable<Checkout["deliveryMode"]>;
  /** The card that pays what the gift cards leave; null when they pay it all. */
  card: StoredCard | null;
  /** The affiliate the shopper came through (decision 078). */
  affiliate: PlaceOrderRequest["affiliate"];
}

/** The order the commit answers: written by it (`fresh`), or one the key or the cart already made. */
export interface PlacedOrder {
  row: OrderRow;
  fresh: boolean;
  mailIds: number[];
}

export const checkoutProblem = (reason: string, subject: string, message: string, kind: ShopError["kind"] = "invalid") =>
  new ShopError(kind, { type: "CheckoutError", reason, subject, message });

export const MISSING_MESSAGES: Record<CheckoutStep, string> = {
  email: "Enter the e-mail address for your order confirmation.",
  deliveryAddress: "Enter a delivery address.",
  deliveryMode: "Choose a delivery method.",
  payment: "Enter your card details.",
};

/** Ten digits: easy to read out on the phone, and not guessable in sequence. */
export const newOrderCode = () => String(randomInt(1_000_000_000, 10_000_000_000));

/** A card's expiry as orders and the checkout show it: 04/2030. */
export const expiryOf = (card: StoredCard) => `${String(card.expMonth).padStart(2, "0")}/${card.expYear}`;

/** The first line whose unit price differs from the one the review showed (same product at the same place in the cart). */
function repricedEntry(view: PricedCheckout["view"], expectedPrices: string | undefined) {
  if (!expectedPrices) return undefined;
  const seen = expectedPrices.split(",").map((pair) => pair.split(":"));
  return view.cart.entries.find((entry, i) => seen[i]?.[0] === entry.product.code && Number(seen[i]?.[1]) !== entry.basePrice.minor);
}

/** Plan: the checkout must be complete, and its totals the ones the shopper reviewed (409 otherwise). */
export function planOrder(
  { ctx, owner, guid, request }: { ctx: ShopContext; owner: CartOwner; guid: string; request: PlaceOrderRequest },
  { cartId, view, card }: PricedCheckout,
): OrderPlan {
  if (view.cart.entries.length === 0) throw checkoutProblem("emptyCart", "cart", "Your cart is empty.");
  const missing = view.missing[0];
  if (missing) throw checkoutProblem(`missing_${missing}`, missing, MISSING_MESSAGES[missing]);
  const repriced = repricedEntry(view, request.expectedPrices);
  if (repriced) {
    throw checkoutProblem(
      "priceChanged",
      repriced.product.code,
      `The price of ${repriced.product.name} is now ${repriced.basePrice.formattedValue}: your cart has been re-priced. Review the new total and place your order again.`,
      "conflict",
    );
  }
  if (view.totalPriceWithTax.minor !== request.expectedTotal) {
    throw checkoutProblem(
      "totalChanged",
      "expectedTotal",
      `Your order total is now ${view.totalPriceWithTax.formattedValue}. Review it and place your order again.`,
      "conflict",
    );
  }
  // The gift cards cover less than the review said (another order used them): the card would pay more.
  if (request.expectedAmountDue !== undefined && view.amountDue.minor !== request.expectedAmountDue) {
    throw checkoutProblem("giftCardChanged", "expectedAmountDue", "A gift card's balance changed. Review your payment and place your order again.", "conflict");
  }
  return {
    ctx,
    owner,
    guid,
    cartId,
    code: newOrderCode(),
    checkoutKey: request.checkoutKey,
    view,
    email: view.email!,
    address: view.deliveryAddress!,
    mode: view.deliveryMode!,
    card: view.amountDue.minor > 0 ? card : null,
    affiliate: request.affiliate,
  };
}

/**
 * Authorise: holds the amount due on the card. A decline answers the shopper (402) and nothing is
 * held. The plan answered keeps the order number of the checkout's earlier attempt, if any; an
 * attempt that already became an order says so instead.
 */
export async function authorizeCard(
  { brands, holds }: PlacementDeps,
  plan: OrderPlan,
): Promise<{ plan: OrderPlan; hold: CardHold | null } | { ordered: true }> {
  const { ctx } = plan;
  if (!plan.card) return { plan, hold: null };
  const outcome = await holds.hold({
    site: ctx.site,
    cartId: plan.cartId,
    checkoutKey: plan.checkoutKey,
    card: plan.card,
    amountMinor: plan.view.amountDue.minor,
    currency: ctx.currency,
    orderCode: plan.code,
    description: `${brands[ctx.site].name} order ${plan.code}`,
  });
  switch (outcome.status) {
    case "ordered":
      return { ordered: true };
    case "released":
      throw checkoutProblem("paymentReleased", "payment", "Your card's authorization has expired. Review your order and place it again.", "conflict");
    case "declined":
      throw new ShopError("paymentDeclined", { type: "PaymentError", reason: outcome.reason, subject: "payment", message: outcome.message });
    case "held":
      return { plan: { ...plan, code: outcome.orderCode }, hold: outcome.hold };
  }
}

/**
 * Commit: the order in one write transaction. The same key, or a cart already ordered, answers
 * the order made before (not fresh); a cart whose lines, stock or gift cards changed since the
 * plan stops the order (409) and nothing is written.
 */
export async function commitOrder(
  deps: PlacementDeps,
  plan: OrderPlan,
  hold: CardHold | null,
  /** Written with the order, in its transaction (the subscriptions a first auto-delivery order starts). */
  alsoInOrder?: (trx: Db, order: OrderRow, now: Date) => Promise<void>,
): Promise<PlacedOrder> {
  const { db, parts } = deps;
  const { ctx, owner, guid, view } = plan;
  const bases = await baseCodesOf(db, [...new Set(view.cart.entries.map((e) => e.product.code))]);
  return unavailableWhenBusy(() =>
    writeTransaction(db, async (trx) => {
      const now = new Date();
      const cart = await lockCartByGuid(trx, guid);
      const again = await findOrderByCheckoutKey(trx, plan.checkoutKey);
      if (again) return { row: again, fresh: false, mailIds: [] };
      if (!cart || cart.site !== ctx.site || cart.customer_id !== (owner === "anonymous" ? null : owner.customerId)) throw cartNotFound();
      if (cart.status !== "open") {
        const ofCart = await findOrderOfCart(trx, cart.id);
        if (ofCart) return { row: ofCart, fresh: false, mailIds: [] };
        throw cartNotFound();
      }
      // The cart was priced before the transaction; a line changed since means another price.
      const lines = await cartEntries(trx, cart.id);
      if (!sameLines(lines, view.cart)) {
        throw checkoutProblem("cartChanged", "cart", "Your cart changed while you were checking out. Review your order and place it again.", "conflict");
      }
      const soldOut = await takeStockFor(trx, lines, view.cart);
      await parts.coupons.redeemForOrder(trx, {
        cartId: cart.id,
        site: ctx.site,
        customerId: cart.customer_id,
        email: plan.email,
        orderCode: plan.code,
        now,
        // A coupon on the cart that took nothing off (its minimum not reached, say) is not used up.
        couponCodes: discountsOf(view.cart).map((d) => d.code),
      });
      const charged = await parts.giftCards.chargeForOrder(trx, {
        cartId: cart.id,
        site: ctx.site,
        orderCode: plan.code,
        amountDueMinor: view.totalPriceWithTax.minor,
        now,
      });
      if (charged.totalChargedMinor !== view.giftCardAmount.minor) {
        throw checkoutProblem("giftCardChanged", "giftCard", "A gift card's balance changed. Review your payment and place your order again.", "conflict");
      }
      // Rewards taken off or put on since the review change what the order spends: review again.
      const rewardsNow = await cartRewardRows(trx, cart.id);
      if (!sameRewards(rewardsNow, view.cart)) {
        throw checkoutProblem("cartChanged", "cart", "Your cart changed while you were checking out. Review your order and place it again.", "conflict");
      }
      await settlePerksForOrder(trx, {
        site: ctx.site,
        customerId: cart.customer_id,
        orderCode: plan.code,
        rewards: view.cart.appliedRewards,
        merchandiseMinor: view.cart.subTotal.minor - view.cart.totalDiscounts.minor,
        now,
      });
      // A referred friend's first order: the member who invited them earns their points with it (decision 074).
      await completeReferralForOrder(trx, { site: ctx.site, orderCode: plan.code, now });
      // The sweep may have released a hold that waited too long: then no order without its payment.
      if (hold && !(await deps.holds.useIn(trx, hold))) {
        throw checkoutProblem("paymentReleased", "payment", "Your card's authorization has expired. Review your order and place it again.", "conflict");
      }
      const row = await insertOrder(trx, orderRowOf(cart, plan, hold, charged, now), orderEntriesOf(view.cart));
      if (alsoInOrder) await alsoInOrder(trx, row, now);
      await touchCart(trx, cart.id, now.toISOString(), "ordered");
      // A product that sold out leaves the in-stock listings in the same transaction.
      if (soldOut) await rebuildListingsIn(trx, siteCurrencies(deps.brands), bases);
      const mailIds = await queueMails(trx, "order-confirmation", [confirmationMail(deps.brands, ctx, row, view)]);
      return { row, fresh: true, mailIds };
    }),
  );
}

/**
 * Takes the stock of every product on the cart's lines (a product may be on a one-off and an
 * auto-delivery line), in code order so two orders of the same products lock their stock rows in
 * the same order. Answers whether a product sold out; stops the order when one is short.
 */
async function takeStockFor(trx: Db, lines: readonly CartEntryRow[], cart: Cart): Promise<boolean> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.product_code, (units.get(line.product_code) ?? 0) + line.quantity);
  // A free box ships from the same stock.
  for (const e of cart.entries) if (e.rewardId !== undefined) units.set(e.product.code, (units.get(e.product.code) ?? 0) + e.quantity);
  let soldOut = false;
  for (const [productCode, quantity] of [...units].sort(([a], [b]) => a.localeCompare(b))) {
    const { taken, left } = await takeStock(trx, productCode, quantity);
    if (taken) {
      soldOut ||= left === 0;
      continue;
    }
    const name = cart.entries.find((e) => e.product.code === productCode)?.product.name ?? productCode;
    throw new ShopError("conflict", {
      ...insufficientStock(Math.max(0, left), productCode).item,
      message:
        left > 0
          ? `Only ${left} of ${name} are left. Change the quantity in your cart.`
          : `${name} has just sold out. Remove it from your cart to order the rest.`,
    });
  }
  return soldOut;
}

/** The order as it is kept: the prices, address, delivery and payment of the plan, never priced again. */
function orderRowOf(
  cart: CartRow,
  { ctx, code, checkoutKey, view, email, address, mode, card, affiliate }: OrderPlan,
  hold: CardHold | null,
  charged: { totalChargedMinor: number; cards: { maskedNumber: string; chargedMinor: number }[] },
  now: Date,
): NewOrder {
  return {
    code,
    site: ctx.site,
    lang: ctx.lang,
    currency: ctx.currency,
    cart_id: cart.id,
    cart_guid: cart.guid,
    customer_id: cart.customer_id,
    email,
    status: "placed",
    checkout_key: checkoutKey,
    subtotal_minor: view.cart.subTotal.minor,
    discount_minor: view.cart.totalDiscounts.minor,
    delivery_minor: view.deliveryCost.minor,
    tax_minor: view.totalTax.minor,
    total_minor: view.totalPriceWithTax.minor,
    gift_card_minor: charged.totalChargedMinor,
    card_minor: view.amountDue.minor,
    delivery_address: JSON.stringify(address),
    delivery_mode: mode.code,
    delivery_mode_name: mode.name,
    delivery_earliest: mode.estimate.earliest,
    delivery_latest: mode.estimate.latest,
    contact_no: view.contactNo ?? null,
    tax_lines: JSON.stringify(view.taxLines.map((t) => ({ name: t.name, ratePercent: t.ratePercent, amountMinor: t.amount.minor }))),
    discounts: JSON.stringify(orderDiscountsOf(view.cart)),
    gift_cards: JSON.stringify(charged.cards),
    payment_provider: card?.provider ?? null,
    payment_reference: hold?.reference ?? null,
    payment_brand: card?.brand ?? null,
    // A PayPal payment has no card number or expiry to show (decision 082).
    payment_last4: card?.last4 || null,
    payment_expiry: card && card.provider !== "paypal" ? expiryOf(card) : null,
    perks_join: view.perks?.join ? 1 : 0,
    affiliate_merchant_id: affiliate?.merchantId ?? null,
    affiliate_site_id: affiliate?.siteId ?? null,
    created_at: now.toISOString(),
  };
}

function orderEntriesOf(cart: Cart): NewOrderEntry[] {
  return cart.entries.map((e) => ({
    entry_number: e.entryNumber,
    product_code: e.product.code,
    product_name: e.product.name,
    product_url: e.product.url,
    pack_label: e.product.packLabel ?? null,
    entry_type: e.entryType,
    quantity: e.quantity,
    unit_minor: e.basePrice.minor,
    total_minor: e.totalPrice.minor,
    // The drink design is copied onto the order line: the order keeps it whatever becomes of the design (decision 073).
    recipe: e.recipe ? recipeText(e.recipe) : null,
  }));
}

function confirmationMail(brands: PlacementDeps["brands"], ctx: ShopContext, row: OrderRow, view: Checkout) {
  const store = brands[ctx.site];
  const t = messagesFor(ctx.lang, ctx.site);
  const w = t.orderSummaryWords;
  // The confirmation page formats through lib/format too: the mail must read as the page does.
  const locale = localeFor(ctx.currency, ctx.lang);
  const line = (label: string, value: string) => labelled(label, value, locale);
  const address = view.deliveryAddress!;
  const mode = view.deliveryMode!;
  const lines = [
    ...view.cart.entries.map(
      (e) => `${e.quantity} × ${e.product.name}${e.product.packLabel ? ` (${e.product.packLabel})` : ""}  ${e.totalPrice.formattedValue}`,
    ),
    "",
    line(w.subtotal, view.cart.subTotal.formattedValue),
    ...(view.cart.totalDiscounts.minor > 0 ? [line(w.discounts, `−${view.cart.totalDiscounts.formattedValue}`)] : []),
    line(`${w.delivery} (${mode.name})`, view.deliveryCost.formattedValue),
    ...view.taxLines.map((l) => line(`${t.taxNames[l.name]} (${formatPercent(l.ratePercent, locale)})`, l.amount.formattedValue)),
    line(w.total, view.totalPriceWithTax.formattedValue),
    ...(view.giftCardAmount.minor > 0 ? [line(w.giftCards, `−${view.giftCardAmount.formattedValue}`)] : []),
    ...(view.payment ? [line(`${w.paidByCard} (${cardBrandName(view.payment.brand)} •••• ${view.payment.last4})`, view.amountDue.formattedValue)] : []),
    "",
    line(
      w.shipTo,
      `${address.firstName} ${address.lastName}, ${address.line1}${address.line2 ? `, ${address.line2}` : ""}, ${address.town}, ${address.region} ${address.postalCode}`,
    ),
  ];
  // A campaign brewer's commitment and what cancelling early costs, in writing with the order (decision 065).
  const sold = view.cart.entries.find((e) => e.campaign?.role === "brewer")?.campaign;
  if (sold) lines.push("", campaignMessagesFor(ctx.lang, ctx.site).sale.confirmation(sold.name, sold.commitment.text, sold.earlyCancellationText));
  const url = `https://${store.host}${ctx.lang === "fr" ? "/fr" : ""}${ORDER_CONFIRMATION_PATH}/${row.code}`;
  const arrives = formatDateRange(mode.estimate.earliest, mode.estimate.latest, locale);
  return { to: row.email, ...t.orderConfirmation({ code: row.code, firstName: address.firstName, summary: lines.join("\n"), url, arrives }, store.name) };
}

/** The cart's lines as stored are the lines that were priced: same products, types and quantities (reward entries apart). */
function sameLines(rows: readonly CartEntryRow[], cart: Cart): boolean {
  const own = cart.entries.filter((e) => e.rewardId === undefined);
  if (rows.length !== own.length) return false;
  return rows.every((r) =>
    own.some((e) => e.entryNumber === r.entry_number && e.product.code === r.product_code && e.entryType === r.entry_type && e.quantity === r.quantity),
  );
}

/** The rewards on the cart are the ones that were priced: same rewards, same items. */
function sameRewards(rows: readonly CartRewardRow[], cart: Cart): boolean {
  if (rows.length !== cart.appliedRewards.length) return false;
  return rows.every((r) => cart.appliedRewards.some((a) => a.id === r.appliedId && (a.item?.productCode ?? null) === r.productCode));
}

/** The coupons that took something off, as the order keeps them. */
function discountsOf(cart: Cart): { code: string; description: string; amountMinor: number }[] {
  return cart.appliedCoupons
    .filter((c) => c.applies && c.discount.minor > 0)
    .map((c) => ({ code: c.code, description: c.description, amountMinor: c.discount.minor }));
}

/** The coupons and amount-off rewards that took something off, as the order keeps them. */
function orderDiscountsOf(cart: Cart): { code: string; description: string; amountMinor: number }[] {
  const rewards = cart.appliedRewards
    .filter((r) => r.discount && r.discount.minor > 0)
    .map((r) => ({ code: r.code, description: r.name, amountMinor: r.discount!.minor }));
  return [...discountsOf(cart), ...rewards];
}
