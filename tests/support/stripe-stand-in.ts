import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the parts of Stripe's API the Stripe provider uses: payment methods,
 * payment intents (create with or without confirm, update, capture, cancel), setup intents and
 * customers. It reads requests as the `stripe` package sends them (form-encoded, nested keys such
 * as card[number]) and answers JSON shaped like Stripe's, with Stripe's test card numbers, 402
 * card_error answers for declines, and Idempotency-Key honoured (a replay answers the first
 * answer; the same key with other parameters is an idempotency_error). One process, in memory.
 */

type Json = Record<string, unknown>;
type Form = { [key: string]: string | Form | Form[] | string[] };

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  replayed: boolean;
}

interface Answer {
  status: number;
  body: Json;
}

const OUTCOMES: Record<string, "decline" | "funds" | "expired" | "error"> = {
  "4000000000000002": "decline",
  "4000000000009995": "funds",
  "4000000000000069": "expired",
  "4000000000000119": "error",
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** `card[number]=4242&payment_method_types[0]=card` → { card: { number: "4242" }, payment_method_types: { 0: "card" } }. */
export function parseStripeForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split("[").map((p) => p.replace(/]$/, ""));
    let node: Form = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as Form;
      }
    });
  }
  return root;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

function brandOf(n: string): string {
  if (n.startsWith("4")) return "visa";
  if (/^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/.test(n)) return "mastercard";
  if (/^3[47]/.test(n)) return "amex";
  if (/^(6011|65|64[4-9])/.test(n)) return "discover";
  return "unknown";
}

