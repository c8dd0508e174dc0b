import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SubscriptionListSchema, SubscriptionSchema } from "../../commerce/contract/auto-delivery";
import { CampaignSubscriptionCartSchema, CartEstimationSchema } from "../../commerce/contract/campaigns";
import { CampaignBundleAnswerSchema, CartSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, OrderSchema } from "../../commerce/contract/checkout";
import { insertEnrollment } from "../../commerce/db/campaigns";
import { householdKey } from "../../commerce/domain/campaign-rules";
import { MovableClock } from "../../commerce/domain/clock";
import { type Db, shopFromConfig } from "../../commerce/service";
import { type RunningCommerce, startCommerce } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { APPROVED_CARD, type ApiAnswer, NY_ADDRESS, randomHex } from "../support/guest-checkout";
import { mailTextsTo } from "../support/mail";

const PASSWORD = "campaign-sale-2026";
const DECLINED_CARD = { ...APPROVED_CARD, cardNumber: "4000000000000002" };
const FREE = 160836;
const HALF = 160834;
const KSK_LITE = 162471;
/** The free brewer's Classic (list price 119.99) and a 50 % brewer (89.99, 44.99 off). */
const CLASSIC_BLACK = "8003-BFBR-BRW-BLK";
const HALF_WHITE = "8002-BFBR-BRW-WHT";

type Address = typeof NY_ADDRESS;
type ErrorBody = { errors?: { type: string; message: string; reason?: string; subject?: string }[] };
const error = (answer: ApiAnswer) => (answer.body as ErrorBody).errors?.[0];

/**
 * Selling brewer campaigns (decision 065): addCampaignBundle puts the brewer and its box in the
 * customer's cart, the cart shows and guards the bundle, getCampaignSubscriptionCart sums it up,
 * checkout enrols the customer (once per household for the free brewer, even when two orders race),
 * the runner counts the commitment's deliveries, and cancelling early charges what it said.
 */
