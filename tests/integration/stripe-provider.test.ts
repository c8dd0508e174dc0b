import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CheckoutSchema } from "../../commerce/contract/checkout";
import { PaymentDetailsSchema, StripeCustomerSchema, StripeIntentSchema } from "../../commerce/contract/payment";
import { TEST_CARDS } from "../../commerce/domain/payments/index";
import { StripeProvider } from "../../commerce/domain/payments/stripe-provider";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import type { Db } from "../../commerce/service";
import { type RunningCommerce, startCommerce } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { APPROVED_CARD, NY_ADDRESS, plentifulCoffee, randomHex } from "../support/guest-checkout";
import { StripeStandIn, parseStripeForm } from "../support/stripe-stand-in";
/**
 * The Stripe provider against a local stand-in for Stripe's API (the machine has no internet):
 * what the `stripe` package sends and how the provider reads Stripe's answers. What the stand-in
 * cannot prove is in docs/decisions/020-payments.md.
 */
const standIn = new StripeStandIn();
let standInUrl: string;
let provider: StripeProvider;
beforeAll(async () => {
  standInUrl = await standIn.start();
  provider = new StripeProvider({ secretKey: standIn.secretKey, apiBase: new URL(standInUrl) });
});
afterAll(async () => {
  await standIn.stop();
});

const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: "123", holder: "Ada Lovelace", billingPostalCode: "05401" });
const ctx = { currency: "USD" };
async function tokenOf(number: string): Promise<string> {
  const result = await provider.tokenizeCard(card(number), ctx);
  if (!result.ok) throw new Error(result.message);
  return result.token;
}
const lastRequest = () => standIn.requests.at(-1)!;

describe("the stand-in reads what the stripe package sends", () => {
  it("nested form keys", () => {
    expect(parseStripeForm("type=card&card[number]=4242&card[exp_month]=12&billing_details[address][postal_code]=05401")).toEqual({
      type: "card",
      card: { number: "4242", exp_month: "12" },
      billing_details: { address: { postal_code: "05401" } },
    });
  });
});

describe("Stripe provider: tokenizing a card", () => {
  it("creates a payment method and answers its id, brand, last four and expiry", async () => {
    const result = await provider.tokenizeCard(card(TEST_CARDS.approves), ctx);
    expect(result).toMatchObject({ ok: true, token: expect.stringMatching(/^pm_/), brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 });
    expect(lastRequest()).toMatchObject({ method: "POST", path: "/v1/payment_methods", idempotencyKey: expect.any(String) });
    if (result.ok) expect(standIn.paymentMethods.get(result.token)?.billing_details).toEqual({ name: "Ada Lovelace", address: { postal_code: "05401" } });
  });

  it("reads Stripe's card errors as the field's reason", async () => {
    expect(await provider.tokenizeCard(card("4242424242424241"), ctx)).toMatchObject({ ok: false, reason: "invalid_number" });
    expect(await provider.tokenizeCard({ ...card(TEST_CARDS.approves), expMonth: 1, expYear: 2020 }, ctx)).toMatchObject({ ok: false, reason: "expired_card" });
    expect(await provider.tokenizeCard({ ...card(TEST_CARDS.approves), cvc: "1" }, ctx)).toMatchObject({ ok: false, reason: "invalid_cvc" });
  });
});

describe("Stripe provider: authorizing", () => {
  it("approves 4242 4242 4242 4242 with a manual-capture payment intent", async () => {
    const result = await provider.authorize({ token: await tokenOf(TEST_CARDS.approves), amountMinor: 2599, currency: "USD", idempotencyKey: "order-approve" });
    expect(result).toMatchObject({ status: "authorized", reference: expect.stringMatching(/^pi_/) });
    if (result.status !== "authorized") return;
    expect(standIn.paymentIntents.get(result.reference)).toMatchObject({ amount: 2599, currency: "usd", capture_method: "manual", status: "requires_capture" });
    expect(lastRequest()).toMatchObject({ path: "/v1/payment_intents", idempotencyKey: "order-approve" });
  });

  it.each([
    [TEST_CARDS.declines, "card_declined"],
    [TEST_CARDS.insufficientFunds, "insufficient_funds"],
    [TEST_CARDS.expiredCard, "expired_card"],
    [TEST_CARDS.processingError, "processing_error"],
  ])("reads Stripe's 402 for %s as %s", async (number, reason) => {
    const result = await provider.authorize({ token: await tokenOf(number), amountMinor: 2599, currency: "USD", idempotencyKey: `order-${number}` });
    expect(result).toMatchObject({ status: "declined", reason, message: expect.stringMatching(/card/i) });
  });

  it("declines a token Stripe does not know instead of failing", async () => {
    expect(await provider.authorize({ token: "pm_unknown", amountMinor: 2599, currency: "USD", idempotencyKey: "order-unknown" })).toMatchObject({
      status: "declined",
      reason: "processing_error",
    });
  });

  it("sends the customer when there is one", async () => {
    const customer = await provider.createCustomer({ email: "ada@example.com", name: "Ada Lovelace", customerId: "c-1", idempotencyKey: "customer-c-1" });
    const result = await provider.authorize({
      token: await tokenOf(TEST_CARDS.approves),
      amountMinor: 1000,
      currency: "CAD",
      idempotencyKey: "order-customer",
      customerRef: customer,
    });
    if (result.status !== "authorized") throw new Error("expected an authorization");
    expect(standIn.paymentIntents.get(result.reference)).toMatchObject({ customer, currency: "cad" });
  });
});