const cardError = (code: string, message: string, extra: Json = {}): Answer => ({
  status: 402,
  body: { error: { type: "card_error", code, message, ...extra } },
});
const invalidRequest = (code: string, message: string, param?: string): Answer => ({
  status: 400,
  body: { error: { type: "invalid_request_error", code, message, ...(param ? { param } : {}) } },
});
const missing = (what: string, value: string): Answer => invalidRequest("resource_missing", `No such ${what}: '${value}'`, what);

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly paymentMethods = new Map<string, Json & { outcome?: string }>();
  readonly paymentIntents = new Map<string, Json>();
  readonly customers = new Map<string, Json>();
  private readonly idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  /**
   * Payment-intent actions answered 503 before anything is done or recorded, as when Stripe cannot
   * be reached: "create", "capture", "cancel".
   */
  readonly unreachable = new Set<"create" | "capture" | "cancel">();
  private server: http.Server | undefined;

  constructor(readonly secretKey = "sk_test_standin0123456789") {}

  /** Starts listening on a free loopback port; answers the base URL for STRIPE_API_BASE. */
  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      let raw = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (raw += chunk));
      req.on("end", () => {
        const answer = this.answer(req, raw);
        res.writeHead(answer.status, {
          "Content-Type": "application/json",
          "Request-Id": id("req"),
          ...(answer.replayed ? { "Idempotent-Replayed": "true" } : {}),
        });
        res.end(JSON.stringify(answer.body));
      });
    });
    this.server.listen(0, "127.0.0.1");
    await new Promise((resolve) => this.server!.once("listening", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Payment intents still holding money on a card: authorised, neither captured nor cancelled. */
  held(): Json[] {
    return [...this.paymentIntents.values()].filter((intent) => intent.status === "requires_capture");
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
  }

  private answer(req: http.IncomingMessage, raw: string): Answer & { replayed?: boolean } {
    const method = req.method ?? "GET";
    const path = (req.url ?? "/").split("?")[0]!;
    const key = req.headers["idempotency-key"] as string | undefined;
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      this.requests.push({ method, path, idempotencyKey: key, replayed: false });
      return { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided." } } };
    }
    const [, resource, intentId, intentAction] = path.split("/").filter(Boolean);
    const action = intentAction ?? (intentId ? "update" : "create");
    if (resource === "payment_intents" && method === "POST" && this.unreachable.has(action as "create")) {
      this.requests.push({ method, path, idempotencyKey: key, replayed: false });
      return { status: 503, body: { error: { type: "api_error", message: "Stripe is unreachable (stand-in)." } } };
    }
    if (method === "POST" && key) {
      const fingerprint = `${path}|${raw}`;
      const earlier = this.idempotent.get(key);
      if (earlier) {
        this.requests.push({ method, path, idempotencyKey: key, replayed: true });
        if (earlier.fingerprint !== fingerprint) {
          return {
            status: 400,
            body: {
              error: {
                type: "idempotency_error",
                message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              },
            },
          };
        }
        return { ...earlier.answer, replayed: true };
      }
      const answer = this.route(method, path, parseStripeForm(raw));
      this.idempotent.set(key, { fingerprint, answer });
      this.requests.push({ method, path, idempotencyKey: key, replayed: false });
      return answer;
    }
    this.requests.push({ method, path, idempotencyKey: key, replayed: false });
    return this.route(method, path, parseStripeForm(raw));
  }

  private route(method: string, path: string, form: Form): Answer {
    const segments = path.split("/").filter(Boolean);
    if (segments[0] !== "v1")
      return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } } };
    const [, resource, rid, action] = segments;
    if (resource === "payment_methods" && method === "POST" && !rid) return this.createPaymentMethod(form);
    if (resource === "payment_intents") {
      if (method === "POST" && !rid) return this.createPaymentIntent(form);
      const intent = rid ? this.paymentIntents.get(rid) : undefined;
      if (!intent) return missing("payment_intent", rid ?? "");
      if (method === "GET" && !action) return { status: 200, body: intent };
      if (method === "POST" && !action) return this.updatePaymentIntent(intent, form);
      if (method === "POST" && action === "capture") return this.capture(intent, form);
      if (method === "POST" && action === "cancel") return this.cancel(intent);
    }
    if (resource === "setup_intents" && method === "POST" && !rid) {
      const customer = typeof form.customer === "string" ? form.customer : undefined;
      if (customer && !this.customers.has(customer)) return missing("customer", customer);
      const sid = id("seti");
      return {
        status: 200,
        body: {
          id: sid,
          object: "setup_intent",
          client_secret: `${sid}_secret_${randomBytes(8).toString("hex")}`,
          customer,
          status: "requires_payment_method",
          usage: form.usage ?? "off_session",
        },
      };
    }
    if (resource === "customers") {
      if (method === "POST" && !rid) {
        const customer = {
          id: id("cus"),
          object: "customer",
          email: form.email ?? null,
          name: form.name ?? null,
          metadata: form.metadata ?? {},
          created: now(),
        };
        this.customers.set(customer.id, customer);
        return { status: 200, body: customer };
      }
      const customer = rid ? this.customers.get(rid) : undefined;
      if (!customer) return missing("customer", rid ?? "");
      if (method === "GET") return { status: 200, body: customer };
      if (method === "POST") {
        Object.assign(customer, form.email ? { email: form.email } : {}, form.name ? { name: form.name } : {});
        return { status: 200, body: customer };
      }
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  private createPaymentMethod(form: Form): Answer {
    if (form.type !== "card" || typeof form.card !== "object") return invalidRequest("parameter_missing", "Missing required param: card.", "card");
    const card = form.card as Form;
    const number = String(card.number ?? "");
    const month = Number(card.exp_month);
    const year = Number(card.exp_year);
    const cvc = String(card.cvc ?? "");
    if (!/^\d+$/.test(number) || !luhn(number)) return cardError("incorrect_number", "Your card number is incorrect.", { param: "number" });
    if (!(month >= 1 && month <= 12)) return cardError("invalid_expiry_month", "Your card's expiration month is invalid.", { param: "exp_month" });
    const today = new Date();
    if (!(year >= today.getUTCFullYear() - 50 && year <= today.getUTCFullYear() + 50))
      return cardError("invalid_expiry_year", "Your card's expiration year is invalid.", { param: "exp_year" });
    if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
      return cardError("expired_card", "Your card has expired.", { param: "exp_month" });
    }
    if (!/^\d{3,4}$/.test(cvc)) return cardError("invalid_cvc", "Your card's security code is invalid.", { param: "cvc" });
    const method = {
      id: id("pm"),
      object: "payment_method",
      type: "card",
      created: now(),
      billing_details: form.billing_details ?? {},
      card: { brand: brandOf(number), last4: number.slice(-4), exp_month: month, exp_year: year, funding: "credit", country: "US" },
    };
    this.paymentMethods.set(method.id, { ...method, outcome: OUTCOMES[number] ?? "approve" });
    return { status: 200, body: method };
  }

  private createPaymentIntent(form: Form): Answer {
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 50) return invalidRequest("amount_too_small", "Amount must be at least 50 cents.", "amount");
    const customer = typeof form.customer === "string" ? form.customer : null;
    if (customer && !this.customers.has(customer)) return missing("customer", customer);
    const pmId = typeof form.payment_method === "string" ? form.payment_method : null;
    const method = pmId ? this.paymentMethods.get(pmId) : undefined;
    if (pmId && !method) return missing("payment_method", pmId);
    const pid = id("pi");
    const intent: Json = {
      id: pid,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: String(form.currency),
      capture_method: form.capture_method ?? "automatic_async",
      client_secret: `${pid}_secret_${randomBytes(8).toString("hex")}`,
      customer,
      description: form.description ?? null,
      metadata: form.metadata ?? {},
      payment_method: pmId,
      status: pmId ? "requires_confirmation" : "requires_payment_method",
      created: now(),
    };
    this.paymentIntents.set(pid, intent);
    if (form.confirm !== "true" || !method) return { status: 200, body: intent };

    const decline = (code: string, declineCode: string | undefined, message: string) => {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { type: "card_error", code, decline_code: declineCode, message };
      return cardError(code, message, { ...(declineCode ? { decline_code: declineCode } : {}), payment_intent: intent, payment_method: { id: pmId } });
    };
    if (method.outcome === "decline") return decline("card_declined", "generic_decline", "Your card was declined.");
    if (method.outcome === "funds") return decline("card_declined", "insufficient_funds", "Your card has insufficient funds.");
    if (method.outcome === "expired") return decline("expired_card", undefined, "Your card has expired.");
    if (method.outcome === "error") return decline("processing_error", undefined, "An error occurred while processing your card. Try again in a little bit.");
    if (intent.capture_method === "manual") {
      intent.status = "requires_capture";
      intent.amount_capturable = amount;
    } else {
      intent.status = "succeeded";
      intent.amount_received = amount;
    }
    return { status: 200, body: intent };
  }

  private updatePaymentIntent(intent: Json, form: Form): Answer {
    if (!["requires_payment_method", "requires_confirmation", "requires_action"].includes(String(intent.status))) {
      return invalidRequest(
        "payment_intent_unexpected_state",
        `This PaymentIntent's amount could not be updated because it has a status of ${String(intent.status)}.`,
      );
    }
    if (form.amount !== undefined) {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50) return invalidRequest("amount_too_small", "Amount must be at least 50 cents.", "amount");
      intent.amount = amount;
    }
    return { status: 200, body: intent };
  }

  private capture(intent: Json, form: Form): Answer {
    if (intent.status !== "requires_capture") {
      return invalidRequest("payment_intent_unexpected_state", `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}.`);
    }
    const amount = form.amount_to_capture === undefined ? Number(intent.amount) : Number(form.amount_to_capture);
    if (!Number.isInteger(amount) || amount <= 0 || amount > Number(intent.amount_capturable)) {
      return invalidRequest("amount_too_large", "The amount to capture is greater than the amount capturable.", "amount_to_capture");
    }
    Object.assign(intent, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
    return { status: 200, body: intent };
  }

  private cancel(intent: Json): Answer {
    if (intent.status === "succeeded" || intent.status === "canceled") {
      return invalidRequest("payment_intent_unexpected_state", `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`);
    }
    Object.assign(intent, { status: "canceled", amount_capturable: 0, canceled_at: now(), cancellation_reason: "requested_by_customer" });
    return { status: 200, body: intent };
  }
}
