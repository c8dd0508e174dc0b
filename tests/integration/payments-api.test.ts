import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { LOG_REDACTION } from "../../commerce/contract/log-redaction";
import { PaymentDetailsSchema } from "../../commerce/contract/payment";
import { attemptsOfCheckout } from "../../commerce/db/payment-attempts";
import { CardHolds } from "../../commerce/domain/card-holds";
import type { CartService } from "../../commerce/domain/carts";
import { checkoutParts } from "../../commerce/domain/checkout-parts";
import { RateLimits } from "../../lib/rate-limit";
import { PaymentService, paymentProviderFor } from "../../commerce/domain/payments/index";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { createCommerceApi, migrateDatabase, openDatabase, requestLog, seedDatabase } from "../../commerce/service";
import { commerceForSuite, testCommerceConfig } from "../support/commerce";
import { DIALECTS, tempDatabase } from "../support/databases";

const CARD = {
  cardNumber: "4242 4242 4242 4242",
  expiryMonth: "12",
  expiryYear: "2030",
  cvc: "123",
  accountHolderName: "Ada Lovelace",
  billingPostalCode: "05401",
};

type ErrorItem = { type: string; message: string; reason?: string; subject?: string };

describe.each(DIALECTS)("payments API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const base = () => suite.api().baseUrl;
  const db = () => suite.api().db;

  const call = (method: string, path: string, body?: unknown, accessToken?: string, form = false) =>
    fetch(`${base()}/rest/v2${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json" }),
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      body: body === undefined ? undefined : form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> & { errors?: ErrorItem[] } });
  const signIn = async (email: string, site = "usb2c") => {
    const res = await fetch(`${base()}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: email, password: DEMO_PASSWORD, client_id: "storefront", site }).toString(),
    });
    expect(res.status).toBe(200);
    return TokenResponseSchema.parse(await res.json()).access_token;
  };
  const sellable = async () => {
    const row = await db()
      .selectFrom("product as p")
      .innerJoin("product_site as s", (j) => j.onRef("s.product_code", "=", "p.code").on("s.site", "=", "usb2c"))
      .innerJoin("stock as k", "k.product_code", "p.code")
      .select("p.code")
      .where("p.base_code", "is not", null)
      .where("k.level", ">=", 10)
      .orderBy("p.code")
      .executeTakeFirstOrThrow();
    return row.code;
  };
  /** A cart with one product in it: a guest's, or the signed-in customer's. */
  const newCart = async (token?: string) => {
    const res = await json(
      await call("POST", `/usb2c/users/${token ? "current" : "anonymous"}/addProductToCart`, { productCode: await sellable(), qty: 1 }, token),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CartModificationSchema.parse(res.body).cartGuid;
  };
  const cartId = async (guid: string) => (await db().selectFrom("cart").select("id").where("guid", "=", guid).executeTakeFirstOrThrow()).id;
  const storedPayments = async () => db().selectFrom("cart_payment").selectAll().orderBy("id").execute();
  const choose = (guid: string, card: Record<string, string>, user = "anonymous", token?: string, form = false) =>
    call("POST", `/usb2c/users/${user}/carts/${guid}/paymentdetails`, card, token, form).then(json);

  describe("choosing a card", () => {
    it("stores the brand, last four and expiry and answers them masked; the number and code are kept nowhere", async () => {
      const guid = await newCart();
      const answer = await choose(guid, CARD);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(PaymentDetailsSchema.parse(answer.body)).toEqual({
        provider: "test-gateway",
        cardType: { code: "visa", name: "Visa" },
        cardNumber: "************4242",
        last4: "4242",
        expiryMonth: 12,
        expiryYear: 2030,
        accountHolderName: "Ada Lovelace",
        billingPostalCode: "05401",
      });
      expect(JSON.stringify(answer.body)).not.toContain("4242424242424242");

      const rows = (await storedPayments()).filter((r) => r.cart_id !== undefined);
      const row = rows.find((r) => r.holder_name === "Ada Lovelace" && r.last4 === "4242")!;
      expect(row).toMatchObject({ provider: "test-gateway", brand: "visa", expiry_month: 12, expiry_year: 2030, billing_postal_code: "05401" });
      expect(row.token).toMatch(/^tok_test_approve_/);
      const everything = JSON.stringify(await db().selectFrom("cart_payment").selectAll().execute());
      expect(everything).not.toContain("4242424242424242");
      expect(everything).not.toMatch(/"123"/);

      const read = await json(await call("GET", `/usb2c/users/anonymous/carts/${guid}/paymentdetails`));
      expect(read.status).toBe(200);
      expect(read.body).toEqual(answer.body);
    });

    it("takes a plain HTML form post, and a second card replaces the first", async () => {
      const guid = await newCart();
      expect((await choose(guid, CARD, "anonymous", undefined, true)).status).toBe(201);
      const amex = await choose(guid, { ...CARD, cardNumber: "3782-822463-10005", cvc: "1234", expiryYear: "31" }, "anonymous", undefined, true);
      expect(amex.status).toBe(201);
      expect(amex.body).toMatchObject({ cardType: { code: "amex", name: "American Express" }, last4: "0005", expiryYear: 2031 });
      const id = await cartId(guid);
      expect((await storedPayments()).filter((r) => r.cart_id === id).map((r) => r.last4)).toEqual(["0005"]);
    });

    it("stores a card that will be declined: the decline comes when the order is authorized", async () => {
      const guid = await newCart();
      const answer = await choose(guid, { ...CARD, cardNumber: "4000 0000 0000 0002" });
      expect(answer.status).toBe(201);
      const id = await cartId(guid);
      expect((await storedPayments()).find((r) => r.cart_id === id)!.token).toMatch(/^tok_test_decline_/);
    });
  });

  describe("a refused card", () => {
    it.each([
      ["a mistyped number", { cardNumber: "4242 4242 4242 4241" }, "cardNumber", "invalid_number", /mistyped digit/],
      ["a number of no card brand", { cardNumber: "1234 5678 1234 5670" }, "cardNumber", "invalid_number", /Visa, Mastercard/],
      ["a month outside 1–12", { expiryMonth: "13" }, "expiryMonth", "invalid_expiry", /1 to 12/],
      ["an expired card", { expiryMonth: "1", expiryYear: "2020" }, "expiryYear", "expired_card", /expired/],
      ["a 2-digit security code", { cvc: "12" }, "cvc", "invalid_cvc", /3-digit/],
      ["no name on the card", { accountHolderName: "" }, "accountHolderName", "missing", /name on the card/],
      ["a postal code that is no postal code", { billingPostalCode: "<script>" }, "billingPostalCode", "invalid", /postal or ZIP code/],
      ["no card number at all", { cardNumber: "" }, "cardNumber", "missing", /Enter the card number/],
    ])("%s answers 400 on that field with a readable message, and stores nothing", async (_what, change, subject, reason, message) => {
      const guid = await newCart();
      const before = await storedPayments();
      const answer = await choose(guid, { ...CARD, ...change });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ type: "ValidationError", subject, reason, message: expect.stringMatching(message) })]);
      expect(await storedPayments()).toEqual(before);
    });

    it("reports every wrong field at once", async () => {
      const guid = await newCart();
      const answer = await choose(guid, { ...CARD, cardNumber: "4242424242424241", expiryMonth: "0", cvc: "1" });
      expect(answer.status).toBe(400);
      expect(answer.body.errors!.map((e) => e.subject)).toEqual(["cardNumber", "expiryMonth", "cvc"]);
      const alsoMissing = await choose(guid, { ...CARD, cardNumber: "4242424242424241", accountHolderName: " " });
      expect(alsoMissing.body.errors!.map((e) => [e.subject, e.reason])).toEqual([
        ["cardNumber", "invalid_number"],
        ["accountHolderName", "invalid"],
      ]);
    });

    it("leaves the card chosen before in place", async () => {
      const guid = await newCart();
      await choose(guid, CARD);
      const before = await storedPayments();
      expect((await choose(guid, { ...CARD, cardNumber: "5555 5555 5555 4443" })).status).toBe(400);
      expect(await storedPayments()).toEqual(before);
    });

    it("one cart may try 10 cards an hour; the 11th answers 429 and changes nothing", async () => {
      const guid = await newCart();
      const numbers = [
        "4242424242424242",
        "5555555555554444",
        "4000056655665556",
        "5200828282828210",
        "378282246310005",
        "6011111111111117",
        "3056930009020004",
        "3566002020360505",
        "6200000000000005",
        "4000000000000002",
      ];
      for (const cardNumber of numbers) {
        const answer = await choose(guid, { ...CARD, cardNumber, cvc: cardNumber.startsWith("37") ? "1234" : "123" });
        expect(answer.status, cardNumber).toBe(201);
      }
      const before = await storedPayments();
      const res = await call("POST", `/usb2c/users/anonymous/carts/${guid}/paymentdetails`, CARD);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await storedPayments()).toEqual(before);
    });

    it("malformed bodies answer 400, never 500", async () => {
      const guid = await newCart();
      const before = await storedPayments();
      for (const body of [{ ...CARD, expiryMonth: { x: 1 } }, { ...CARD, cardNumber: ["4242"] }, { ...CARD, cvc: 123 }, []]) {
        expect((await choose(guid, body as unknown as Record<string, string>)).status).toBe(400);
      }
      const broken = await fetch(`${base()}/rest/v2/usb2c/users/anonymous/carts/${guid}/paymentdetails`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{",
      });
      expect(broken.status).toBe(400);
      expect(await storedPayments()).toEqual(before);
    });
  });

  describe("card holds for order placement, from another worker process", () => {
    /** Another worker: its own gateway and card holds, the same configuration and database. */
    const otherWorker = () => {
      const payments = new PaymentService({
        db: db(),
        provider: paymentProviderFor(testCommerceConfig(suite.api().databaseUrl).payments),
        // Card holds read the stored card only; they never price a cart.
        carts: {} as CartService,
        limits: RateLimits.create(),
      });
      const parts = checkoutParts(payments).payments;
      return { parts, holds: new CardHolds({ db: db(), payments: parts, logger: pino({ level: "silent" }) }) };
    };
    const holdFor = async (guid: string, checkoutKey: string, amountMinor = 2599) => {
      const { parts, holds } = otherWorker();
      const id = await cartId(guid);
      const card = await parts.cardOf(db(), id);
      if (!card) throw new Error("no card on the cart");
      const request = {
        site: "usb2c",
        cartId: id,
        checkoutKey,
        card,
        amountMinor,
        currency: "USD",
        orderCode: "1000000009",
        description: "Brewfront order 1000000009",
      };
      return { holds, parts, request, outcome: await holds.hold(request) };
    };

    it("holds the card chosen over HTTP, answers a resubmission with the same hold, and captures it", async () => {
      const guid = await newCart();
      await choose(guid, CARD);
      const { holds, request, outcome, parts } = await holdFor(guid, "checkout-1");
      expect(request.card).toMatchObject({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 });
      if (outcome.status !== "held") throw new Error(`expected a hold, got ${outcome.status}`);
      expect(await holds.hold(request)).toEqual(outcome);
      await expect(parts.capture(outcome.hold.provider, outcome.hold.reference, 2599, `${outcome.hold.idempotencyKey}:capture`)).resolves.toBeUndefined();
    });

    it("answers the decline of 4000 0000 0000 0002 and of insufficient funds, and no card without one", async () => {
      for (const [number, reason] of [
        ["4000 0000 0000 0002", "card_declined"],
        ["4000 0000 0000 9995", "insufficient_funds"],
      ]) {
        const guid = await newCart();
        await choose(guid, { ...CARD, cardNumber: number! });
        expect((await holdFor(guid, `checkout-${number}`)).outcome).toMatchObject({ status: "declined", reason });
      }
      const bare = await newCart();
      expect(await otherWorker().parts.cardOf(db(), await cartId(bare))).toBeNull();
    });

    it("releases a hold whose order was not written", async () => {
      const guid = await newCart();
      await choose(guid, CARD);
      const { holds, outcome } = await holdFor(guid, "checkout-release", 1200);
      if (outcome.status !== "held") throw new Error("expected a hold");
      await holds.release(outcome.hold);
      expect(await attemptsOfCheckout(db(), "checkout-release")).toMatchObject([{ status: "voided" }]);
    });
  });

  describe("whose cart", () => {
    it("another shopper's cart, another brand's or a malformed guid answers 404 like an unknown one, and stores nothing", async () => {
      const guestCart = await newCart();
      const member = await signIn("demo.customer@example.com");
      const memberCart = await newCart(member);
      const before = await storedPayments();

      const asMember = await choose(guestCart, CARD, "current", member);
      expect(asMember.status).toBe(404);
      expect(asMember.body.errors![0]).toMatchObject({ type: "CartError", reason: "notFound" });
      expect((await choose(memberCart, CARD)).status).toBe(404);
      expect((await json(await call("POST", `/cab2c/users/anonymous/carts/${guestCart}/paymentdetails`, CARD))).status).toBe(404);
      expect((await choose("0".repeat(32), CARD)).status).toBe(404);
      expect((await choose("not-a-guid", CARD)).status).toBe(404);
      expect((await json(await call("GET", `/usb2c/users/current/carts/${guestCart}/paymentdetails`, undefined, member))).status).toBe(404);
      expect(await storedPayments()).toEqual(before);

      // The owner's own call works.
      expect((await choose(memberCart, CARD, "current", member)).status).toBe(201);
    });
  });

  describe("changing the billing details", () => {
    it("changes the holder and postal code of the card chosen, and needs a card first", async () => {
      const guid = await newCart();
      const none = await json(await call("POST", `/usb2c/users/anonymous/carts/${guid}/updatePaymentDetails`, { accountHolderName: "Grace Hopper" }));
      expect(none.status).toBe(404);
      expect(none.body.errors![0]).toMatchObject({ type: "PaymentError", reason: "notFound" });

      await choose(guid, CARD);
      const changed = await json(
        await call("POST", `/usb2c/users/anonymous/carts/${guid}/updatePaymentDetails`, { accountHolderName: "Grace Hopper", billingPostalCode: "K1A 0B1" }),
      );
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ accountHolderName: "Grace Hopper", billingPostalCode: "K1A 0B1", last4: "4242" });
      const empty = await json(await call("POST", `/usb2c/users/anonymous/carts/${guid}/updatePaymentDetails`, {}));
      expect(empty.status).toBe(400);
    });
  });

  describe("digital wallets", () => {
    it("a closed wallet sheet and a wallet's error are recorded against the cart", async () => {
      const guid = await newCart();
      const cancel = await json(await call("POST", `/usb2c/users/anonymous/carts/${guid}/cancelDigitalWalletPayment`, { wallet: "applePay" }));
      expect(cancel).toEqual({ status: 200, body: { kind: "walletCancelled", recorded: true } });
      const error = await json(
        await call(
          "POST",
          `/usb2c/users/anonymous/carts/${guid}/logDigitalWalletError`,
          { wallet: "googlePay", code: "DEVELOPER_ERROR", message: "Merchant not registered" },
          undefined,
          true,
        ),
      );
      expect(error).toEqual({ status: 200, body: { kind: "walletError", recorded: true } });

      const events = await db()
        .selectFrom("payment_event")
        .selectAll()
        .where("cart_id", "=", await cartId(guid))
        .orderBy("id")
        .execute();
      expect(events.map((e) => [e.kind, e.wallet, e.code, e.message])).toEqual([
        ["walletCancelled", "applePay", null, "The shopper closed the wallet."],
        ["walletError", "googlePay", "DEVELOPER_ERROR", "Merchant not registered"],
      ]);
      expect(new Date(events[0]!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it("an error without a message, or on someone else's cart, records nothing", async () => {
      const guid = await newCart();
      const count = async () => (await db().selectFrom("payment_event").select("id").execute()).length;
      const before = await count();
      const blank = await json(await call("POST", `/usb2c/users/anonymous/carts/${guid}/logDigitalWalletError`, { code: "X" }));
      expect(blank.status).toBe(400);
      expect(blank.body.errors![0]).toMatchObject({ subject: "message" });
      const member = await signIn("demo.perks@example.com");
      expect((await json(await call("POST", `/usb2c/users/current/carts/${guid}/cancelDigitalWalletPayment`, {}, member))).status).toBe(404);
      expect(await count()).toBe(before);
    });
  });

  describe("digital wallets' limits", () => {
    it("one cart may record 30 wallet reports an hour; the 31st answers 429 and records nothing", async () => {
      const guid = await newCart();
      for (let i = 0; i < 30; i++) {
        expect((await call("POST", `/usb2c/users/anonymous/carts/${guid}/cancelDigitalWalletPayment`, {})).status).toBe(200);
      }
      const id = await cartId(guid);
      const count = async () => (await db().selectFrom("payment_event").select("id").where("cart_id", "=", id).execute()).length;
      expect(await count()).toBe(30);
      expect((await call("POST", `/usb2c/users/anonymous/carts/${guid}/logDigitalWalletError`, { message: "x" })).status).toBe(429);
      expect(await count()).toBe(30);
    });
  });

  describe("Stripe calls on a store without Stripe", () => {
    it("answer 409 saying Stripe is not set up", async () => {
      const guid = await newCart();
      const member = await signIn("demo.customer@example.com");
      for (const [method, path, token] of [
        ["POST", `/usb2c/users/anonymous/carts/${guid}/stripe/createPaymentIntent`, undefined],
        ["POST", `/usb2c/users/anonymous/carts/${guid}/stripe/updatePaymentIntent`, undefined],
        ["POST", "/usb2c/users/current/stripe/setupPaymentIntent", member],
        ["PUT", "/usb2c/users/current/stripe/updateStripeCustomerId", member],
        ["GET", "/usb2c/users/current/stripe/fetchStripeCustomerId", member],
      ] as const) {
        const answer = await json(await call(method, path, method === "GET" ? undefined : {}, token));
        expect(answer.status, path).toBe(409);
        expect(answer.body.errors![0]).toMatchObject({ type: "PaymentError", reason: "stripeNotConfigured" });
      }
    });

    it("the customer calls need a signed-in customer", async () => {
      expect((await json(await call("GET", "/usb2c/users/anonymous/stripe/fetchStripeCustomerId"))).status).toBe(401);
    });
  });
});

describe("the logs while a card is posted", () => {
  it("never contain the card number or the security code, from the request log or an error", async () => {
    const database = await tempDatabase("sqlite");
    const config = testCommerceConfig(database.url);
    const db = openDatabase(config);
    await migrateDatabase(db);
    await seedDatabase(db, config);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // The loggers of server.ts and commerce/main.ts: same redaction, every level.
    const logger = pino({ level: "trace", redact: LOG_REDACTION }, sink);
    const app = express();
    app.use(requestLog(logger));
    const api = createCommerceApi(db, config, logger);
    app.use(api);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const { port } = server.address() as AddressInfo;
    try {
      const product = await db.selectFrom("stock").select("product_code").where("level", ">=", 5).orderBy("product_code").executeTakeFirstOrThrow();
      const added = await fetch(`http://127.0.0.1:${port}/rest/v2/usb2c/users/anonymous/addProductToCart`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ productCode: product.product_code }),
      });
      const guid = ((await added.json()) as { cartGuid?: string }).cartGuid ?? "0".repeat(32);
      const path = `http://127.0.0.1:${port}/rest/v2/usb2c/users/anonymous/carts/${guid}/paymentdetails`;
      const number = "4000000000009995";
      const statuses = [
        (
          await fetch(path, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ ...CARD, cardNumber: number, cvc: "987" }),
          })
        ).status,
        (
          await fetch(path, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ ...CARD, cardNumber: number, cvc: "987" }).toString(),
          })
        ).status,
        // A card sent the wrong way, in the query string, is masked in the request log too.
        (await fetch(`${path}?cardNumber=${number}&cvc=987&card%5Bnumber%5D=${number}`, { method: "POST" })).status,
        // A refused card: its number is in no error message either.
        (
          await fetch(path, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ ...CARD, cardNumber: "4000000000009994", cvc: "987" }),
          })
        ).status,
      ];
      expect(statuses).toEqual([201, 201, 400, 400]);
      // The logger itself redacts card fields wherever a caller might pass them.
      logger.error({ body: { cardNumber: number, cvc: "987" }, card: { number } }, "a careless line");

      const log = lines.join("");
      expect(lines.filter((l) => l.includes('"msg":"request"') && l.includes("paymentdetails"))).toHaveLength(4);
      expect(log).toContain("cardNumber=[redacted]");
      expect(log).toContain("a careless line");
      for (const secret of [number, "4000000000009994", "4000 0000", '"cvc":"987"', "cvc=987"]) expect(log, secret).not.toContain(secret);
      expect(log).toContain('"cvc":"[redacted]"');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await api.close();
      await db.destroy();
      await database.drop();
    }
  });
});
