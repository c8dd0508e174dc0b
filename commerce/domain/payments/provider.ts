import type { CardBrand } from "../../contract/payment-card";
import type { PaymentProviderName } from "../../contract/payment";

/** A card as typed, on its way to becoming a token; the number and code are never kept or logged. */
export interface CardToTokenize {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holder: string;
  billingPostalCode?: string;
}

export type TokenizeResult =
  | { ok: true; token: string; brand: CardBrand; last4: string; expMonth: number; expYear: number }
  | { ok: false; reason: "invalid_number" | "invalid_expiry" | "invalid_cvc" | "expired_card"; message: string };

export interface AuthorizeRequest {
  token: string;
  amountMinor: number;
  currency: string;
  /** The same key answers the same authorization, however often it is sent (a retry, a double click). */
  idempotencyKey: string;
  /** The provider's own customer reference (Stripe's `cus_…`), from PaymentService.providerCustomerOf. */
  customerRef?: string;
  description?: string;
}

export type DeclineReason = "card_declined" | "insufficient_funds" | "expired_card" | "processing_error";

export type AuthorizeResult = { status: "authorized"; reference: string } | { status: "declined"; reason: DeclineReason; message: string };

/**
 * Whoever takes the money. Card details become a reusable token in tokenizeCard; an order
 * authorizes the amount before it is written, captures it once the order committed, and voids the
 * authorization when the order could not be written.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Card details → a reusable token; the number never leaves this call (never stored, never logged). */
  tokenizeCard(card: CardToTokenize, ctx: { currency: string }): Promise<TokenizeResult>;
  /** Holds the amount on the card. A decline is an answer, not an error; a broken provider throws PaymentProviderError. */
  authorize(req: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Takes up to the authorized amount. Throws PaymentProviderError when the provider refuses. */
  capture(reference: string, amountMinor: number, idempotencyKey: string): Promise<void>;
  /** Releases the hold. Throws PaymentProviderError when the provider refuses. */
  voidAuthorization(reference: string, idempotencyKey: string): Promise<void>;
}

/** The provider could not do what was asked (unknown reference, amount above the hold, provider down). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code: "unknown_reference" | "amount_too_large" | "invalid_state" | "provider_unavailable" | "provider_error",
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}

/** Which provider takes payments: Stripe when a secret key is set, else the built-in test gateway. */
export interface PaymentSettings {
  stripe: { secretKey: string; apiBase: URL } | undefined;
  /** PayPal beside the card (decision 082), when its REST app's credentials are set. */
  paypal?: PaypalSettings | undefined;
  /** Signs the test gateway's tokens and authorization references, so every worker process can check them. */
  testGatewaySecret: string;
}

export interface PaypalSettings {
  clientId: string;
  clientSecret: string;
  apiBase: URL;
}
