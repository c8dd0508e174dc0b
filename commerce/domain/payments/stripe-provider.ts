import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import { CARD_BRANDS, type CardBrand, fullYear } from "../../contract/payment-card";
import {
  type AuthorizeRequest,
  type AuthorizeResult,
  type CardToTokenize,
  type DeclineReason,
  type PaymentProvider,
  PaymentProviderError,
  type TokenizeResult,
} from "./provider";

/** A payment or setup intent for Stripe.js on the page to finish (wallets, saving a card). */
export interface StripeIntentView {
  id: string;
  clientSecret: string;
  amount?: number;
  currency?: string;
  status: string;
}

interface StripeFailure {
  type?: string;
  code?: string;
  decline_code?: string;
  statusCode?: number;
  message?: string;
}

const failureOf = (err: unknown): StripeFailure => (typeof err === "object" && err !== null ? (err as StripeFailure) : {});

/** Stripe's answer that carries no decision about the card: its side or the network failed. */
function unavailable(err: unknown): PaymentProviderError {
  return new PaymentProviderError("The payment service did not answer; nothing was decided. Try again.", "provider_unavailable", { cause: err });
}

/** Client mistakes (an unknown intent, a capture above the hold) and outages, as PaymentProviderError. */
function providerError(err: unknown): PaymentProviderError {
  const failure = failureOf(err);
  if (failure.type === "StripeInvalidRequestError") {
    if (failure.code === "resource_missing") return new PaymentProviderError("Stripe has no such payment.", "unknown_reference", { cause: err });
    if (failure.code === "amount_too_large") return new PaymentProviderError("The amount is above what was authorized.", "amount_too_large", { cause: err });
    if (failure.code === "payment_intent_unexpected_state") {
      return new PaymentProviderError("The payment is not in a state that allows this.", "invalid_state", { cause: err });
    }
    return new PaymentProviderError(failure.message ?? "Stripe refused the request.", "provider_error", { cause: err });
  }
  // Only what may pass is worth trying again; a wrong key or a reused idempotency key will not.
  const passing = failure.type === "StripeConnectionError" || failure.type === "StripeAPIError" || failure.type === "StripeRateLimitError";
  if (passing || (failure.statusCode ?? 0) >= 500 || failure.type === undefined) return unavailable(err);
  return new PaymentProviderError(failure.message ?? "Stripe refused the request.", "provider_error", { cause: err });
}

const TOKENIZE_REASONS: Record<string, Exclude<TokenizeResult, { ok: true }>["reason"]> = {
  incorrect_number: "invalid_number",
  invalid_number: "invalid_number",
  invalid_expiry_month: "invalid_expiry",
  invalid_expiry_year: "invalid_expiry",
  incorrect_cvc: "invalid_cvc",
  invalid_cvc: "invalid_cvc",
  expired_card: "expired_card",
};

const DECLINE_MESSAGES: Record<DeclineReason, string> = {
  card_declined: "Your card was declined. Use another card or contact your bank.",
  insufficient_funds: "Your card has insufficient funds. Use another card.",
  expired_card: "Your card has expired. Use another card.",
  processing_error: "Your card could not be processed. Try again in a moment or use another card.",
};

function declineOf(failure: StripeFailure): DeclineReason {
  if (failure.decline_code === "insufficient_funds" || failure.code === "insufficient_funds") return "insufficient_funds";
  if (failure.code === "expired_card" || failure.decline_code === "expired_card") return "expired_card";
  if (failure.code === "processing_error" || failure.decline_code === "processing_error") return "processing_error";
  return "card_declined";
}

const brandOf = (brand: string | undefined): CardBrand | undefined => CARD_BRANDS.find((b) => b === brand);

