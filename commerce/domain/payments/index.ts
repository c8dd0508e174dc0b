import { randomUUID } from "node:crypto";
import type { RateLimitRule, RateLimits } from "../../../lib/rate-limit";
import type {
  PaymentDetails,
  PaymentDetailsRequest,
  PaymentProviderName,
  StripeCustomer,
  StripeIntent,
  UpdatePaymentDetailsRequest,
} from "../../contract/payment";
import { CARD_BRAND_NAMES, type CardBrand } from "../../contract/payment-card";
import { type CartRow, findCartByGuid, lockCartByGuid } from "../../db/carts";
import { findCustomer } from "../../db/customers";
import type { Db } from "../../db/index";
import {
  type CartPaymentRow,
  findCartPayment,
  findCartPaymentIntent,
  findPaymentCustomer,
  findWalletPayment,
  insertPaymentEvent,
  markWalletPayment,
  replacePaymentCustomer,
  saveCartPayment,
  saveCartPaymentIntent,
  savePaymentCustomer,
  updateCartPaymentBilling,
} from "../../db/payments";
import { writeTransaction } from "../../db/write-transaction";
import { type CartOwner, type CartService, cartNotFound, owns } from "../carts";
import { ShopError, TooManyRequests } from "../errors";
import type { ShopContext } from "../shop-context";
import { unavailableWhenBusy } from "../service-unavailable";
import { type AuthorizeRequest, type AuthorizeResult, type PaymentProvider, PaymentProviderError, type PaymentSettings, type TokenizeResult } from "./provider";
import { PaypalProvider } from "./paypal-provider";
import { StripeProvider } from "./stripe-provider";
import { TestGateway } from "./test-gateway";

export type { AuthorizeRequest, AuthorizeResult, DeclineReason, PaymentProvider, PaymentSettings } from "./provider";
export { PaymentProviderError } from "./provider";
export { PaypalProvider, PaypalRefusal, type PaypalOrder } from "./paypal-provider";
export { TEST_CARDS } from "./test-gateway";

/** Stripe when a secret key is configured; otherwise the built-in test gateway. */
export function paymentProviderFor(settings: PaymentSettings): PaymentProvider {
  return settings.stripe ? new StripeProvider(settings.stripe) : new TestGateway(settings.testGatewaySecret);
}

/** PayPal beside the card when its credentials are set (decision 082). */
export function paypalFor(settings: PaymentSettings): PaypalProvider | undefined {
  return settings.paypal ? new PaypalProvider(settings.paypal) : undefined;
}

/** What order placement asks of whoever holds a payment: hold, take, release. */
export interface HoldingProvider {
  authorize(req: AuthorizeRequest): Promise<AuthorizeResult>;
  capture(reference: string, amountMinor: number, idempotencyKey: string): Promise<void>;
  voidAuthorization(reference: string, idempotencyKey: string): Promise<void>;
}

/** The card chosen for a cart as order placement needs it: the token to authorize, and what the order shows. */
export interface StoredPayment {
  provider: PaymentProviderName;
  token: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
  billingPostalCode: string;
}

/** Which field a provider's refusal of a card is about. */
const FIELD_OF_REFUSAL: Record<Extract<TokenizeResult, { ok: false }>["reason"], keyof PaymentDetailsRequest> = {
  invalid_number: "cardNumber",
  invalid_expiry: "expiryMonth",
  expired_card: "expiryYear",
  invalid_cvc: "cvc",
};

/**
 * A brake on card testing (running stolen numbers through a checkout to see which work): each card
 * tried is a provider call, so one cart may try this many cards an hour.
 */
export const CARDS_PER_CART: RateLimitRule = { name: "payment-cards-per-cart", points: 10, windowSeconds: 3600 };

/** Wallet reports are free text from the page: enough for a shopper's retries, not a way to fill the database. */
export const WALLET_EVENTS_PER_CART: RateLimitRule = { name: "payment-wallet-events-per-cart", points: 30, windowSeconds: 3600 };

const stripeNotConfigured = () =>
  new ShopError("conflict", {
    type: "PaymentError",
    reason: "stripeNotConfigured",
    message: "This store takes cards through its own checkout form; Stripe payments (wallets, saved cards) are not set up.",
  });

export const walletPaymentNotFound = () =>
  new ShopError("notFound", { type: "PaymentError", reason: "notFound", subject: "orderId", message: "This cart has no such PayPal payment." });

