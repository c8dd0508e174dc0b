import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, OrderSchema } from "../../commerce/contract/checkout";
import { DwCheckoutSchema, DwCheckoutStartedSchema, PaypalPaymentStatusSchema } from "../../commerce/contract/wallet";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import type { Db } from "../../commerce/service";
import { type RunningCommerce, startCommerce } from "../support/commerce";
import { guestToken, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { NY_ADDRESS, plentifulCoffee, randomHex } from "../support/guest-checkout";
import { PaypalStandIn } from "../support/paypal-stand-in";
import { restCaller } from "../support/rest";

/**
 * PayPal at checkout (decision 082) against a local stand-in for PayPal's REST API: the order
 * PayPal is asked for, the shopper approving or cancelling on the stand-in's page, and the order
 * placed on the way back through the card's order placement.
 */
const standIn = new PaypalStandIn();
beforeAll(async () => {
  await standIn.start();
});
afterAll(async () => {
  await standIn.stop();
});

const RETURN = {
  returnUrl: "https://www.brewfront.example/checkout/getPaypalPaymentStatus",
  cancelUrl: "https://www.brewfront.example/checkout/getPaypalPaymentStatus?cancelled=1",
};

describe.each(DIALECTS)("PayPal at checkout, on %s", (dialect) => {
  let running: RunningCommerce;
  let db: Db;
  let coffee: string;
  const call = restCaller(() => `${running.baseUrl}`, "/rest/v2/usb2c");
  beforeAll(async () => {
    running = await startCommerce(dialect, { PAYPAL_CLIENT_ID: standIn.clientId, PAYPAL_CLIENT_SECRET: standIn.clientSecret, PAYPAL_API_BASE: standIn.url });
    db = running.db;
    coffee = await plentifulCoffee(db);
  });
  afterAll(async () => {
    await running?.stop();
  });

  /** A guest's cart with e-mail, a New York address and standard delivery: all but the payment. */
  async function readyCart() {
    const guest = await guestToken(running.baseUrl, running.config.auth.guestClient);
    const guid = CartModificationSchema.parse(
      (await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode: coffee, qty: 2 })).body,
    ).cartGuid;
    const cart = `/users/anonymous/carts/${guid}`;
    expect((await call("PUT", `${cart}/email`, guest, { email: `guest-${randomHex(6)}@example.com` })).status).toBe(200);
    const withAddress = CheckoutSchema.parse((await call("POST", `${cart}/addresses/delivery`, guest, { address: NY_ADDRESS })).body);
    const standard = withAddress.deliveryModes.find((m) => m.code === "standard")!;
    const ready = await call("PUT", `${cart}/updateDeliveryDetails`, guest, { deliveryModeId: standard.code, deliveryCost: standard.costMinor });
    return { guest, guid, cart, checkout: CheckoutSchema.parse(ready.body) };
  }

  async function startPaypal() {
    const ready = await readyCart();
    const started = await call("POST", `${ready.cart}/prepareDwCheckout`, ready.guest, { wallet: "paypal", ...RETURN });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return { ...ready, started: DwCheckoutStartedSchema.parse(started.body) };
  }

  const stockOf = async () => (await db.selectFrom("stock").select("level").where("product_code", "=", coffee).executeTakeFirstOrThrow()).level;
  const eventsOf = (guid: string) =>
    db
      .selectFrom("payment_event")
      .innerJoin("cart", "cart.id", "payment_event.cart_id")
      .select(["payment_event.kind", "payment_event.wallet", "payment_event.code"])
      .where("cart.guid", "=", guid)
      .orderBy("payment_event.id")
      .execute();

  describe("GET prepareDwCheckout", () => {
    it("offers PayPal for the amount due, and says what is still missing", async () => {
      const { guest, cart, checkout } = await readyCart();
      const offer = DwCheckoutSchema.parse((await call("GET", `${cart}/prepareDwCheckout`, guest)).body);
      expect(offer).toMatchObject({ wallets: ["paypal"], missing: [], amountDue: { minor: checkout.amountDue.minor } });
      expect(checkout.missing).toEqual(["payment"]);
    });

    it("the checkout's own answer offers the same wallets, so the checkout page asks once", async () => {
      const { guest, cart, checkout } = await readyCart();
      expect(checkout.wallets).toEqual(["paypal"]);
      expect(CheckoutSchema.parse((await call("GET", `${cart}/checkout`, guest)).body).wallets).toEqual(["paypal"]);
    });
  });

  describe("POST prepareDwCheckout", () => {
    it("asks PayPal for an order of the exact amount due, intent AUTHORIZE, and sends the shopper to approve it", async () => {
      const { started, checkout, guest, cart } = await startPaypal();
      const order = standIn.orders.get(started.orderId)!;
      expect(order).toMatchObject({ intent: "AUTHORIZE", currency: "USD", returnUrl: RETURN.returnUrl, cancelUrl: RETURN.cancelUrl, locale: "en-US" });
      expect(order.value).toBe(`${Math.trunc(checkout.amountDue.minor / 100)}.${String(checkout.amountDue.minor % 100).padStart(2, "0")}`);
      expect(started.approveUrl).toBe(`${standIn.url}/checkoutnow?token=${started.orderId}`);
      const status = PaypalPaymentStatusSchema.parse((await call("GET", `${cart}/getPaypalPaymentStatus?orderId=${started.orderId}`, guest)).body);
      expect(status).toMatchObject({ status: "pending", amount: { minor: checkout.amountDue.minor } });
    });

    it("refuses a checkout without its delivery address, asking PayPal nothing", async () => {
      const { guest } = await readyCart();
      const guid = CartModificationSchema.parse(
        (await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode: coffee, qty: 1 })).body,
      ).cartGuid;
      const asked = standIn.requests.length;
      const answer = await call("POST", `/users/anonymous/carts/${guid}/prepareDwCheckout`, guest, { wallet: "paypal", ...RETURN });
      expect(answer.status).toBe(400);
      expect(answer.body.errors![0]).toMatchObject({ type: "CheckoutError", reason: "missing_email" });
      expect(standIn.requests.length).toBe(asked);
    });

    it("answers 503 with a readable message when PayPal is down, and records PayPal's error on the cart", async () => {
      const { guest, guid, cart } = await readyCart();
      standIn.down = true;
      try {
        const answer = await call("POST", `${cart}/prepareDwCheckout`, guest, { wallet: "paypal", ...RETURN });
        expect(answer.status).toBe(503);
        expect(answer.body.errors![0]).toMatchObject({ type: "PaymentServiceUnavailableError" });
      } finally {
        standIn.down = false;
      }
      expect(await eventsOf(guid)).toEqual([{ kind: "walletError", wallet: "paypal", code: "provider_unavailable" }]);
      const cartId = (await db.selectFrom("cart").select("id").where("guid", "=", guid).executeTakeFirstOrThrow()).id;
      expect(await db.selectFrom("wallet_payment").selectAll().where("cart_id", "=", cartId).execute()).toEqual([]);
    });
  });

  describe("an approved PayPal payment", () => {
    it("places the order through the card's placement: authorized, stock taken, captured; coming back twice answers the same order", async () => {
      const { started, checkout, guest, cart } = await startPaypal();
      standIn.approve(started.orderId);
      expect(PaypalPaymentStatusSchema.parse((await call("GET", `${cart}/getPaypalPaymentStatus?orderId=${started.orderId}`, guest)).body).status).toBe(
        "approved",
      );
      const before = await stockOf();
      const [first, second] = await Promise.all([
        call("POST", `${cart}/placePaypalOrder`, guest, { orderId: started.orderId }),
        call("POST", `${cart}/placePaypalOrder`, guest, { orderId: started.orderId }),
      ]);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      const order = OrderSchema.parse(first.body);
      expect(OrderSchema.parse(second.body).code).toBe(order.code);
      expect(order).toMatchObject({
        totalPriceWithTax: { minor: checkout.totalPriceWithTax.minor },
        paidByCard: { minor: checkout.amountDue.minor },
        payment: { brand: "paypal" },
      });
      expect(await stockOf()).toBe(before - 2);
      expect(standIn.orders.get(started.orderId)?.authorization?.status).toBe("CAPTURED");
      const row = await db
        .selectFrom("shop_order")
        .select(["payment_provider", "payment_reference", "payment_captured_at"])
        .where("code", "=", order.code)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ payment_provider: "paypal", payment_reference: standIn.orders.get(started.orderId)!.authorization!.id });
      expect(row.payment_captured_at).not.toBeNull();
      const status = PaypalPaymentStatusSchema.parse((await call("GET", `${cart}/getPaypalPaymentStatus?orderId=${started.orderId}`, guest)).body);
      expect(status).toMatchObject({ status: "ordered", orderCode: order.code });
      const again = await call("POST", `${cart}/placePaypalOrder`, guest, { orderId: started.orderId });
      expect(OrderSchema.parse(again.body).code).toBe(order.code);
      expect(await stockOf()).toBe(before - 2);
    });

    it("a payment PayPal declines places nothing, and PayPal's refusal is recorded on the cart", async () => {
      const { started, guest, guid, cart } = await startPaypal();
      standIn.approve(started.orderId);
      standIn.declining.add(started.orderId);
      const before = await stockOf();
      const answer = await call("POST", `${cart}/placePaypalOrder`, guest, { orderId: started.orderId });
      expect(answer.status).toBe(402);
      expect(answer.body.errors![0]).toMatchObject({ type: "PaymentError", message: expect.stringMatching(/PayPal declined/) });
      expect(await stockOf()).toBe(before);
      expect(CheckoutSchema.parse((await call("GET", `${cart}/checkout`, guest)).body).cart.entries).toHaveLength(1);
      expect(await eventsOf(guid)).toEqual([{ kind: "walletError", wallet: "paypal", code: "card_declined" }]);
    });

    it("a payment not approved yet places nothing (402)", async () => {
      const { started, guest, cart } = await startPaypal();
      const answer = await call("POST", `${cart}/placePaypalOrder`, guest, { orderId: started.orderId });
      expect(answer.status).toBe(402);
      expect(answer.body.errors![0]!.message).toMatch(/not approved/);
    });

    it("a cart changed since PayPal was asked is refused (409) before anything is authorized", async () => {
      const { started, guest, guid, cart } = await startPaypal();
      standIn.approve(started.orderId);
      expect((await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode: coffee, qty: 1, cartGuid: guid })).status).toBe(200);
      const answer = await call("POST", `${cart}/placePaypalOrder`, guest, { orderId: started.orderId });
      expect(answer.status).toBe(409);
      expect(standIn.orders.get(started.orderId)?.authorization).toBeUndefined();
    });
  });

  describe("a member's PayPal payment", () => {
    it("names the open cart `current`, and coming back after the order still finds it", async () => {
      const member = await passwordToken(running.baseUrl, { email: "demo.customer@example.com", password: DEMO_PASSWORD });
      expect((await call("POST", "/users/current/addProductToCart", member, { productCode: coffee, qty: 1 })).status).toBe(200);
      const cart = "/users/current/carts/current";
      const withAddress = CheckoutSchema.parse((await call("POST", `${cart}/addresses/delivery`, member, { address: NY_ADDRESS })).body);
      expect((await call("PUT", `${cart}/updateDeliveryDetails`, member, { deliveryModeId: withAddress.deliveryModes[0]!.code })).status).toBe(200);
      const started = DwCheckoutStartedSchema.parse((await call("POST", `${cart}/prepareDwCheckout`, member, { wallet: "paypal", ...RETURN })).body);
      standIn.approve(started.orderId);
      const placed = await call("POST", `${cart}/placePaypalOrder`, member, { orderId: started.orderId });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const code = OrderSchema.parse(placed.body).code;
      const status = PaypalPaymentStatusSchema.parse((await call("GET", `${cart}/getPaypalPaymentStatus?orderId=${started.orderId}`, member)).body);
      expect(status).toMatchObject({ status: "ordered", orderCode: code });
      expect(OrderSchema.parse((await call("POST", `${cart}/placePaypalOrder`, member, { orderId: started.orderId })).body).code).toBe(code);
    });
  });

  describe("an auto-delivery cart", () => {
    it("offers no wallet, in the checkout's answer as in prepareDwCheckout, and refuses PayPal (409 walletNotForSubscriptions): later deliveries charge a card", async () => {
      const member = await passwordToken(running.baseUrl, { email: "demo.perks@example.com", password: DEMO_PASSWORD });
      const added = await call("POST", "/users/current/addProductToAdCart", member, { productCode: coffee, qty: 1, entryType: "ADC" });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const cart = "/users/current/carts/current";
      const withAddress = CheckoutSchema.parse((await call("POST", `${cart}/addresses/delivery`, member, { address: NY_ADDRESS })).body);
      expect((await call("PUT", `${cart}/updateDeliveryDetails`, member, { deliveryModeId: withAddress.deliveryModes[0]!.code })).status).toBe(200);
      expect(CheckoutSchema.parse((await call("GET", `${cart}/checkout`, member)).body).wallets).toEqual([]);
      expect(DwCheckoutSchema.parse((await call("GET", `${cart}/prepareDwCheckout`, member)).body).wallets).toEqual([]);
      const start = await call("POST", `${cart}/prepareDwCheckout`, member, { wallet: "paypal", ...RETURN });
      expect(start.status).toBe(409);
      expect(start.body.errors![0]).toMatchObject({ reason: "walletNotForSubscriptions" });
    });
  });

  describe("POST cancelDigitalWalletPayment with the PayPal order", () => {
    it("marks the payment cancelled and keeps the cart; the payment can no longer place an order", async () => {
      const { started, guest, guid, cart } = await startPaypal();
      const cancel = await call("POST", `${cart}/cancelDigitalWalletPayment`, guest, {
        wallet: "paypal",
        orderId: started.orderId,
        reason: "The shopper cancelled at PayPal.",
      });
      expect(cancel.status).toBe(200);
      expect(PaypalPaymentStatusSchema.parse((await call("GET", `${cart}/getPaypalPaymentStatus?orderId=${started.orderId}`, guest)).body).status).toBe(
        "cancelled",
      );
      expect(CheckoutSchema.parse((await call("GET", `${cart}/checkout`, guest)).body).cart.entries).toHaveLength(1);
      standIn.approve(started.orderId);
      const place = await call("POST", `${cart}/placePaypalOrder`, guest, { orderId: started.orderId });
      expect(place.status).toBe(409);
      expect(place.body.errors![0]).toMatchObject({ reason: "walletCancelled" });
      expect(await eventsOf(guid)).toEqual([{ kind: "walletCancelled", wallet: "paypal", code: null }]);
    });

    it("another cart's PayPal payment answers 404, as an unknown one", async () => {
      const { started } = await startPaypal();
      const other = await readyCart();
      expect((await call("GET", `${other.cart}/getPaypalPaymentStatus?orderId=${started.orderId}`, other.guest)).status).toBe(404);
      expect((await call("POST", `${other.cart}/placePaypalOrder`, other.guest, { orderId: started.orderId })).status).toBe(404);
      expect((await call("POST", `${other.cart}/cancelDigitalWalletPayment`, other.guest, { orderId: started.orderId })).status).toBe(404);
    });
  });
});

describe("a store without PayPal", () => {
  let running: RunningCommerce;
  beforeAll(async () => {
    running = await startCommerce("sqlite");
  });
  afterAll(async () => {
    await running?.stop();
  });

  it("offers no wallet, and refuses to start one with 409", async () => {
    const call = restCaller(() => running.baseUrl, "/rest/v2/usb2c");
    const guest = await guestToken(running.baseUrl, running.config.auth.guestClient);
    const guid = CartModificationSchema.parse(
      (await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode: await plentifulCoffee(running.db), qty: 1 })).body,
    ).cartGuid;
    const offer = DwCheckoutSchema.parse((await call("GET", `/users/anonymous/carts/${guid}/prepareDwCheckout`, guest)).body);
    expect(offer.wallets).toEqual([]);
    expect(CheckoutSchema.parse((await call("GET", `/users/anonymous/carts/${guid}/checkout`, guest)).body).wallets).toEqual([]);
    const start = await call("POST", `/users/anonymous/carts/${guid}/prepareDwCheckout`, guest, { wallet: "paypal", ...RETURN });
    expect(start.status).toBe(409);
    expect(start.body.errors![0]).toMatchObject({ reason: "walletNotOffered" });
  });
});