/**
 * Payments through Stripe, with the `stripe` package: a card becomes a PaymentMethod, an order's
 * amount a PaymentIntent with manual capture (authorized before the order is written, captured
 * after it committed, cancelled when it could not be), a signed-in shopper a Customer. Every call
 * that changes something carries an idempotency key, so a retried call never charges twice.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  private client: Promise<Stripe> | undefined;

  constructor(private readonly settings: { secretKey: string; apiBase: URL }) {}

  /**
   * The package is loaded on the first payment, not at start-up: it costs each worker about 20 MB
   * and most of a second, which a store on the test gateway should not pay.
   */
  private sdk(): Promise<Stripe> {
    this.client ??= import("stripe").then(({ default: StripeClient }) => {
      const { apiBase, secretKey } = this.settings;
      const protocol = apiBase.protocol === "http:" ? "http" : "https";
      return new StripeClient(secretKey, {
        host: apiBase.hostname,
        port: apiBase.port || (protocol === "http" ? 80 : 443),
        protocol,
        // One retry, with the same idempotency key: a network blip is not a decline.
        maxNetworkRetries: 1,
        timeout: 20_000,
        telemetry: false,
      });
    });
    return this.client;
  }

  async tokenizeCard(card: CardToTokenize, _ctx: { currency: string }): Promise<TokenizeResult> {
    const stripe = await this.sdk();
    try {
      const method = await stripe.paymentMethods.create(
        {
          type: "card",
          card: { number: card.number, exp_month: card.expMonth, exp_year: fullYear(card.expYear), cvc: card.cvc },
          billing_details: { name: card.holder, ...(card.billingPostalCode ? { address: { postal_code: card.billingPostalCode } } : {}) },
        },
        { idempotencyKey: randomUUID() },
      );
      const brand = brandOf(method.card?.brand);
      if (!method.card || !brand) return { ok: false, reason: "invalid_number", message: "We do not take this kind of card; use another card." };
      return { ok: true, token: method.id, brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
    } catch (err) {
      const failure = failureOf(err);
      const reason =
        failure.type === "StripeCardError" && failure.code && Object.hasOwn(TOKENIZE_REASONS, failure.code) ? TOKENIZE_REASONS[failure.code] : undefined;
      if (reason) return { ok: false, reason, message: failure.message ?? "This card could not be used." };
      throw providerError(err);
    }
  }

  async authorize(req: AuthorizeRequest): Promise<AuthorizeResult> {
    const stripe = await this.sdk();
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: req.amountMinor,
          currency: req.currency.toLowerCase(),
          payment_method: req.token,
          allowed_payment_method_types: ["card"],
          capture_method: "manual",
          confirm: true,
          ...(req.customerRef ? { customer: req.customerRef } : {}),
          ...(req.description ? { description: req.description } : {}),
        },
        { idempotencyKey: req.idempotencyKey },
      );
      if (intent.status === "requires_capture" || intent.status === "succeeded") return { status: "authorized", reference: intent.id };
      // Strong customer authentication (3-D Secure) needs the shopper on the page; this checkout
      // confirms on the server, so such a card is released and refused.
      await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `${req.idempotencyKey}:release` }).catch(() => undefined);
      return {
        status: "declined",
        reason: "card_declined",
        message: "Your bank asks to confirm this payment in a way this checkout does not offer; use another card.",
      };
    } catch (err) {
      const failure = failureOf(err);
      if (failure.type === "StripeCardError") {
        const reason = declineOf(failure);
        return { status: "declined", reason, message: DECLINE_MESSAGES[reason] };
      }
      // A token Stripe does not know (deleted, from another account) cannot be charged: enter the card again.
      if (failure.type === "StripeInvalidRequestError" && failure.code === "resource_missing") {
        return { status: "declined", reason: "processing_error", message: "This card could not be used; enter it again." };
      }
      throw providerError(err);
    }
  }

  async capture(reference: string, amountMinor: number, idempotencyKey: string): Promise<void> {
    const stripe = await this.sdk();
    try {
      await stripe.paymentIntents.capture(reference, { amount_to_capture: amountMinor }, { idempotencyKey });
    } catch (err) {
      throw providerError(err);
    }
  }

  async voidAuthorization(reference: string, idempotencyKey: string): Promise<void> {
    const stripe = await this.sdk();
    try {
      await stripe.paymentIntents.cancel(reference, {}, { idempotencyKey });
    } catch (err) {
      throw providerError(err);
    }
  }

  /** createPaymentIntent: an intent for the cart's amount that Stripe.js confirms on the page (wallets), captured at order time. */
  async createPaymentIntent(req: {
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
    customerRef?: string;
    cartCode: string;
  }): Promise<StripeIntentView> {
    const stripe = await this.sdk();
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: req.amountMinor,
          currency: req.currency.toLowerCase(),
          capture_method: "manual",
          automatic_payment_methods: { enabled: true },
          metadata: { cart: req.cartCode },
          ...(req.customerRef ? { customer: req.customerRef } : {}),
        },
        { idempotencyKey: req.idempotencyKey },
      );
      return intentView(intent);
    } catch (err) {
      throw providerError(err);
    }
  }

  /** updatePaymentIntent: the cart's amount changed (a line, a coupon, delivery) before the shopper paid. */
  async updatePaymentIntent(reference: string, amountMinor: number, idempotencyKey: string): Promise<StripeIntentView> {
    const stripe = await this.sdk();
    try {
      return intentView(await stripe.paymentIntents.update(reference, { amount: amountMinor }, { idempotencyKey }));
    } catch (err) {
      throw providerError(err);
    }
  }

  /** setupPaymentIntent: lets Stripe.js save a card to the customer for later orders, charging nothing. */
  async setupPaymentIntent(customerRef: string, idempotencyKey: string): Promise<StripeIntentView> {
    const stripe = await this.sdk();
    try {
      const intent = await stripe.setupIntents.create(
        { customer: customerRef, usage: "off_session", allowed_payment_method_types: ["card"] },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new PaymentProviderError("Stripe answered a setup intent without a client secret.", "provider_error");
      return { id: intent.id, clientSecret: intent.client_secret, status: intent.status };
    } catch (err) {
      throw err instanceof PaymentProviderError ? err : providerError(err);
    }
  }

  /** A Stripe customer for one of our customers; the key makes a retried creation the same customer. */
  async createCustomer(req: { email: string; name: string; customerId: string; idempotencyKey: string }): Promise<string> {
    const stripe = await this.sdk();
    try {
      const customer = await stripe.customers.create(
        { email: req.email, name: req.name, metadata: { brewfrontCustomer: req.customerId } },
        { idempotencyKey: req.idempotencyKey },
      );
      return customer.id;
    } catch (err) {
      throw providerError(err);
    }
  }

  /** Keeps the Stripe customer's e-mail and name in step with the account; false when Stripe no longer has it. */
  async updateCustomer(reference: string, req: { email: string; name: string; idempotencyKey: string }): Promise<boolean> {
    const stripe = await this.sdk();
    try {
      const customer = await stripe.customers.update(reference, { email: req.email, name: req.name }, { idempotencyKey: req.idempotencyKey });
      return !(customer as { deleted?: boolean }).deleted;
    } catch (err) {
      if (failureOf(err).code === "resource_missing") return false;
      throw providerError(err);
    }
  }
}

function intentView(intent: Stripe.PaymentIntent): StripeIntentView {
  if (!intent.client_secret) throw new PaymentProviderError("Stripe answered a payment intent without a client secret.", "provider_error");
  return { id: intent.id, clientSecret: intent.client_secret, amount: intent.amount, currency: intent.currency, status: intent.status };
}