const noCardChosen = () =>
  new ShopError("notFound", {
    type: "PaymentError",
    reason: "notFound",
    subject: "paymentDetails",
    message: "No card has been chosen for this cart yet.",
  });

/**
 * Paying for carts: the card a shopper chooses (tokenized by the provider, stored masked), Stripe's
 * payment and setup intents and customers, and what digital wallets report on the page. Order
 * placement reads the chosen card with paymentDetailsOf and charges it through `provider`.
 */
export class PaymentService {
  readonly provider: PaymentProvider;
  /** PayPal, when the store offers it (decision 082). */
  readonly paypal: PaypalProvider | undefined;

  constructor(private readonly deps: { db: Db; provider: PaymentProvider; paypal?: PaypalProvider; carts: CartService; limits: RateLimits }) {
    this.provider = deps.provider;
    this.paypal = deps.paypal;
  }

  /**
   * Who holds a payment named by its provider: PayPal's, or the card provider's (a null provider is
   * an order from before wallets). PayPal's while PayPal is no longer configured cannot be reached.
   */
  providerOf(name: string | null): HoldingProvider {
    if (name !== "paypal") return this.provider;
    if (!this.paypal) throw new PaymentProviderError("PayPal is not configured on this store any more.", "provider_unavailable");
    return this.paypal;
  }

  /** The card stored for a cart (masked details and the provider's token), or null. Works inside a write transaction with its handle. */
  async paymentDetailsOf(db: Db, cartId: number): Promise<StoredPayment | null> {
    const row = await findCartPayment(db, cartId);
    return row ? storedOf(row) : null;
  }

  /** The provider's customer reference (Stripe's cus_…) for authorize's customerRef, when the customer has one. */
  async providerCustomerOf(db: Db, customerId: string): Promise<string | undefined> {
    return this.provider.name === "stripe" ? findPaymentCustomer(db, customerId, "stripe") : undefined;
  }

  /**
   * The card to pay the cart with: tokenized by the provider first (outside any transaction: it is
   * a network call), then stored masked, replacing a card chosen before. A card the provider refuses
   * stores nothing and answers 400 on the field concerned.
   */
  async choose(ctx: ShopContext, owner: CartOwner, guid: string, card: PaymentDetailsRequest): Promise<PaymentDetails> {
    await this.ownedCart(ctx, owner, guid);
    const verdict = await this.deps.limits.hit(CARDS_PER_CART, guid);
    if (!verdict.allowed) throw new TooManyRequests(verdict.retryAfterSeconds);
    const token = await this.provider.tokenizeCard(
      {
        number: card.cardNumber,
        expMonth: card.expiryMonth,
        expYear: card.expiryYear,
        cvc: card.cvc,
        holder: card.accountHolderName,
        billingPostalCode: card.billingPostalCode,
      },
      { currency: ctx.currency },
    );
    if (!token.ok) {
      throw new ShopError("invalid", { type: "ValidationError", subject: FIELD_OF_REFUSAL[token.reason], reason: token.reason, message: token.message });
    }
    const row = await this.write(ctx, owner, guid, (trx, cart, now) =>
      saveCartPayment(
        trx,
        cart.id,
        {
          provider: this.provider.name,
          token: token.token,
          brand: token.brand,
          last4: token.last4,
          expiry_month: token.expMonth,
          expiry_year: token.expYear,
          holder_name: card.accountHolderName,
          billing_postal_code: card.billingPostalCode,
        },
        now,
      ),
    );
    return viewOf(row);
  }

  /** The card chosen for the cart, masked; 404 while none is. */
  async read(ctx: ShopContext, owner: CartOwner, guid: string): Promise<PaymentDetails> {
    const cart = await this.ownedCart(ctx, owner, guid);
    const row = await findCartPayment(this.deps.db, cart.id);
    if (!row) throw noCardChosen();
    return viewOf(row);
  }

  /** The holder's name or billing postal code of the card already chosen; the card itself is chosen again with `choose`. */
  async updateBilling(ctx: ShopContext, owner: CartOwner, guid: string, change: UpdatePaymentDetailsRequest): Promise<PaymentDetails> {
    const row = await this.write(ctx, owner, guid, async (trx, cart, now) => {
      const updated = await updateCartPaymentBilling(
        trx,
        cart.id,
        {
          ...(change.accountHolderName !== undefined ? { holder_name: change.accountHolderName } : {}),
          ...(change.billingPostalCode !== undefined ? { billing_postal_code: change.billingPostalCode } : {}),
        },
        now,
      );
      if (!updated) throw noCardChosen();
      return updated;
    });
    return viewOf(row);
  }

