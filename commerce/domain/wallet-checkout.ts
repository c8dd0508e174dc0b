import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { RateLimitRule, RateLimits } from "../../lib/rate-limit";
import type { BrandFacts } from "../contract/brands";
import type { Order } from "../contract/checkout";
import type { BrandId } from "../contract/common";
import type { DwCheckout, DwCheckoutStarted, PaypalPaymentStatus, PlacePaypalOrderRequest, StartDwCheckoutRequest } from "../contract/wallet";
import { lockCartByGuid } from "../db/carts";
import type { Db } from "../db/index";
import { findWalletPaymentWithCart, insertPaymentEvent, insertWalletPayment, markWalletPayment, type WalletPaymentRow } from "../db/payments";
import { writeTransaction } from "../db/write-transaction";
import { type CartOwner, cartNotFound, owns } from "./carts";
import type { CheckoutService } from "./checkout";
import type { StoredCard } from "./checkout-parts";
import { ShopError, TooManyRequests } from "./errors";
import { PaymentProviderError, type PaymentService, type PaypalProvider, PaypalRefusal, walletPaymentNotFound } from "./payments/index";
import { checkoutProblem, MISSING_MESSAGES } from "./place-order";
import { price } from "./pricing";
import { unavailableWhenBusy } from "./service-unavailable";
import type { ShopContext } from "./shop-context";

/**
 * Paying with PayPal (decision 082). The checkout sends the shopper to PayPal with an order for
 * the amount due (its total less gift cards), recorded beside the cart; back from PayPal, the
 * order is placed as with a card (plan, hold, commit, capture: place-order.ts), the PayPal
 * order's authorization being the hold. PayPal's order id is the checkout key, so coming back
 * twice places one order. What PayPal refuses is recorded as the cart's wallet error.
 */

/** Each PayPal order is a call to PayPal: one cart may start this many an hour. */
export const WALLET_ORDERS_PER_CART: RateLimitRule = { name: "wallet-orders-per-cart", points: 20, windowSeconds: 3600 };

const paypalNotOffered = () =>
  new ShopError("conflict", { type: "PaymentError", reason: "walletNotOffered", subject: "wallet", message: "This store does not take PayPal." });

/** PayPal pays one order; auto-delivery and campaign subscriptions charge a card again later. */
const cardOnlyCart = () =>
  new ShopError("conflict", {
    type: "PaymentError",
    reason: "walletNotForSubscriptions",
    subject: "wallet",
    message: "Auto-delivery and subscriptions are paid by card: PayPal pays one-off orders only.",
  });

const paypalUnavailable = () =>
  new PaymentProviderError("PayPal could not be reached just now. Try again in a moment, or pay by card.", "provider_unavailable");

/** The checkout key of an order paid with a PayPal order: one PayPal payment, one order. */
export const paypalCheckoutKey = (orderId: string) => `paypal-${orderId}`;

/** PayPal's page language for a store's language and currency (en-US, en-CA, fr-CA). */
const paypalLocale = (ctx: ShopContext) => `${ctx.lang}-${ctx.currency === "CAD" ? "CA" : "US"}`;

export class WalletCheckout {
  constructor(
    private readonly deps: {
      db: Db;
      brands: Readonly<Record<BrandId, BrandFacts>>;
      checkout: CheckoutService;
      payments: PaymentService;
      limits: RateLimits;
      logger: Logger;
    },
  ) {}

  /** GET prepareDwCheckout: the wallets this cart may be paid with, the amount and the steps still missing. */
  async offer(ctx: ShopContext, owner: CartOwner, guid: string): Promise<DwCheckout> {
    const view = await this.deps.checkout.checkout(ctx, owner, guid);
    return {
      wallets: view.wallets,
      amountDue: view.amountDue,
      missing: view.missing.filter((step) => step !== "payment"),
    };
  }

  /**
   * POST prepareDwCheckout: a PayPal order for the amount due (asked of PayPal first, outside any
   * transaction), then recorded as the cart's pending wallet payment. The checkout must be
   * complete but for the payment: the order is placed as soon as the shopper comes back.
   */
  async start(ctx: ShopContext, owner: CartOwner, guid: string, request: StartDwCheckoutRequest): Promise<DwCheckoutStarted> {
    const paypal = this.paypal();
    const view = await this.deps.checkout.checkout(ctx, owner, guid);
    if (view.cart.entries.length === 0) throw checkoutProblem("emptyCart", "cart", "Your cart is empty.");
    const missing = view.missing.find((step) => step !== "payment");
    if (missing) throw checkoutProblem(`missing_${missing}`, missing, MISSING_MESSAGES[missing]);
    if (!view.wallets.includes("paypal")) {
      if (view.amountDue.minor === 0)
        throw checkoutProblem("nothingToPay", "wallet", "Your gift cards pay for this order: place it without PayPal.", "conflict");
      throw cardOnlyCart();
    }
    const verdict = await this.deps.limits.hit(WALLET_ORDERS_PER_CART, view.cart.guid);
    if (!verdict.allowed) throw new TooManyRequests(verdict.retryAfterSeconds);
    const store = this.deps.brands[ctx.site];
    const order = await this.askPaypal(ctx, owner, view.cart.guid, () =>
      paypal.createOrder({
        amountMinor: view.amountDue.minor,
        currency: ctx.currency,
        reference: view.cart.code,
        description: `${store.name} order`,
        brandName: store.name,
        locale: paypalLocale(ctx),
        returnUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
        // A new order each time: one cancelled before must not come back.
        requestId: randomUUID(),
      }),
    );
    await this.write(ctx, owner, view.cart.guid, (trx, cartId, now) =>
      insertWalletPayment(
        trx,
        {
          cart_id: cartId,
          wallet: "paypal",
          reference: order.id,
          total_minor: view.totalPriceWithTax.minor,
          amount_minor: view.amountDue.minor,
          currency: ctx.currency,
        },
        now,
      ),
    );
    return { wallet: "paypal", orderId: order.id, approveUrl: order.approveUrl! };
  }

