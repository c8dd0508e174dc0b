import { describe, expect, it } from "vitest";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CustomerDetailsSchema, type SiteNotice, SiteNoticesSchema } from "../../commerce/contract/site-notices";
import { addDays } from "../../commerce/domain/clock";
import { cardLastDay } from "../../commerce/domain/site-notice-rules";
import { ADMIN_KEY, commerceForSuite } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { randomHex } from "../support/guest-checkout";
import { insertCardSubscription, subscribeThroughCheckout, usCoffees } from "../support/subscriptions";

type ErrorBody = { errors?: { type: string; message: string; subject?: string }[] };
interface Answer {
  status: number;
  body: Record<string, unknown> & ErrorBody;
}

const PASSWORD = "notices-Test-password-1";

/**
 * Site notifications and the customer's details (decision 075) under
 * /rest/v2/{brand}/users/{user}/, on both databases: saved cards about to expire or expired, failed
 * subscription payments, rewards about to end, dismissals that last until the cause changes, and
 * the header's state in one call.
 */
describe.each(DIALECTS)("site notifications and customer details API on %s", (dialect) => {
  const suite = commerceForSuite(dialect, { STORE_CLOCK_MOVABLE: "true" });
  const db = () => suite.api().db;

  const call = async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(`${suite.api().baseUrl}/rest/v2${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer["body"] };
  };
  const newAccount = async (role: "customer" | "agent" = "customer", options: { perksMember?: boolean } = {}) => {
    const email = `notices-${randomHex(8)}@example.com`;
    const id = await insertAccount(db(), { email, password: PASSWORD, role, ...options });
    return { id, token: await passwordToken(suite.api().baseUrl, { email, password: PASSWORD, clientId: role === "agent" ? "agent" : "storefront" }) };
  };
  const today = async () => {
    const res = await fetch(`${suite.api().baseUrl}/rest/v2/usb2c/operator/clock`, { headers: { "X-Admin-Key": ADMIN_KEY } });
    return ((await res.json()) as { today: string }).today;
  };
  const moveClock = async (day: string) => {
    const res = await fetch(`${suite.api().baseUrl}/rest/v2/usb2c/operator/clock`, {
      method: "PUT",
      headers: { "X-Admin-Key": ADMIN_KEY, "Content-Type": "application/json" },
      body: JSON.stringify({ day }),
    });
    expect(res.status).toBe(200);
  };
  /** A running auto-delivery of the customer's keeping this card, as the store keeps one. */
  const subscriptionWithCard = async (
    customerId: string,
    card: { last4?: string; expMonth: number; expYear: number },
    change: { payment_failures?: number; retry_at?: string | null; status?: "active" | "paused" | "cancelled" } = {},
  ) => {
    return insertCardSubscription(
      db(),
      customerId,
      { last4: card.last4 ?? "4242", expMonth: card.expMonth, expYear: card.expYear },
      {
        status: change.status ?? "active",
        payment_failures: change.payment_failures ?? 0,
        retry_at: change.retry_at ?? null,
      },
    );
  };
  /** The month whose last day is `days` or more days after `day`: the card's expiry. */
  const expiryAbout = (day: string, days: number) => {
    const at = new Date(`${addDays(day, days)}T00:00:00Z`);
    return { expMonth: at.getUTCMonth() + 1, expYear: at.getUTCFullYear() };
  };
  const noticesOf = async (token: string, user = "current") => {
    const answer = await call("POST", `/usb2c/users/${user}/getSiteNotifications`, token, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return SiteNoticesSchema.parse(answer.body).notices;
  };
  const kinds = (notices: SiteNotice[]) => notices.map((n) => n.kind);

  describe("getSiteNotifications: what the signed-in customer should know", () => {
    it("names a saved card that expires within 60 days, with its brand, last four and month", async () => {
      const customer = await newAccount();
      const card = { last4: "1881", ...expiryAbout(await today(), 20) };
      await subscriptionWithCard(customer.id, card);
      const notices = await noticesOf(customer.token);
      expect(notices).toEqual([
        {
          key: `cardExpiring:visa-1881:${card.expYear}-${String(card.expMonth).padStart(2, "0")}`,
          kind: "cardExpiring",
          card: { brand: "visa", last4: "1881", expires: `${card.expYear}-${String(card.expMonth).padStart(2, "0")}` },
        },
      ]);
    });

    it("says nothing of a card that is good for longer, nor of a cancelled subscription's card", async () => {
      const customer = await newAccount();
      await subscriptionWithCard(customer.id, { expMonth: 12, expYear: 2035 });
      await subscriptionWithCard(customer.id, { last4: "0005", ...expiryAbout(await today(), 10) }, { status: "cancelled" });
      expect(await noticesOf(customer.token)).toEqual([]);
    });

    it("names an expired saved card, and a card kept on two subscriptions once", async () => {
      const customer = await newAccount();
      const expired = { last4: "0069", expMonth: 1, expYear: 2024 };
      await subscriptionWithCard(customer.id, expired, { status: "paused" });
      await subscriptionWithCard(customer.id, expired);
      const notices = await noticesOf(customer.token);
      expect(kinds(notices)).toEqual(["cardExpired"]);
      expect(notices[0]!.card).toEqual({ brand: "visa", last4: "0069", expires: "2024-01" });
    });

    it("names a subscription whose payment failed, with the day the card is tried again, or that it is paused", async () => {
      const customer = await newAccount();
      const retrying = await subscriptionWithCard(customer.id, { expMonth: 12, expYear: 2035 }, { payment_failures: 1, retry_at: "2099-01-08T09:00:00.000Z" });
      const paused = await subscriptionWithCard(customer.id, { expMonth: 12, expYear: 2035 }, { payment_failures: 3, status: "paused" });
      const notices = await noticesOf(customer.token);
      expect(notices.map((n) => ({ kind: n.kind, subscription: n.subscription }))).toEqual([
        { kind: "subscriptionPaymentFailed", subscription: { code: retrying.code, retryOn: "2099-01-08" } },
        { kind: "subscriptionPaymentFailed", subscription: { code: paused.code, retryOn: null } },
      ]);
    });

    it("names the customer's own reward that ends within two weeks, not one already used nor one ending later", async () => {
      const customer = await newAccount();
      const day = await today();
      const coupon = (code: string, endsOn: string, uses = 0) =>
        db()
          .insertInto("coupon")
          .values({
            site: "usb2c",
            code,
            description_en: "20% off your order",
            description_fr: "20 % de rabais sur votre commande",
            kind: "percentage",
            value: 20,
            minimum_spend: 0,
            scope: "order",
            scope_codes: "",
            starts_at: null,
            ends_at: `${endsOn}T23:59:59.999Z`,
            max_uses: 1,
            max_uses_per_customer: 1,
            uses,
            created_at: new Date().toISOString(),
            customer_id: customer.id,
          })
          .execute();
      const soon = `WELCOME-${randomHex(8).toUpperCase()}`;
      await coupon(soon, addDays(day, 5));
      await coupon(`WELCOME-${randomHex(8).toUpperCase()}`, addDays(day, 3), 1);
      await coupon(`WELCOME-${randomHex(8).toUpperCase()}`, addDays(day, 40));
      const notices = await noticesOf(customer.token);
      expect(notices).toEqual([
        {
          key: `rewardExpiring:${soon}:${addDays(day, 5)}`,
          kind: "rewardExpiring",
          reward: { code: soon, description: "20% off your order", lastDay: addDays(day, 5) },
        },
      ]);
      const french = await call("POST", "/usb2c/users/current/getSiteNotifications", customer.token, { lang: "fr" });
      expect(SiteNoticesSchema.parse(french.body).notices[0]!.reward!.description).toBe("20 % de rabais sur votre commande");
    });

    it("never shows another customer's notices: their id answers 404, and their notice cannot be dismissed", async () => {
      const owner = await newAccount();
      const other = await newAccount();
      await subscriptionWithCard(owner.id, { expMonth: 1, expYear: 2024 });
      expect(await noticesOf(other.token)).toEqual([]);
      expect((await call("POST", `/usb2c/users/${owner.id}/getSiteNotifications`, other.token, {})).status).toBe(404);
      const [notice] = await noticesOf(owner.token);
      const refused = await call("POST", "/usb2c/users/current/dismissSiteNotification", other.token, { key: notice!.key });
      expect(refused.status).toBe(404);
      expect(refused.body.errors?.[0]?.subject).toBe("notice");
      expect(kinds(await noticesOf(owner.token))).toEqual(["cardExpired"]);
    });

    it("refuses anonymous callers 401 and bad input 400, and writes nothing", async () => {
      const customer = await newAccount();
      await subscriptionWithCard(customer.id, { expMonth: 1, expYear: 2024 });
      expect((await call("POST", "/usb2c/users/current/getSiteNotifications", undefined, {})).status).toBe(401);
      expect((await call("POST", "/usb2c/users/current/getSiteNotifications", customer.token, { lang: "de" })).status).toBe(400);
      for (const key of ["", "not a key", "x".repeat(200), 42]) {
        const answer = await call("POST", "/usb2c/users/current/dismissSiteNotification", customer.token, { key });
        expect(answer.status, String(key)).toBe(400);
        expect(answer.body.errors?.[0]?.type).toBe("ValidationError");
      }
      const dismissals = await db().selectFrom("site_notice_dismissal").selectAll().where("customer_id", "=", customer.id).execute();
      expect(dismissals).toEqual([]);
      expect(kinds(await noticesOf(customer.token))).toEqual(["cardExpired"]);
    });
  });

  describe("dismissSiteNotification: a dismissed notice stays away until its cause changes", () => {
    it("is kept per customer: dismissed, it is gone from later reads and from the customer's details", async () => {
      const customer = await newAccount();
      await subscriptionWithCard(customer.id, { expMonth: 1, expYear: 2024 });
      await subscriptionWithCard(customer.id, { expMonth: 12, expYear: 2035 }, { payment_failures: 1, retry_at: "2099-01-08T09:00:00.000Z" });
      const [expired, failed] = await noticesOf(customer.token);
      const dismissed = await call("POST", "/usb2c/users/current/dismissSiteNotification", customer.token, { key: expired!.key });
      expect(dismissed.status).toBe(200);
      expect(SiteNoticesSchema.parse(dismissed.body).notices).toEqual([failed]);
      expect(await noticesOf(customer.token)).toEqual([failed]);
      const details = CustomerDetailsSchema.parse((await call("GET", "/usb2c/users/current/getCustomerDetails", customer.token)).body);
      expect(details.notices).toEqual([failed]);
      // Dismissing it again: it is no longer one of the customer's notices.
      expect((await call("POST", "/usb2c/users/current/dismissSiteNotification", customer.token, { key: expired!.key })).status).toBe(404);
    });

    it("comes back for a new card expiry: the new card's notice is a new one", async () => {
      const customer = await newAccount();
      const first = await subscriptionWithCard(customer.id, { expMonth: 1, expYear: 2024 });
      const [notice] = await noticesOf(customer.token);
      expect((await call("POST", "/usb2c/users/current/dismissSiteNotification", customer.token, { key: notice!.key })).status).toBe(200);
      expect(await noticesOf(customer.token)).toEqual([]);
      await db()
        .updateTable("subscription")
        .set({ card: JSON.stringify({ provider: "test", token: "tok", brand: "visa", last4: "4242", expMonth: 2, expYear: 2024 }) })
        .where("id", "=", first.id)
        .execute();
      expect((await noticesOf(customer.token)).map((n) => n.card)).toEqual([{ brand: "visa", last4: "4242", expires: "2024-02" }]);
    });
  });

  describe("getCustomerDetails: the header's customer state in one call", () => {
    it("answers the signed-in customer's name, cart units, perks, employee flag, cookies and notices", async () => {
      const customer = await newAccount("customer", { perksMember: true });
      const [code] = await usCoffees(db(), 1, 10);
      const added = CartModificationSchema.parse(
        (await call("POST", "/usb2c/users/current/addProductToCart", customer.token, { productCode: code, qty: 3 })).body,
      );
      expect(added.cartQuantity).toBe(3);
      await subscriptionWithCard(customer.id, { expMonth: 1, expYear: 2024 });
      const answer = await call("GET", "/usb2c/users/current/getCustomerDetails?lang=en&isADUser=true", customer.token);
      expect(answer.status).toBe(200);
      const details = CustomerDetailsSchema.parse(answer.body);
      expect(details).toMatchObject({ isLoggedIn: true, firstName: "Ada", cartCount: 3, perksOptIn: true, isEmployee: false, isADUser: true });
      expect(details.customerCookies).toEqual(
        expect.arrayContaining([
          { key: "isUsb2cEmployee", value: "false" },
          { key: "isPerksOptIn", value: "true" },
          { key: "priceSegment", value: "member" },
        ]),
      );
      expect(kinds(details.notices)).toEqual(["cardExpired"]);
      // The single-page checkout keeps to the purchase: no notices.
      const checkout = CustomerDetailsSchema.parse((await call("GET", "/usb2c/users/current/getCustomerDetails?isSPCFlow=true", customer.token)).body);
      expect(checkout.notices).toEqual([]);
      expect(checkout.isADUser).toBeUndefined();
    });

    it("answers an anonymous shopper's cart units by guid, and nothing of anyone", async () => {
      const [code] = await usCoffees(db(), 1, 10);
      const added = CartModificationSchema.parse(
        (await call("POST", "/usb2c/users/anonymous/addProductToCart", undefined, { productCode: code, qty: 2 })).body,
      );
      const guest = CustomerDetailsSchema.parse((await call("GET", `/usb2c/users/anonymous/getCustomerDetails?cartGuid=${added.cartGuid}`)).body);
      expect(guest).toEqual({ isLoggedIn: false, firstName: null, cartCount: 2, perksOptIn: false, isEmployee: false, customerCookies: [], notices: [] });
      const unknown = CustomerDetailsSchema.parse((await call("GET", `/usb2c/users/anonymous/getCustomerDetails?cartGuid=${"0".repeat(32)}`)).body);
      expect(unknown.cartCount).toBe(0);
    });

    it("refuses bad input 400, anonymous callers on users/current 401, and another customer's id 404", async () => {
      const customer = await newAccount();
      const other = await newAccount();
      for (const query of ["cartGuid=nope", "lang=de", "isADUser=maybe", "isSPCFlow=1"]) {
        const answer = await call("GET", `/usb2c/users/current/getCustomerDetails?${query}`, customer.token);
        expect(answer.status, query).toBe(400);
        expect(answer.body.errors?.[0]?.type).toBe("ValidationError");
      }
      expect((await call("GET", "/usb2c/users/current/getCustomerDetails")).status).toBe(401);
      expect((await call("GET", `/usb2c/users/${other.id}/getCustomerDetails`, customer.token)).status).toBe(404);
    });

    it("answers an agent inside an assisted session, and each read is written once to the customer's audit log", async () => {
      const agent = await newAccount("agent");
      const customer = await newAccount();
      await subscriptionWithCard(customer.id, { expMonth: 1, expYear: 2024 });
      const user = `/usb2c/users/${customer.id}`;
      expect((await call("GET", `${user}/getCustomerDetails`, agent.token)).status).toBe(403);
      expect((await call("POST", "/usb2c/assistedservicewebservices/sessions", agent.token, { customerId: customer.id })).status).toBe(201);
      const correlationID = `details-${randomHex(8)}`;
      const answer = await call("GET", `${user}/getCustomerDetails`, agent.token, undefined, { correlationID });
      expect(answer.status).toBe(200);
      expect(kinds(CustomerDetailsSchema.parse(answer.body).notices)).toEqual(["cardExpired"]);
      const [notice] = await noticesOf(agent.token, customer.id);
      expect((await call("POST", `${user}/dismissSiteNotification`, agent.token, { key: notice!.key })).status).toBe(200);
      const log = await db().selectFrom("agent_audit").select(["action", "correlation_id"]).where("customer_id", "=", customer.id).orderBy("id").execute();
      expect(log.filter((e) => e.correlation_id === correlationID).map((e) => e.action)).toEqual(["viewed customer details"]);
      expect(log.map((e) => e.action)).toEqual(["session started", "viewed customer details", "viewed site notifications", "dismissed a site notification"]);
      expect(await noticesOf(customer.token)).toEqual([]);
    });
  });

  // Last: it moves the store's clock, which never moves back.
  describe("a saved card's 60 days, on the store's clock", () => {
    it("is quiet 61 days before the card's last day, speaks from 60 days, and again once the card has expired", async () => {
      const customer = await newAccount();
      const card = expiryAbout(await today(), 120);
      const lastDay = cardLastDay(card);
      await subscriptionWithCard(customer.id, card);
      await moveClock(addDays(lastDay, -61));
      expect(await noticesOf(customer.token)).toEqual([]);
      await moveClock(addDays(lastDay, -60));
      const [expiring] = await noticesOf(customer.token);
      expect(expiring!.kind).toBe("cardExpiring");
      expect((await call("POST", "/usb2c/users/current/dismissSiteNotification", customer.token, { key: expiring!.key })).status).toBe(200);
      await moveClock(lastDay);
      expect(await noticesOf(customer.token)).toEqual([]);
      await moveClock(addDays(lastDay, 1));
      expect(kinds(await noticesOf(customer.token))).toEqual(["cardExpired"]);
    });

    it("is found through the store's own checkout: a subscription bought with a card ending next month", async () => {
      const customer = await newAccount();
      const day = await today();
      const [code] = await usCoffees(db(), 1, 10);
      const soon = new Date(`${addDays(day, 30)}T00:00:00Z`);
      const { subscription } = await subscribeThroughCheckout(suite.api().baseUrl, customer.token, {
        productCode: code!,
        frequencyWeeks: 4,
        card: { expiryMonth: soon.getUTCMonth() + 1, expiryYear: soon.getUTCFullYear() },
      });
      const notices = await noticesOf(customer.token);
      expect(kinds(notices)).toEqual(["cardExpiring"]);
      expect(notices[0]!.card!.last4).toBe("4242");
      expect(subscription.code).toMatch(/^AD/);
    });
  });
});
