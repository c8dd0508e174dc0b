import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CheckoutSchema } from "../../commerce/contract/checkout";
import { type Db, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS, type TestDatabase, tempDatabase } from "../support/databases";
import { type RunningStore, startStore } from "../support/server";
import { StripeStandIn } from "../support/stripe-stand-in";

const ROUNDS = 3;
const CHECKOUTS_PER_ROUND = 12;
const NY_ADDRESS = { firstName: "Ada", lastName: "Lovelace", line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" };
const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join("");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The whole store killed (SIGKILL, primary and workers) three times while guests place orders paid
 * by card, against the Stripe stand-in. After the last restart and one sweep, no card is held
 * without an order, and every order's card was captured, once.
 */
describe.each(DIALECTS)("the store killed under checkout load on %s", (dialect) => {
  const standIn = new StripeStandIn();
  let database: TestDatabase;
  let db: Db;
  let store: RunningStore | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    const standInUrl = await standIn.start();
    database = await tempDatabase(dialect);
    env = {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_API_BASE: standInUrl,
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "error",
      // Holds are released (or their orders captured) two seconds after they were asked for, looked for every second.
      PAYMENT_HOLD_TIMEOUT_SECONDS: "2",
      PAYMENT_SWEEP_SECONDS: "1",
    };
    db = openDatabase(testCommerceConfig(database.url));
  }, 60_000);

  afterAll(async () => {
    await store?.stop();
    await db?.destroy();
    await database?.drop();
    await standIn.stop();
  });

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${store!.url}/rest/v2/usb2c${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  /** A guest cart of one coffee, up to the card, and the request that places it. */
  const readyCheckout = async (productCode: string) => {
    const { guestClient } = testCommerceConfig(database.url, { AUTH_TOKEN_SECRET: "test-token-secret-0123456789abcdefghijklmnop" }).auth;
    const tokenAnswer = await fetch(`${store!.url}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: guestClient.id, client_secret: guestClient.secret, site: "usb2c" }).toString(),
    });
    const guest = TokenResponseSchema.parse(await tokenAnswer.json()).access_token;
    const guid = CartModificationSchema.parse((await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode, qty: 1 })).body).cartGuid;
    const cart = `/users/anonymous/carts/${guid}`;
    await call("PUT", `${cart}/email`, guest, { email: `guest-${hex(6)}@example.com` });
    const standard = CheckoutSchema.parse((await call("POST", `${cart}/addresses/delivery`, guest, { address: NY_ADDRESS })).body).deliveryModes.find(
      (m) => m.code === "standard",
    )!;
    await call("PUT", `${cart}/updateDeliveryDetails`, guest, { deliveryModeId: standard.code, deliveryCost: standard.costMinor });
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
    const checkoutKey = hex(32);
    return () =>
      call("POST", `/users/anonymous/orders?cartId=${guid}`, guest, {
        checkoutKey,
        expectedTotal: checkout.totalPriceWithTax.minor,
        expectedAmountDue: checkout.amountDue.minor,
      });
  };

  it("leaves no card held without an order and captures every order once", { timeout: 240_000 }, async () => {
    const acknowledged: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      store = await startStore({ dialect, database, env });
      const product = await db
        .selectFrom("stock")
        .innerJoin("product", "product.code", "stock.product_code")
        .select("stock.product_code")
        .where("product.base_code", "is not", null)
        .where("product.is_bundle", "=", 0)
        .orderBy("stock.product_code")
        .executeTakeFirstOrThrow();
      await db.updateTable("stock").set({ level: 10_000 }).where("product_code", "=", product.product_code).execute();
      const placements = await Promise.all(Array.from({ length: CHECKOUTS_PER_ROUND }, () => readyCheckout(product.product_code)));
      // The round's orders are asked for a few milliseconds apart; the store dies once the first is
      // acknowledged, with the others in flight (or after two seconds, whatever happened by then).
      let firstAcknowledged: () => void = () => undefined;
      const acknowledgedOne = new Promise<void>((resolve) => (firstAcknowledged = resolve));
      const answers = Promise.allSettled(
        placements.map(async (place, i) => {
          await pause(i * 15);
          const answer = await place();
          if (answer.status === 201) firstAcknowledged();
          return answer;
        }),
      );
      await Promise.race([acknowledgedOne, pause(2_000)]);
      await store.kill();
      for (const answer of await answers) {
        if (answer.status === "fulfilled" && answer.value.status === 201) acknowledged.push((answer.value.body as { code: string }).code);
      }
    }
    // Started again, the sweeps release what the dead processes held and capture what they left uncaptured.
    store = await startStore({ dialect, database, env });
    const deadline = Date.now() + 30_000;
    const uncaptured = () =>
      db.selectFrom("shop_order").select("code").where("payment_reference", "is not", null).where("payment_captured_at", "is", null).execute();
    while ((standIn.held().length > 0 || (await uncaptured()).length > 0) && Date.now() < deadline) await pause(250);

    const orders = await db.selectFrom("shop_order").select(["code", "payment_reference"]).execute();
    expect(orders.length).toBeGreaterThan(0);
    // Every order the store acknowledged is there, once.
    for (const code of acknowledged) expect(orders.filter((o) => o.code === code)).toHaveLength(1);
    expect(standIn.held()).toEqual([]);
    expect(await uncaptured()).toEqual([]);
    const byOrder = new Set(orders.map((o) => o.payment_reference));
    for (const [reference, intent] of standIn.paymentIntents) {
      // A captured hold is an order's, and an order's hold is captured, for its whole amount; any other was released.
      if (byOrder.has(reference)) expect(intent).toMatchObject({ status: "succeeded", amount_received: intent.amount });
      else expect(intent.status).toBe("canceled");
    }
  });
});
