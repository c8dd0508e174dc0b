import { describe, expect, it } from "vitest";
import { PaymentProviderError, TEST_CARDS, paymentProviderFor } from "../../commerce/domain/payments/index";
import { TestGateway } from "../../commerce/domain/payments/test-gateway";

const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: "123", holder: "Ada Lovelace" });
const ctx = { currency: "USD" };

/** Two gateways with one secret stand for two worker processes of one store. */
const worker1 = new TestGateway("store secret");
const worker2 = new TestGateway("store secret");

async function tokenOf(number: string, gateway = worker1): Promise<string> {
  const result = await gateway.tokenizeCard(card(number), ctx);
  if (!result.ok) throw new Error(result.message);
  return result.token;
}
const authorize = (token: string, idempotencyKey: string, amountMinor = 2599, gateway = worker1) =>
  gateway.authorize({ token, amountMinor, currency: "USD", idempotencyKey });

describe("test gateway: tokenizing a card", () => {
  it("answers a token with the brand, last four and expiry, and nothing of the number beyond them", async () => {
    const result = await worker1.tokenizeCard(card("4242 4242 4242 4242"), ctx);
    expect(result).toMatchObject({ ok: true, brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 });
    if (!result.ok) return;
    expect(result.token).toMatch(/^tok_test_approve_[0-9a-f]{32}_[0-9a-f]{32}$/);
    expect(result.token).not.toContain("424242");
  });

  it("gives the same card a new token each time", async () => {
    expect(await tokenOf(TEST_CARDS.approves)).not.toBe(await tokenOf(TEST_CARDS.approves));
  });

  it("refuses a mistyped number, a bad code and an expired card with the card rule's reason", async () => {
    expect(await worker1.tokenizeCard(card("4242424242424241"), ctx)).toMatchObject({ ok: false, reason: "invalid_number" });
    expect(await worker1.tokenizeCard({ ...card(TEST_CARDS.approves), cvc: "1" }, ctx)).toMatchObject({ ok: false, reason: "invalid_cvc" });
    expect(await worker1.tokenizeCard({ ...card(TEST_CARDS.approves), expMonth: 1, expYear: 2020 }, ctx)).toMatchObject({ ok: false, reason: "expired_card" });
    expect(await worker1.tokenizeCard({ ...card(TEST_CARDS.approves), expMonth: 14 }, ctx)).toMatchObject({ ok: false, reason: "invalid_expiry" });
  });
});

describe("test gateway: authorizing with the test cards", () => {
  it("approves 4242 4242 4242 4242 and any other valid number", async () => {
    expect(await authorize(await tokenOf(TEST_CARDS.approves), "order-1")).toMatchObject({
      status: "authorized",
      reference: expect.stringMatching(/^auth_test_2599_usd_/),
    });
    expect(await authorize(await tokenOf("5555555555554444"), "order-2")).toMatchObject({ status: "authorized" });
  });

  it.each([
    [TEST_CARDS.declines, "card_declined"],
    [TEST_CARDS.insufficientFunds, "insufficient_funds"],
    [TEST_CARDS.expiredCard, "expired_card"],
    [TEST_CARDS.processingError, "processing_error"],
  ])("declines %s with %s and a message for the shopper", async (number, reason) => {
    const result = await authorize(await tokenOf(number), `order-${number}`);
    expect(result).toMatchObject({ status: "declined", reason });
    if (result.status === "declined") expect(result.message.length).toBeGreaterThan(10);
  });

  it("decides in whichever worker authorizes, from the token alone", async () => {
    expect(await authorize(await tokenOf(TEST_CARDS.declines, worker1), "order-w", 2599, worker2)).toMatchObject({
      status: "declined",
      reason: "card_declined",
    });
    expect(await authorize(await tokenOf(TEST_CARDS.approves, worker1), "order-w2", 2599, worker2)).toMatchObject({ status: "authorized" });
  });

  it("refuses a token it did not issue: edited to approve, or signed by another store", async () => {
    const declined = await tokenOf(TEST_CARDS.declines);
    const edited = declined.replace("tok_test_decline_", "tok_test_approve_");
    expect(await authorize(edited, "order-forged")).toMatchObject({ status: "declined", reason: "processing_error" });
    const elsewhere = await tokenOf(TEST_CARDS.approves, new TestGateway("another store"));
    expect(await authorize(elsewhere, "order-elsewhere")).toMatchObject({ status: "declined", reason: "processing_error" });
    expect(await authorize("pm_1234", "order-junk")).toMatchObject({ status: "declined", reason: "processing_error" });
  });

  it("refuses amounts that are not a positive whole number of cents", async () => {
    const token = await tokenOf(TEST_CARDS.approves);
    await expect(authorize(token, "k", 0)).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(authorize(token, "k", 12.5)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe("test gateway: idempotency", () => {
  it("answers the same reference for the same key, from any worker", async () => {
    const token = await tokenOf(TEST_CARDS.approves);
    const first = await authorize(token, "submission-42");
    expect(await authorize(token, "submission-42")).toEqual(first);
    expect(await authorize(token, "submission-42", 2599, worker2)).toEqual(first);
  });

  it("answers a new authorization for a new key", async () => {
    const token = await tokenOf(TEST_CARDS.approves);
    const a = await authorize(token, "submission-a");
    const b = await authorize(token, "submission-b");
    expect(a.status === "authorized" && b.status === "authorized" && a.reference !== b.reference).toBe(true);
  });
});

describe("test gateway: capture and void", () => {
  it("captures up to the authorized amount, in any worker, and refuses more", async () => {
    const result = await authorize(await tokenOf(TEST_CARDS.approves), "order-cap", 2599);
    if (result.status !== "authorized") throw new Error("expected an authorization");
    await expect(worker2.capture(result.reference, 2599, "cap-1")).resolves.toBeUndefined();
    await expect(worker1.capture(result.reference, 1000, "cap-2")).resolves.toBeUndefined();
    await expect(worker1.capture(result.reference, 2600, "cap-3")).rejects.toMatchObject({ code: "amount_too_large" });
  });

  it("voids an authorization it issued and refuses references it did not", async () => {
    const result = await authorize(await tokenOf(TEST_CARDS.approves), "order-void");
    if (result.status !== "authorized") throw new Error("expected an authorization");
    await expect(worker2.voidAuthorization(result.reference, "void-1")).resolves.toBeUndefined();
    await expect(worker1.voidAuthorization(result.reference.replace("_2599_", "_9999_"), "void-2")).rejects.toMatchObject({ code: "unknown_reference" });
    await expect(worker1.capture("auth_test_100_usd_x_y", 100, "cap")).rejects.toMatchObject({ code: "unknown_reference" });
  });
});

describe("choosing the provider", () => {
  it("is the test gateway unless Stripe has a secret key", () => {
    expect(paymentProviderFor({ stripe: undefined, testGatewaySecret: "s" }).name).toBe("test-gateway");
    expect(paymentProviderFor({ stripe: { secretKey: "sk_test_abc", apiBase: new URL("http://127.0.0.1:1") }, testGatewaySecret: "s" }).name).toBe("stripe");
  });
});