  /** Records what a digital wallet reported on the page (the shopper closed it, or it failed). */
  async recordWalletEvent(
    ctx: ShopContext,
    owner: CartOwner,
    guid: string,
    event: { kind: "walletCancelled" | "walletError"; wallet?: string; code?: string; message: string; paypalOrderId?: string },
  ): Promise<void> {
    await this.ownedCart(ctx, owner, guid);
    const verdict = await this.deps.limits.hit(WALLET_EVENTS_PER_CART, guid);
    if (!verdict.allowed) throw new TooManyRequests(verdict.retryAfterSeconds);
    const payment = event.paypalOrderId ? await findWalletPayment(this.deps.db, "paypal", event.paypalOrderId) : undefined;
    await this.write(ctx, owner, guid, async (trx, cart, now) => {
      // A PayPal payment named is this cart's, or no one's here: the same 404 as a cart not the caller's.
      if (event.paypalOrderId && payment?.cart_id !== cart.id) throw walletPaymentNotFound();
      if (payment && event.kind === "walletCancelled") await markWalletPayment(trx, payment.id, { status: "cancelled" }, now);
      await insertPaymentEvent(trx, {
        cart_id: cart.id,
        kind: event.kind,
        wallet: event.wallet ?? (payment ? "paypal" : null),
        code: event.code ?? null,
        message: event.message,
        at: now,
      });
    });
  }

  /**
   * createPaymentIntent: a Stripe payment intent for the cart's total, for Stripe.js to confirm on
   * the page. A cart has one: asked again, its amount follows the cart instead.
   */
  async createPaymentIntent(ctx: ShopContext, owner: CartOwner, guid: string): Promise<StripeIntent> {
    const stripe = this.stripe();
    const { cart, amount } = await this.cartTotal(ctx, owner, guid);
    const existing = await findCartPaymentIntent(this.deps.db, cart.id);
    if (existing) return this.moveIntent(ctx, owner, guid, existing.reference, amount);
    const customerRef = owner === "anonymous" ? undefined : await findPaymentCustomer(this.deps.db, owner.customerId, "stripe");
    const intent = await stripe.createPaymentIntent({
      amountMinor: amount,
      currency: ctx.currency,
      customerRef,
      cartCode: cart.code,
      // Two tabs asking at once get the same intent for the same amount.
      idempotencyKey: `cart-${cart.guid}-intent-${amount}`,
    });
    await this.write(ctx, owner, guid, (trx, locked, now) =>
      saveCartPaymentIntent(trx, { cart_id: locked.id, provider: "stripe", reference: intent.id, amount_minor: amount, currency: ctx.currency }, now),
    );
    return intent;
  }

  /** updatePaymentIntent: the cart's intent follows the cart's current total. */
  async updatePaymentIntent(ctx: ShopContext, owner: CartOwner, guid: string): Promise<StripeIntent> {
    this.stripe();
    const { cart, amount } = await this.cartTotal(ctx, owner, guid);
    const existing = await findCartPaymentIntent(this.deps.db, cart.id);
    if (!existing) {
      throw new ShopError("notFound", {
        type: "PaymentError",
        reason: "notFound",
        subject: "paymentIntent",
        message: "This cart has no payment intent yet; create one first.",
      });
    }
    return this.moveIntent(ctx, owner, guid, existing.reference, amount);
  }

  /** setupPaymentIntent: lets Stripe.js save a card to the signed-in customer's Stripe account. */
  async setupPaymentIntent(customerId: string): Promise<StripeIntent> {
    const stripe = this.stripe();
    const customerRef = await this.ensureStripeCustomer(customerId);
    return stripe.setupPaymentIntent(customerRef, randomUUID());
  }

  /** fetchStripeCustomerId: the customer's Stripe account, or null while they have none. Asking creates nothing. */
  async stripeCustomerOf(customerId: string): Promise<StripeCustomer> {
    this.stripe();
    return { stripeCustomerId: (await findPaymentCustomer(this.deps.db, customerId, "stripe")) ?? null };
  }

