import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrderSchema } from "../../commerce/contract/checkout";
import { attemptsOfCheckout, recordPaymentAttempt } from "../../commerce/db/payment-attempts";
import { CardHolds, holdKeyOf } from "../../commerce/domain/card-holds";
import type { CartService } from "../../commerce/domain/carts";
import { checkoutParts } from "../../commerce/domain/checkout-parts";
import { PaymentService, paymentProviderFor } from "../../commerce/domain/payments/index";
import type { Db } from "../../commerce/service";
import { RateLimits } from "../../lib/rate-limit";
import { type RunningCommerce, startCommerce } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { type ApiAnswer, guestCheckoutUpToTheCard, plentifulCoffee, randomHex } from "../support/guest-checkout";
import { StripeStandIn } from "../support/stripe-stand-in";

/**
 * No card held without an order (decision 045), against the Stripe stand-in: a double submit, a
 * retry and a new checkout key per request all answer the one order placed and leave no other hold;
 * what a dead process left held or uncaptured is released or captured by the sweeps.
 */
describe.each(DIALECTS)("card holds on Stripe, on %s", (dialect) => {
  const standIn = new StripeStandIn();
  let running: RunningCommerce;
  let db: Db;
  let base: string;
  /** The sweeps as another process of the store runs them, with holds released as soon as they are found. */
  let sweeps: CardHolds;
  /** A moment after everything the test did so far. */
  const later = () => new Date(Date.now() + 1000);

  beforeAll(async () => {
    // The store's own sweeps wait an hour: the tests run them when they choose.
    running = await startCommerce(dialect, {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_API_BASE: await standIn.start(),
      PAYMENT_HOLD_TIMEOUT_SECONDS: "3600",
    });
    ({ db, baseUrl: base } = running);
    const payments = new PaymentService({ db, provider: paymentProviderFor(running.config.payments), carts: {} as CartService, limits: RateLimits.create() });
    sweeps = new CardHolds({ db, payments: checkoutParts(payments).payments, logger: pino({ level: "silent" }) }, { holdTimeoutMs: 0 });
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    await standIn.stop();
  });

  /** A guest's cart of one coffee, ready to order with an approved card. */
  const cartAndCardOf = (guid: string) =>
    db
      .selectFrom("cart")
      .innerJoin("cart_payment", "cart_payment.cart_id", "cart.id")
      .select(["cart.id", "cart_payment.token"])
      .where("cart.guid", "=", guid)
      .executeTakeFirstOrThrow();
  const readyCheckout = async () => guestCheckoutUpToTheCard(base, running.config.auth.guestClient, await plentifulCoffee(db));

  const ordersOfCart = async (guid: string) => db.selectFrom("shop_order").selectAll().where("cart_guid", "=", guid).execute();

  /** Every answer is the one order of the cart; its card is captured; nothing else is held. */
  const expectOneOrderAndNothingHeld = async (guid: string, answers: ApiAnswer[]) => {
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
      const key = randomHex(32);
      const answers = await Promise.all(Array.from({ length: times }, () => place(key)));
      await expectOneOrderAndNothingHeld(guid, answers);
      // One hold was asked for, however many times the provider was asked.
      const holds = standIn.requests.filter((r) => r.path === "/v1/payment_intents" && r.idempotencyKey?.startsWith(`order-${key}`));
      expect(holds.filter((r) => !r.replayed)).toHaveLength(1);
    });

    it.each([2, 10])("%i times in a row: the same order each time", async (times) => {
      const { guid, place } = await readyCheckout();
      const key = randomHex(32);
      const answers: ApiAnswer[] = [];
      for (let i = 0; i < times; i++) answers.push(await place(key));
      await expectOneOrderAndNothingHeld(guid, answers);
    });
  });

  describe("a new checkout key per request on one cart", () => {
    it.each([2, 10])("%i at once: one order, and the other requests' holds released at once", async (times) => {
      const { guid, place } = await readyCheckout();
      const answers = await Promise.all(Array.from({ length: times }, () => place(randomHex(32))));
      await expectOneOrderAndNothingHeld(guid, answers);
    });

    it("in a row: the order placed, not 404", async () => {
      const { guid, place } = await readyCheckout();
      const answers = [await place(randomHex(32)), await place(randomHex(32)), await place(randomHex(32))];
      await expectOneOrderAndNothingHeld(guid, answers);
    });
  });

  describe("what a process that died leaves behind", () => {
    it("a hold whose order was never written is released by the sweep", async () => {
      const { guid, checkout, place } = await readyCheckout();
      const cart = await cartAndCardOf(guid);
      const key = randomHex(32);
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
      const cart = await cartAndCardOf(guid);
      const key = randomHex(32);
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
      let placed: ApiAnswer;
      try {
        placed = await place(randomHex(32));
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
