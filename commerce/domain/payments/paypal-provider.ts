import { type AuthorizeRequest, type AuthorizeResult, PaymentProviderError, type PaypalSettings } from "./provider";

/**
 * PayPal through its REST API (Orders v2), with plain fetch (decision 082): an OAuth token from
 * the app's credentials, an order with intent AUTHORIZE the shopper approves on PayPal's pages,
 * then the same steps as a card (authorized before our order is written, the authorization
 * captured after it committed, voided when it could not be). Every call that changes something
 * carries a PayPal-Request-Id, so a retried call answers what the first did.
 */

/** A PayPal order as this store reads it. */
export interface PaypalOrder {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED or PAYER_ACTION_REQUIRED. */
  status: string;
  amountMinor: number | undefined;
  currency: string | undefined;
  /** Where the shopper approves the order (the `payer-action` or `approve` link); absent once approved. */
  approveUrl: string | undefined;
}

export interface NewPaypalOrder {
  amountMinor: number;
  currency: string;
  /** Our reference for the purchase (the cart's code), shown in the merchant's PayPal account. */
  reference: string;
  description: string;
  brandName: string;
  /** PayPal's page language, such as en-US or fr-CA. */
  locale: string;
  returnUrl: string;
  cancelUrl: string;
  requestId: string;
}

interface PaypalIssue {
  issue?: string;
  description?: string;
}
interface PaypalFailureBody {
  name?: string;
  message?: string;
  details?: PaypalIssue[];
}

/** What PayPal answered when it refused a call: its HTTP status and the first issue named. */
export class PaypalRefusal extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
    message: string,
  ) {
    super(message);
    this.name = "PaypalRefusal";
  }
}

/**
 * Where shoppers approve PayPal payments: PayPal's web pages beside its API (www.sandbox.paypal.com
 * for the sandbox API, www.paypal.com for the live one), or the API's own origin (a stand-in).
 */
export function paypalApprovalOrigin(apiBase: URL): string {
  if (/(^|\.)sandbox\.paypal\.com$/.test(apiBase.hostname)) return "https://www.sandbox.paypal.com";
  if (/(^|\.)paypal\.com$/.test(apiBase.hostname)) return "https://www.paypal.com";
  return apiBase.origin;
}

/** "12.34" in a currency with cents, from 1234 minor units; PayPal takes amounts as decimal strings. */
export function paypalValue(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`not an amount in minor units: ${amountMinor}`);
  return `${Math.trunc(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, "0")}`;
}