  /** GET getPaypalPaymentStatus: our record of the payment, and PayPal's word while it is neither placed nor cancelled. */
  async paypalStatus(ctx: ShopContext, owner: CartOwner, guid: string, orderId: string): Promise<PaypalPaymentStatus> {
    const paypal = this.paypal();
    const { payment, cartGuid } = await this.ownPayment(ctx, owner, guid, orderId);
    const answer = (status: PaypalPaymentStatus["status"]): PaypalPaymentStatus => ({
      orderId,
      status,
      amount: price(payment.amount_minor, ctx.currency, ctx.lang),
      ...(payment.order_code ? { orderCode: payment.order_code } : {}),
    });
    if (payment.status !== "pending") return answer(payment.status);
    const order = await this.askPaypal(ctx, owner, cartGuid, () => paypal.getOrder(orderId));
    if (order.status === "APPROVED" || order.status === "COMPLETED") return answer("approved");
    if (order.status === "VOIDED") return answer("cancelled");
    return answer("pending");
  }

  /**
   * placePaypalOrder: the order, paid with the approved PayPal payment, through the card's order
   * placement (the same stock, coupons, gift cards and points). The totals are the ones PayPal was
   * asked for: a cart that changed since is refused (409) and the shopper pays again.
   */
  async placeOrder(ctx: ShopContext, owner: CartOwner, guid: string, request: PlacePaypalOrderRequest): Promise<Order> {
    this.paypal();
    const { payment, cartGuid } = await this.ownPayment(ctx, owner, guid, request.orderId);
    if (payment.status === "cancelled") {
      throw checkoutProblem("walletCancelled", "orderId", "This PayPal payment was cancelled. Pay with PayPal again, or by card.", "conflict");
    }
    const paidWith: StoredCard = { provider: "paypal", token: payment.reference, brand: "paypal", last4: "", expMonth: 0, expYear: 0 };
    let order: Order;
    try {
      order = await this.deps.checkout.placeOrder(
        ctx,
        owner,
        cartGuid,
        {
          checkoutKey: paypalCheckoutKey(payment.reference),
          expectedTotal: payment.total_minor,
          expectedAmountDue: payment.amount_minor,
          affiliate: request.affiliate,
        },
        paidWith,
      );
    } catch (err) {
      if (err instanceof ShopError && err.kind === "paymentDeclined") {
        await this.recordError(ctx, owner, cartGuid, err.item.reason ?? "declined", err.item.message);
      }
      throw err;
    }
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, (trx) => markWalletPayment(trx, payment.id, { status: "ordered", orderCode: order.code }, new Date().toISOString())),
    );
    return order;
  }

  private paypal(): PaypalProvider {
    if (!this.deps.payments.paypal) throw paypalNotOffered();
    return this.deps.payments.paypal;
  }

  /**
   * The PayPal payment made for this owner's cart; anyone else's answers 404 like an unknown one.
   * The cart may have become its order already (the shopper came back twice): a member names it
   * `current` then, as the storefront does.
   */
  private async ownPayment(ctx: ShopContext, owner: CartOwner, guid: string, orderId: string): Promise<{ payment: WalletPaymentRow; cartGuid: string }> {
    const payment = await findWalletPaymentWithCart(this.deps.db, "paypal", orderId);
    const ownerId = owner === "anonymous" ? null : owner.customerId;
    if (!payment || payment.cart_site !== ctx.site || payment.cart_customer_id !== ownerId) throw walletPaymentNotFound();
    if (guid !== payment.cart_guid && !(guid === "current" && ownerId)) throw walletPaymentNotFound();
    return { payment, cartGuid: payment.cart_guid };
  }

  /** A call to PayPal; what PayPal refuses or fails to answer is recorded on the cart, and the shopper reads a sentence. */
  private async askPaypal<T>(ctx: ShopContext, owner: CartOwner, guid: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof PaypalRefusal) {
        await this.recordError(ctx, owner, guid, err.issue, err.message);
        throw new PaymentProviderError("PayPal refused this payment. Try again, or pay by card.", "provider_error", { cause: err });
      }
      if (err instanceof PaymentProviderError) {
        await this.recordError(ctx, owner, guid, err.code, err.message);
        throw err.code === "provider_unavailable" ? paypalUnavailable() : err;
      }
      throw err;
    }
  }

  /** The same record logDigitalWalletError keeps, written by the service where it met PayPal's error. */
  private async recordError(ctx: ShopContext, owner: CartOwner, guid: string, code: string, message: string): Promise<void> {
    try {
      await this.write(ctx, owner, guid, (trx, cartId, now) =>
        insertPaymentEvent(trx, { cart_id: cartId, kind: "walletError", wallet: "paypal", code: code.slice(0, 100), message: message.slice(0, 500), at: now }),
      );
    } catch (err) {
      // The shopper's answer is PayPal's error, not this record's.
      this.deps.logger.warn({ err, code }, "PayPal error not recorded on the cart");
    }
  }

  private write<T>(ctx: ShopContext, owner: CartOwner, guid: string, fn: (trx: Db, cartId: number, now: string) => Promise<T>): Promise<T> {
    const now = new Date().toISOString();
    return unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const cart = await lockCartByGuid(trx, guid);
        if (!cart || !owns(cart, ctx, owner)) throw cartNotFound();
        return fn(trx, cart.id, now);
      }),
    );
  }
}