  /**
   * updateStripeCustomerId: makes sure the customer has a Stripe account with their current e-mail
   * and name, creating it when they have none (or Stripe no longer has theirs). The id is never
   * taken from the caller: naming someone else's Stripe customer would reach their saved cards.
   */
  async ensureStripeCustomer(customerId: string): Promise<string> {
    const stripe = this.stripe();
    const customer = await findCustomer(this.deps.db, customerId);
    if (!customer) throw new ShopError("notFound", { type: "UnknownIdentifierError", subject: "user", subjectType: "user", message: "User not found." });
    const who = { email: customer.email, name: `${customer.first_name} ${customer.last_name}`.trim() };
    const known = await findPaymentCustomer(this.deps.db, customerId, "stripe");
    if (known && (await stripe.updateCustomer(known, { ...who, idempotencyKey: randomUUID() }))) return known;
    const created = await stripe.createCustomer({ ...who, customerId, idempotencyKey: `customer-${customerId}-${known ?? "first"}` });
    return unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        if (!known) return savePaymentCustomer(trx, customerId, "stripe", created, new Date().toISOString());
        await replacePaymentCustomer(trx, customerId, "stripe", created);
        return created;
      }),
    );
  }

  private stripe(): StripeProvider {
    if (!(this.provider instanceof StripeProvider)) throw stripeNotConfigured();
    return this.provider;
  }

  private async moveIntent(ctx: ShopContext, owner: CartOwner, guid: string, reference: string, amount: number): Promise<StripeIntent> {
    // A fresh key: the amount may return to an earlier value, which a key made from it would
    // answer with Stripe's stored reply instead of applying.
    const intent = await this.stripe().updatePaymentIntent(reference, amount, randomUUID());
    await this.write(ctx, owner, guid, (trx, locked, now) =>
      saveCartPaymentIntent(trx, { cart_id: locked.id, provider: "stripe", reference, amount_minor: amount, currency: ctx.currency }, now),
    );
    return intent;
  }

  /** The cart's total as the shopper would pay it now (priced by the cart service), and its row. */
  private async cartTotal(ctx: ShopContext, owner: CartOwner, guid: string): Promise<{ cart: CartRow; amount: number }> {
    const cart = await this.ownedCart(ctx, owner, guid);
    const priced = await this.deps.carts.read(ctx, owner, guid);
    const amount = priced.totalPriceWithTax.minor;
    if (amount <= 0)
      throw new ShopError("invalid", {
        type: "PaymentError",
        reason: "emptyCart",
        subject: "cartGuid",
        message: "The cart is empty: there is nothing to pay for.",
      });
    return { cart, amount };
  }

  /** The owner's open cart on this site; anyone else's guid answers 404 like an unknown one. */
  private async ownedCart(ctx: ShopContext, owner: CartOwner, guid: string): Promise<CartRow> {
    const cart = await findCartByGuid(this.deps.db, guid);
    if (!cart || !owns(cart, ctx, owner)) throw cartNotFound();
    return cart;
  }

  /** One write transaction on the owner's cart, locked first (the cart may have become an order meanwhile). */
  private write<T>(ctx: ShopContext, owner: CartOwner, guid: string, fn: (trx: Db, cart: CartRow, now: string) => Promise<T>): Promise<T> {
    return unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const cart = await lockCartByGuid(trx, guid);
        if (!cart || !owns(cart, ctx, owner)) throw cartNotFound();
        return fn(trx, cart, new Date().toISOString());
      }),
    );
  }
}

function storedOf(row: CartPaymentRow): StoredPayment {
  return {
    provider: row.provider,
    token: row.token,
    brand: row.brand as CardBrand,
    last4: row.last4,
    expiryMonth: row.expiry_month,
    expiryYear: row.expiry_year,
    holderName: row.holder_name,
    billingPostalCode: row.billing_postal_code,
  };
}

function viewOf(row: CartPaymentRow): PaymentDetails {
  const brand = row.brand as CardBrand;
  return {
    provider: row.provider,
    cardType: { code: brand, name: CARD_BRAND_NAMES[brand] },
    cardNumber: `************${row.last4}`,
    last4: row.last4,
    expiryMonth: row.expiry_month,
    expiryYear: row.expiry_year,
    accountHolderName: row.holder_name,
    billingPostalCode: row.billing_postal_code,
  };
}
