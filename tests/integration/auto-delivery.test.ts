import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AutoDeliveryHomeSchema, SubscriptionListSchema, SubscriptionSchema } from "../../commerce/contract/auto-delivery";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, OrderSchema } from "../../commerce/contract/checkout";
import { addDays, dayOf, MovableClock } from "../../commerce/domain/clock";
import { type JobRunner, jobRunnerFor } from "../../commerce/domain/job-runner";
import type { Shop } from "../../commerce/domain/shop";
import { type Db, shopFromConfig } from "../../commerce/service";
import { insertSubscription } from "../../commerce/db/auto-delivery";
import { ADMIN_KEY, type RunningCommerce, startCommerce } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { APPROVED_CARD, type ApiAnswer, NY_ADDRESS, randomHex } from "../support/guest-checkout";
import { mailsTo } from "../support/mail";
import { usCoffees } from "../support/subscriptions";

const PASSWORD = "auto-delivery-2026";
const DECLINED_CARD = { ...APPROVED_CARD, cardNumber: "4000000000000002" };

/** tests/support/auto-delivery-runner.ts bundled for node, once per run (the store's build may be older than the code under test). */
let runnerEntry: Promise<string> | undefined;
const runnerBundle = path.join(".cache", "tests", `auto-delivery-runner-${process.pid}.mjs`);
afterAll(() => fs.rmSync(runnerBundle, { force: true }));

/** Starts runner processes on one store's database: each answers its child process and how it ended (exit code or signal). */
async function runnerProcesses(env: Record<string, string>) {
  runnerEntry ??= build({
    entryPoints: ["tests/support/auto-delivery-runner.ts"],
    outfile: runnerBundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  }).then(() => runnerBundle);
  const entry = await runnerEntry;
  return (task: "place" | "clean-up"): { process: ChildProcess; exit: Promise<number | NodeJS.Signals | null> } => {
    const child = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", ADMIN_API_KEY: ADMIN_KEY, ...env, RUNNER_TASK: task },
      stdio: ["ignore", "inherit", "inherit"],
    });
    return { process: child, exit: new Promise((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code))) };
  };
}

/**
 * Auto-delivery in the commerce service (decision 053): checking out a cart with an ADC line starts
 * a subscription; moving the store's clock makes it due and the runner places exactly one order
 * per subscription and date, however many runners sweep; the customer (and an agent, audited)
 * manages it; bad input is refused with a readable message and changes nothing.
 */