/** 1234 from "12.34" (or "12.3", "12"); undefined for anything else. */
export function minorOfPaypalValue(value: string | undefined): number | undefined {
  const match = value ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** The link the shopper follows to approve: `payer-action` with a payment source, `approve` with the older application context. */
function approveLinkOf(links: unknown): string | undefined {
  if (!Array.isArray(links)) return undefined;
  const found = (links as { rel?: string; href?: string }[]).find((l) => l.rel === "payer-action" || l.rel === "approve");
  return typeof found?.href === "string" ? found.href : undefined;
}

interface OrderBody {
  id?: string;
  status?: string;
  links?: unknown;
  purchase_units?: {
    amount?: { currency_code?: string; value?: string };
    payments?: { authorizations?: { id?: string; status?: string }[] };
  }[];
}

function orderOf(body: OrderBody): PaypalOrder {
  if (typeof body.id !== "string" || typeof body.status !== "string")
    throw new PaymentProviderError("PayPal answered an order without an id or status.", "provider_error");
  const amount = body.purchase_units?.[0]?.amount;
  return {
    id: body.id,
    status: body.status,
    amountMinor: minorOfPaypalValue(amount?.value),
    currency: amount?.currency_code,
    approveUrl: approveLinkOf(body.links),
  };
}

const authorizationOf = (body: OrderBody) => body.purchase_units?.[0]?.payments?.authorizations?.[0];

/** Refusals about the shopper's PayPal payment, answered as a decline (the shopper may pay another way). */
const DECLINES: Record<string, string> = {
  INSTRUMENT_DECLINED: "PayPal declined this payment. Choose another way to pay in PayPal, or pay by card.",
  PAYER_ACTION_REQUIRED: "PayPal needs you to finish approving this payment. Try PayPal again.",
  ORDER_NOT_APPROVED: "This PayPal payment was not approved. Try PayPal again, or pay by card.",
  PAYER_CANNOT_PAY: "PayPal cannot take this payment from your account. Pay by card instead.",
  TRANSACTION_REFUSED: "PayPal refused this payment. Pay by card instead.",
};

export class PaypalProvider {
  readonly name = "paypal" as const;
  private token: { value: string; until: number } | undefined;

  constructor(
    private readonly settings: PaypalSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** An order for the amount, intent AUTHORIZE: nothing is held until the shopper approves and we authorize. */
  async createOrder(order: NewPaypalOrder): Promise<PaypalOrder> {
    const body = await this.call<OrderBody>("POST", "/v2/checkout/orders", {
      requestId: order.requestId,
      json: {
        intent: "AUTHORIZE",
        purchase_units: [
          {
            reference_id: order.reference,
            description: order.description.slice(0, 127),
            amount: { currency_code: order.currency, value: paypalValue(order.amountMinor) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: order.brandName.slice(0, 127),
              locale: order.locale,
              // The delivery address is the one chosen at our checkout.
              shipping_preference: "NO_SHIPPING",
              // Approving is paying: the order is placed on the way back, with no second review.
              user_action: "PAY_NOW",
              return_url: order.returnUrl,
              cancel_url: order.cancelUrl,
            },
          },
        },
      },
    });
    const created = orderOf(body);
    if (!created.approveUrl) throw new PaymentProviderError("PayPal answered an order without a link to approve it.", "provider_error");
    return created;
  }

  async getOrder(id: string): Promise<PaypalOrder> {
    return orderOf(await this.call<OrderBody>("GET", `/v2/checkout/orders/${encodeURIComponent(id)}`));
  }

  /** Authorizes an approved order (the token is PayPal's order id); the reference answered is the authorization's id. */
  async authorize(req: AuthorizeRequest): Promise<AuthorizeResult> {
    try {
      const body = await this.call<OrderBody>("POST", `/v2/checkout/orders/${encodeURIComponent(req.token)}/authorize`, {
        requestId: req.idempotencyKey,
        json: {},
      });
      const authorization = authorizationOf(body);
      if (!authorization?.id) throw new PaymentProviderError("PayPal answered an authorization without its id.", "provider_error");
      if (authorization.status === "DENIED") return { status: "declined", reason: "card_declined", message: DECLINES.INSTRUMENT_DECLINED! };
      return { status: "authorized", reference: authorization.id };
    } catch (err) {
      if (!(err instanceof PaypalRefusal)) throw err;
      // Authorized before under another request id (a request that died after PayPal answered): the order keeps it.
      if (err.issue === "ORDER_ALREADY_AUTHORIZED") {
        const body = await this.call<OrderBody>("GET", `/v2/checkout/orders/${encodeURIComponent(req.token)}`);
        const id = authorizationOf(body)?.id;
        if (id) return { status: "authorized", reference: id };
      }
      const decline = DECLINES[err.issue];
      if (decline) return { status: "declined", reason: err.issue === "INSTRUMENT_DECLINED" ? "card_declined" : "processing_error", message: decline };
      if (err.status === 404) return { status: "declined", reason: "processing_error", message: "PayPal no longer knows this payment. Try PayPal again." };
      throw refusalError(err);
    }
  }

  /** Captures the whole authorization (our holds are captured whole, so the amount is the authorized one). */
  async capture(reference: string, _amountMinor: number, idempotencyKey: string): Promise<void> {
    try {
      await this.call("POST", `/v2/payments/authorizations/${encodeURIComponent(reference)}/capture`, {
        requestId: idempotencyKey,
        json: { final_capture: true },
      });
    } catch (err) {
      if (err instanceof PaypalRefusal && err.issue === "AUTHORIZATION_ALREADY_CAPTURED") return;
      throw err instanceof PaypalRefusal ? refusalError(err) : err;
    }
  }

  async voidAuthorization(reference: string, idempotencyKey: string): Promise<void> {
    try {
      await this.call("POST", `/v2/payments/authorizations/${encodeURIComponent(reference)}/void`, { requestId: idempotencyKey });
    } catch (err) {
      if (err instanceof PaypalRefusal && err.issue === "PREVIOUSLY_VOIDED") return;
      throw err instanceof PaypalRefusal ? refusalError(err) : err;
    }
  }

  /** One call with a bearer token; a token PayPal no longer accepts is fetched again once. */
  private async call<T = unknown>(method: "GET" | "POST", path: string, options: { requestId?: string; json?: unknown } = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await this.send(new URL(path, this.settings.apiBase), {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: "application/json",
          ...(options.json !== undefined ? { "Content-Type": "application/json" } : {}),
          ...(options.requestId ? { "PayPal-Request-Id": options.requestId } : {}),
          Prefer: "return=representation",
        },
        body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
      });
      if (res.status === 401 && attempt === 0) {
        this.token = undefined;
        continue;
      }
      if (res.status === 204) return {} as T;
      return (await answerOf(res)) as T;
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    const { clientId, clientSecret } = this.settings;
    const res = await this.send(new URL("/v1/oauth2/token", this.settings.apiBase), {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
    });
    const body = (await answerOf(res)) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== "string") throw new PaymentProviderError("PayPal answered without an access token.", "provider_error");
    const seconds = typeof body.expires_in === "number" ? body.expires_in : 300;
    // A minute early: a token must not lapse between this check and PayPal reading it.
    this.token = { value: body.access_token, until: this.now() + Math.max(0, seconds - 60) * 1000 };
    return body.access_token;
  }

  private async send(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    } catch (err) {
      throw new PaymentProviderError("PayPal did not answer; nothing was decided. Try again.", "provider_unavailable", { cause: err });
    }
  }
}

/** A 2xx answer's JSON; anything else as a PaypalRefusal (4xx) or an unavailable PayPal (5xx). */
async function answerOf(res: Response): Promise<unknown> {
  const body = (await res.json().catch(() => ({}))) as PaypalFailureBody;
  if (res.ok) return body;
  if (res.status >= 500 || res.status === 429) {
    throw new PaymentProviderError("PayPal did not answer; nothing was decided. Try again.", "provider_unavailable", {
      cause: new PaypalRefusal(res.status, body.name ?? "", body.message ?? ""),
    });
  }
  const issue = body.details?.[0]?.issue ?? body.name ?? `HTTP_${res.status}`;
  throw new PaypalRefusal(res.status, issue, body.details?.[0]?.description ?? body.message ?? `PayPal answered ${res.status}.`);
}

function refusalError(err: PaypalRefusal): PaymentProviderError {
  if (err.status === 404) return new PaymentProviderError("PayPal has no such payment.", "unknown_reference", { cause: err });
  if (err.status === 422) return new PaymentProviderError("The PayPal payment is not in a state that allows this.", "invalid_state", { cause: err });
  return new PaymentProviderError(err.message, "provider_error", { cause: err });
}
