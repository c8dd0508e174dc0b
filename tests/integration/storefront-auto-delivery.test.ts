import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { randomHex } from "../support/guest-checkout";
import { cookiesFrom, postForm, type RunningStore, startStore } from "../support/server";
import { subscribeThroughCheckout, usCoffees } from "../support/subscriptions";

/**
 * The account's auto-delivery page on the built store: what a customer sees, each change as a
 * plain form post answered 303 back to the page, bad input refused 400 in the shop's words with
 * nothing changed, and another customer's subscription a 404 page "Subscription not found.".
 */
const PAGE = "/account/auto-delivery";
const PASSWORD = "Auto-delivery-page-2026";

let store: RunningStore;
let db: Db;
let coffee: string;
let otherCoffee: string;

beforeAll(async () => {
  store = await startStore({ env: { LOG_LEVEL: "warn" } });
  db = openDatabase(testCommerceConfig(store.databaseUrl));
  [coffee, otherCoffee] = (await usCoffees(db, 2, 50)) as [string, string];
}, 90_000);

afterAll(async () => {
  await db?.destroy();
  await store?.stop();
});

/** A customer of their own with one subscription made through the checkout (every 26 weeks), signed in to the storefront. */
async function subscriber() {
  const email = `ad-page-${randomHex(8)}@example.com`;
  await insertAccount(db, { email, password: PASSWORD });
  const token = await passwordToken(store.url, { email, password: PASSWORD });
  const { subscription } = await subscribeThroughCheckout(store.url, token, { productCode: coffee, frequencyWeeks: 26 });
  const signedIn = await postForm(store, "/login", { email, password: PASSWORD, returnTo: "/account" });
  expect(signedIn.status).toBe(303);
  return { email, subscription, cookie: cookiesFrom(signedIn) };
}

const row = (code: string) => db.selectFrom("subscription").selectAll().where("code", "=", code).executeTakeFirstOrThrow();
const items = (code: string) =>
  db
    .selectFrom("subscription_item")
    .innerJoin("subscription", "subscription.id", "subscription_item.subscription_id")
    .select(["subscription_item.product_code", "subscription_item.quantity"])
    .where("subscription.code", "=", code)
    .orderBy("subscription_item.product_code")
    .execute();
