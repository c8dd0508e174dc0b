import { describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { CartModificationSchema, CartValidationSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, OrderHistorySchema, OrderSchema } from "../../commerce/contract/checkout";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { DEMO_GIFT_CARD_PIN, demoGiftCardNumber } from "../../commerce/seed/gift-cards";
import { commerceForSuite, testCommerceConfig } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { mailsTo } from "../support/mail";
import { restCaller } from "../support/rest";

const APPROVED = "4242424242424242";
const DECLINED = "4000000000000002";
const INSUFFICIENT = "4000000000009995";
const NY_ADDRESS = { firstName: "Ada", lastName: "Lovelace", line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" };
const QC_ADDRESS = { firstName: "Jeanne", lastName: "Mance", line1: "1 rue Principale", town: "Montréal", region: "QC", postalCode: "H2X 1Y4", country: "CA" };
const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join("");

/** `count` results of `make()`, five under way at once: these tests race the orders, not the carts made before them. */
async function fiveAtOnce<T>(count: number, make: () => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  let started = 0;
  const lane = async () => {
    while (started < count) {
      started++;
      made.push(await make());
    }
  };
  await Promise.all(Array.from({ length: 5 }, lane));
  return made;
}

describe.each(DIALECTS)("checkout and orders API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const base = () => suite.api().baseUrl;
  const db = () => suite.api().db;

  const call = restCaller(() => base());
  const token = async (form: Record<string, string>) => {
    const res = await fetch(`${base()}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status).toBe(200);
    return TokenResponseSchema.parse(await res.json()).access_token;
  };
  const guestToken = (site = "usb2c") => {
    const { guestClient } = testCommerceConfig(suite.api().databaseUrl).auth;
    return token({ grant_type: "client_credentials", client_id: guestClient.id, client_secret: guestClient.secret, site });
  };
  const memberToken = (email: string, site = "usb2c") =>
    token({ grant_type: "password", username: email, password: DEMO_PASSWORD, client_id: "storefront", site });

  /** Two in-stock products of a site's catalog, with stock set so tests do not run out. */
  const products = async (site = "usb2c", count = 2) => {
    const rows = await db()
      .selectFrom("product")
      .innerJoin("product_site", "product_site.product_code", "product.code")
      .innerJoin("stock", "stock.product_code", "product.code")
      .select("product.code")
      .where("product_site.site", "=", site)
      .where("product.is_bundle", "=", 0)
      .where((eb) =>
        eb.or([
          eb("product.base_code", "is not", null),
          eb.not(eb.exists(eb.selectFrom("product as v").select("v.code").whereRef("v.base_code", "=", "product.code"))),
        ]),
      )
      .orderBy("product.code")
      .limit(40)
      .execute();
    const sellable: string[] = [];
    for (const { code } of rows) {
      const added = await call("POST", `/${site}/users/anonymous/addProductToCart`, undefined, { productCode: code, qty: 1 });
      if (added.status === 200) sellable.push(code);
      if (sellable.length === count) break;
    }
    expect(sellable).toHaveLength(count);
    return sellable;
  };
  const setStock = (code: string, level: number) => db().updateTable("stock").set({ level }).where("product_code", "=", code).execute();
  const stockOf = async (code: string) => (await db().selectFrom("stock").select("level").where("product_code", "=", code).executeTakeFirstOrThrow()).level;
  const orderCount = async () =>
    Number(
      (
        await db()
          .selectFrom("shop_order")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A guest cart holding these products, ready for checkout up to the card (or including it). */
  const guestCheckout = async (codes: readonly string[], options: { site?: string; address?: object; card?: string | null; qty?: number } = {}) => {
    const site = options.site ?? "usb2c";
    const guest = await guestToken(site);
    let guid: string | undefined;
    for (const code of codes) {
      const added = await call("POST", `/${site}/users/anonymous/addProductToCart`, undefined, { productCode: code, qty: options.qty ?? 1, cartGuid: guid });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      guid = CartModificationSchema.parse(added.body).cartGuid;
    }
    const cart = `/${site}/users/anonymous/carts/${guid}`;
    expect((await call("PUT", `${cart}/email`, guest, { email: `guest-${hex(6)}@example.com` })).status).toBe(200);
    const withAddress = await call("POST", `${cart}/addresses/delivery`, guest, { address: options.address ?? NY_ADDRESS });
    expect(withAddress.status, JSON.stringify(withAddress.body)).toBe(200);
    const modes = CheckoutSchema.parse(withAddress.body).deliveryModes;
    const standard = modes.find((m) => m.code === "standard")!;
    expect((await call("PUT", `${cart}/updateDeliveryDetails`, guest, { deliveryModeId: standard.code, deliveryCost: standard.costMinor })).status).toBe(200);
    if (options.card !== null) {
      const paid = await call("POST", `${cart}/paymentdetails`, guest, {
        cardNumber: options.card ?? APPROVED,
        expiryMonth: 12,
        expiryYear: 2030,
        cvc: "123",
        accountHolderName: "Ada Lovelace",
        billingPostalCode: "12207",
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    }
    const checkout = CheckoutSchema.parse((await call("GET", `${cart}/checkout`, guest)).body);
    return { guest, guid: guid!, site, cart, checkout };
  };
  const place = (
    c: { guest: string; guid: string; site: string; checkout: { totalPriceWithTax: { minor: number }; amountDue: { minor: number } } },
    checkoutKey = hex(32),
    expectedTotal?: number,
  ) =>
    call("POST", `/${c.site}/users/anonymous/orders?cartId=${c.guid}`, c.guest, {
      checkoutKey,
      expectedTotal: expectedTotal ?? c.checkout.totalPriceWithTax.minor,
      expectedAmountDue: c.checkout.amountDue.minor,
    });

  describe("a guest checks out", () => {
    it("places the order with taxes on the delivery state, takes the stock, closes the cart and mails a confirmation", async () => {
      const codes = await products();
      for (const code of codes) await setStock(code, 50);
      const c = await guestCheckout(codes);
      expect(c.checkout.missing).toEqual([]);
      expect(c.checkout.taxLines.map((l) => l.name).length).toBeGreaterThan(0);
      const placed = await place(c);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = OrderSchema.parse(placed.body);
      expect(order.entries.map((e) => e.product.code).sort()).toEqual([...codes].sort());
      expect(order.totalPriceWithTax.minor).toBe(c.checkout.totalPriceWithTax.minor);
      expect(order.totalPriceWithTax.minor).toBe(order.subTotal.minor - order.totalDiscounts.minor + order.deliveryCost.minor + order.totalTax.minor);
      expect(order.payment?.last4).toBe("4242");
      expect(order.guest).toBe(true);
      for (const code of codes) expect(await stockOf(code)).toBe(49);
      // The cart became the order: it can no longer be read or changed.
      expect((await call("GET", `${c.cart}`)).status).toBe(404);
      expect(mailsTo(suite.api().outbox, order.email).some((m) => m.includes(order.code) && m.includes(order.totalPriceWithTax.formattedValue))).toBe(true);
    });

    it("shows the order to the guest with the cart's guid, and to nobody without it", async () => {
      const codes = await products();
      const c = await guestCheckout(codes);
      const order = OrderSchema.parse((await place(c)).body);
      const mine = await call("GET", `/${c.site}/users/anonymous/orders/${order.code}?fields=SPC&guid=${c.guid}`, c.guest);
      expect(mine.status).toBe(200);
      expect(OrderSchema.parse(mine.body).code).toBe(order.code);
      expect((await call("GET", `/${c.site}/users/anonymous/orders/${order.code}?guid=${hex(32)}`, c.guest)).status).toBe(404);
      expect((await call("GET", `/${c.site}/users/anonymous/orders/${order.code}`, c.guest)).status).toBe(404);
      const member = await memberToken("demo.customer@example.com");
      expect((await call("GET", `/${c.site}/users/current/orders/${order.code}`, member)).status).toBe(404);
    });

    it("charges Canadian GST and QST on a Québec order in CAD", async () => {
      const codes = await products("cab2c");
      const c = await guestCheckout(codes, { site: "cab2c", address: QC_ADDRESS });
      expect(c.checkout.totalPriceWithTax.currencyIso).toBe("CAD");
      expect(c.checkout.taxLines.map((l) => l.name).sort()).toEqual(["GST", "QST"]);
      const order = OrderSchema.parse((await place(c)).body);
      expect(order.taxLines.map((l) => l.ratePercent).sort()).toEqual([5, 9.975]);
    });

    it("says with the checkout what the stock would change, as validateCart does", async () => {
      const codes = await products();
      for (const code of codes) await setStock(code, 50);
      const c = await guestCheckout(codes, { qty: 3 });
      expect(c.checkout.cartChanges).toEqual([]);
      try {
        await setStock(codes[0]!, 2);
        const checkout = CheckoutSchema.parse((await call("GET", `${c.cart}/checkout`, c.guest)).body);
        const validation = CartValidationSchema.parse((await call("GET", `/${c.site}/cart/validateCart?cartGuid=${c.guid}`, c.guest)).body);
        expect(checkout.cartChanges).toEqual([{ productCode: codes[0], entryType: "STD", requested: 3, kept: 2, reason: "stock" }]);
        expect(checkout.cartChanges).toEqual(validation.changes);
      } finally {
        await setStock(codes[0]!, 50);
      }
    });

    it("needs the guest token for a guest's checkout calls", async () => {
      const codes = await products();
      const c = await guestCheckout(codes, { card: null });
      expect((await call("GET", `${c.cart}/checkout`)).status).toBe(401);
    });
  });

  describe("one checkout submission makes one order", () => {
    it("answers the same order to the same key, sent twice in a row or twice at once", async () => {
      const codes = await products();
      const c = await guestCheckout(codes);
      const key = hex(32);
      const before = await orderCount();
      const [first, second] = await Promise.all([place(c, key), place(c, key)]);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(OrderSchema.parse(first.body).code).toBe(OrderSchema.parse(second.body).code);
      const third = await place(c, key);
      expect(OrderSchema.parse(third.body).code).toBe(OrderSchema.parse(first.body).code);
      expect(await orderCount()).toBe(before + 1);
    });
  });

  describe("a refused card", () => {
    it.each([
      ["declined", DECLINED, "card_declined"],
      ["insufficient funds", INSUFFICIENT, "insufficient_funds"],
    ])("(%s) says why, and makes no order and takes no stock", async (_name, card, reason) => {
      const codes = await products();
      for (const code of codes) await setStock(code, 30);
      const c = await guestCheckout(codes, { card });
      const before = await orderCount();
      const refused = await place(c);
      expect(refused.status).toBe(402);
      expect(refused.body.errors?.[0]?.reason).toBe(reason);
      expect(await orderCount()).toBe(before);
      for (const code of codes) expect(await stockOf(code)).toBe(30);
      // The cart stays open: the shopper can try another card.
      expect((await call("GET", c.cart)).status).toBe(200);
    });
  });

  describe("bad input changes nothing", () => {
    it("refuses a tampered total, a malformed key, another shopper's cart and a cart of another brand", async () => {
      const codes = await products();
      const c = await guestCheckout(codes);
      const other = await guestCheckout(codes);
      const before = { orders: await orderCount(), stock: await Promise.all(codes.map(stockOf)) };
      const tampered = await place(c, hex(32), c.checkout.totalPriceWithTax.minor - 100);
      expect(tampered.status).toBe(409);
      expect(tampered.body.errors?.[0]?.reason).toBe("totalChanged");
      expect((await place(c, "not-a-key")).status).toBe(400);
      expect((await call("POST", `/usb2c/users/anonymous/orders?cartId=${c.guid}`, c.guest, { checkoutKey: hex(32), expectedTotal: "lots" })).status).toBe(400);
      // The other guest's token is a guest token too, but the cart named is not theirs unless they know its guid: a made-up guid is 404.
      expect((await call("POST", `/usb2c/users/anonymous/orders?cartId=${hex(32)}`, other.guest, { checkoutKey: hex(32), expectedTotal: 1 })).status).toBe(404);
      expect((await call("PUT", `/usb2c/users/anonymous/carts/${hex(32)}/email`, c.guest, { email: "x@example.com" })).status).toBe(404);
      const member = await memberToken("demo.customer@example.com");
      expect((await call("GET", `/usb2c/users/current/carts/${c.guid}/checkout`, member)).status).toBe(404);
      const caGuest = await guestToken("cab2c");
      expect(
        (
          await call("POST", `/cab2c/users/anonymous/orders?cartId=${c.guid}`, caGuest, {
            checkoutKey: hex(32),
            expectedTotal: c.checkout.totalPriceWithTax.minor,
          })
        ).status,
      ).toBe(404);
      expect((await call("POST", `${c.cart}/addresses/delivery`, c.guest, { address: { ...NY_ADDRESS, postalCode: "ABCDE" } })).status).toBe(400);
      expect((await call("PUT", `${c.cart}/updateDeliveryDetails`, c.guest, { deliveryModeId: "teleport" })).status).toBe(400);
      expect({ orders: await orderCount(), stock: await Promise.all(codes.map(stockOf)) }).toEqual(before);
    });

    it("refuses a delivery cost that is not the service's own", async () => {
      const codes = await products();
      const c = await guestCheckout(codes, { card: null });
      const mode = c.checkout.deliveryModes.find((m) => m.costMinor > 0);
      if (!mode) return;
      const answer = await call("PUT", `${c.cart}/updateDeliveryDetails`, c.guest, { deliveryModeId: mode.code, deliveryCost: mode.costMinor - 1 });
      expect(answer.status).toBe(409);
      expect(answer.body.errors?.[0]?.reason).toBe("deliveryCostChanged");
    });
  });

  describe("stock stays exact under concurrent checkouts", () => {
    it("gives exactly 10 orders to 50 simultaneous checkouts of a product with stock 10", async () => {
      const [code] = await products("usb2c", 1);
      await setStock(code!, 1000);
      const checkouts = await fiveAtOnce(50, () => guestCheckout([code!]));
      await setStock(code!, 10);
      const before = await orderCount();
      const answers = await Promise.all(checkouts.map((c) => place(c)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
      expect(await orderCount()).toBe(before + 10);
      expect(await stockOf(code!)).toBe(0);
    }, 120_000);
  });

  describe("gift cards pay first and are never overdrawn", () => {
    it("lets only one of two simultaneous orders use a card with 25.00 on it", async () => {
      const codes = await products();
      for (const code of codes) await setStock(code, 100);
      const number = demoGiftCardNumber("usb2c", "0025");
      const orders = [await guestCheckout(codes), await guestCheckout(codes)];
      for (const c of orders) {
        const applied = await call("POST", `${c.cart}/giftcard/apply`, c.guest, { number, pin: DEMO_GIFT_CARD_PIN });
        expect(applied.status, JSON.stringify(applied.body)).toBe(200);
        c.checkout = CheckoutSchema.parse((await call("GET", `${c.cart}/checkout`, c.guest)).body);
        expect(c.checkout.giftCardAmount.minor).toBe(Math.min(2500, c.checkout.totalPriceWithTax.minor));
      }
      const answers = await Promise.all(orders.map((c) => place(c)));
      const placed = answers.filter((a) => a.status === 201).map((a) => OrderSchema.parse(a.body));
      expect(placed).toHaveLength(1);
      expect(answers.find((a) => a.status !== 201)?.body.errors?.[0]?.reason).toBe("giftCardChanged");
      const card = await db().selectFrom("gift_card").select("balance").where("number", "=", number).executeTakeFirstOrThrow();
      expect(card.balance).toBe(2500 - placed[0]!.giftCardAmount.minor);
      expect(card.balance).toBeGreaterThanOrEqual(0);
    });
  });

  describe("coupon limits hold under concurrent orders", () => {
    it("lets a coupon limited to 5 uses be used exactly 5 times by 20 simultaneous orders", async () => {
      const codes = await products();
      for (const code of codes) await setStock(code, 500);
      const code = `RACE${hex(6).toUpperCase()}`;
      await db()
        .insertInto("coupon")
        .values({
          site: "usb2c",
          code,
          description_en: "5% off, five times",
          description_fr: "5 % de rabais, cinq fois",
          kind: "percentage",
          value: 5,
          minimum_spend: 0,
          scope: "order",
          scope_codes: "",
          starts_at: null,
          ends_at: null,
          max_uses: 5,
          max_uses_per_customer: null,
          uses: 0,
          created_at: new Date().toISOString(),
        })
        .execute();
      const orders = await fiveAtOnce(20, async () => {
        const c = await guestCheckout(codes);
        const applied = await call("POST", `${c.cart}/vouchers?couponCode=${code}`, c.guest);
        expect(applied.status, JSON.stringify(applied.body)).toBe(200);
        c.checkout = CheckoutSchema.parse((await call("GET", `${c.cart}/checkout`, c.guest)).body);
        expect(c.checkout.cart.totalDiscounts.minor).toBeGreaterThan(0);
        return c;
      });
      const answers = await Promise.all(orders.map((c) => place(c)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
      expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409 || a.status === 400)).toBe(true);
      const coupon = await db().selectFrom("coupon").select("uses").where("code", "=", code).executeTakeFirstOrThrow();
      expect(coupon.uses).toBe(5);
      const redemptions = await db()
        .selectFrom("coupon_redemption")
        .innerJoin("coupon", "coupon.id", "coupon_redemption.coupon_id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("coupon.code", "=", code)
        .executeTakeFirstOrThrow();
      expect(Number(redemptions.n)).toBe(5);
    }, 120_000);
  });

  describe("a member's orders", () => {
    it("orders the current cart with a saved address and lists it in the order history", async () => {
      const member = await memberToken("demo.perks@example.com");
      const codes = await products();
      for (const code of codes) await setStock(code, 40);
      for (const code of codes) expect((await call("POST", "/usb2c/users/current/addProductToCart", member, { productCode: code, qty: 1 })).status).toBe(200);
      const current = await call("GET", "/usb2c/users/current/carts/current", member);
      const cart = `/usb2c/users/current/carts/${current.body.guid as string}`;
      const withAddress = await call("POST", `${cart}/addresses/delivery`, member, { address: NY_ADDRESS, saveInAddressBook: true });
      expect(withAddress.status, JSON.stringify(withAddress.body)).toBe(200);
      const checkout = CheckoutSchema.parse(withAddress.body);
      expect(checkout.email).toBe("demo.perks@example.com");
      expect(checkout.deliveryAddress?.id).toBeTruthy();
      const mode = checkout.deliveryModes[0]!;
      expect((await call("PUT", `${cart}/updateDeliveryDetails`, member, { deliveryModeId: mode.code })).status).toBe(200);
      expect(
        (
          await call("POST", `${cart}/paymentdetails`, member, {
            cardNumber: APPROVED,
            expiryMonth: 1,
            expiryYear: 2031,
            cvc: "999",
            accountHolderName: "Perks Member",
            billingPostalCode: "12207",
          })
        ).status,
      ).toBe(201);
      const ready = CheckoutSchema.parse((await call("GET", `${cart}/checkout`, member)).body);
      const placed = await call("POST", "/usb2c/users/current/orders?cartId=current", member, {
        checkoutKey: hex(32),
        expectedTotal: ready.totalPriceWithTax.minor,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = OrderSchema.parse(placed.body);
      expect(order.guest).toBe(false);
      const history = OrderHistorySchema.parse((await call("GET", "/usb2c/users/current/orders", member)).body);
      expect(history.orders[0]?.code).toBe(order.code);
      expect((await call("GET", `/usb2c/users/current/orders/${order.code}`, member)).status).toBe(200);
      const someoneElse = await memberToken("demo.customer@example.com");
      expect((await call("GET", `/usb2c/users/current/orders/${order.code}`, someoneElse)).status).toBe(404);
    });
  });

  describe("a placed order keeps its prices", () => {
    it("shows what was paid after the catalog price changes", async () => {
      const codes = await products();
      const c = await guestCheckout(codes);
      const order = OrderSchema.parse((await place(c)).body);
      await db().updateTable("price").set({ value: 1 }).where("product_code", "=", codes[0]!).execute();
      const again = OrderSchema.parse((await call("GET", `/usb2c/users/anonymous/orders/${order.code}?guid=${c.guid}`, c.guest)).body);
      expect(again.entries).toEqual(order.entries);
      expect(again.totalPriceWithTax).toEqual(order.totalPriceWithTax);
    });
  });
});
