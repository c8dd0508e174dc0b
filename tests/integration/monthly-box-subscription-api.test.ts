import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SubscriptionListSchema, SubscriptionSchema } from "../../commerce/contract/auto-delivery";
import { CartSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, OrderSchema } from "../../commerce/contract/checkout";
import { AddMonthlyBoxAnswerSchema, MfpSubscriptionCartSchema, MonthlyProductsSchema } from "../../commerce/contract/monthly-box";
import { MovableClock } from "../../commerce/domain/clock";
import type { Shop } from "../../commerce/domain/shop";
import { type Db, shopFromConfig } from "../../commerce/service";
import { type RunningCommerce, startCommerce } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { APPROVED_CARD, type ApiAnswer, NY_ADDRESS, randomHex } from "../support/guest-checkout";
import { mailTextsTo } from "../support/mail";

const PASSWORD = "monthly-box-2026";

/**
 * Subscribing to the monthly fixed-price box (decision 067): the box into the cart at its price,
 * the checkout that starts the subscription with this month's picks, the runner placing each
 * month's box exactly once (carrying picks over when none were saved), a month's box read and
 * changed, and the auto-delivery calls on a box; on both databases.
 */
describe.each(DIALECTS)("monthly box subscription API on %s", (dialect) => {
  // The 10th of December: the box day is the 10th, the next box ships on 10 January.
  const clock = new MovableClock(new Date("2026-12-10T15:00:00Z"));
  let running: RunningCommerce;
  let db: Db;
  let runner: Shop;
  /** The month's selection, in the order the shopper sees it. */
  const selections = new Map<string, string[]>();

  beforeAll(async () => {
    // The store's own sweep waits an hour: the tests run the runner when they choose.
    running = await startCommerce(dialect, {}, { clock, autoDelivery: { sweepSeconds: 3600 } });
    db = running.db;
    runner = shopFromConfig(db, running.config, pino({ level: "silent" }), { clock, autoDelivery: { sweepSeconds: 3600 } });
    for (const month of ["2026-12", "2027-01"]) {
      const answer = await call("GET", `/usb2c/fetchMonthlyProducts?pageSize=36&month=${month}`);
      selections.set(
        month,
        MonthlyProductsSchema.parse(answer.body).products.map((p) => p.code),
      );
    }
    await db
      .updateTable("stock")
      .set({ level: 100_000 })
      .where("product_code", "in", [...new Set([...selections.values()].flat())])
      .execute();
  }, 90_000);

  afterAll(async () => {
    await running?.stop();
  });

  async function call(method: string, path: string, token?: string, body?: unknown): Promise<ApiAnswer> {
    const res = await fetch(`${running.baseUrl}/rest/v2${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as ApiAnswer["body"] };
  }

  const newCustomer = async (site = "usb2c") => {
    const email = `box-${randomHex(8)}@example.com`;
    const id = await insertAccount(db, { email, password: PASSWORD, site });
    return { id, email, token: await passwordToken(running.baseUrl, { email, password: PASSWORD, site }) };
  };

  /** A complete box of a month: two K-Cup boxes of its first product, one each of the next two. */
  const pickOf = (month: string, offset = 0) => {
    const codes = selections.get(month)!;
    return [
      { code: codes[offset]!, quantity: 2 },
      { code: codes[offset + 1]!, quantity: 1 },
      { code: codes[offset + 2]!, quantity: 1 },
    ];
  };

  const addBox = (token: string, entries: unknown, cartGuid = "current", site = "usb2c") =>
    call("POST", `/${site}/users/current/carts/${cartGuid}/addMonthlyBoxSubscription`, token, { entries });

  const cartOf = async (token: string, guid: string) => CartSchema.parse((await call("GET", `/usb2c/users/current/carts/${guid}`, token)).body);

  /** Checks out the customer's cart with a New York address, standard delivery and an approved card. */
  const checkOut = async (token: string, guid: string) => {
    const cart = `/usb2c/users/current/carts/${guid}`;
    const withAddress = CheckoutSchema.parse((await call("POST", `${cart}/addresses/delivery`, token, { address: NY_ADDRESS })).body);
    const standard = withAddress.deliveryModes.find((m) => m.code === "standard")!;
    await call("PUT", `${cart}/updateDeliveryDetails`, token, { deliveryModeId: standard.code, deliveryCost: standard.costMinor });
    expect((await call("POST", `${cart}/paymentdetails`, token, APPROVED_CARD)).status).toBe(201);
    const checkout = CheckoutSchema.parse((await call("GET", `${cart}/checkout`, token)).body);
    const placed = await call("POST", `/usb2c/users/current/orders?cartId=${guid}`, token, {
      checkoutKey: randomHex(32),
      expectedTotal: checkout.totalPriceWithTax.minor,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return { checkout, order: OrderSchema.parse(placed.body) };
  };

  const boxSubscriptionOf = async (token: string) => {
    const { subscriptions } = SubscriptionListSchema.parse((await call("GET", "/usb2c/users/current/fetchAllActiveSubscriptions", token)).body);
    return subscriptions.find((s) => s.kind === "monthlyBox");
  };

  const ordersOf = async (customerId: string) => db.selectFrom("shop_order").selectAll().where("customer_id", "=", customerId).orderBy("id").execute();
  const linesOf = async (orderId: number) =>
    db
      .selectFrom("shop_order_entry")
      .select(["product_code", "quantity", "unit_minor", "total_minor"])
      .where("order_id", "=", orderId)
      .orderBy("entry_number")
      .execute();
  const picksSaved = async (code: string, month: string) => {
    const rows = await db
      .selectFrom("monthly_box_pick")
      .innerJoin("subscription", "subscription.id", "monthly_box_pick.subscription_id")
      .select(["monthly_box_pick.product_code", "monthly_box_pick.quantity"])
      .where("subscription.code", "=", code)
      .where("monthly_box_pick.month", "=", month)
      .orderBy("monthly_box_pick.product_code")
      .execute();
    return rows.map((r) => ({ code: r.product_code, quantity: r.quantity }));
  };
  const sorted = (picks: { code: string; quantity: number }[]) => [...picks].sort((a, b) => a.code.localeCompare(b.code));
  const cartLines = async (guid: string) => {
    const cart = await db.selectFrom("cart").select("id").where("guid", "=", guid).executeTakeFirstOrThrow();
    return db.selectFrom("cart_entry").select(["product_code", "quantity", "campaign_id", "campaign_role"]).where("cart_id", "=", cart.id).execute();
  };

  describe("addMonthlyBoxSubscription", () => {
    it("puts a complete pick in the customer's cart as the box, its lines costing exactly the box's price", async () => {
      const customer = await newCustomer();
      const answer = await addBox(customer.token, pickOf("2026-12"));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const added = AddMonthlyBoxAnswerSchema.parse(answer.body);
      expect(added).toMatchObject({ replaced: false, message: "Your monthly box is in your cart.", cartQuantity: 4 });
      expect(added.monthlyBox).toMatchObject({ campaignId: 170002, month: "2026-12", price: { minor: 5999 }, boxPods: 96, deliveryIncluded: true });
      expect(added.monthlyBox.message).toBe("Monthly box: 96 pods for $59.99 a month, standard delivery included.");
      const cart = await cartOf(customer.token, added.cartGuid);
      expect(cart.subTotal.minor).toBe(5999);
      // 5999 over four K-Cup boxes: 1499 each, the 3 left over on the first line.
      expect(cart.entries.map((e) => [e.quantity, e.basePrice.minor, e.totalPrice.minor])).toEqual([
        [2, 1499, 3001],
        [1, 1499, 1499],
        [1, 1499, 1499],
      ]);
      expect(cart.entries.every((e) => e.campaignRole === "pick" && e.campaignId === 170002 && !e.updateable)).toBe(true);
      expect(await cartLines(added.cartGuid)).toHaveLength(3);
    });

    it("refuses an incomplete pick with the reasons in words, and adds nothing", async () => {
      const customer = await newCustomer();
      const [first] = pickOf("2026-12");
      const under = await addBox(customer.token, [first]);
      expect(under.status).toBe(400);
      expect(under.body.errors?.[0]).toMatchObject({ reason: "incompleteBox", message: "Your box isn't ready yet. Pick 48 more pods to fill your box." });
      const outside = await addBox(customer.token, [...pickOf("2026-12").slice(0, 2), { code: "NOT-IN-THE-BOX", quantity: 1 }]);
      expect(outside.status).toBe(400);
      expect(outside.body.errors?.[0]?.message).toContain("NOT-IN-THE-BOX: This product isn't in this month's selection.");
      expect(outside.body.errors?.[0]?.message).toContain("Pick 24 more pods");
      expect((await call("GET", "/usb2c/users/current/carts/current", customer.token)).status).toBe(404);
    });

    it("asks a guest to sign in", async () => {
      const answer = await call("POST", "/usb2c/users/anonymous/carts/current/addMonthlyBoxSubscription", undefined, { entries: pickOf("2026-12") });
      expect(answer.status).toBe(401);
      expect(answer.body.errors?.[0]?.message).toMatch(/Sign in/);
    });

    it("answers another customer's cart as unknown (404), and leaves it as it was", async () => {
      const owner = await newCustomer();
      const theirs = AddMonthlyBoxAnswerSchema.parse((await addBox(owner.token, pickOf("2026-12"))).body);
      const other = await newCustomer();
      const answer = await addBox(other.token, pickOf("2026-12", 3), theirs.cartGuid);
      expect(answer.status).toBe(404);
      expect(sorted((await cartLines(theirs.cartGuid)).map((l) => ({ code: l.product_code, quantity: l.quantity })))).toEqual(sorted(pickOf("2026-12")));
    });

    it("answers 404 on the commercial store, which sells no box, and makes no cart", async () => {
      const buyer = await newCustomer("usafh");
      const answer = await addBox(buyer.token, pickOf("2026-12"), "current", "usafh");
      expect(answer.status).toBe(404);
      expect(await db.selectFrom("cart").select("id").where("customer_id", "=", buyer.id).execute()).toHaveLength(0);
    });

    it("leaves one box when the same pick is sent twice at once", async () => {
      const customer = await newCustomer();
      const [a, b] = await Promise.all([addBox(customer.token, pickOf("2026-12")), addBox(customer.token, pickOf("2026-12"))]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const guid = AddMonthlyBoxAnswerSchema.parse(a.body).cartGuid;
      expect(AddMonthlyBoxAnswerSchema.parse(b.body).cartGuid).toBe(guid);
      expect(await cartLines(guid)).toHaveLength(3);
      expect((await cartOf(customer.token, guid)).subTotal.minor).toBe(5999);
    });

    it("replaces the box already in the cart with a new pick, and says so", async () => {
      const customer = await newCustomer();
      const first = AddMonthlyBoxAnswerSchema.parse((await addBox(customer.token, pickOf("2026-12"))).body);
      const second = AddMonthlyBoxAnswerSchema.parse((await addBox(customer.token, pickOf("2026-12", 3), first.cartGuid)).body);
      expect(second).toMatchObject({
        cartGuid: first.cartGuid,
        replaced: true,
        message: "Your monthly box replaces the one that was in your cart: an order holds one box.",
      });
      expect(sorted((await cartLines(first.cartGuid)).map((l) => ({ code: l.product_code, quantity: l.quantity })))).toEqual(sorted(pickOf("2026-12", 3)));
      expect((await cartOf(customer.token, first.cartGuid)).subTotal.minor).toBe(5999);
    });
  });

  describe("a box's subscription from checkout to its months", () => {
    let customer: Awaited<ReturnType<typeof newCustomer>>;
    let code: string;
    let firstOrder: string;

    it("checks out the box at its price with free standard delivery, starting a monthlyBox subscription with this month's picks", async () => {
      customer = await newCustomer();
      const added = AddMonthlyBoxAnswerSchema.parse((await addBox(customer.token, pickOf("2026-12"))).body);
      const { checkout, order } = await checkOut(customer.token, added.cartGuid);
      expect(checkout.deliveryCost.minor).toBe(0);
      expect(checkout.cart.subTotal.minor).toBe(5999);
      expect(checkout.totalPriceWithTax.minor).toBe(5999 + checkout.totalTax.minor);
      firstOrder = order.code;
      const subscription = await boxSubscriptionOf(customer.token);
      expect(subscription).toMatchObject({
        kind: "monthlyBox",
        status: "active",
        nextDeliveryDate: "2027-01-10",
        firstOrderCode: order.code,
        monthlyBox: { campaignId: 170002, boxDay: 10, boxPods: 96, price: { minor: 5999 }, nextMonth: "2027-01" },
      });
      code = subscription!.code;
      const row = await db.selectFrom("subscription").select(["kind", "campaign_id"]).where("code", "=", code).executeTakeFirstOrThrow();
      expect(row).toEqual({ kind: "monthlyBox", campaign_id: 170002 });
      expect(await picksSaved(code, "2026-12")).toEqual(sorted(pickOf("2026-12")));
    });

    it("shows this month's box as placed and not changeable, and next month's as carried over", async () => {
      const december = MfpSubscriptionCartSchema.parse(
        (await call("GET", `/usb2c/users/current/getMFPSubscriptionCart?subscriptionCode=${code}&month=2026-12`, customer.token)).body,
      );
      expect(december).toMatchObject({ source: "saved", changeable: false, unchangeableReason: "placed", orderCode: firstOrder, deliveryDate: "2026-12-10" });
      expect(december.message).toBe("This month's box has already been ordered: its picks can no longer be changed.");
      const next = await call("GET", `/usb2c/users/current/getMFPSubscriptionCart?subscriptionCode=${code}`, customer.token);
      expect(next.status).toBe(200);
      const january = MfpSubscriptionCartSchema.parse(next.body);
      expect(january).toMatchObject({ month: "2027-01", source: "carriedOver", changeable: true, deliveryDate: "2027-01-10", price: { minor: 5999 } });
      expect(january.fill).toMatchObject({ pickedPods: 96, complete: true });
      const refused = await call("POST", "/usb2c/users/current/updateMonthlyFixedPriceCampaignCart", customer.token, {
        subscriptionCode: code,
        month: "2026-12",
        entries: pickOf("2026-12", 3),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]).toMatchObject({ reason: "placed" });
      expect(await picksSaved(code, "2026-12")).toEqual(sorted(pickOf("2026-12")));
    });

    it("saves a complete pick for next month; refuses an incomplete one and another customer's subscription (404), changing nothing", async () => {
      const other = await newCustomer();
      const theirs = await call("POST", "/usb2c/users/current/updateMonthlyFixedPriceCampaignCart", other.token, {
        subscriptionCode: code,
        month: "2027-01",
        entries: pickOf("2027-01", 5),
      });
      expect(theirs.status).toBe(404);
      expect((await call("GET", `/usb2c/users/current/getMFPSubscriptionCart?subscriptionCode=${code}`, other.token)).status).toBe(404);
      const incomplete = await call("POST", "/usb2c/users/current/updateMonthlyFixedPriceCampaignCart", customer.token, {
        subscriptionCode: code,
        month: "2027-01",
        entries: pickOf("2027-01").slice(0, 1),
      });
      expect(incomplete.status).toBe(400);
      expect(incomplete.body.errors?.[0]?.message).toContain("Pick 48 more pods");
      expect(await picksSaved(code, "2027-01")).toEqual([]);
      const saved = await call("POST", "/usb2c/users/current/updateMonthlyFixedPriceCampaignCart", customer.token, {
        subscriptionCode: code,
        month: "2027-01",
        entries: pickOf("2027-01", 5),
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(MfpSubscriptionCartSchema.parse(saved.body)).toMatchObject({ source: "saved", changeable: true, message: "Your picks for 2027-01 are saved." });
      expect(await picksSaved(code, "2027-01")).toEqual(sorted(pickOf("2027-01", 5)));
    });

    /** January's picks as changed within January: one product February will not offer, two it will. */
    let januaryPick: { code: string; quantity: number }[];
    let february: string[];

    it("changes this month's picks before its box ships, then places January's box on its day at the box's price, exactly once", async () => {
      clock.set(new Date("2027-01-05T15:00:00Z"));
      february = MonthlyProductsSchema.parse((await call("GET", "/usb2c/fetchMonthlyProducts?pageSize=36&month=2027-02")).body).products.map((p) => p.code);
      await db.updateTable("stock").set({ level: 100_000 }).where("product_code", "in", february).execute();
      const january = selections.get("2027-01")!;
      const leaver = january.find((c) => !february.includes(c))!;
      const [stayer1, stayer2] = january.filter((c) => february.includes(c));
      januaryPick = [
        { code: leaver, quantity: 2 },
        { code: stayer1!, quantity: 1 },
        { code: stayer2!, quantity: 1 },
      ];
      const changed = await call("POST", "/usb2c/users/current/updateMonthlyFixedPriceCampaignCart", customer.token, {
        subscriptionCode: code,
        month: "2027-01",
        entries: januaryPick,
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      // The reminder a few days before lists the month's picks (a box has no items of its own).
      clock.set(new Date("2027-01-08T09:00:00Z"));
      expect(await runner.autoDeliveryOrders.remind()).toBe(1);
      const leaverName = MfpSubscriptionCartSchema.parse(changed.body).picks.find((p) => p.code === leaver)!.name;
      const reminder = mailTextsTo(running.outbox, customer.email).find((m) => m.includes("will be ordered on 2027-01-10"));
      expect(reminder).toContain(`2 × ${leaverName}`);

      clock.set(new Date("2027-01-10T15:00:00Z"));
      expect(await runner.autoDeliveryOrders.placeDue()).toContain("placed");
      expect(await runner.autoDeliveryOrders.placeDue()).toEqual([]);
      const orders = await ordersOf(customer.id);
      expect(orders).toHaveLength(2);
      const placed = orders[1]!;
      expect(placed).toMatchObject({ subtotal_minor: 5999, delivery_minor: 0, total_minor: 5999 + placed.tax_minor });
      const lines = await linesOf(placed.id);
      expect(sorted(lines.map((l) => ({ code: l.product_code, quantity: l.quantity })))).toEqual(sorted(januaryPick));
      expect(lines.reduce((sum, l) => sum + l.total_minor, 0)).toBe(5999);
      expect((await boxSubscriptionOf(customer.token))?.nextDeliveryDate).toBe("2027-02-10");
      expect(mailTextsTo(running.outbox, customer.email).some((m) => m.includes("Your monthly box for 2027-01: $59.99, standard delivery included"))).toBe(
        true,
      );
      const shipped = MfpSubscriptionCartSchema.parse(
        (await call("GET", `/usb2c/users/current/getMFPSubscriptionCart?subscriptionCode=${code}&month=2027-01`, customer.token)).body,
      );
      expect(shipped).toMatchObject({ changeable: false, unchangeableReason: "placed", orderCode: placed.code });
    });

    it("carries January's picks over to February when none were saved, the one February no longer offers swapped for its first product, said in the mail", async () => {
      const [leaver, stayer1, stayer2] = januaryPick.map((p) => p.code) as [string, string, string];
      const preview = MfpSubscriptionCartSchema.parse(
        (await call("GET", `/usb2c/users/current/getMFPSubscriptionCart?subscriptionCode=${code}`, customer.token)).body,
      );
      expect(preview).toMatchObject({ month: "2027-02", source: "carriedOver", changeable: true });
      expect(preview.swaps).toEqual([expect.objectContaining({ code: leaver, replacedBy: [february[0]] })]);
      const expected = new Map([
        [stayer1, 1],
        [stayer2, 1],
      ]);
      expected.set(february[0]!, (expected.get(february[0]!) ?? 0) + 2);

      clock.set(new Date("2027-02-10T15:00:00Z"));
      expect(await runner.autoDeliveryOrders.placeDue()).toContain("placed");
      const orders = await ordersOf(customer.id);
      expect(orders).toHaveLength(3);
      const lines = await linesOf(orders[2]!.id);
      expect(lines.reduce((sum, l) => sum + l.total_minor, 0)).toBe(5999);
      expect(sorted(lines.map((l) => ({ code: l.product_code, quantity: l.quantity })))).toEqual(
        sorted([...expected].map(([c, quantity]) => ({ code: c, quantity }))),
      );
      // What shipped is February's picks from now on.
      expect(await picksSaved(code, "2027-02")).toEqual(sorted(lines.map((l) => ({ code: l.product_code, quantity: l.quantity }))));
      const mail = mailTextsTo(running.outbox, customer.email).find((m) => m.includes("Your monthly box for 2027-02"));
      expect(mail).toMatch(/isn't in this month's selection: .+ takes its place\./);
    });
  });

  describe("the auto-delivery calls on a box", () => {
    it("lists it with its kind, refuses a change of frequency or products in words, and pauses, resumes and cancels it", async () => {
      clock.set(new Date("2026-12-10T15:00:00Z"));
      const customer = await newCustomer();
      const added = AddMonthlyBoxAnswerSchema.parse((await addBox(customer.token, pickOf("2026-12"))).body);
      await checkOut(customer.token, added.cartGuid);
      const box = (await boxSubscriptionOf(customer.token))!;
      expect(box.items.map((i) => i.quantity).reduce((a, b) => a + b, 0)).toBe(4);
      expect(box.monthlyBox?.restrictions).toMatch(/can't be changed/);
      const path = `/usb2c/users/current/subscriptions/${box.code}`;
      const frequency = await call("PUT", path, customer.token, { frequencyWeeks: 6 });
      expect(frequency.status).toBe(400);
      expect(frequency.body.errors?.[0]?.message).toBe(
        "This is a monthly box: its frequency, products, date and pods at home can't be changed. Change its picks instead, or pause or cancel it.",
      );
      const items = await call("PUT", path, customer.token, { items: [{ productCode: pickOf("2026-12")[0]!.code, qty: 3 }] });
      expect(items.status).toBe(400);
      const addToNext = await call("POST", "/usb2c/users/current/addProductToExistingAD", customer.token, {
        jobCode: box.code,
        productCode: pickOf("2026-12")[0]!.code,
      });
      expect(addToNext.status).toBe(400);
      expect(SubscriptionSchema.parse((await call("POST", `${path}/pause`, customer.token, {})).body).status).toBe("paused");
      const resumed = SubscriptionSchema.parse((await call("POST", `${path}/resume`, customer.token, {})).body);
      expect(resumed).toMatchObject({ status: "active", nextDeliveryDate: "2027-01-10", kind: "monthlyBox" });
      expect(SubscriptionSchema.parse((await call("POST", `${path}/cancel`, customer.token, { reason: "Too much coffee" })).body).status).toBe("cancelled");
      const january = MfpSubscriptionCartSchema.parse(
        (await call("GET", `/usb2c/users/current/getMFPSubscriptionCart?subscriptionCode=${box.code}`, customer.token)).body,
      );
      expect(january).toMatchObject({ changeable: false, unchangeableReason: "cancelled" });
    });
  });

  describe("agents, the box's lines in the cart, and another store", () => {
    it("lets an agent add a box only inside an assisted session for the customer, and audits it", async () => {
      clock.set(new Date("2026-12-10T15:00:00Z"));
      const customer = await newCustomer();
      const email = `agent-${randomHex(8)}@example.com`;
      await insertAccount(db, { email, password: PASSWORD, role: "agent" });
      const agent = await passwordToken(running.baseUrl, { email, password: PASSWORD, clientId: "agent" });
      const path = `/usb2c/users/${customer.id}/carts/current/addMonthlyBoxSubscription`;
      expect((await call("POST", path, agent, { entries: pickOf("2026-12") })).status).toBe(403);
      expect(await db.selectFrom("cart").select("id").where("customer_id", "=", customer.id).execute()).toHaveLength(0);
      expect((await call("POST", "/usb2c/assistedservicewebservices/sessions", agent, { customerId: customer.id })).status).toBe(201);
      const answer = await call("POST", path, agent, { entries: pickOf("2026-12") });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const audit = await db.selectFrom("agent_audit").select(["action", "detail"]).where("customer_id", "=", customer.id).orderBy("id").execute();
      expect(audit.at(-1)?.action).toBe("added a monthly box to cart");
      expect(audit.at(-1)?.detail).toMatch(/^2 × .+, 1 × .+, 1 × .+$/);
    });

    it("changes the box in the cart only whole: 0 on one of its lines takes the box off, another quantity is refused in words", async () => {
      const customer = await newCustomer();
      const added = AddMonthlyBoxAnswerSchema.parse((await addBox(customer.token, pickOf("2026-12"))).body);
      const [first] = added.monthlyBox.entryNumbers;
      const more = await call("POST", "/usb2c/users/current/updateCart", customer.token, { cartGuid: added.cartGuid, entryNumber: first, qty: 3 });
      expect(more.status).toBe(409);
      expect(more.body.errors?.[0]?.message).toBe(
        "This product is part of your monthly box: change the whole box, or set its quantity to 0 to remove the box.",
      );
      const plain = await call("POST", "/usb2c/users/current/addProductToCart", customer.token, {
        cartGuid: added.cartGuid,
        productCode: pickOf("2026-12")[1]!.code,
        qty: 1,
      });
      expect(plain.status).toBe(409);
      expect(await cartLines(added.cartGuid)).toHaveLength(3);
      const removed = await call("POST", "/usb2c/users/current/updateCart", customer.token, { cartGuid: added.cartGuid, entryNumber: first, qty: 0 });
      expect(removed.status).toBe(200);
      const cart = CartSchema.parse(removed.body);
      expect(cart.entries).toEqual([]);
      expect(cart.monthlyBox).toBeUndefined();
    });

    it("answers a box subscription asked on another store 404", async () => {
      const customer = await newCustomer();
      const added = AddMonthlyBoxAnswerSchema.parse((await addBox(customer.token, pickOf("2026-12"))).body);
      await checkOut(customer.token, added.cartGuid);
      const code = (await boxSubscriptionOf(customer.token))!.code;
      const canadian = await newCustomer("cab2c");
      expect((await call("GET", `/cab2c/users/current/getMFPSubscriptionCart?subscriptionCode=${code}`, canadian.token)).status).toBe(404);
      const update = await call("POST", "/cab2c/users/current/updateMonthlyFixedPriceCampaignCart", canadian.token, {
        subscriptionCode: code,
        month: "2027-01",
        entries: pickOf("2027-01"),
      });
      expect(update.status).toBe(404);
      expect(await picksSaved(code, "2027-01")).toEqual([]);
    });
  });
});
