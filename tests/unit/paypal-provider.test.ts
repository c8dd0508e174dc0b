import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentProviderError } from "../../commerce/domain/payments/index";
import { minorOfPaypalValue, PaypalProvider, paypalApprovalOrigin, paypalValue } from "../../commerce/domain/payments/paypal-provider";
import { PaypalStandIn } from "../support/paypal-stand-in";

describe("PayPal amounts", () => {
  it("are decimal strings of the minor units, exact", () => {
    expect(paypalValue(0)).toBe("0.00");
    expect(paypalValue(5)).toBe("0.05");
    expect(paypalValue(2599)).toBe("25.99");
    expect(paypalValue(100_000_00)).toBe("100000.00");
    expect(() => paypalValue(12.5)).toThrow(RangeError);
  });

  it("are read back into minor units, and anything else is not an amount", () => {
    expect(minorOfPaypalValue("25.99")).toBe(2599);
    expect(minorOfPaypalValue("25.9")).toBe(2590);
    expect(minorOfPaypalValue("25")).toBe(2500);
    expect(minorOfPaypalValue("-1.00")).toBeUndefined();
    expect(minorOfPaypalValue("1.005")).toBeUndefined();
    expect(minorOfPaypalValue(undefined)).toBeUndefined();
  });
});

describe("PayPal's approval pages", () => {
  it("are PayPal's web pages beside its API, or the stand-in's own", () => {
    expect(paypalApprovalOrigin(new URL("https://api-m.sandbox.paypal.com"))).toBe("https://www.sandbox.paypal.com");
    expect(paypalApprovalOrigin(new URL("https://api-m.paypal.com"))).toBe("https://www.paypal.com");
    expect(paypalApprovalOrigin(new URL("http://127.0.0.1:3431"))).toBe("http://127.0.0.1:3431");
  });
});

describe("the PayPal provider reads PayPal's answers", () => {
  const standIn = new PaypalStandIn();
  let provider: PaypalProvider;
  beforeAll(async () => {
    await standIn.start();
    provider = new PaypalProvider({ clientId: standIn.clientId, clientSecret: standIn.clientSecret, apiBase: new URL(standIn.url) });
  });
  afterAll(() => standIn.stop());

  const newOrder = (requestId: string) =>
    provider.createOrder({
      amountMinor: 2599,
      currency: "USD",
      reference: "cart-1",
      description: "Brewfront order",
      brandName: "Brewfront",
      locale: "en-US",
      returnUrl: "https://shop.example/back",
      cancelUrl: "https://shop.example/back?cancelled=1",
      requestId,
    });

  it("an order created answers its id, status, amount and payer-action link; a replayed request id the same order", async () => {
    const order = await newOrder("req-1");
    expect(order).toMatchObject({
      status: "PAYER_ACTION_REQUIRED",
      amountMinor: 2599,
      currency: "USD",
      approveUrl: `${standIn.url}/checkoutnow?token=${order.id}`,
    });
    expect((await newOrder("req-1")).id).toBe(order.id);
    expect(standIn.requests.filter((r) => r.path === "/v1/oauth2/token")).toHaveLength(1);
  });

  it("authorizes an approved order (the reference is the authorization's id), captures and refuses to void it after", async () => {
    const order = await newOrder("req-2");
    expect(await provider.authorize({ token: order.id, amountMinor: 2599, currency: "USD", idempotencyKey: "a-0" })).toMatchObject({
      status: "declined",
      message: expect.stringMatching(/not approved/),
    });
    standIn.approve(order.id);
    const held = await provider.authorize({ token: order.id, amountMinor: 2599, currency: "USD", idempotencyKey: "a-1" });
    expect(held).toEqual({ status: "authorized", reference: standIn.orders.get(order.id)!.authorization!.id });
    // Another request id: PayPal says ORDER_ALREADY_AUTHORIZED, and the order's authorization answers.
    expect(await provider.authorize({ token: order.id, amountMinor: 2599, currency: "USD", idempotencyKey: "a-2" })).toEqual(held);
    if (held.status !== "authorized") return;
    await provider.capture(held.reference, 2599, "c-1");
    await provider.capture(held.reference, 2599, "c-2");
    expect(standIn.orders.get(order.id)!.authorization!.status).toBe("CAPTURED");
    await expect(provider.voidAuthorization(held.reference, "v-1")).rejects.toMatchObject({ code: "invalid_state" });
  });

  it("voids an authorization once, and a second void is no error", async () => {
    const order = await newOrder("req-3");
    standIn.approve(order.id);
    const held = await provider.authorize({ token: order.id, amountMinor: 2599, currency: "USD", idempotencyKey: "b-1" });
    if (held.status !== "authorized") throw new Error("expected an authorization");
    await provider.voidAuthorization(held.reference, "v-2");
    await provider.voidAuthorization(held.reference, "v-3");
    expect(standIn.orders.get(order.id)!.authorization!.status).toBe("VOIDED");
  });

  it("PayPal down is provider_unavailable; an unknown order is unknown_reference", async () => {
    standIn.down = true;
    try {
      await expect(newOrder("req-4")).rejects.toMatchObject({ code: "provider_unavailable" });
    } finally {
      standIn.down = false;
    }
    const missing = await provider.getOrder("NOSUCHORDER").catch((err: unknown) => err);
    expect(missing).toMatchObject({ status: 404 });
    await expect(provider.capture("NOSUCHAUTH", 100, "c-9")).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("wrong credentials are refused, not taken for PayPal being down", async () => {
    const wrong = new PaypalProvider({ clientId: standIn.clientId, clientSecret: "not-the-secret", apiBase: new URL(standIn.url) });
    await expect(wrong.getOrder("ANY")).rejects.toMatchObject({ status: 401, issue: "HTTP_401" });
  });
});