const page = async (cookie: string) => {
  const res = await fetch(`${store.url}${PAGE}`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return res.text();
};

describe("the auto-delivery page", () => {
  it("shows each subscription: items, frequency, next delivery, address, card and status, linked from the account's navigation", async () => {
    const { subscription, cookie } = await subscriber();
    const html = await page(cookie);
    expect(html).toContain(`Auto-delivery ${subscription.code}`);
    expect(html).toContain("Every 26 weeks");
    expect(html).toContain(`dateTime="${subscription.nextDeliveryDate}"`);
    expect(html).toContain("1 Main St");
    expect(html).toContain("Visa ending in 4242");
    expect(html).toContain(">Active<");
    expect(html).toContain(subscription.items[0]!.name);
    expect(html).toMatch(/<a[^>]*href="\/account\/auto-delivery"[^>]*>Auto-delivery<\/a>/);
  });

  it("sends a guest to sign in", async () => {
    const res = await fetch(`${store.url}${PAGE}`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/login?returnTo=${encodeURIComponent(PAGE)}`);
  });
});

describe("managing with plain forms, each answered 303 back to the page with a notice", () => {
  it("skips, changes frequency, date and quantities, adds and removes an item, ships to a saved address, pauses, resumes, sends now and cancels", async () => {
    const { subscription, cookie } = await subscriber();
    const { code } = subscription;
    const post = async (fields: Record<string, string>, notice: string) => {
      const res = await postForm(store, PAGE, { code, ...fields }, cookie);
      expect(res.status, await res.text()).toBe(303);
      expect(res.headers.get("location")).toBe(`${PAGE}?notice=${notice}&code=${code}#${code}`);
    };
    const before = await row(code);
    await post({ intent: "skip" }, "skipped");
    expect((await row(code)).next_delivery_date > before.next_delivery_date).toBe(true);
    await post({ intent: "frequency", frequencyWeeks: "6" }, "changed");
    expect((await row(code)).frequency_weeks).toBe(6);
    const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await post({ intent: "date", nextDeliveryDate: soon }, "changed");
    expect((await row(code)).next_delivery_date).toBe(soon);
    await post({ intent: "quantity", productCode: coffee, qty: "3" }, "changed");
    await post({ intent: "quantity", productCode: otherCoffee, qty: "1" }, "changed");
    expect(await items(code)).toEqual([
      { product_code: coffee, quantity: 3 },
      { product_code: otherCoffee, quantity: 1 },
    ]);
    await post({ intent: "remove", productCode: otherCoffee }, "changed");
    expect(await items(code)).toEqual([{ product_code: coffee, quantity: 3 }]);
    const added = await postForm(
      store,
      "/account/addresses",
      { intent: "add", firstName: "Grace", lastName: "Hopper", line1: "9 Harbor Rd", town: "Boston", region: "MA", postalCode: "02110", country: "US" },
      cookie,
    );
    expect(added.status).toBe(303);
    const address = await db.selectFrom("customer_address").select("id").where("line1", "=", "9 Harbor Rd").executeTakeFirstOrThrow();
    await post({ intent: "address", addressId: String(address.id) }, "changed");
    expect(JSON.parse((await row(code)).delivery_address)).toMatchObject({ line1: "9 Harbor Rd", town: "Boston" });
    await post({ intent: "pause" }, "paused");
    expect((await row(code)).status).toBe("paused");
    await post({ intent: "resume" }, "resumed");
    expect((await row(code)).status).toBe("active");
    const orders = () =>
      db.selectFrom("subscription_order").select("order_code").where("subscription_id", "=", before.id).where("status", "=", "placed").execute();
    await post({ intent: "deliverNow" }, "deliveredNow");
    expect(await orders()).toHaveLength(1);
    expect(await page(cookie)).toContain((await orders())[0]!.order_code!);
    await post({ intent: "cancel", reason: "Moving abroad" }, "cancelled");
    expect(await row(code)).toMatchObject({ status: "cancelled", cancel_reason: "Moving abroad" });
  });
});

describe("bad input: 400 in the shop's words, nothing changed", () => {
  it.each([
    ["a frequency of 0 weeks", { intent: "frequency", frequencyWeeks: "0" }, "Choose deliveries every 1 to 26 weeks."],
    ["a frequency of 1,000 weeks", { intent: "frequency", frequencyWeeks: "1000" }, "Choose deliveries every 1 to 26 weeks."],
    ["a frequency that is not a number", { intent: "frequency", frequencyWeeks: "often" }, "Choose deliveries every 1 to 26 weeks."],
    ["a date in the past", { intent: "date", nextDeliveryDate: "2020-01-01" }, "Choose a date after today and within a year."],
    ["a date more than a year ahead", { intent: "date", nextDeliveryDate: "2099-01-01" }, "Choose a date after today and within a year."],
    ["a date that does not exist", { intent: "date", nextDeliveryDate: "2027-02-30" }, "Choose a date after today and within a year."],
    ["a quantity of 0", { intent: "quantity", productCode: "COFFEE", qty: "0" }, "Quantity must be at least 1."],
    ["a quantity of 25", { intent: "quantity", productCode: "COFFEE", qty: "25" }, "Quantity must be at most 24."],
    ["a cancellation without a reason", { intent: "cancel", reason: " " }, "Tell us why in 3 to 300 characters."],
    ["an address that is not in the book", { intent: "address", addressId: "999999" }, "Choose one of your saved addresses."],
    ["removing the last item", { intent: "remove", productCode: "COFFEE" }, "An auto-delivery keeps at least one item. To stop it, cancel it instead."],
    ["the card of a cart that has none", { intent: "card" }, "Enter a card on your cart&#x27;s payment step first"],
    ["an unknown change", { intent: "teleport" }, "This page is out of date. Reload it and try again."],
  ])("%s", async (_what, fields, phrase) => {
    const { subscription, cookie } = await subscriber();
    const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === "COFFEE" ? coffee : v]));
    const before = { subscription: await row(subscription.code), items: await items(subscription.code) };
    const res = await postForm(store, PAGE, { code: subscription.code, ...form }, cookie);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.text()).toContain(phrase);
    expect(await row(subscription.code)).toEqual(before.subscription);
    expect(await items(subscription.code)).toEqual(before.items);
  });

  it("a subscription code that is not a code: the page is out of date", async () => {
    const { cookie } = await subscriber();
    const res = await postForm(store, PAGE, { intent: "skip", code: "AD1" }, cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("This page is out of date.");
  });
});

describe("another customer's subscription", () => {
  // One owner and one stranger for every change: the storefront limits sign-ins per address.
  let owner: Awaited<ReturnType<typeof subscriber>>;
  let stranger: Awaited<ReturnType<typeof subscriber>>;
  beforeAll(async () => {
    owner = await subscriber();
    stranger = await subscriber();
  });

  it.each([
    ["skip", {}],
    ["deliverNow", {}],
    ["pause", {}],
    ["resume", {}],
    ["frequency", { frequencyWeeks: "2" }],
    ["date", { nextDeliveryDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10) }],
    ["quantity", { productCode: "COFFEE", qty: "5" }],
    ["remove", { productCode: "COFFEE" }],
    ["cancel", { reason: "not mine to cancel" }],
  ])("%s answers the 404 page 'Subscription not found.' and changes nothing", async (intent, fields) => {
    const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === "COFFEE" ? coffee : v]));
    const before = { subscription: await row(owner.subscription.code), items: await items(owner.subscription.code) };
    const res = await postForm(store, PAGE, { intent, code: owner.subscription.code, ...form }, stranger.cookie);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Subscription not found.");
    expect(await row(owner.subscription.code)).toEqual(before.subscription);
    expect(await items(owner.subscription.code)).toEqual(before.items);
  });
});