describe("Stripe provider: idempotency", () => {
  it("the same key answers the same payment intent, and Stripe saw one", async () => {
    const token = await tokenOf(TEST_CARDS.approves);
    const before = standIn.paymentIntents.size;
    const first = await provider.authorize({ token, amountMinor: 2599, currency: "USD", idempotencyKey: "submission-7" });
    const again = await provider.authorize({ token, amountMinor: 2599, currency: "USD", idempotencyKey: "submission-7" });
    expect(again).toEqual(first);
    expect(standIn.paymentIntents.size).toBe(before + 1);
    expect(lastRequest()).toMatchObject({ idempotencyKey: "submission-7", replayed: true });
  });

  it("a declined submission stays declined when sent again", async () => {
    const token = await tokenOf(TEST_CARDS.declines);
    const first = await provider.authorize({ token, amountMinor: 2599, currency: "USD", idempotencyKey: "submission-declined" });
    expect(await provider.authorize({ token, amountMinor: 2599, currency: "USD", idempotencyKey: "submission-declined" })).toEqual(first);
  });

  it("reusing a key for another amount is refused by Stripe, not charged", async () => {
    const token = await tokenOf(TEST_CARDS.approves);
    await provider.authorize({ token, amountMinor: 2599, currency: "USD", idempotencyKey: "submission-8" });
    await expect(provider.authorize({ token, amountMinor: 9999, currency: "USD", idempotencyKey: "submission-8" })).rejects.toMatchObject({
      name: "PaymentProviderError",
      code: "provider_error",
    });
  });
});

describe("Stripe provider: capture and void", () => {
  const authorized = async (key: string) => {
    const result = await provider.authorize({ token: await tokenOf(TEST_CARDS.approves), amountMinor: 2599, currency: "USD", idempotencyKey: key });
    if (result.status !== "authorized") throw new Error("expected an authorization");
    return result.reference;
  };

  it("captures the amount with its own idempotency key; a repeat is a replay, not a second capture", async () => {
    const reference = await authorized("order-capture");
    await provider.capture(reference, 2599, "order-capture:capture");
    expect(standIn.paymentIntents.get(reference)).toMatchObject({ status: "succeeded", amount_received: 2599 });
    expect(lastRequest()).toMatchObject({ path: `/v1/payment_intents/${reference}/capture`, idempotencyKey: "order-capture:capture" });
    await provider.capture(reference, 2599, "order-capture:capture");
    expect(lastRequest().replayed).toBe(true);
  });

  it("refuses a capture above the authorization", async () => {
    const reference = await authorized("order-over");
    await expect(provider.capture(reference, 3000, "order-over:capture")).rejects.toMatchObject({ code: "amount_too_large" });
    expect(standIn.paymentIntents.get(reference)).toMatchObject({ status: "requires_capture" });
  });

  it("voids an authorization, after which it cannot be captured", async () => {
    const reference = await authorized("order-void");
    await provider.voidAuthorization(reference, "order-void:void");
    expect(standIn.paymentIntents.get(reference)).toMatchObject({ status: "canceled" });
    await expect(provider.capture(reference, 2599, "order-void:capture")).rejects.toMatchObject({ code: "invalid_state" });
    await expect(provider.voidAuthorization("pi_unknown", "x")).rejects.toMatchObject({ code: "unknown_reference" });
  });

  it("a wrong secret key is the store's mistake, not an outage to wait out", async () => {
    const misconfigured = new StripeProvider({ secretKey: "sk_test_wrong", apiBase: new URL(standInUrl) });
    await expect(misconfigured.authorize({ token: "pm_x", amountMinor: 100, currency: "USD", idempotencyKey: "k-wrong" })).rejects.toMatchObject({
      code: "provider_error",
    });
  });

  it("a Stripe that does not answer is an outage, not a decline", async () => {
    const down = new StripeProvider({ secretKey: standIn.secretKey, apiBase: new URL("http://127.0.0.1:9") });
    await expect(down.authorize({ token: "pm_x", amountMinor: 100, currency: "USD", idempotencyKey: "k" })).rejects.toMatchObject({
      code: "provider_unavailable",
    });
  });
});

