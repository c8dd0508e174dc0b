import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AddressListSchema } from "../../commerce/contract/address";
import { AgentProfileSchema, AuditLogSchema, CustomerProfileSchema } from "../../commerce/contract/auth";
import { CartModificationSchema, CartSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, OrderHistorySchema, OrderSchema } from "../../commerce/contract/checkout";
import { encodeBits } from "../../commerce/contract/quiz";
import { insertSubscription } from "../../commerce/db/auto-delivery";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { commerceForSuite } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";

type Answer = { status: number; body: Record<string, unknown> & { errors?: { type: string; reason?: string; message: string }[] } };

const PASSWORD = "assisted-session-2026";
const APPROVED_CARD = {
  cardNumber: "4242424242424242",
  expiryMonth: 12,
  expiryYear: 2031,
  cvc: "123",
  accountHolderName: "Ada Lovelace",
  billingPostalCode: "12207",
};
const NY_ADDRESS = { firstName: "Ada", lastName: "Lovelace", line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" };
const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/**
 * Customer-service agents on the API (users/{customerId}/…) act only inside an assisted session
 * they started for that customer and have not ended; they never enter cards; what they read and
 * change is written to the customer's audit log, one entry per request.
 */
describe.each(DIALECTS)("assisted sessions on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const db = () => suite.api().db;

  const call = async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(`${suite.api().baseUrl}/rest/v2${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer["body"] };
  };
  const signIn = (email: string, password: string, clientId: "storefront" | "agent", site = "usb2c") =>
    passwordToken(suite.api().baseUrl, { email, password, clientId, site });

  /** An account of its own (so its audit log holds only what the test did), signed in. */
  const newAccount = async (role: "customer" | "agent", site = "usb2c") => {
    const email = `${role}-${hex(5)}@example.com`;
    const id = await insertAccount(db(), { email, password: PASSWORD, site, role, lastName: `Lovelace${hex(3)}` });
    return { id, token: await signIn(email, PASSWORD, role === "agent" ? "agent" : "storefront", site) };
  };
  const demoAgent = () => signIn("demo.agent@example.com", DEMO_PASSWORD, "agent");

  const auditOf = (customerId: string) =>
    db()
      .selectFrom("agent_audit")
      .select(["agent_id", "customer_id", "action", "detail", "correlation_id"])
      .where("customer_id", "=", customerId)
      .orderBy("id")
      .execute();

  /** A product the store sells now, with enough stock for the test. */
  const sellableProduct = async (site = "usb2c") => {
    const rows = await db()
      .selectFrom("product")
      .innerJoin("product_site", "product_site.product_code", "product.code")
      .innerJoin("stock", "stock.product_code", "product.code")
      .select("product.code")
      .where("product_site.site", "=", site)
      .where("product.is_bundle", "=", 0)
      .orderBy("product.code")
      .limit(40)
      .execute();
    for (const { code } of rows) {
      if ((await call("POST", `/${site}/users/anonymous/addProductToCart`, undefined, { productCode: code })).status !== 200) continue;
      await db().updateTable("stock").set({ level: 500 }).where("product_code", "=", code).execute();
      return code;
    }
    throw new Error("no sellable product");
  };

  const start = (agentToken: string, customerId: string, headers: Record<string, string> = {}) =>
    call("POST", "/usb2c/assistedservicewebservices/sessions", agentToken, { customerId }, headers);
  const end = (agentToken: string, customerId: string, headers: Record<string, string> = {}) =>
    call("DELETE", `/usb2c/assistedservicewebservices/sessions/${customerId}`, agentToken, undefined, headers);
  const expectSessionRequired = (answer: Answer, what: string) => {
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(403);
    expect(answer.body.errors?.[0]?.type, what).toBe("AgentSessionRequiredError");
    expect(answer.body.errors?.[0]?.message, what).toMatch(/assisted session/);
  };

  describe("an agent without a session", () => {
    it("is refused 403 on the customer's profile, addresses, cart and orders, and nothing is read, changed or logged", async () => {
      const agent = await demoAgent();
      const customer = await newAccount("customer");
      const code = await sellableProduct();
      // The customer has a cart of their own the agent might try to reach.
      const own = CartModificationSchema.parse((await call("POST", "/usb2c/users/current/addProductToCart", customer.token, { productCode: code })).body);
      const user = `/usb2c/users/${customer.id}`;
      // The storefront's agent headers name the customer too; they open nothing on their own.
      const headers = { customerId: customer.id, csAgentId: "demo.agent@example.com" };

      for (const [method, path, body] of [
        ["GET", user, undefined],
        ["PATCH", user, { firstName: "Mallory" }],
        ["GET", `${user}/addresses`, undefined],
        ["POST", `${user}/addresses`, NY_ADDRESS],
        ["GET", `${user}/carts/current`, undefined],
        ["GET", `${user}/carts/${own.cartGuid}`, undefined],
        ["GET", `${user}/carts/${own.cartGuid}/checkout`, undefined],
        ["POST", `${user}/addProductToCart`, { productCode: code, qty: 3 }],
        ["POST", `${user}/updateCart`, { entryNumber: 0, qty: 0, cartGuid: own.cartGuid }],
        ["GET", `${user}/orders`, undefined],
        ["GET", `${user}/orders/000000000001`, undefined],
        ["GET", `${user}/auditlog`, undefined],
      ] as const) {
        expectSessionRequired(await call(method, path, agent, body, headers), `${method} ${path}`);
      }
      expect((await call("GET", "/usb2c/users/current", agent, undefined, headers)).status).toBe(404);

      const profile = CustomerProfileSchema.parse((await call("GET", "/usb2c/users/current", customer.token)).body);
      expect(profile.firstName).toBe("Ada");
      expect(AddressListSchema.parse((await call("GET", "/usb2c/users/current/addresses", customer.token)).body).addresses).toEqual([]);
      const cart = CartSchema.parse((await call("GET", "/usb2c/users/current/carts/current", customer.token)).body);
      expect(cart.entries.map((e) => [e.product.code, e.quantity])).toEqual([[code, 1]]);
      expect(await auditOf(customer.id)).toEqual([]);
    });

    it("is refused 403 on every operation under users/{user}/ for a customer of the brand, and nothing is logged", async () => {
      const agent = await demoAgent();
      const customer = await newAccount("customer");
      const document = (await (await fetch(`${suite.api().baseUrl}/rest/v2/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      const operations = Object.entries(document.paths)
        .filter(([path]) => path.includes("/users/{user}/") || path.endsWith("/users/{user}"))
        .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
      expect(operations.length).toBeGreaterThan(40);
      const answered: Record<string, number> = {};
      for (const operation of operations) {
        const [method, path] = operation.split(" ") as [string, string];
        const target = path
          .replace("{brand}", "usb2c")
          .replace("{user}", customer.id)
          .replace("{cartGuid}", hex(16))
          .replace(/\{[^}]+\}/g, "1");
        // The coupon calls read their code before anything else; the other bodies are never read.
        const body = method === "GET" || method === "DELETE" ? undefined : { couponCode: "SAVE10" };
        answered[operation] = (await call(method, target, agent, body)).status;
      }
      expect(answered).toEqual(Object.fromEntries(operations.map((o) => [o, 403])));
      expect(await auditOf(customer.id)).toEqual([]);
    });

    it("meets 403 only for a customer of its brand: another brand's customer and an unknown id answer 404 as before", async () => {
      const agent = await demoAgent();
      const usCustomer = await newAccount("customer");
      const caCustomer = await newAccount("customer", "cab2c");
      expectSessionRequired(await call("GET", `/usb2c/users/${usCustomer.id}`, agent), "the brand's customer");
      for (const id of [caCustomer.id, randomUUID(), "demo.customer@example.com"]) {
        expect((await call("GET", `/usb2c/users/${id}`, agent)).status).toBe(404);
        expect((await call("GET", `/usb2c/users/${id}/orders`, agent)).status).toBe(404);
        // No session can be started for them either, so none ever opens them.
        expect((await start(agent, id)).status).toBe(404);
        expect((await call("GET", `/usb2c/users/${id}`, agent)).status).toBe(404);
      }
      // An agent is not a customer to act for.
      const otherAgent = await newAccount("agent");
      expect((await start(agent, otherAgent.id)).status).toBe(404);
      expect(await auditOf(caCustomer.id)).toEqual([]);
    });
  });

  describe("an agent inside a session it started", () => {
    it("reads and changes the customer's account, cart and orders, each request written once with agent, customer, action and correlation id", async () => {
      const agent = await newAccount("agent");
      const customer = await newAccount("customer");
      const code = await sellableProduct();
      const user = `/usb2c/users/${customer.id}`;
      let n = 0;
      const sent: string[] = [];
      const as = (method: string, path: string, body?: unknown) => {
        const correlationID = `${dialect}-${hex(6)}-${++n}`;
        sent.push(correlationID);
        return call(method, path, agent.token, body, { correlationID });
      };

      expect((await as("POST", "/usb2c/assistedservicewebservices/sessions", { customerId: customer.id })).status).toBe(201);
      expect(CustomerProfileSchema.parse((await as("GET", user)).body).customerId).toBe(customer.id);
      expect((await as("PATCH", user, { phone: "518 555 0100" })).status).toBe(200);
      expect((await as("POST", `${user}/addresses`, NY_ADDRESS)).status).toBe(201);
      expect(AddressListSchema.parse((await as("GET", `${user}/addresses`)).body).addresses).toHaveLength(1);
      expect((await as("POST", `${user}/addProductToCart`, { productCode: code, qty: 2 })).status).toBe(200);
      const cart = CartSchema.parse((await as("GET", `${user}/carts/current`)).body);
      expect(cart.totalUnitCount).toBe(2);
      const withAddress = await as("POST", `${user}/carts/${cart.guid}/addresses/delivery`, { address: NY_ADDRESS });
      expect(withAddress.status, JSON.stringify(withAddress.body)).toBe(200);
      const mode = CheckoutSchema.parse(withAddress.body).deliveryModes[0]!;
      expect((await as("PUT", `${user}/carts/${cart.guid}/updateDeliveryDetails`, { deliveryModeId: mode.code })).status).toBe(200);
      // The customer enters their own card, on their own device.
      expect((await call("POST", `/usb2c/users/current/carts/${cart.guid}/paymentdetails`, customer.token, APPROVED_CARD)).status).toBe(201);
      const ready = CheckoutSchema.parse((await as("GET", `${user}/carts/${cart.guid}/checkout`)).body);
      expect(ready.missing).toEqual([]);
      const placed = await as("POST", `${user}/orders?cartId=current`, { checkoutKey: hex(16), expectedTotal: ready.totalPriceWithTax.minor });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = OrderSchema.parse(placed.body);
      expect(OrderHistorySchema.parse((await as("GET", `${user}/orders`)).body).orders.map((o) => o.code)).toEqual([order.code]);
      expect(OrderSchema.parse((await as("GET", `${user}/orders/${order.code}`)).body).code).toBe(order.code);
      expect((await as("GET", `${user}/auditlog`)).status).toBe(200);
      expect((await as("DELETE", `/usb2c/assistedservicewebservices/sessions/${customer.id}`)).status).toBe(200);

      const entries = await auditOf(customer.id);
      expect(entries.map((e) => [e.correlation_id, e.action])).toEqual([
        [sent[0], "session started"],
        [sent[1], "viewed profile"],
        [sent[2], "updated profile"],
        [sent[3], "added address"],
        [sent[4], "viewed addresses"],
        [sent[5], "added to cart"],
        [sent[6], "viewed cart"],
        [sent[7], "set delivery address"],
        [sent[8], "chose delivery"],
        [sent[9], "viewed checkout"],
        [sent[10], "placed order"],
        [sent[11], "viewed orders"],
        [sent[12], "viewed order"],
        [sent[13], "viewed audit log"],
        [sent[14], "session ended"],
      ]);
      for (const entry of entries) expect(entry).toMatchObject({ agent_id: agent.id, customer_id: customer.id });
      expect(entries.find((e) => e.action === "placed order")?.detail).toBe(order.code);
      expect(entries.find((e) => e.action === "viewed cart")?.detail).toBe(cart.code);
      // The agent reads the same log through the API.
      expect((await start(agent.token, customer.id)).status).toBe(201);
      const log = AuditLogSchema.parse((await call("GET", `${user}/auditlog`, agent.token)).body);
      expect(log.entries.map((e) => e.correlationId)).toEqual(expect.arrayContaining(sent));
    });

    it("is written to the log once for every read under users/{user}/, before the answer", async () => {
      const agent = await newAccount("agent");
      const customer = await newAccount("customer");
      const code = await sellableProduct();
      const user = `/usb2c/users/${customer.id}`;
      expect((await start(agent.token, customer.id)).status).toBe(201);
      /** The agent fills the customer's cart up to the card, which the customer enters. */
      const readyCart = async () => {
        expect((await call("POST", `${user}/addProductToCart`, agent.token, { productCode: code })).status).toBe(200);
        const guid = CartSchema.parse((await call("GET", `${user}/carts/current`, agent.token)).body).guid;
        const withAddress = CheckoutSchema.parse((await call("POST", `${user}/carts/${guid}/addresses/delivery`, agent.token, { address: NY_ADDRESS })).body);
        const deliveryModeId = withAddress.deliveryModes[0]!.code;
        expect((await call("PUT", `${user}/carts/${guid}/updateDeliveryDetails`, agent.token, { deliveryModeId })).status).toBe(200);
        expect((await call("POST", `/usb2c/users/current/carts/${guid}/paymentdetails`, customer.token, APPROVED_CARD)).status).toBe(201);
        return { guid, total: CheckoutSchema.parse((await call("GET", `${user}/carts/${guid}/checkout`, agent.token)).body).totalPriceWithTax.minor };
      };
      const ordered = await readyCart();
      const placed = await call("POST", `${user}/orders?cartId=${ordered.guid}`, agent.token, { checkoutKey: hex(16), expectedTotal: ordered.total });
      expect(placed.status).toBe(201);
      const order = OrderSchema.parse(placed.body);
      const open = await readyCart();
      expect((await call("POST", `${user}/addresses`, agent.token, NY_ADDRESS)).status).toBe(201);
      const quiz = {
        quizResponse: encodeBits({ drink: "coffee", roast: "dark", flavours: ["bold"], caffeine: "regular", format: "pods" }),
        sensoryRoastType: "Dark",
        sensoryFlavorType: "bold",
      };
      expect((await call("POST", `${user}/beverage-quiz/submitQuiz`, agent.token, quiz)).status).toBe(200);
      // A registered brewer and a monthly box subscription, for the reads that name one (decisions 067, 070).
      const serial = (
        await db()
          .selectFrom("brewer_serial")
          .leftJoin("brewer_registration", "brewer_registration.serial", "brewer_serial.serial")
          .select("brewer_serial.serial")
          .where("brewer_registration.id", "is", null)
          .where("brewer_serial.family_code", "=", "8003-BFBR")
          .orderBy("brewer_serial.serial")
          .executeTakeFirstOrThrow()
      ).serial;
      expect((await call("POST", `${user}/registernewbrewer`, agent.token, { serialNumber: serial })).status).toBe(201);
      // Two saved drink designs (decision 073): one to open, one the spec's GET deleteRecipe deletes.
      const pod = (await call("GET", "/usb2c/designOptions")).body as { beverages: { code: string }[] };
      const design = { productCode: pod.beverages[0]!.code, size: "8", strength: "regular", milk: "none", sweetness: "none" };
      const [opened, deleted] = await Promise.all(
        ["Opened", "Deleted"].map(async (name) => (await call("POST", `${user}/recipes/saveRecipe`, agent.token, { ...design, name })).body.recipeId as number),
      );
      const at = new Date().toISOString();
      const box = await insertSubscription(
        db(),
        {
          code: `AD${(randomBytes(4).readUInt32BE() % 90_000_000) + 10_000_000}`,
          site: "usb2c",
          customer_id: customer.id,
          lang: "en",
          currency: "USD",
          ad_type: "ADC",
          status: "active",
          frequency_weeks: 4,
          next_delivery_date: "2099-01-05",
          delivery_address: JSON.stringify(NY_ADDRESS),
          delivery_mode: "standard",
          card: JSON.stringify({ provider: "test", token: "tok", brand: "visa", last4: "4242", expMonth: 12, expYear: 2035 }),
          out_of_stock: "skip",
          first_order_code: order.code,
          kind: "monthlyBox",
          campaign_id: 170002,
          created_at: at,
          updated_at: at,
        },
        [],
      );

      const document = (await (await fetch(`${suite.api().baseUrl}/rest/v2/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      const reads = Object.entries(document.paths)
        .filter(([path, item]) => (path.includes("/users/{user}/") || path.endsWith("/users/{user}")) && "get" in item)
        .map(([path]) => path);
      expect(reads.length).toBeGreaterThanOrEqual(15);
      const answered: Record<string, number> = {};
      const written: Record<string, string[]> = {};
      for (const path of reads) {
        const target = path
          .replace("{brand}", "usb2c")
          .replace("{user}", customer.id)
          .replace("{cartGuid}", open.guid)
          .replace("{code}", order.code)
          .replace("quickShop/productDetail", `quickShop/productDetail?productCode=${code}`)
          .replace("getBrewerQuestionnaire", `getBrewerQuestionnaire?sn=${serial}`)
          .replace("getCampaignSubscriptionCart", `getCampaignSubscriptionCart?cartGuid=${open.guid}`)
          .replace("getMFPSubscriptionCart", `getMFPSubscriptionCart?subscriptionCode=${box.code}`)
          .replace("recipes/openDesignSpectrum", `recipes/openDesignSpectrum?recipeId=${opened}`)
          .replace("recipes/deleteRecipe", `recipes/deleteRecipe?recipeId=${deleted}`);
        const correlationID = `read-${hex(8)}`;
        answered[path] = (await call("GET", target, agent.token, undefined, { correlationID })).status;
        written[path] = (await auditOf(customer.id)).filter((e) => e.correlation_id === correlationID).map((e) => e.action);
      }
      // Stripe is not set up on this store: its customer is not read at all (409), and nothing is written.
      const stripe = "/{brand}/users/{user}/stripe/fetchStripeCustomerId";
      // PayPal is the customer's own to approve: an agent is refused before anything is read (decision 082).
      const paypal = ["/{brand}/users/{user}/carts/{cartGuid}/prepareDwCheckout", "/{brand}/users/{user}/carts/{cartGuid}/getPaypalPaymentStatus"];
      const unread = (p: string) => p === stripe || paypal.includes(p);
      expect(answered).toEqual(Object.fromEntries(reads.map((p) => [p, p === stripe ? 409 : paypal.includes(p) ? 403 : 200])));
      // The spec's deleteRecipe is a GET that deletes (decision 073): logged as what it does.
      const deleteRecipe = "/{brand}/users/{user}/recipes/deleteRecipe";
      for (const path of reads) {
        expect(written[path], path).toHaveLength(unread(path) ? 0 : 1);
        if (!unread(path) && path !== deleteRecipe) expect(written[path]![0], path).toMatch(/^(viewed|checked) /);
      }
      expect(written[deleteRecipe]).toEqual(["deleted a drink design"]);
      expect(written[reads.find((p) => p.endsWith("/orders/{code}"))!]).toEqual(["viewed order"]);
    });

    it("ends it and is refused at once; a new session opens the account again", async () => {
      const agent = await demoAgent();
      const customer = await newAccount("customer");
      const user = `/usb2c/users/${customer.id}`;
      expect((await start(agent, customer.id)).status).toBe(201);
      expect((await call("GET", user, agent)).status).toBe(200);
      expect((await end(agent, customer.id)).status).toBe(200);
      expectSessionRequired(await call("GET", user, agent), "reading after the end");
      expectSessionRequired(await call("POST", `${user}/addresses`, agent, NY_ADDRESS), "writing after the end");
      expectSessionRequired(await call("GET", `${user}/carts/current`, agent), "the cart after the end");
      expect(AddressListSchema.parse((await call("GET", "/usb2c/users/current/addresses", customer.token)).body).addresses).toEqual([]);
      // Ending again changes nothing and writes nothing.
      expect((await end(agent, customer.id)).status).toBe(200);
      expect((await auditOf(customer.id)).map((e) => e.action)).toEqual(["session started", "viewed profile", "session ended"]);

      expect((await start(agent, customer.id)).status).toBe(201);
      expect((await call("POST", `${user}/addresses`, agent, NY_ADDRESS)).status).toBe(201);
    });

    it("belongs to the sign-in that started it: signed in anew, the agent starts another; ending it ends both", async () => {
      const first = await demoAgent();
      const customer = await newAccount("customer");
      const user = `/usb2c/users/${customer.id}`;
      expect((await start(first, customer.id)).status).toBe(201);
      const second = await demoAgent();
      expectSessionRequired(await call("GET", user, second), "a new sign-in");
      expect((await start(second, customer.id)).status).toBe(201);
      expect((await call("GET", user, second)).status).toBe(200);
      expect((await call("GET", user, first)).status).toBe(200);
      expect((await end(second, customer.id)).status).toBe(200);
      expectSessionRequired(await call("GET", user, first), "the first sign-in after the end");
      expectSessionRequired(await call("GET", user, second), "the second sign-in after the end");
    });
  });

  describe("another agent's session", () => {
    it("does not count: the second agent is refused until it starts its own, and ending its own leaves the first one's open", async () => {
      const serving = await newAccount("agent");
      const other = await newAccount("agent");
      const customer = await newAccount("customer");
      const user = `/usb2c/users/${customer.id}`;
      expect((await start(serving.token, customer.id)).status).toBe(201);
      expect((await call("GET", user, serving.token)).status).toBe(200);
      expectSessionRequired(await call("GET", user, other.token), "another agent's read");
      expectSessionRequired(await call("PATCH", user, other.token, { lastName: "Mallory" }), "another agent's write");
      expectSessionRequired(await call("GET", `${user}/orders`, other.token), "another agent's orders");
      // The other agent's end touches only its own (absent) session.
      expect((await end(other.token, customer.id)).status).toBe(200);
      expect((await call("GET", user, serving.token)).status).toBe(200);

      expect((await start(other.token, customer.id)).status).toBe(201);
      expect((await call("GET", user, other.token)).status).toBe(200);
      const byAgent = (await auditOf(customer.id)).map((e) => [e.agent_id === serving.id ? "serving" : "other", e.action]);
      expect(byAgent).toEqual([
        ["serving", "session started"],
        ["serving", "viewed profile"],
        ["serving", "viewed profile"],
        ["other", "session started"],
        ["other", "viewed profile"],
      ]);
    });
  });

  describe("the agents' desk reading a customer's log", () => {
    const deskLog = (customerId: string, token?: string, headers: Record<string, string> = {}, site = "usb2c") =>
      call("GET", `/${site}/assistedservicewebservices/customers/${customerId}/auditlog`, token, undefined, headers);
    const sessionsOf = (customerId: string) => db().selectFrom("assisted_session").selectAll().where("customer_id", "=", customerId).execute();

    it("answers an agent of the brand without a session, opens none, and writes the read to the log", async () => {
      const agent = await newAccount("agent");
      const customer = await newAccount("customer");
      // Earlier work for the customer, in a session since ended.
      expect((await start(agent.token, customer.id)).status).toBe(201);
      expect((await end(agent.token, customer.id)).status).toBe(200);

      const correlationID = `desk-${hex(6)}`;
      const read = await deskLog(customer.id, agent.token, { correlationID });
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      const log = AuditLogSchema.parse(read.body);
      expect(log.customer).toMatchObject({ customerId: customer.id, firstName: "Ada", status: "active" });
      expect(log.entries.map((e) => e.action)).toEqual(["session ended", "session started"]);

      // The read is on the record, as a read by this agent; no session was started for it.
      expect((await auditOf(customer.id)).map((e) => [e.action, e.agent_id, e.correlation_id])).toEqual([
        ["session started", agent.id, expect.any(String)],
        ["session ended", agent.id, expect.any(String)],
        ["viewed the log", agent.id, correlationID],
      ]);
      expect(await sessionsOf(customer.id)).toEqual([]);
      expectSessionRequired(await call("GET", `/usb2c/users/${customer.id}`, agent.token), "the profile after reading the log");

      // The next read shows the first one, newest first.
      const again = AuditLogSchema.parse((await deskLog(customer.id, agent.token)).body);
      expect(again.entries.map((e) => e.action)).toEqual(["viewed the log", "session ended", "session started"]);
      expect(again.entries[0]!.correlationId).toBe(correlationID);
    });

    it("answers an empty log for a customer no agent has served, and records that it was read", async () => {
      const agent = await demoAgent();
      const customer = await newAccount("customer");
      const log = AuditLogSchema.parse((await deskLog(customer.id, agent)).body);
      expect(log.entries).toEqual([]);
      expect((await auditOf(customer.id)).map((e) => e.action)).toEqual(["viewed the log"]);
      expect(await sessionsOf(customer.id)).toEqual([]);
    });

    it("refuses anonymous callers and customers (their own log too), answers 404 for anyone not a customer of the brand, and writes nothing", async () => {
      const customer = await newAccount("customer");
      const neighbour = await newAccount("customer");
      expect((await deskLog(customer.id)).status).toBe(401);
      for (const id of [customer.id, neighbour.id]) {
        const refused = await deskLog(id, customer.token);
        expect(refused.status, id).toBe(403);
        expect(refused.body.errors?.[0]?.type).toBe("ForbiddenError");
        expect(refused.body.entries).toBeUndefined();
      }

      const agent = await demoAgent();
      const caCustomer = await newAccount("customer", "cab2c");
      const otherAgent = await newAccount("agent");
      for (const id of [caCustomer.id, otherAgent.id, randomUUID(), "demo.customer@example.com"]) {
        expect((await deskLog(id, agent)).status, id).toBe(404);
      }
      // A token of one brand reads nothing on another.
      expect((await deskLog(caCustomer.id, agent, {}, "cab2c")).status).toBe(401);

      for (const id of [customer.id, neighbour.id, caCustomer.id, otherAgent.id]) expect(await auditOf(id), id).toEqual([]);
    });

    it("names the agent, and the products an entry concerns in the language asked for", async () => {
      const [demo] = await db()
        .selectFrom("customer")
        .select(["id", "first_name", "last_name"])
        .where("email", "=", "demo.agent@example.com")
        .where("site", "=", "cab2c")
        .execute();
      const agent = await signIn("demo.agent@example.com", DEMO_PASSWORD, "agent", "cab2c");
      const customer = await newAccount("customer", "cab2c");
      const code = await sellableProduct("cab2c");
      const user = `/cab2c/users/${customer.id}`;
      expect((await call("POST", "/cab2c/assistedservicewebservices/sessions", agent, { customerId: customer.id })).status).toBe(201);
      expect((await call("POST", `${user}/addProductToCart`, agent, { productCode: code, qty: 2 })).status).toBe(200);
      expect((await call("DELETE", `/cab2c/assistedservicewebservices/sessions/${customer.id}`, agent)).status).toBe(200);
      const names = await db().selectFrom("product_text").select(["lang", "name"]).where("product_code", "=", code).execute();
      const nameIn = (lang: string) => names.find((n) => n.lang === lang)!.name;
      expect(nameIn("fr")).not.toBe(nameIn("en"));

      for (const lang of ["en", "fr"]) {
        const answer = await call("GET", `/cab2c/assistedservicewebservices/customers/${customer.id}/auditlog?lang=${lang}`, agent);
        const log = AuditLogSchema.parse(answer.body);
        // The English read comes first, and is on the record when the French one is made.
        const done = lang === "en" ? [] : ["viewed the log"];
        expect(log.entries.map((e) => e.action)).toEqual([...done, "session ended", "added to cart", "session started"]);
        for (const entry of log.entries) expect(entry.agent).toEqual({ id: demo!.id, name: `${demo!.first_name} ${demo!.last_name}` });
        const added = log.entries.find((e) => e.action === "added to cart")!;
        expect(added.products, lang).toEqual([{ code, name: nameIn(lang), qty: 2 }]);
        expect(log.entries.filter((e) => e !== added).flatMap((e) => e.products)).toEqual([]);
      }
    });
  });

  describe("the signed-in agent's own name", () => {
    it("answers the agent, and refuses customers and anonymous callers", async () => {
      const agent = await newAccount("agent");
      const customer = await newAccount("customer");
      const path = "/usb2c/assistedservicewebservices/agents/current";
      const answer = await call("GET", path, agent.token);
      expect(answer.status).toBe(200);
      expect(AgentProfileSchema.parse(answer.body)).toEqual({
        agentId: agent.id,
        email: expect.stringMatching(/^agent-/),
        firstName: "Ada",
        lastName: expect.stringMatching(/^Lovelace/),
      });
      expect((await call("GET", path, customer.token)).status).toBe(403);
      expect((await call("GET", path)).status).toBe(401);
    });
  });

  describe("card entry by an agent", () => {
    it("is refused 403 with the session open, on the customer's cart and on any other, and no card is kept", async () => {
      const agent = await demoAgent();
      const customer = await newAccount("customer");
      const code = await sellableProduct();
      const user = `/usb2c/users/${customer.id}`;
      expect((await start(agent, customer.id)).status).toBe(201);
      const added = CartModificationSchema.parse((await call("POST", `${user}/addProductToCart`, agent, { productCode: code })).body);
      const cart = `${user}/carts/${added.cartGuid}`;

      const refused = await call("POST", `${cart}/paymentdetails`, agent, APPROVED_CARD);
      expect(refused.status).toBe(403);
      expect(refused.body.errors?.[0]).toMatchObject({ type: "ForbiddenError", reason: "agentCardEntry" });
      expect(refused.body.errors?.[0]?.message).toMatch(/can't take card numbers/);
      // A guest cart the agent made itself is no way around it.
      const guest = CartModificationSchema.parse((await call("POST", "/usb2c/users/anonymous/addProductToCart", agent, { productCode: code })).body);
      expect((await call("POST", `/usb2c/users/anonymous/carts/${guest.cartGuid}/paymentdetails`, agent, APPROVED_CARD)).status).toBe(403);
      // Nor are Stripe's intents or a wallet's sheet (refused before Stripe's set-up is even asked about).
      for (const path of [`${cart}/stripe/createPaymentIntent`, `${cart}/stripe/updatePaymentIntent`, `${user}/stripe/setupPaymentIntent`]) {
        expect((await call("POST", path, agent, {})).status, path).toBe(403);
      }
      expect((await call("POST", `${cart}/cancelDigitalWalletPayment`, agent, { wallet: "applePay" })).status).toBe(403);

      expect((await call("GET", `/usb2c/users/current/carts/${added.cartGuid}/paymentdetails`, customer.token)).status).toBe(404);
      expect((await auditOf(customer.id)).map((e) => e.action)).toEqual(["session started", "added to cart"]);
    });
  });
});
