import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the parts of PayPal the PayPal provider uses (the machine has no internet):
 * the OAuth token (client credentials, HTTP Basic), Orders v2 (create with intent AUTHORIZE and a
 * `payer-action` link, read, authorize) and authorizations (capture, void), answering JSON shaped
 * like PayPal's, with its 422 issues (ORDER_NOT_APPROVED, INSTRUMENT_DECLINED, …) and
 * PayPal-Request-Id honoured (a replay answers the first answer). Its approval page is a plain
 * HTML page with Approve and Cancel forms that send the shopper back to the order's return_url
 * or cancel_url, as PayPal's do. One process, in memory.
 */

type Json = Record<string, unknown>;

export interface StandInOrder {
  id: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
  intent: string;
  currency: string;
  value: string;
  referenceId: string;
  returnUrl: string;
  cancelUrl: string;
  locale: string;
  authorization?: { id: string; status: "CREATED" | "CAPTURED" | "VOIDED" };
}

export interface PaypalRequest {
  method: string;
  path: string;
  requestId: string | undefined;
  replayed: boolean;
}

const newId = () => randomBytes(9).toString("hex").toUpperCase().slice(0, 17);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class PaypalStandIn {
  readonly clientId = `stand-in-client-${randomBytes(4).toString("hex")}`;
  readonly clientSecret = `stand-in-secret-${randomBytes(8).toString("hex")}`;
  readonly orders = new Map<string, StandInOrder>();
  readonly requests: PaypalRequest[] = [];
  /** The next authorization of these orders is declined (INSTRUMENT_DECLINED), as PayPal does for a refused funding source. */
  readonly declining = new Set<string>();
  /** While set, every API call answers 503: PayPal is down. */
  down = false;
  private readonly tokens = new Set<string>();
  private readonly replies = new Map<string, { status: number; body: Json }>();
  private server: http.Server | undefined;
  url = "";

  async start(port = 0): Promise<string> {
    this.server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        try {
          this.handle(req, res, body);
        } catch (err) {
          res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ name: "INTERNAL_SERVER_ERROR", message: String(err) }));
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Approves an order as the shopper would on the approval page. */
  approve(id: string): void {
    const order = this.orders.get(id);
    if (order?.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const url = new URL(req.url ?? "/", this.url);
    const method = req.method ?? "GET";
    const send = (status: number, json: Json | undefined) => {
      if (json === undefined) res.writeHead(status).end();
      else res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
    };
    // The shopper's pages.
    if (url.pathname === "/checkoutnow") return this.approvalPage(url.searchParams.get("token") ?? "", res);
    if (url.pathname === "/checkoutnow/approve" || url.pathname === "/checkoutnow/cancel") {
      const order = this.orders.get(new URLSearchParams(body).get("token") ?? "");
      if (!order) return void res.writeHead(404, { "Content-Type": "text/plain" }).end("No such order.");
      const approving = url.pathname.endsWith("approve");
      if (approving) this.approve(order.id);
      const back = new URL(approving ? order.returnUrl : order.cancelUrl);
      back.searchParams.set("token", order.id);
      if (approving) back.searchParams.set("PayerID", "STANDINPAYER1");
      return void res.writeHead(303, { Location: back.toString() }).end();
    }
    const requestId = req.headers["paypal-request-id"] as string | undefined;
    const replayKey = requestId ? `${method} ${url.pathname} ${requestId}` : undefined;
    const earlier = replayKey ? this.replies.get(replayKey) : undefined;
    this.requests.push({ method, path: url.pathname, requestId, replayed: earlier !== undefined });
    if (this.down) return send(503, { name: "SERVICE_UNAVAILABLE", message: "Service Unavailable" });
    if (url.pathname === "/v1/oauth2/token") return send(...this.token(req, body));
    if (!this.tokens.has((req.headers.authorization ?? "").replace(/^Bearer /, ""))) {
      return send(401, { error: "invalid_token", error_description: "Token signature verification failed" });
    }
    if (earlier) return send(earlier.status, earlier.body);
    const [status, answer] = this.api(method, url.pathname, body ? (JSON.parse(body) as Json) : {});
    if (replayKey && status < 500) this.replies.set(replayKey, { status, body: answer ?? {} });
    send(status, answer);
  }

  private token(req: http.IncomingMessage, body: string): [number, Json] {
    const basic = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString("utf8");
    if (basic !== `${this.clientId}:${this.clientSecret}`) return [401, { error: "invalid_client", error_description: "Client Authentication failed" }];
    if (new URLSearchParams(body).get("grant_type") !== "client_credentials") return [400, { error: "unsupported_grant_type" }];
    const token = `A21AA${randomBytes(16).toString("hex")}`;
    this.tokens.add(token);
    return [
      200,
      { scope: "https://uri.paypal.com/services/payments/payment", access_token: token, token_type: "Bearer", app_id: "APP-STANDIN", expires_in: 32400 },
    ];
  }

  private api(method: string, path: string, body: Json): [number, Json | undefined] {
    if (method === "POST" && path === "/v2/checkout/orders") return this.createOrder(body);
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/authorize)?$/.exec(path);
    if (orderPath) {
      const order = this.orders.get(decodeURIComponent(orderPath[1]!));
      if (!order) return notFound();
      if (method === "GET" && !orderPath[2]) return [200, this.view(order)];
      if (method === "POST" && orderPath[2]) return this.authorize(order);
    }
    const authPath = /^\/v2\/payments\/authorizations\/([^/]+)\/(capture|void)$/.exec(path);
    if (method === "POST" && authPath) {
      const order = [...this.orders.values()].find((o) => o.authorization?.id === authPath[1]);
      if (!order?.authorization) return notFound();
      const authorization = order.authorization;
      if (authPath[2] === "capture") {
        if (authorization.status === "CAPTURED") return unprocessable("AUTHORIZATION_ALREADY_CAPTURED", "Authorization has previously been captured.");
        if (authorization.status === "VOIDED") return unprocessable("AUTHORIZATION_VOIDED", "A voided authorization cannot be captured.");
        authorization.status = "CAPTURED";
        return [201, { id: `CAP${newId().slice(3)}`, status: "COMPLETED", amount: { currency_code: order.currency, value: order.value }, final_capture: true }];
      }
      if (authorization.status === "VOIDED") return unprocessable("PREVIOUSLY_VOIDED", "Authorization has been previously voided.");
      if (authorization.status === "CAPTURED") return unprocessable("AUTHORIZATION_ALREADY_CAPTURED", "A captured authorization cannot be voided.");
      authorization.status = "VOIDED";
      return [204, undefined];
    }
    return notFound();
  }

  private createOrder(body: Json): [number, Json] {
    const unit = (body.purchase_units as Json[] | undefined)?.[0];
    const amount = unit?.amount as { currency_code?: string; value?: string } | undefined;
    const context = ((body.payment_source as Json | undefined)?.paypal as Json | undefined)?.experience_context as Json | undefined;
    if (body.intent !== "AUTHORIZE" && body.intent !== "CAPTURE") return unprocessable("INVALID_PARAMETER_VALUE", "intent must be AUTHORIZE or CAPTURE", 400);
    if (!amount?.currency_code || !amount.value || !/^\d+(\.\d{2})?$/.test(amount.value)) {
      return unprocessable("INVALID_PARAMETER_VALUE", "purchase_units[0].amount is not valid", 400);
    }
    if (typeof context?.return_url !== "string" || typeof context.cancel_url !== "string") {
      return unprocessable("MISSING_REQUIRED_PARAMETER", "return_url and cancel_url are required", 400);
    }
    const order: StandInOrder = {
      id: newId(),
      status: "PAYER_ACTION_REQUIRED",
      intent: body.intent,
      currency: amount.currency_code,
      value: amount.value,
      referenceId: typeof unit?.reference_id === "string" ? unit.reference_id : "default",
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      locale: typeof context.locale === "string" ? context.locale : "en-US",
    };
    this.orders.set(order.id, order);
    return [200, this.view(order)];
  }

  private authorize(order: StandInOrder): [number, Json] {
    if (order.status === "COMPLETED") return unprocessable("ORDER_ALREADY_AUTHORIZED", "Order already authorized.");
    if (order.status !== "APPROVED") return unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
    if (this.declining.delete(order.id)) return unprocessable("INSTRUMENT_DECLINED", "The instrument presented was either declined by the processor or bank.");
    order.status = "COMPLETED";
    order.authorization = { id: newId(), status: "CREATED" };
    return [201, this.view(order)];
  }

  private view(order: StandInOrder): Json {
    const self = `${this.url}/v2/checkout/orders/${order.id}`;
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      purchase_units: [
        {
          reference_id: order.referenceId,
          amount: { currency_code: order.currency, value: order.value },
          ...(order.authorization
            ? {
                payments: {
                  authorizations: [
                    { id: order.authorization.id, status: order.authorization.status, amount: { currency_code: order.currency, value: order.value } },
                  ],
                },
              }
            : {}),
        },
      ],
      links: [
        { href: self, rel: "self", method: "GET" },
        ...(order.status === "PAYER_ACTION_REQUIRED" ? [{ href: `${this.url}/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" }] : []),
      ],
    };
  }

  private approvalPage(token: string, res: http.ServerResponse): void {
    const order = this.orders.get(token);
    if (!order || order.status !== "PAYER_ACTION_REQUIRED") {
      res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" }).end("<!doctype html><title>PayPal</title><p>This payment cannot be approved.</p>");
      return;
    }
    const form = (action: string, label: string) =>
      `<form method="post" action="/checkoutnow/${action}"><input type="hidden" name="token" value="${escapeHtml(order.id)}"><button type="submit">${label}</button></form>`;
    res
      .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal stand-in</title></head><body>` +
          `<h1>Pay with PayPal</h1><p>Amount: ${escapeHtml(order.value)} ${escapeHtml(order.currency)}</p>` +
          `${form("approve", "Approve payment")}${form("cancel", "Cancel and return to the store")}</body></html>`,
      );
  }
}

function notFound(): [number, Json] {
  return [404, { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist.", details: [{ issue: "INVALID_RESOURCE_ID" }] }];
}

function unprocessable(issue: string, description: string, status = 422): [number, Json] {
  return [status, { name: status === 422 ? "UNPROCESSABLE_ENTITY" : "INVALID_REQUEST", message: description, details: [{ issue, description }] }];
}