describe.each(DIALECTS)("the store on Stripe, on %s", (dialect) => {
  let running: RunningCommerce;
  let db: Db;
  let base: string;
  beforeAll(async () => {
    running = await startCommerce(dialect, { STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_API_BASE: standInUrl });
    db = running.db;
    base = `${running.baseUrl}/rest/v2/usb2c`;
  });
  afterAll(async () => {
    await running?.stop();
  });

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { errors?: { type: string; reason?: string }[] } };
  };
  const signIn = async () => {
    const res = await fetch(`${base.replace(/\/rest\/v2\/usb2c$/, "")}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        username: "demo.customer@example.com",
        password: DEMO_PASSWORD,
        client_id: "storefront",
        site: "usb2c",
      }).toString(),
    });
    return TokenResponseSchema.parse(await res.json()).access_token;
  };
  const newCart = async (qty = 1) => {
    const added = await call("POST", "/users/anonymous/addProductToCart", { productCode: await plentifulCoffee(db), qty });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return CartModificationSchema.parse(added.body).cartGuid;
  };

  it("paymentdetails stores Stripe's payment method, never the number", async () => {
    const guid = await newCart();
    const answer = await call("POST", `/users/anonymous/carts/${guid}/paymentdetails`, {
      cardNumber: "4242424242424242",
      expiryMonth: 12,
      expiryYear: 2030,
      cvc: "123",
      accountHolderName: "Ada Lovelace",
      billingPostalCode: "05401",
    });
    expect(answer.status).toBe(201);
    expect(PaymentDetailsSchema.parse(answer.body)).toMatchObject({ provider: "stripe", last4: "4242", cardType: { code: "visa" } });
    const row = await db
      .selectFrom("cart_payment")
      .innerJoin("cart", "cart.id", "cart_payment.cart_id")
      .select(["cart_payment.token", "cart_payment.provider"])
      .where("cart.guid", "=", guid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: "stripe", token: expect.stringMatching(/^pm_/) });
    expect(standIn.paymentMethods.has(row.token)).toBe(true);
  });

  it("a member's order holds the chosen card with their Stripe customer and captures it under the hold's own key", async () => {
    const token = await signIn();
    await call("PUT", "/users/current/stripe/updateStripeCustomerId", {}, token);
    const added = await call("POST", "/users/current/addProductToCart", { productCode: await plentifulCoffee(db) }, token);
    const guid = CartModificationSchema.parse(added.body).cartGuid;
    const cart = `/users/current/carts/${guid}`;
    expect((await call("POST", `${cart}/paymentdetails`, APPROVED_CARD, token)).status).toBe(201);
    const withAddress = await call("POST", `${cart}/addresses/delivery`, { address: NY_ADDRESS }, token);
    const standard = CheckoutSchema.parse(withAddress.body).deliveryModes.find((m) => m.code === "standard")!;
    await call("PUT", `${cart}/updateDeliveryDetails`, { deliveryModeId: standard.code, deliveryCost: standard.costMinor }, token);
    const checkout = CheckoutSchema.parse((await call("GET", `${cart}/checkout`, undefined, token)).body);
    const checkoutKey = randomHex(32);
    const placed = await call(
      "POST",
      `/users/current/orders?cartId=${guid}`,
      { checkoutKey, expectedTotal: checkout.totalPriceWithTax.minor, expectedAmountDue: checkout.amountDue.minor },
      token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const customer = await db.selectFrom("cart").select("customer_id").where("guid", "=", guid).executeTakeFirstOrThrow();
    const stripeCustomer = await db
      .selectFrom("payment_customer")
      .select("reference")
      .where("customer_id", "=", customer.customer_id!)
      .executeTakeFirstOrThrow();
    const order = await db.selectFrom("shop_order").select("payment_reference").where("cart_guid", "=", guid).executeTakeFirstOrThrow();
    const amount = checkout.amountDue.minor;
    expect(standIn.paymentIntents.get(order.payment_reference!)).toMatchObject({
      amount,
      customer: stripeCustomer.reference,
      status: "succeeded",
      amount_received: amount,
    });
    expect(standIn.requests.filter((r) => r.idempotencyKey?.startsWith(`order-${checkoutKey}`)).map((r) => r.idempotencyKey)).toEqual([
      `order-${checkoutKey}-${amount}`,
      `order-${checkoutKey}-${amount}:capture`,
    ]);
  });

  it("createPaymentIntent makes one intent for the cart's total; updatePaymentIntent follows the cart", async () => {
    const guid = await newCart(1);
    const created = await call("POST", `/users/anonymous/carts/${guid}/stripe/createPaymentIntent`, {});
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const intent = StripeIntentSchema.parse(created.body);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const cart = await call("GET", `/users/anonymous/carts/${guid}`);
    const total = (cart.body.totalPriceWithTax as { minor: number }).minor;
    expect(intent).toMatchObject({ amount: total, currency: "usd", status: "requires_payment_method" });
    expect(standIn.paymentIntents.get(intent.id)).toMatchObject({ capture_method: "manual", amount: total });

    // Asked again, the cart keeps its one intent.
    const again = StripeIntentSchema.parse((await call("POST", `/users/anonymous/carts/${guid}/stripe/createPaymentIntent`, {})).body);
    expect(again.id).toBe(intent.id);

    await call("POST", "/users/anonymous/updateCart", { cartGuid: guid, entryNumber: 0, qty: 3 });
    const moved = await call("POST", `/users/anonymous/carts/${guid}/stripe/updatePaymentIntent`, {});
    expect(moved.status).toBe(200);
    expect(StripeIntentSchema.parse(moved.body)).toMatchObject({ id: intent.id, amount: total * 3 });
    expect(standIn.paymentIntents.get(intent.id)?.amount).toBe(total * 3);
    const stored = await db
      .selectFrom("cart_payment_intent")
      .innerJoin("cart", "cart.id", "cart_payment_intent.cart_id")
      .select(["reference", "amount_minor"])
      .where("cart.guid", "=", guid)
      .execute();
    expect(stored).toEqual([{ reference: intent.id, amount_minor: total * 3 }]);

    // Back to the first amount: applied again, not answered from an earlier reply.
    await call("POST", "/users/anonymous/updateCart", { cartGuid: guid, entryNumber: 0, qty: 1 });
    expect((await call("POST", `/users/anonymous/carts/${guid}/stripe/createPaymentIntent`, {})).body).toMatchObject({ id: intent.id, amount: total });
    expect(standIn.paymentIntents.get(intent.id)?.amount).toBe(total);
  });

  it("updatePaymentIntent before createPaymentIntent answers 404", async () => {
    const guid = await newCart();
    const answer = await call("POST", `/users/anonymous/carts/${guid}/stripe/updatePaymentIntent`, {});
    expect(answer.status).toBe(404);
    expect(answer.body.errors![0]).toMatchObject({ type: "PaymentError", reason: "notFound" });
  });

  it("the customer id round trip: none, then made by updateStripeCustomerId, then fetched; a setup intent for it", async () => {
    const token = await signIn();
    const customerRow = await db
      .selectFrom("customer")
      .select("id")
      .where("email", "=", "demo.customer@example.com")
      .where("site", "=", "usb2c")
      .executeTakeFirstOrThrow();
    await db.deleteFrom("payment_customer").where("customer_id", "=", customerRow.id).execute();
    expect(StripeCustomerSchema.parse((await call("GET", "/users/current/stripe/fetchStripeCustomerId", undefined, token)).body)).toEqual({
      stripeCustomerId: null,
    });

    const made = await call("PUT", "/users/current/stripe/updateStripeCustomerId", { stripeCustomerId: "cus_someone_else" }, token);
    expect(made.status).toBe(200);
    const { stripeCustomerId } = StripeCustomerSchema.parse(made.body);
    expect(stripeCustomerId).toMatch(/^cus_/);
    expect(stripeCustomerId).not.toBe("cus_someone_else");
    expect(standIn.customers.get(stripeCustomerId!)).toMatchObject({ email: "demo.customer@example.com" });

    expect((await call("GET", "/users/current/stripe/fetchStripeCustomerId", undefined, token)).body).toEqual({ stripeCustomerId });
    // Asked again, the same customer is kept (and brought up to date), not a second one made.
    expect((await call("PUT", "/users/current/stripe/updateStripeCustomerId", {}, token)).body).toEqual({ stripeCustomerId });

    const setup = await call("POST", "/users/current/stripe/setupPaymentIntent", {}, token);
    expect(setup.status).toBe(200);
    expect(StripeIntentSchema.parse(setup.body)).toMatchObject({ id: expect.stringMatching(/^seti_/), status: "requires_payment_method" });

    // A customer Stripe no longer has is made again.
    standIn.customers.delete(stripeCustomerId!);
    const remade = StripeCustomerSchema.parse((await call("PUT", "/users/current/stripe/updateStripeCustomerId", {}, token)).body);
    expect(remade.stripeCustomerId).not.toBe(stripeCustomerId);
    expect(standIn.customers.has(remade.stripeCustomerId!)).toBe(true);
  });
});
