import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, OrderSchema } from "../../commerce/contract/checkout";
import { attemptsOfCheckout, recordPaymentAttempt } from "../../commerce/db/payment-attempts";
import { CardHolds, holdKeyOf } from "../../commerce/domain/card-holds";
import type { CartService } from "../../commerce/domain/carts";
import { checkoutParts } from "../../commerce/domain/checkout-parts";
import { PaymentService, paymentProviderFor } from "../../commerce/domain/payments/index";
import { createCommerceApi, type Db, migrateDatabase, openDatabase, seedDatabase } from "../../commerce/service";
import { RateLimits } from "../../lib/rate-limit";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS, type TestDatabase, tempDatabase } from "../support/databases";
import { StripeStandIn } from "../support/stripe-stand-in";

const NY_ADDRESS = { firstName: "Ada", lastName: "Lovelace", line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" };
const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join("");

type Answer = { status: number; body: Record<string, unknown> & { errors?: { type: string; reason?: string; message: string }[] } };

/**
 * No card held without an order (decision 045), against the Stripe stand-in: a double submit, a
 * retry and a new checkout key per request all answer the one order placed and leave no other hold;
 * what a dead process left held or uncaptured is released or captured by the sweeps.
 */
describe.each(DIALECTS)("card holds on Stripe, on %s", (dialect) => {
  const standIn = new StripeStandIn();
  let database: TestDatabase;
  let db: Db;
  let base: string;
  let close: () => Promise<void>;
  /** The sweeps as another process of the store runs them, with holds released as soon as they are found. */
  let sweeps: CardHolds;
  /** A moment after everything the test did so far. */
  const later = () => new Date(Date.now() + 1000);

  beforeAll(async () => {
    const standInUrl = await standIn.start();
    database = await tempDatabase(dialect);
    // The store's own sweeps wait an hour: the tests run them when they choose.
    const config = testCommerceConfig(database.url, {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_API_BASE: standInUrl,
      PAYMENT_HOLD_TIMEOUT_SECONDS: "3600",
    });
    db = openDatabase(config);
    await migrateDatabase(db);
    await seedDatabase(db, config);
    const api = createCommerceApi(db, config, pino({ level: "silent" }));
    const server = express().use(api).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const payments = new PaymentService({ db, provider: paymentProviderFor(config.payments), carts: {} as CartService, limits: RateLimits.create() });
    sweeps = new CardHolds({ db, payments: checkoutParts(payments).payments, logger: pino({ level: "silent" }) }, { holdTimeoutMs: 0 });
    close = async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await api.close();
      await db.destroy();
      await database.drop();
      await standIn.stop();
    };
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  const call = async (method: string, path: string, token?: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${base}/rest/v2/usb2c${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer["body"] };
  };

  const guestToken = async () => {
    const { guestClient } = testCommerceConfig(database.url).auth;
    const res = await fetch(`${base}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: guestClient.id, client_secret: guestClient.secret, site: "usb2c" }).toString(),
    });
    return TokenResponseSchema.parse(await res.json()).access_token;
  };

  /** A guest's cart of one in-stock coffee, ready to order with an approved card. */
  const readyCheckout = async () => {
    const product = await db
      .selectFrom("stock")
      .innerJoin("product", "product.code", "stock.product_code")
      .select("stock.product_code")
      .where("product.base_code", "is not", null)
      .where("product.is_bundle", "=", 0)
      .where("stock.level", ">=", 10)
      .orderBy("stock.product_code")
      .executeTakeFirstOrThrow();
    await db.updateTable("stock").set({ level: 1000 }).where("product_code", "=", product.product_code).execute();
    const guest = await guestToken();
    const added = await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode: product.product_code, qty: 1 });
    const guid = CartModificationSchema.parse(added.body).cartGuid;
    const cart = `/users/anonymous/carts/${guid}`;
    expect((await call("PUT", `${cart}/email`, guest, { email: `guest-${hex(6)}@example.com` })).status).toBe(200);
    const withAddress = await call("POST", `${cart}/addresses/delivery`, guest, { address: NY_ADDRESS });
    const standard = CheckoutSchema.parse(withAddress.body).deliveryModes.find((m) => m.code === "standard")!;
    expect((await call("PUT", `${cart}/updateDeliveryDetails`, guest, { deliveryModeId: standard.code, deliveryCost: standard.costMinor })).status).toBe(200);
    const card = {
      cardNumber: "4242424242424242",
      expiryMonth: 12,
      expiryYear: 2030,
      cvc: "123",
      accountHolderName: "Ada Lovelace",
      billingPostalCode: "12207",
    };
    expect((await call("POST", `${cart}/paymentdetails`, guest, card)).status).toBe(201);
    const checkout = CheckoutSchema.parse((await call("GET", `${cart}/checkout`, guest)).body);
    const place = (checkoutKey: string) =>
      call("POST", `/users/anonymous/orders?cartId=${guid}`, guest, {
        checkoutKey,
        expectedTotal: checkout.totalPriceWithTax.minor,
        expectedAmountDue: checkout.amountDue.minor,
      });
    return { guid, checkout, place };
  };

  const ordersOfCart = async (guid: string) => db.selectFrom("shop_order").selectAll().where("cart_guid", "=", guid).execute();

  /** Every answer is the one order of the cart; its card is captured; nothing else is held. */
  const expectOneOrderAndNothingHeld = async (guid: string, answers: Answer[]) => {
    const orders = await ordersOfCart(guid);
    expect(orders).toHaveLength(1);
    for (const answer of answers) {
      expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
      expect(OrderSchema.parse(answer.body).code).toBe(orders[0]!.code);
    }
    expect(standIn.paymentIntents.get(orders[0]!.payment_reference!)).toMatchObject({ status: "succeeded" });
    expect(orders[0]!.payment_captured_at).not.toBeNull();
    expect(standIn.held()).toEqual([]);
  };

  describe("the same checkout sent again", () => {
    it.each([2, 10])("%i times at once: one order, every answer that order, nothing left held", async (times) => {
      const { guid, place } = await readyCheckout();
      const key = hex(32);
      const answers = await Promise.all(Array.from({ length: times }, () => place(key)));
      await expectOneOrderAndNothingHeld(guid, answers);
      // One hold was asked for, however many times the provider was asked.
      const holds = standIn.requests.filter((r) => r.path === "/v1/payment_intents" && r.idempotencyKey?.startsWith(`order-${key}`));
      expect(holds.filter((r) => !r.replayed)).toHaveLength(1);
    });

    it.each([2, 10])("%i times in a row: the same order each time", async (times) => {
      const { guid, place } = await readyCheckout();
      const key = hex(32);
      const answers: Answer[] = [];
      for (let i = 0; i < times; i++) answers.push(await place(key));
      await expectOneOrderAndNothingHeld(guid, answers);
    });
  });

  describe("a new checkout key per request on one cart", () => {
    it.each([2, 10])("%i at once: one order, and the other requests' holds released at once", async (times) => {
      const { guid, place } = await readyCheckout();
      const answers = await Promise.all(Array.from({ length: times }, () => place(hex(32))));
      await expectOneOrderAndNothingHeld(guid, answers);
    });

    it("in a row: the order placed, not 404", async () => {
      const { guid, place } = await readyCheckout();
      const answers = [await place(hex(32)), await place(hex(32)), await place(hex(32))];
      await expectOneOrderAndNothingHeld(guid, answers);
    });
  });

  describe("what a process that died leaves behind", () => {
    it("a hold whose order was never written is released by the sweep", async () => {
      const { guid, checkout, place } = await readyCheckout();
      const cart = await db
        .selectFrom("cart")
        .innerJoin("cart_payment", "cart_payment.cart_id", "cart.id")
        .select(["cart.id", "cart_payment.token"])
        .where("cart.guid", "=", guid)
        .executeTakeFirstOrThrow();
      const key = hex(32);
      // The process held the card, then died before its order's transaction.
      const held = await sweeps.hold({
        site: "usb2c",
        cartId: cart.id,
        checkoutKey: key,
        card: { token: cart.token, provider: "stripe", brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 },
        amountMinor: checkout.amountDue.minor,
        currency: "USD",
        orderCode: "1000000001",
        description: "Brewfront order 1000000001",
      });
      expect(held.status).toBe("held");
      expect(standIn.held()).toHaveLength(1);
      expect(await sweeps.releaseAbandoned(later())).toBe(1);
      expect(standIn.held()).toEqual([]);
      expect(await attemptsOfCheckout(db, key)).toMatchObject([{ status: "voided" }]);
      // Released for good: this checkout placed now is refused (the page then draws a new key), and nothing is held.
      const again = await place(key);
      expect(again.status).toBe(409);
      expect(again.body.errors?.[0]).toMatchObject({ reason: "paymentReleased" });
      expect(standIn.held()).toEqual([]);
      expect(await ordersOfCart(guid)).toHaveLength(0);
    });

    it("an attempt recorded before the provider answered is asked again and released", async () => {
      const { guid, checkout } = await readyCheckout();
      const cart = await db
        .selectFrom("cart")
        .innerJoin("cart_payment", "cart_payment.cart_id", "cart.id")
        .select(["cart.id", "cart_payment.token"])
        .where("cart.guid", "=", guid)
        .executeTakeFirstOrThrow();
      const key = hex(32);
      // The provider held the card, but the process died before it could read the answer.
      standIn.unreachable.clear();
      await recordPaymentAttempt(db, {
        site: "usb2c",
        cart_id: cart.id,
        checkout_key: key,
        amount_minor: checkout.amountDue.minor,
        currency: "USD",
        provider: "stripe",
        card_token: cart.token,
        idempotency_key: holdKeyOf(key, checkout.amountDue.minor),
        order_code: "1000000002",
        description: "Brewfront order 1000000002",
      });
      expect(await sweeps.releaseAbandoned(later())).toBe(1);
      expect(standIn.held()).toEqual([]);
      expect(await attemptsOfCheckout(db, key)).toMatchObject([{ status: "voided", reference: null }]);
    });

    it("a capture that failed after the commit is retried by the sweep, once", async () => {
      const { guid, place } = await readyCheckout();
      standIn.unreachable.add("capture");
      let placed: Answer;
      try {
        placed = await place(hex(32));
      } finally {
        standIn.unreachable.delete("capture");
      }
      expect(placed.status).toBe(201);
      const [order] = await ordersOfCart(guid);
      expect(order!.payment_captured_at).toBeNull();
      expect(standIn.paymentIntents.get(order!.payment_reference!)).toMatchObject({ status: "requires_capture" });
      expect(await sweeps.captureWaiting(later())).toBe(1);
      expect(await sweeps.captureWaiting(later())).toBe(0);
      await expectOneOrderAndNothingHeld(guid, [placed]);
      const captures = standIn.requests.filter((r) => r.path === `/v1/payment_intents/${order!.payment_reference}/capture` && !r.replayed);
      expect(captures.filter((r) => r.idempotencyKey)).toHaveLength(captures.length);
    });
  });
});