describe.each(DIALECTS)("auto-delivery on %s", (dialect) => {
  const clock = new MovableClock(new Date("2026-12-01T15:00:00Z"));
  let running: RunningCommerce;
  let db: Db;
  let coffee: string;
  let otherCoffee: string;
  /** Runner instances as other processes of the store would have them, on the same database and clock. */
  const shops: Shop[] = [];
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    // The store's own sweep waits an hour: the tests run the runner when they choose.
    running = await startCommerce(dialect, {}, { clock, autoDelivery: { sweepSeconds: 3600 } });
    db = running.db;
    [coffee, otherCoffee] = (await usCoffees(db, 2)) as [string, string];
    await db.updateTable("stock").set({ level: 100_000 }).where("product_code", "in", [coffee, otherCoffee]).execute();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await running?.stop();
  });

  /** Another process's runner on the suite's database and clock. */
  const runnerShop = () => {
    const shop = shopFromConfig(db, running.config, pino({ level: "silent" }), { clock, autoDelivery: { sweepSeconds: 1 } });
    shops.push(shop);
    return shop;
  };

  const call = async (method: string, path: string, token?: string, body?: unknown): Promise<ApiAnswer> => {
    const res = await fetch(`${running.baseUrl}/rest/v2/usb2c${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as ApiAnswer["body"] };
  };

  const newCustomer = async (role: "customer" | "agent" = "customer") => {
    const email = `${role}-${randomHex(6)}@example.com`;
    const id = await insertAccount(db, { email, password: PASSWORD, role });
    return { id, email, token: await passwordToken(running.baseUrl, { email, password: PASSWORD, clientId: role === "agent" ? "agent" : "storefront" }) };
  };

  /** Signs up a new customer with an ADC line of two boxes of coffee, checked out with `card`; answers the customer and the order placed. */
  const subscribe = async (card = APPROVED_CARD, adFrequencyWeeks = 4) => {
    const customer = await newCustomer();
    const added = await call("POST", "/users/current/addProductToAdCart", customer.token, { productCode: coffee, qty: 2, entryType: "ADC", podsAtHomeQty: 4 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const guid = CartModificationSchema.parse(added.body).cartGuid;
    const cart = `/users/current/carts/${guid}`;
    const withAddress = await call("POST", `${cart}/addresses/delivery`, customer.token, { address: NY_ADDRESS });
    const standard = CheckoutSchema.parse(withAddress.body).deliveryModes.find((m) => m.code === "standard")!;
    expect(
      (await call("PUT", `${cart}/updateDeliveryDetails`, customer.token, { deliveryModeId: standard.code, deliveryCost: standard.costMinor })).status,
    ).toBe(200);
    expect((await call("POST", `${cart}/paymentdetails`, customer.token, card)).status).toBe(201);
    const checkout = CheckoutSchema.parse((await call("GET", `${cart}/checkout`, customer.token)).body);
    const placed = await call("POST", `/users/current/orders?cartId=${guid}`, customer.token, {
      checkoutKey: randomHex(32),
      expectedTotal: checkout.totalPriceWithTax.minor,
      adFrequencyWeeks,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const subscriptions = SubscriptionListSchema.parse((await call("GET", "/users/current/fetchAllActiveSubscriptions", customer.token)).body).subscriptions;
    return { customer, order: OrderSchema.parse(placed.body), checkout, subscription: subscriptions[0]! };
  };

  const ordersOf = (customerId: string) => db.selectFrom("shop_order").selectAll().where("customer_id", "=", customerId).orderBy("id").execute();
  const subscriptionRow = (code: string) => db.selectFrom("subscription").selectAll().where("code", "=", code).executeTakeFirstOrThrow();
  /** Moves the store's clock to the subscription's next delivery, then runs one runner. */
  const untilDue = async (code: string) => {
    const { next_delivery_date } = await subscriptionRow(code);
    clock.set(new Date(`${next_delivery_date}T15:00:00Z`));
  };

  /**
   * `count` subscriptions of one new customer, copies of a real one (its card, address and price),
   * each with one box of coffee and due today; codes from `codeBase` up (one range per test).
   */
  const dueSubscriptions = async (count: number, codeBase: number) => {
    const { subscription } = await subscribe();
    const template = await subscriptionRow(subscription.code);
    const customer = await newCustomer();
    const at = clock.current().toISOString();
    const item = { product_code: coffee, quantity: 1, pods_at_home_qty: null, replacement_code: null, next_only: 0, created_at: at };
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const row = await insertSubscription(
        db,
        {
          ...template,
          id: undefined,
          code: `AD${String(codeBase + i + (dialect === "postgres" ? 500 : 0))}`,
          customer_id: customer.id,
          next_delivery_date: dayOf(clock.current()),
          reminded_for: null,
          created_at: at,
          updated_at: at,
        },
        [item],
      );
      ids.push(row.id);
    }
    return { customer, ids };
  };

  describe("subscribing at checkout", () => {
    it("places the first order and starts the subscription: its items, frequency, next date, address and card", async () => {
      const { order, subscription, checkout } = await subscribe(APPROVED_CARD, 3);
      expect(order.entries).toMatchObject([{ product: { code: coffee }, quantity: 2, entryType: "ADC" }]);
      expect(subscription).toMatchObject({
        adType: "ADC",
        status: "active",
        frequencyWeeks: 3,
        nextDeliveryDate: addDays(dayOf(clock.current()), 21),
        deliveryAddress: { line1: NY_ADDRESS.line1, postalCode: NY_ADDRESS.postalCode },
        payment: { last4: "4242" },
        items: [{ productCode: coffee, quantity: 2, podsAtHomeQty: 4, nextOnly: false }],
        firstOrderCode: order.code,
      });
      // The ADC line is priced at the subscriber's price: 10 % off the list price (strategy ALL, no sale).
      const line = checkout.cart.entries[0]!;
      const list = await db
        .selectFrom("price")
        .select("value")
        .where("product_code", "=", coffee)
        .where("kind", "=", "list")
        .where("currency", "=", "USD")
        .where("user_group", "=", "")
        .executeTakeFirst();
      if (list) expect(line.basePrice.minor).toBe(Math.round(list.value * 0.9));
    });

    it("refuses a guest: subscriptions are an account's", async () => {
      const added = await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode: coffee, entryType: "ADC" });
      expect(added.status).toBe(200);
      const lists = await call("GET", "/users/anonymous/fetchAllActiveSubscriptions");
      expect(lists.status).toBe(401);
    });
  });

  describe("placed by the runner when the clock reaches the date", () => {
    it("turns a due subscription into exactly one order, mailed, and plans the next delivery", async () => {
      const { customer, subscription } = await subscribe();
      const runner = runnerShop().autoDeliveryOrders;
      // Not due yet: nothing is placed.
      await runner.placeDue();
      expect(await ordersOf(customer.id)).toHaveLength(1);
      await untilDue(subscription.code);
      await runner.placeDue();
      await runner.placeDue();
      const orders = await ordersOf(customer.id);
      expect(orders).toHaveLength(2);
      expect(orders[1]!.payment_captured_at).not.toBeNull();
      const after = SubscriptionListSchema.parse((await call("GET", "/users/current/fetchAllActiveSubscriptions", customer.token)).body).subscriptions[0]!;
      expect(after.nextDeliveryDate).toBe(addDays(subscription.nextDeliveryDate, 28));
      expect(mailsTo(running.outbox, customer.email).some((m) => m.includes(`auto-delivery order ${orders[1]!.code}`))).toBe(true);
      const adOrders = await call("GET", `/users/current/adOrders?productCode=${coffee}`, customer.token);
      expect(adOrders.body.orders).toMatchObject([{ code: orders[1]!.code, subscriptionCode: subscription.code, deliveryDate: subscription.nextDeliveryDate }]);
      // The account page's one call carries the same orders beside the subscriptions.
      const home = AutoDeliveryHomeSchema.parse((await call("GET", "/users/current/autoDeliveryHomePageData", customer.token)).body);
      expect(home.orders).toEqual((await call("GET", "/users/current/adOrders", customer.token)).body.orders);
      expect(home.orders.map((o) => o.code)).toContain(orders[1]!.code);
      expect(home.subscriptions.map((s) => s.code)).toEqual([subscription.code]);
    });

    it("mails a reminder a few days before, once", async () => {
      const { customer, subscription } = await subscribe();
      const runner = runnerShop().autoDeliveryOrders;
      clock.set(new Date(`${addDays(subscription.nextDeliveryDate, -2)}T09:00:00Z`));
      await runner.remind();
      await runner.remind();
      const reminders = mailsTo(running.outbox, customer.email).filter((m) => m.includes(`auto-delivery ships on ${subscription.nextDeliveryDate}`));
      expect(reminders).toHaveLength(1);
    });

    it("tries a declined card again on a schedule, mails the customer each time, and pauses after the last try", async () => {
      const { customer, subscription } = await subscribe();
      // The customer's card on file is declined from now on.
      const declining = await call("POST", "/users/current/addProductToCart", customer.token, { productCode: otherCoffee });
      const guid = CartModificationSchema.parse(declining.body).cartGuid;
      expect((await call("POST", `/users/current/carts/${guid}/paymentdetails`, customer.token, DECLINED_CARD)).status).toBe(201);
      expect((await call("POST", `/users/current/subscriptions/${subscription.code}/card`, customer.token, { cartGuid: guid })).status).toBe(200);
      const runner = runnerShop().autoDeliveryOrders;
      await untilDue(subscription.code);
      expect(await runner.placeDue()).toContain("declined");
      // Not again before its retry time.
      expect(await runner.placeDue()).not.toContain("declined");
      for (const days of [1, 3]) {
        clock.advance(days);
        expect(await runner.placeDue()).toContain("declined");
      }
      clock.advance(5);
      expect(await runner.placeDue()).toContain("paused");
      expect((await subscriptionRow(subscription.code)).status).toBe("paused");
      expect(await ordersOf(customer.id)).toHaveLength(1);
      expect(mailsTo(running.outbox, customer.email).filter((m) => m.includes("couldn't charge your card"))).toHaveLength(4);
    });

    it("leaves out an item out of stock, or ships its replacement, as the customer chose", async () => {
      const { customer, subscription } = await subscribe();
      const runner = runnerShop().autoDeliveryOrders;
      const scarce = otherCoffee;
      const put = await call("PUT", `/users/current/subscriptions/${subscription.code}`, customer.token, { items: [{ productCode: scarce, qty: 1 }] });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      await db.updateTable("stock").set({ level: 0 }).where("product_code", "=", scarce).execute();
      await untilDue(subscription.code);
      await runner.placeDue();
      let orders = await ordersOf(customer.id);
      const entries = await db.selectFrom("shop_order_entry").select("product_code").where("order_id", "=", orders.at(-1)!.id).execute();
      expect(entries.map((e) => e.product_code)).toEqual([coffee]);
      // Next time the scarce coffee is replaced by the first one.
      const replace = await call("PUT", `/users/current/subscriptions/${subscription.code}`, customer.token, {
        outOfStock: "replace",
        replacements: { [scarce]: coffee },
      });
      expect(replace.status).toBe(200);
      await untilDue(subscription.code);
      await runner.placeDue();
      orders = await ordersOf(customer.id);
      const replaced = await db.selectFrom("shop_order_entry").select(["product_code", "quantity"]).where("order_id", "=", orders.at(-1)!.id).execute();
      expect(replaced).toEqual([
        { product_code: coffee, quantity: 2 },
        { product_code: coffee, quantity: 1 },
      ]);
      await db.updateTable("stock").set({ level: 100_000 }).where("product_code", "=", scarce).execute();
    });
  });

  describe("exactly once", () => {
    // A test's 200 subscriptions would fall due again when a later test moves the clock weeks ahead,
    // and that test's sweep would place 200 orders that are not its own (slow enough to time out).
    afterEach(async () => {
      await db.updateTable("subscription").set({ status: "cancelled" }).where("status", "=", "active").execute();
    });

    it("200 due subscriptions and two runners sweeping at once: 200 orders, none twice, stock taken once each", { timeout: 180_000 }, async () => {
      const { customer, ids } = await dueSubscriptions(200, 90_000_000);
      // Only these 200 are due: the earlier tests' subscriptions would take stock of the same coffee.
      await db.updateTable("subscription").set({ status: "cancelled" }).where("customer_id", "<>", customer.id).execute();
      const stockBefore = (await db.selectFrom("stock").select("level").where("product_code", "=", coffee).executeTakeFirstOrThrow()).level;
      const [a, b] = [runnerShop(), runnerShop()];
      await Promise.all([a.autoDeliveryOrders.placeDue(), b.autoDeliveryOrders.placeDue(), a.autoDeliveryOrders.placeDue()]);
      const placed = await db
        .selectFrom("subscription_order")
        .select(["subscription_id", "order_code"])
        .where("subscription_id", "in", ids)
        .where("status", "=", "placed")
        .execute();
      expect(placed).toHaveLength(200);
      expect(new Set(placed.map((p) => p.subscription_id)).size).toBe(200);
      expect(await ordersOf(customer.id)).toHaveLength(200);
      const stockAfter = (await db.selectFrom("stock").select("level").where("product_code", "=", coffee).executeTakeFirstOrThrow()).level;
      expect(stockBefore - stockAfter).toBe(200);
      // Every order's card hold was used once; none is left held.
      const attempts = await db.selectFrom("payment_attempt").select(["status", "order_code"]).where("checkout_key", "like", "ad-%").execute();
      expect(attempts.filter((x) => x.status === "authorized")).toEqual([]);
    });

    it(
      `two job runners (${dialect === "postgres" ? "pg-boss" : "the database runner"}) sweeping the same due subscriptions: each placed once`,
      { timeout: 120_000 },
      async () => {
        const { customer } = await dueSubscriptions(40, 80_000_000);
        for (let i = 0; i < 2; i++) {
          const jobs = jobRunnerFor(db, {
            logger: pino({ level: "silent" }),
            postgresUrl: dialect === "postgres" ? running.databaseUrl : undefined,
            pollMs: 200,
          });
          runnerShop().autoDeliveryOrders.scheduleOn(jobs);
          runners.push(jobs);
          await jobs.start();
        }
        const deadline = Date.now() + 60_000;
        while ((await ordersOf(customer.id)).length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        // Stopped, each runner has finished the sweep it had under way: nothing more can come.
        await Promise.all(runners.map((r) => r.stop()));
        expect(await ordersOf(customer.id)).toHaveLength(40);
      },
    );

    it(
      "two runner processes, one killed with SIGKILL in the middle and restarted: still 200 orders, none twice, no card left held",
      { timeout: 180_000 },
      async () => {
        const { customer, ids } = await dueSubscriptions(200, 70_000_000);
        await db.updateTable("subscription").set({ status: "cancelled" }).where("customer_id", "<>", customer.id).execute();
        const stockBefore = (await db.selectFrom("stock").select("level").where("product_code", "=", coffee).executeTakeFirstOrThrow()).level;
        const ordered = async () => (await ordersOf(customer.id)).length;
        // Claims that hold no time at all: both processes take the same subscriptions, and only the
        // delivery's record, checked in the order's transaction, keeps each to one order.
        const runnerProcess = await runnerProcesses({
          DATABASE_URL: running.databaseUrl,
          MAIL_OUTBOX_DIR: running.outbox,
          RUNNER_CLOCK_AHEAD_MS: String(clock.current().getTime() - Date.now()),
          RUNNER_LEASE_MS: "0",
        });
        const [killed, other] = [runnerProcess("place"), runnerProcess("place")];
        const deadline = Date.now() + 60_000;
        while ((await ordered()) < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        killed.process.kill("SIGKILL");
        expect(await killed.exit).toBe("SIGKILL");
        expect(await ordered()).toBeLessThan(200);
        const restarted = runnerProcess("place");
        expect(await restarted.exit).toBe(0);
        expect(await other.exit).toBe(0);
        expect(await runnerProcess("clean-up").exit).toBe(0);

        const placed = await db
          .selectFrom("subscription_order")
          .select(["subscription_id", "order_code", "cart_id"])
          .where("subscription_id", "in", ids)
          .where("status", "=", "placed")
          .execute();
        expect(new Set(placed.map((p) => p.subscription_id)).size).toBe(200);
        const orders = await ordersOf(customer.id);
        expect(orders).toHaveLength(200);
        expect(new Set(orders.map((o) => o.code))).toEqual(new Set(placed.map((p) => p.order_code)));
        const stockAfter = (await db.selectFrom("stock").select("level").where("product_code", "=", coffee).executeTakeFirstOrThrow()).level;
        expect(stockBefore - stockAfter).toBe(200);
        // Each order's hold used and captured; every other hold (the killed process's) released.
        expect(orders.filter((o) => o.payment_captured_at === null)).toEqual([]);
        const attempts = await db
          .selectFrom("payment_attempt")
          .select(["status", "order_code"])
          .where(
            "cart_id",
            "in",
            placed.map((p) => p.cart_id!),
          )
          .execute();
        expect(
          attempts
            .filter((a) => a.status === "used")
            .map((a) => a.order_code)
            .sort(),
        ).toEqual(orders.map((o) => o.code).sort());
        expect(attempts.filter((a) => a.status !== "used" && a.status !== "voided" && a.status !== "declined")).toEqual([]);
      },
    );
  });

  describe("managing a subscription", () => {
    it("skips the next delivery: the runner places nothing on that date and the next one moves on", async () => {
      const { customer, subscription } = await subscribe();
      const skipped = SubscriptionSchema.parse((await call("POST", `/users/current/subscriptions/${subscription.code}/skip`, customer.token)).body);
      expect(skipped.nextDeliveryDate).toBe(addDays(subscription.nextDeliveryDate, 28));
      clock.set(new Date(`${subscription.nextDeliveryDate}T15:00:00Z`));
      await runnerShop().autoDeliveryOrders.placeDue();
      expect(await ordersOf(customer.id)).toHaveLength(1);
    });

    it("pauses (nothing is placed), resumes, changes frequency, and cancels with a reason", async () => {
      const { customer, subscription } = await subscribe();
      const path = `/users/current/subscriptions/${subscription.code}`;
      expect((await call("POST", `${path}/pause`, customer.token)).body).toMatchObject({ status: "paused" });
      await untilDue(subscription.code);
      await runnerShop().autoDeliveryOrders.placeDue();
      expect(await ordersOf(customer.id)).toHaveLength(1);
      const resumed = await call("POST", `${path}/resume`, customer.token, {});
      expect(resumed.body).toMatchObject({ status: "active", nextDeliveryDate: addDays(dayOf(clock.current()), 7) });
      expect((await call("PUT", path, customer.token, { frequencyWeeks: 6 })).body).toMatchObject({ frequencyWeeks: 6 });
      const cancelled = await call("POST", `${path}/cancel`, customer.token, { reason: "Too much coffee" });
      expect(cancelled.body).toMatchObject({ status: "cancelled", cancelReason: "Too much coffee" });
      const list = SubscriptionListSchema.parse((await call("GET", "/users/current/fetchAllActiveSubscriptions", customer.token)).body);
      expect(list.subscriptions).toEqual([]);
    });

    it("orders the next delivery now", async () => {
      const { customer, subscription } = await subscribe();
      const now = await call("POST", `/users/current/subscriptions/${subscription.code}/deliverNow`, customer.token);
      expect(now.status, JSON.stringify(now.body)).toBe(200);
      expect(await ordersOf(customer.id)).toHaveLength(2);
      expect(now.body).toMatchObject({ nextDeliveryDate: addDays(dayOf(clock.current()), 28) });
    });

    it("adds a product to the next delivery once; a repeat is refused ALREADY_ADDED_TO_BACKUP_PRODUCT", async () => {
      const { customer, subscription } = await subscribe();
      const body = { jobCode: subscription.code, productCode: otherCoffee, qty: 1, locationOfAddToCart: "pdp" };
      const first = await call("POST", "/users/current/addProductToExistingAD", customer.token, body);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const again = await call("POST", "/users/current/addProductToExistingAD", customer.token, body);
      expect(again.status).toBe(409);
      expect(again.body.errors?.[0]).toMatchObject({ reason: "ALREADY_ADDED_TO_BACKUP_PRODUCT" });
      const details = await call("GET", `/users/current/getExistingADDetails?productCode=${otherCoffee}`, customer.token);
      expect(details.body).toMatchObject({ eligible: true, subscriptions: [{ code: subscription.code, hasProduct: true }] });
      await call("POST", `/users/current/subscriptions/${subscription.code}/pause`, customer.token);
      const paused = await call("POST", "/users/current/addProductToExistingAD", customer.token, { ...body, productCode: coffee });
      expect(paused.status).toBe(409);
      expect(paused.body.errors?.[0]).toMatchObject({ reason: "NON_ELIGIBLE_SP_USER" });
    });

    it("lets an agent change a customer's frequency inside an assisted session, and the audit log lists it", async () => {
      const { customer, subscription } = await subscribe();
      const agent = await newCustomer("agent");
      const path = `/users/${customer.id}/subscriptions/${subscription.code}`;
      expect((await call("PUT", path, agent.token, { frequencyWeeks: 2 })).status).toBe(403);
      expect((await call("POST", "/assistedservicewebservices/sessions", agent.token, { customerId: customer.id })).status).toBe(201);
      expect((await call("PUT", path, agent.token, { frequencyWeeks: 2 })).body).toMatchObject({ frequencyWeeks: 2 });
      const audit = await db.selectFrom("agent_audit").select(["action", "detail"]).where("customer_id", "=", customer.id).orderBy("id").execute();
      expect(audit.map((a) => a.action)).toContain("changed auto-delivery");
      expect(audit.find((a) => a.action === "changed auto-delivery")!.detail).toContain("every 2 weeks (was 4)");
    });
  });

  describe("refusals: 4xx with a readable message, nothing changed", () => {
    it("another customer's subscription answers 404 like an unknown one", async () => {
      const { subscription } = await subscribe();
      const stranger = await newCustomer();
      for (const [method, suffix, body] of [
        ["PUT", "", { frequencyWeeks: 2 }],
        ["POST", "/skip", undefined],
        ["POST", "/cancel", { reason: "not mine" }],
      ] as const) {
        const answer = await call(method, `/users/current/subscriptions/${subscription.code}${suffix}`, stranger.token, body);
        expect(answer.status).toBe(404);
        expect(answer.body.errors?.[0]?.message).toBe("Subscription not found.");
      }
      const repeat = await call("POST", "/users/current/addProductToExistingAD", stranger.token, { jobCode: subscription.code, productCode: coffee });
      expect(repeat.status).toBe(404);
      expect(await subscriptionRow(subscription.code)).toMatchObject({ status: "active", frequency_weeks: 4 });
    });

    it.each([
      ["a frequency of 0 weeks", { frequencyWeeks: 0 }, /at least 1 week/],
      ["a frequency of 1,000 weeks", { frequencyWeeks: 1000 }, /at most 26 weeks/],
      ["a date in the past", { nextDeliveryDate: "2020-01-01" }, /after today/],
      ["a date that does not exist", { nextDeliveryDate: "2027-02-30" }, /exists/],
      ["podsAtHomeQty over the store's maximum", { items: [{ productCode: "X", qty: 1, podsAtHomeQty: 11 }] }, /at most 10/],
      ["podsAtHomeQty that is not a number", { items: [{ productCode: "X", qty: 1, podsAtHomeQty: "lots" }] }, /whole number/],
    ])("%s", async (_what, change, message) => {
      const { customer, subscription } = await subscribe();
      if ("items" in change) change.items[0]!.productCode = coffee;
      const before = await subscriptionRow(subscription.code);
      const answer = await call("PUT", `/users/current/subscriptions/${subscription.code}`, customer.token, change);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.map((e) => e.message).join(" ")).toMatch(message);
      expect(await subscriptionRow(subscription.code)).toEqual(before);
    });

    it("podsAtHomeQty over the store's maximum on the AD cart add", async () => {
      const customer = await newCustomer();
      const answer = await call("POST", "/users/current/addProductToAdCart", customer.token, { productCode: coffee, entryType: "ADC", podsAtHomeQty: 11 });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.message).toMatch(/at most 10/);
    });

    it("a checkout frequency of 0 weeks is refused and no order is placed", async () => {
      const customer = await newCustomer();
      const added = await call("POST", "/users/current/addProductToAdCart", customer.token, { productCode: coffee });
      const guid = CartModificationSchema.parse(added.body).cartGuid;
      const answer = await call("POST", `/users/current/orders?cartId=${guid}`, customer.token, {
        checkoutKey: randomHex(32),
        expectedTotal: 1,
        adFrequencyWeeks: 0,
      });
      expect(answer.status).toBe(400);
      expect(await ordersOf(customer.id)).toHaveLength(0);
    });
  });
});