describe.each(DIALECTS)("selling brewer campaigns on %s", (dialect) => {
  const clock = new MovableClock(new Date("2026-12-01T15:00:00Z"));
  let running: RunningCommerce;
  let db: Db;
  /** A 24-pod and a 12-pod coffee box with no sale price: a subscriber pays the list price less 10 %. */
  let box24: string;
  let box12: string;

  const plainBox = async (size: number) =>
    (
      await db
        .selectFrom("product as p")
        .innerJoin("product_site as s", "s.product_code", "p.code")
        .select("p.code")
        .where("s.site", "=", "usb2c")
        .where("p.product_type", "=", "Coffee")
        .where("p.pack_type", "=", "KCup")
        .where("p.pack_size", "=", size)
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom("price as q").select("q.value").whereRef("q.product_code", "=", "p.code").where("q.kind", "in", ["discount", "promoted"])),
          ),
        )
        .orderBy("p.code")
        .executeTakeFirstOrThrow()
    ).code;

  beforeAll(async () => {
    running = await startCommerce(dialect, {}, { clock, autoDelivery: { sweepSeconds: 3600 } });
    db = running.db;
    [box24, box12] = [await plainBox(24), await plainBox(12)];
    await db.updateTable("stock").set({ level: 100_000 }).where("product_code", "in", [box24, box12, CLASSIC_BLACK, HALF_WHITE]).execute();
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
  });

  const call = async (method: string, path: string, token?: string, body?: unknown, site = "usb2c"): Promise<ApiAnswer> => {
    const res = await fetch(`${running.baseUrl}/rest/v2/${site}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as ApiAnswer["body"] };
  };

  const listMinor = async (code: string) =>
    (
      await db
        .selectFrom("price")
        .select("value")
        .where("product_code", "=", code)
        .where("currency", "=", "USD")
        .where("kind", "=", "list")
        .where("user_group", "=", "")
        .executeTakeFirstOrThrow()
    ).value;

  /** A street address of its own in Albany, NY: no other test's household. */
  const ownAddress = (): Address => ({ ...NY_ADDRESS, line1: `${1 + Math.floor(Math.random() * 9_999)} ${randomHex(6)} St` });
  /** A signed-in customer with a default address of their own. */
  const newCustomer = async (site = "usb2c", address: Address = ownAddress()) => {
    const email = `sale-${randomHex(8)}@example.com`;
    const id = await insertAccount(db, { email, password: PASSWORD, site });
    const token = await passwordToken(running.baseUrl, { email, password: PASSWORD, site });
    expect((await call("POST", "/users/current/addresses", token, address, site)).status).toBe(201);
    return { id, email, token, site, address };
  };
  type Customer = Awaited<ReturnType<typeof newCustomer>>;

  const addBundle = (customer: Customer, body: Record<string, unknown>, cart = "current") =>
    call("POST", `/users/current/carts/${cart}/addCampaignBundle`, customer.token, body, customer.site);
  const freeBundle = (customer: Customer, cart = "current") => addBundle(customer, { campaignId: FREE, brewerCode: CLASSIC_BLACK, boxCode: box24 }, cart);
  const cartOf = async (customer: Customer, guid: string) => CartSchema.parse((await call("GET", `/users/current/carts/${guid}`, customer.token)).body);
  const entriesOf = (guid: string) =>
    db.selectFrom("cart_entry").innerJoin("cart", "cart.id", "cart_entry.cart_id").selectAll("cart_entry").where("cart.guid", "=", guid).execute();
  const enrollmentsOf = (customerId: string) => db.selectFrom("campaign_enrollment").selectAll().where("customer_id", "=", customerId).execute();
  const ordersOf = (customerId: string) => db.selectFrom("shop_order").selectAll().where("customer_id", "=", customerId).orderBy("id").execute();
  const took = (customerId: string, campaignId: number, address: Address, status: "active" | "met" | "cancelled" = "met") =>
    insertEnrollment(db, {
      campaign_id: campaignId,
      site: "usb2c",
      customer_id: customerId,
      household_key: householdKey(address),
      brewer_code: CLASSIC_BLACK,
      subscription_code: null,
      status,
      deliveries_required: 6,
      deliveries_made: status === "active" ? 2 : 6,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });

  /** Checkout up to the order: the delivery address, standard delivery, an approved card; answers the order's request. */
  const readyToOrder = async (customer: Customer, guid: string, address: Address, adFrequencyWeeks?: number) => {
    const cart = `/users/current/carts/${guid}`;
    const withAddress = await call("POST", `${cart}/addresses/delivery`, customer.token, { address });
    expect(withAddress.status, JSON.stringify(withAddress.body)).toBe(200);
    const standard = CheckoutSchema.parse(withAddress.body).deliveryModes.find((m) => m.code === "standard")!;
    expect(
      (await call("PUT", `${cart}/updateDeliveryDetails`, customer.token, { deliveryModeId: standard.code, deliveryCost: standard.costMinor })).status,
    ).toBe(200);
    expect((await call("POST", `${cart}/paymentdetails`, customer.token, APPROVED_CARD)).status).toBe(201);
    const checkout = CheckoutSchema.parse((await call("GET", `${cart}/checkout`, customer.token)).body);
    return () =>
      call("POST", `/users/current/orders?cartId=${guid}`, customer.token, {
        checkoutKey: randomHex(32),
        expectedTotal: checkout.totalPriceWithTax.minor,
        adFrequencyWeeks,
      });
  };
  /** A customer who bought `bundle` to their own address: the order, the subscription and the enrollment. */
  const bought = async (bundle: Record<string, unknown> = { campaignId: FREE, brewerCode: CLASSIC_BLACK, boxCode: box24 }) => {
    const customer = await newCustomer();
    const added = await addBundle(customer, bundle);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const guid = CampaignBundleAnswerSchema.parse(added.body).cart.guid;
    const placed = await (await readyToOrder(customer, guid, customer.address))();
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = OrderSchema.parse(placed.body);
    const { subscriptions } = SubscriptionListSchema.parse((await call("GET", "/users/current/fetchAllActiveSubscriptions", customer.token)).body);
    return { customer, order, subscription: subscriptions.find((s) => s.commitment)!, guid };
  };

  describe("addCampaignBundle: the brewer at its campaign price and the box of its auto-delivery", () => {
    it("adds both entries priced right, each with the campaign block", async () => {
      const customer = await newCustomer();
      const answer = await freeBundle(customer);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { cart, brewerEntryNumber, boxEntryNumber, replaced, message } = CampaignBundleAnswerSchema.parse(answer.body);
      expect(replaced).toBeNull();
      expect(message).toBe("Added to your cart: Free brewer with auto-delivery.");
      const brewer = cart.entries.find((e) => e.entryNumber === brewerEntryNumber)!;
      const box = cart.entries.find((e) => e.entryNumber === boxEntryNumber)!;
      expect(brewer).toMatchObject({ product: { code: CLASSIC_BLACK }, entryType: "STD", quantity: 1, basePrice: { minor: 0 }, updateable: false });
      const subscriber = Math.round(((await listMinor(box24)) * 90) / 100);
      expect(box).toMatchObject({ product: { code: box24 }, entryType: "ADC", quantity: 1, basePrice: { minor: subscriber } });
      expect(cart.subTotal.minor).toBe(subscriber);
      for (const [entry, role] of [
        [brewer, "brewer"],
        [box, "box"],
      ] as const) {
        expect(entry.campaign).toMatchObject({
          campaignId: FREE,
          code: "FREEBREWER",
          role,
          regularPrice: { minor: 11999 },
          campaignPrice: { minor: 0 },
          commitment: {
            kind: "deliveries",
            count: 6,
            deliveries: 6,
            frequencyWeeks: 4,
            minBoxPods: 24,
            text: "6 auto-delivery shipments of at least 24 pods each",
          },
        });
        expect(entry.campaign!.earlyCancellationText).toContain("$119.99");
      }
      const rows = await entriesOf(cart.guid);
      expect(rows.map((r) => [r.campaign_id, r.campaign_role, r.frequency_weeks])).toEqual([
        [FREE, "brewer", null],
        [FREE, "box", 4],
      ]);
    });

    it("takes the fewest boxes that reach the minimum pods, and the frequency asked for", async () => {
      const customer = await newCustomer();
      const answer = await addBundle(customer, { campaignId: HALF, brewerCode: HALF_WHITE, boxCode: box12, frequencyWeeks: 2 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { cart, boxEntryNumber, brewerEntryNumber } = CampaignBundleAnswerSchema.parse(answer.body);
      expect(cart.entries.find((e) => e.entryNumber === boxEntryNumber)).toMatchObject({ quantity: 2, campaign: { commitment: { frequencyWeeks: 2 } } });
      expect(cart.entries.find((e) => e.entryNumber === brewerEntryNumber)!.basePrice.minor).toBe(4500);
    });

    it("answers the Canadian store in CAD and in French", async () => {
      const customer = await newCustomer("cab2c", {
        ...NY_ADDRESS,
        line1: `${randomHex(4)} Rue Principale`,
        town: "Montréal",
        region: "QC",
        postalCode: "H2X 1Y4",
        country: "CA",
      });
      await db.updateTable("stock").set({ level: 1000 }).where("product_code", "=", "5001-SMRG-KC-24").execute();
      const answer = await call(
        "POST",
        "/users/current/carts/current/addCampaignBundle?lang=fr",
        customer.token,
        { campaignId: FREE, brewerCode: CLASSIC_BLACK, boxCode: "5001-SMRG-KC-24" },
        "cab2c",
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { cart, message } = CampaignBundleAnswerSchema.parse(answer.body);
      expect(message).toBe("Ajouté à votre panier\u00a0: Cafetière gratuite avec la livraison automatique.");
      expect(cart.entries[0]!.campaign).toMatchObject({
        campaignPrice: { minor: 0, currencyIso: "CAD" },
        commitment: { text: "6 livraisons automatiques d’au moins 24 dosettes chacune" },
      });
    });

    it("refuses a guest with a reason that says to sign in", async () => {
      const guest = await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode: box24 });
      const guid = (guest.body as { cartGuid: string }).cartGuid;
      const answer = await call("POST", `/users/anonymous/carts/${guid}/addCampaignBundle`, undefined, {
        campaignId: FREE,
        brewerCode: CLASSIC_BLACK,
        boxCode: box24,
      });
      expect(answer.status).toBe(401);
      expect(error(answer)).toMatchObject({ type: "CampaignError", reason: "signInRequired" });
      expect(error(answer)!.message).toMatch(/Sign in/);
      expect(await entriesOf(guid)).toHaveLength(1);
    });

    it("lets an agent add the bundle only inside an assisted session for the customer, audited", async () => {
      const customer = await newCustomer();
      const email = `agent-${randomHex(8)}@example.com`;
      await insertAccount(db, { email, password: PASSWORD, role: "agent" });
      const agent = await passwordToken(running.baseUrl, { email, password: PASSWORD, clientId: "agent" });
      const path = `/users/${customer.id}/carts/current/addCampaignBundle`;
      const body = { campaignId: FREE, brewerCode: CLASSIC_BLACK, boxCode: box24 };
      expect((await call("POST", path, agent, body)).status).toBe(403);
      expect(await db.selectFrom("cart").select("id").where("customer_id", "=", customer.id).execute()).toEqual([]);
      expect((await call("POST", "/assistedservicewebservices/sessions", agent, { customerId: customer.id })).status).toBe(201);
      const answer = await call("POST", path, agent, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(CampaignBundleAnswerSchema.parse(answer.body).cart.entries.map((e) => e.campaign?.role)).toEqual(["brewer", "box"]);
      const audit = await db.selectFrom("agent_audit").select(["action", "detail"]).where("customer_id", "=", customer.id).orderBy("id").execute();
      expect(audit.at(-1)).toEqual({ action: "added a campaign bundle", detail: `campaign ${FREE}: ${CLASSIC_BLACK} and ${box24}` });
    });

    it("answers another customer's cart 404 and changes nothing", async () => {
      const [owner, other] = [await newCustomer(), await newCustomer()];
      const added = await call("POST", "/users/current/addProductToCart", owner.token, { productCode: box24 });
      const guid = (added.body as { cartGuid: string }).cartGuid;
      const answer = await freeBundle(other, guid);
      expect(answer.status).toBe(404);
      expect(await entriesOf(guid)).toHaveLength(1);
    });

    it("answers another store's campaign, or an unknown one, 404", async () => {
      const canadian = await newCustomer("cab2c", {
        ...NY_ADDRESS,
        line1: "1 Rue Principale",
        town: "Montréal",
        region: "QC",
        postalCode: "H2X 1Y4",
        country: "CA",
      });
      const other = await addBundle(canadian, { campaignId: KSK_LITE, brewerCode: HALF_WHITE, boxCode: "5001-SMRG-KC-24" });
      expect(other.status).toBe(404);
      expect(error(other)!.subject).toBe("campaignId");
      const customer = await newCustomer();
      expect((await addBundle(customer, { campaignId: 999999, brewerCode: CLASSIC_BLACK, boxCode: box24 })).status).toBe(404);
      expect(await enrollmentsOf(customer.id)).toHaveLength(0);
    });

    it("refuses, with the reason and words, what the campaign or the customer does not allow", async () => {
      const customer = await newCustomer();
      const cases: [Record<string, unknown>, string][] = [
        [{ campaignId: FREE, brewerCode: "8005-BFBR-BRW-BLK", boxCode: box24 }, "notFlagged"],
        [{ campaignId: FREE, brewerCode: box24, boxCode: box24 }, "notABrewer"],
        [{ campaignId: FREE, brewerCode: CLASSIC_BLACK, boxCode: box12, boxQty: 1 }, "tooSmall"],
        [{ campaignId: FREE, brewerCode: CLASSIC_BLACK, boxCode: CLASSIC_BLACK }, "notForAutoDelivery"],
        [{ campaignId: FREE, brewerCode: CLASSIC_BLACK, boxCode: "5001-SMRG" }, "notPods"],
        [{ campaignId: KSK_LITE, brewerCode: "8002-BFBR-BRW-BLK", boxCode: box24, frequencyWeeks: 14 }, "frequencyNotAllowed"],
      ];
      for (const [body, reason] of cases) {
        const answer = await addBundle(customer, body);
        expect(answer.status, reason).toBe(400);
        expect(error(answer), reason).toMatchObject({ type: "CampaignError", reason });
        expect(error(answer)!.message.length, reason).toBeGreaterThan(10);
      }
      const malformed = await addBundle(customer, { campaignId: "free", brewerCode: CLASSIC_BLACK, boxCode: box24 });
      expect(malformed.status).toBe(400);
      expect(error(malformed)!.type).toBe("ValidationError");
      expect(
        await db.selectFrom("cart_entry").select("id").where("campaign_id", "is not", null).where("product_code", "=", "8005-BFBR-BRW-BLK").execute(),
      ).toEqual([]);
    });

    it("refuses a customer who took the free brewer, whose household did, or whose commitment is not met", async () => {
      const account = await newCustomer();
      await took(account.id, FREE, ownAddress());
      expect(error(await freeBundle(account))).toMatchObject({
        reason: "freeBrewerTakenByAccount",
        message: "You've already received a free brewer with this account.",
      });

      const neighbour = await newCustomer();
      const household = await newCustomer("usb2c", { ...neighbour.address, firstName: "Other" });
      await took(neighbour.id, FREE, neighbour.address);
      const byAddress = await freeBundle(household);
      expect(byAddress.status).toBe(400);
      expect(error(byAddress)!.reason).toBe("freeBrewerTakenByAddress");

      const committed = await newCustomer();
      await took(committed.id, HALF, committed.address, "active");
      expect(error(await addBundle(committed, { campaignId: HALF, brewerCode: HALF_WHITE, boxCode: box24 }))!.reason).toBe("activeCommitment");
    });

    it("refuses a campaign that has ended", async () => {
      const customer = await newCustomer();
      await db.updateTable("campaign").set({ ends_on: "2026-01-31" }).where("id", "=", HALF).execute();
      try {
        const answer = await addBundle(customer, { campaignId: HALF, brewerCode: HALF_WHITE, boxCode: box24 });
        expect(answer.status).toBe(400);
        expect(error(answer)).toMatchObject({ reason: "ended", message: "This offer has ended." });
      } finally {
        await db.updateTable("campaign").set({ ends_on: null }).where("id", "=", HALF).execute();
      }
    });

    it("leaves one bundle after a double submit", async () => {
      const customer = await newCustomer();
      const first = CampaignBundleAnswerSchema.parse((await freeBundle(customer)).body);
      const again = await Promise.all([freeBundle(customer, first.cart.guid), freeBundle(customer, first.cart.guid)]);
      for (const a of again) expect(a.status).toBe(200);
      expect((await entriesOf(first.cart.guid)).filter((e) => e.campaign_role !== null)).toHaveLength(2);
    });

    it("replaces the cart's bundle with another and says so", async () => {
      const customer = await newCustomer();
      const first = CampaignBundleAnswerSchema.parse((await freeBundle(customer)).body);
      const second = await addBundle(customer, { campaignId: HALF, brewerCode: HALF_WHITE, boxCode: box24 }, first.cart.guid);
      const answer = CampaignBundleAnswerSchema.parse(second.body);
      expect(answer.replaced).toEqual({ campaignId: FREE, brewerCode: CLASSIC_BLACK, boxCode: box24 });
      expect(answer.message).toBe(
        "Added to your cart: 50% off a brewer with auto-delivery. It replaces Free brewer with auto-delivery: a cart holds one brewer offer.",
      );
      expect(answer.cart.entries.map((e) => [e.product.code, e.campaign?.code])).toEqual([
        [HALF_WHITE, "FIFTYPERCENTBREWER"],
        [box24, "FIFTYPERCENTBREWER"],
      ]);
    });
  });

  describe("the bundle in the cart", () => {
    it("keeps the brewer's quantity at one, and removing either entry removes the other", async () => {
      const customer = await newCustomer();
      const { cart, brewerEntryNumber, boxEntryNumber } = CampaignBundleAnswerSchema.parse((await freeBundle(customer)).body);
      const more = await call("POST", "/users/current/updateCart", customer.token, { cartGuid: cart.guid, entryNumber: brewerEntryNumber, qty: 2 });
      expect(more.status).toBe(400);
      expect(error(more)).toMatchObject({ type: "CampaignError", reason: "brewerQuantityFixed" });
      expect(error(more)!.message).toMatch(/one per offer/);

      // A plain auto-delivery of the same box is a line of its own, not more of the bundle's.
      const plain = await call("POST", "/users/current/addProductToCart", customer.token, {
        cartGuid: cart.guid,
        productCode: box24,
        entryType: "ADC",
        qty: 3,
      });
      expect(plain.status, JSON.stringify(plain.body)).toBe(200);
      const withPlain = await cartOf(customer, cart.guid);
      expect(withPlain.entries.find((e) => e.entryNumber === boxEntryNumber)!.quantity).toBe(1);
      expect(withPlain.entries.filter((e) => e.product.code === box24)).toHaveLength(2);

      const removed = await call("POST", "/users/current/updateCart", customer.token, { cartGuid: cart.guid, entryNumber: brewerEntryNumber, qty: 0 });
      expect(removed.status).toBe(200);
      expect(CartSchema.parse(removed.body).entries.map((e) => [e.product.code, e.quantity, e.campaign])).toEqual([[box24, 3, undefined]]);

      const again = CampaignBundleAnswerSchema.parse((await freeBundle(customer, cart.guid)).body);
      const viaBox = await call("POST", "/users/current/removeEntryFromAdCart", customer.token, { cartGuid: cart.guid, entryNumber: again.boxEntryNumber });
      expect(CartSchema.parse(viaBox.body).entries.filter((e) => e.campaign)).toEqual([]);
    });

    it("getCampaignSubscriptionCart sums the bundle up as getCartEstimationData would; a cart without one answers null", async () => {
      const customer = await newCustomer();
      const { cart, brewerEntryNumber, boxEntryNumber } = CampaignBundleAnswerSchema.parse((await freeBundle(customer)).body);
      const answer = await call("GET", `/users/current/getCampaignSubscriptionCart?cartGuid=${cart.guid}`, customer.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { bundle } = CampaignSubscriptionCartSchema.parse(answer.body);
      const estimate = CartEstimationSchema.parse(
        (await call("GET", `/getCartEstimationData?campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=${box24}`)).body,
      );
      expect(bundle).toEqual({ ...estimate, campaign: expect.objectContaining({ campaignId: FREE }), brewerEntryNumber, boxEntryNumber });
      expect(bundle!.earlyCancellation.map((e) => e.charge.minor)).toEqual([9999, 7999, 6000, 4000, 2000]);

      const other = await newCustomer();
      expect((await call("GET", `/users/current/getCampaignSubscriptionCart?cartGuid=${cart.guid}`, other.token)).status).toBe(404);
      const plain = await call("POST", "/users/current/addProductToCart", other.token, { productCode: box24 });
      const none = await call("GET", `/users/current/getCampaignSubscriptionCart?cartGuid=${(plain.body as { cartGuid: string }).cartGuid}`, other.token);
      expect(CampaignSubscriptionCartSchema.parse(none.body).bundle).toBeNull();
    });
  });

  describe("checkout", () => {
    it("starts the box's subscription with its commitment and enrols the customer for the order's household, and the mail says the commitment", async () => {
      const { customer, order, subscription } = await bought();
      expect(order.entries.map((e) => [e.product.code, e.entryType, e.basePrice.minor])).toEqual([
        [CLASSIC_BLACK, "STD", 0],
        [box24, "ADC", Math.round(((await listMinor(box24)) * 90) / 100)],
      ]);
      expect(subscription).toMatchObject({
        adType: "ADC",
        frequencyWeeks: 4,
        items: [{ productCode: box24, quantity: 1 }],
        commitment: {
          campaignId: FREE,
          code: "FREEBREWER",
          deliveriesRequired: 6,
          deliveriesMade: 1,
          status: "active",
          cancellationChargeNow: { minor: 9999, formattedValue: "$99.99" },
        },
      });
      const [enrollment] = await enrollmentsOf(customer.id);
      expect(enrollment).toMatchObject({
        campaign_id: FREE,
        household_key: householdKey(customer.address),
        brewer_code: CLASSIC_BLACK,
        subscription_code: subscription.code,
        order_code: order.code,
        currency: "USD",
        regular_minor: 11999,
        campaign_minor: 0,
        deliveries_required: 6,
        deliveries_made: 1,
        status: "active",
      });
      const row = await db.selectFrom("subscription").select(["campaign_id", "kind"]).where("code", "=", subscription.code).executeTakeFirstOrThrow();
      expect(row).toEqual({ campaign_id: FREE, kind: "autoDelivery" });
      const confirmation = mailTextsTo(running.outbox, customer.email).find((m) => m.includes(order.code))!;
      expect(confirmation).toContain("you've committed to 6 auto-delivery shipments of at least 24 pods each");
      expect(confirmation).toContain("we'll charge the brewer's $119.99 saving");
    });

    it("starts the bundle's subscription at its own frequency, apart from the cart's other auto-delivery lines", async () => {
      const customer = await newCustomer();
      const { cart } = CampaignBundleAnswerSchema.parse(
        (await addBundle(customer, { campaignId: HALF, brewerCode: HALF_WHITE, boxCode: box24, frequencyWeeks: 3 })).body,
      );
      const plain = await call("POST", "/users/current/addProductToCart", customer.token, {
        cartGuid: cart.guid,
        productCode: box12,
        entryType: "ADC",
        qty: 2,
      });
      expect(plain.status).toBe(200);
      const placed = await (await readyToOrder(customer, cart.guid, customer.address, 6))();
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const { subscriptions } = SubscriptionListSchema.parse((await call("GET", "/users/current/fetchAllActiveSubscriptions", customer.token)).body);
      const byItem = subscriptions.map((s) => [s.items.map((i) => i.productCode), s.frequencyWeeks, s.commitment?.code ?? null]).sort();
      expect(byItem).toEqual(
        [
          [[box12], 6, null],
          [[box24], 3, "FIFTYPERCENTBREWER"],
        ].sort(),
      );
      expect(await enrollmentsOf(customer.id)).toMatchObject([{ deliveries_required: 4, campaign_minor: 4500, regular_minor: 8999 }]);
    });

    it("refuses a second free brewer to the same household (409, in words) and writes nothing", async () => {
      const { customer: first } = await bought();
      const second = await newCustomer();
      const { cart } = CampaignBundleAnswerSchema.parse((await freeBundle(second)).body);
      const place = await readyToOrder(second, cart.guid, { ...first.address, firstName: "Grace", line1: first.address.line1.toUpperCase() });
      const refused = await place();
      expect(refused.status).toBe(409);
      expect(error(refused)).toMatchObject({ type: "CampaignError", reason: "freeBrewerTakenByAddress" });
      expect(error(refused)!.message).toMatch(/one per household/);
      expect(await ordersOf(second.id)).toEqual([]);
      expect(await enrollmentsOf(second.id)).toEqual([]);
      expect(await db.selectFrom("subscription").select("id").where("customer_id", "=", second.id).execute()).toEqual([]);
      expect((await db.selectFrom("cart").select("status").where("guid", "=", cart.guid).executeTakeFirstOrThrow()).status).toBe("open");
    });

    it("of two free brewers checked out at once to one household, places exactly one", async () => {
      const household = ownAddress();
      const customers = [await newCustomer(), await newCustomer()];
      const places = [];
      for (const c of customers) {
        const { cart } = CampaignBundleAnswerSchema.parse((await freeBundle(c)).body);
        places.push(await readyToOrder(c, cart.guid, household));
      }
      const answers = await Promise.all(places.map((p) => p()));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const enrolled = await db.selectFrom("campaign_enrollment").select("customer_id").where("household_key", "=", householdKey(household)).execute();
      expect(enrolled).toHaveLength(1);
      const orders = (await Promise.all(customers.map((c) => ordersOf(c.id)))).flat();
      expect(orders).toHaveLength(1);
    });
  });

  describe("the commitment after checkout", () => {
    const runner = () => shopFromConfig(db, running.config, pino({ level: "silent" }), { clock, autoDelivery: { sweepSeconds: 3600 } }).autoDeliveryOrders;
    const dueOn = async (code: string) =>
      (await db.selectFrom("subscription").select("next_delivery_date").where("code", "=", code).executeTakeFirstOrThrow()).next_delivery_date;
    const subscriptionOf = async (customer: Customer, code: string) =>
      SubscriptionListSchema.parse((await call("GET", "/users/current/fetchAllActiveSubscriptions", customer.token)).body).subscriptions.find(
        (s) => s.code === code,
      )!;

    it("counts each delivery the runner places, not a skipped one, to met; cancelling then charges nothing", async () => {
      const { customer, subscription } = await bought({ campaignId: HALF, brewerCode: HALF_WHITE, boxCode: box24 });
      expect(subscription.commitment).toMatchObject({ deliveriesRequired: 4, deliveriesMade: 1, cancellationChargeNow: { minor: 3374 } });
      const skipped = await call("POST", `/users/current/subscriptions/${subscription.code}/skip`, customer.token);
      expect(skipped.status).toBe(200);
      clock.set(new Date(`${subscription.nextDeliveryDate}T15:00:00Z`));
      await runner().placeDue();
      expect((await subscriptionOf(customer, subscription.code)).commitment!.deliveriesMade).toBe(1);
      for (const made of [2, 3, 4]) {
        clock.set(new Date(`${await dueOn(subscription.code)}T15:00:00Z`));
        await runner().placeDue();
        expect((await subscriptionOf(customer, subscription.code)).commitment!.deliveriesMade).toBe(made);
      }
      expect(await ordersOf(customer.id)).toHaveLength(4);
      const met = await subscriptionOf(customer, subscription.code);
      expect(met.commitment).toMatchObject({ status: "met", cancellationChargeNow: { minor: 0 } });

      const cancelled = await call("POST", `/users/current/subscriptions/${subscription.code}/cancel`, customer.token, { reason: "Enough coffee" });
      expect(cancelled.status).toBe(200);
      expect(SubscriptionSchema.parse(cancelled.body)).toMatchObject({ status: "cancelled", commitment: { status: "met" } });
      const [enrollment] = await enrollmentsOf(customer.id);
      expect(enrollment).toMatchObject({ status: "met", cancellation_minor: null });
      expect(await db.selectFrom("payment_attempt").select("id").where("checkout_key", "like", `cancel-${enrollment!.id}-%`).execute()).toEqual([]);
    });

    it("a declined card refuses the early cancellation in words, and nothing changes", async () => {
      const { customer, subscription } = await bought();
      const declining = await call("POST", "/users/current/addProductToCart", customer.token, { productCode: box12 });
      const guid = (declining.body as { cartGuid: string }).cartGuid;
      expect((await call("POST", `/users/current/carts/${guid}/paymentdetails`, customer.token, DECLINED_CARD)).status).toBe(201);
      expect((await call("POST", `/users/current/subscriptions/${subscription.code}/card`, customer.token, { cartGuid: guid })).status).toBe(200);
      const refused = await call("POST", `/users/current/subscriptions/${subscription.code}/cancel`, customer.token, { reason: "Moving abroad" });
      expect(refused.status).toBe(402);
      expect(error(refused)).toMatchObject({ type: "CampaignError", reason: "cardDeclined" });
      expect(error(refused)!.message).toMatch(/still active/);
      expect(await subscriptionOf(customer, subscription.code)).toMatchObject({
        status: "active",
        commitment: { status: "active", cancellationChargeNow: { minor: 9999 } },
      });
      expect(await enrollmentsOf(customer.id)).toMatchObject([{ status: "active", cancellation_minor: null }]);

      // With a card that pays, the same cancellation goes through and charges the amount stated.
      expect((await call("POST", `/users/current/carts/${guid}/paymentdetails`, customer.token, APPROVED_CARD)).status).toBe(201);
      expect((await call("POST", `/users/current/subscriptions/${subscription.code}/card`, customer.token, { cartGuid: guid })).status).toBe(200);
      const cancelled = await call("POST", `/users/current/subscriptions/${subscription.code}/cancel`, customer.token, { reason: "Moving abroad" });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(SubscriptionSchema.parse(cancelled.body).commitment).toMatchObject({ status: "cancelled", cancellationCharged: { minor: 9999 } });
    });

    it("cancelling early charges the amount it stated, once, and mails it", async () => {
      const { customer, subscription } = await bought();
      const before = await subscriptionOf(customer, subscription.code);
      expect(before.commitment!.cancellationChargeNow.minor).toBe(9999);
      const path = `/users/current/subscriptions/${subscription.code}/cancel`;
      const answers = await Promise.all([
        call("POST", path, customer.token, { reason: "Moving abroad" }),
        call("POST", path, customer.token, { reason: "Moving abroad" }),
      ]);
      const ok = answers.filter((a) => a.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBe(400);
      const after = SubscriptionSchema.parse(ok[0]!.body);
      expect(after).toMatchObject({
        status: "cancelled",
        commitment: { status: "cancelled", cancellationCharged: { minor: 9999 }, cancellationChargeNow: { minor: 0 } },
      });
      const [enrollment] = await enrollmentsOf(customer.id);
      expect(enrollment).toMatchObject({ status: "cancelled", cancellation_minor: 9999 });
      expect(enrollment!.cancellation_reference).toBeTruthy();
      const attempts = await db.selectFrom("payment_attempt").selectAll().where("checkout_key", "like", `cancel-${enrollment!.id}-%`).execute();
      expect(attempts.map((a) => [a.amount_minor, a.status, a.reference])).toEqual([[9999, "used", enrollment!.cancellation_reference]]);
      const mails = mailTextsTo(running.outbox, customer.email).filter((m) => m.includes(`auto-delivery ${subscription.code} is cancelled`));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain("we've charged $99.99 to your card");
    });
  });
});
