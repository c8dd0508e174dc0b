import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CheckoutSchema } from "../../commerce/contract/checkout";
import { type Db, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { APPROVED_CARD, NY_ADDRESS, randomHex, usStoreApi } from "../support/guest-checkout";
import { cookiesFrom, postForm, type RunningStore, startStore } from "../support/server";

/**
 * Auto-delivery in the storefront (issue 40, the shopper's half): "Subscribe and save" on the
 * product page, the cart's auto-delivery lines, the checkout's frequency, and "Add to my next
 * delivery", against the built store. Bad input is answered 4xx in the shop's words and adds nothing.
 */
const PASSWORD = "auto-delivery-shop-2026";
const CODE = "5001-SMRG-KC-24";
const PRODUCT = `/Coffee/breakfast-blend/p/${CODE}`;

let store: RunningStore;
let db: Db;

beforeAll(async () => {
  store = await startStore({ env: { WEB_CONCURRENCY: "1", LOG_LEVEL: "warn" } });
  db = openDatabase(testCommerceConfig(store.databaseUrl));
  await db.updateTable("stock").set({ level: 10_000 }).where("product_code", "=", CODE).execute();
}, 90_000);

afterAll(async () => {
  await db?.destroy();
  await store?.stop();
});

const post = (path: string, fields: Record<string, string>, cookie = "") => postForm(store, path, fields, cookie);
/** A page's markup without its scripts: the root's data carries every phrase of the page's language, shown or not. */
const page = async (path: string, cookie = "") =>
  (await (await fetch(`${store.url}${path}`, { headers: { Cookie: cookie } })).text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
const subscribeFields = (extra: Record<string, string>) => ({
  productCode: CODE,
  qty: "1",
  entryType: "ADC",
  frequencyWeeks: "4",
  podsAtHomeQty: "",
  ...extra,
});

/** A customer of the test's own, signed in to the storefront: their email, API token and browser cookies. */
async function signedInCustomer() {
  const email = `ad-shop-${randomHex(8)}@example.com`;
  await insertAccount(db, { email, password: PASSWORD });
  const signIn = await post("/login", { email, password: PASSWORD, returnTo: "/account" });
  expect(signIn.status).toBe(303);
  return { email, token: await passwordToken(store.url, { email, password: PASSWORD }), cookie: cookiesFrom(signIn) };
}

/** Starts a subscription for the customer through the service, as a checkout of an ADC line does. */
async function subscribeThroughTheApi(token: string) {
  const call = usStoreApi(() => store.url);
  const added = await call("POST", "/users/current/addProductToAdCart", token, { productCode: CODE, qty: 1, entryType: "ADC" });
  const guid = CartModificationSchema.parse(added.body).cartGuid;
  const cart = `/users/current/carts/${guid}`;
  const standard = CheckoutSchema.parse((await call("POST", `${cart}/addresses/delivery`, token, { address: NY_ADDRESS })).body).deliveryModes[0]!;
  await call("PUT", `${cart}/updateDeliveryDetails`, token, { deliveryModeId: standard.code, deliveryCost: standard.costMinor });
  expect((await call("POST", `${cart}/paymentdetails`, token, APPROVED_CARD)).status).toBe(201);
  const checkout = CheckoutSchema.parse((await call("GET", `${cart}/checkout`, token)).body);
  const placed = await call("POST", `/users/current/orders?cartId=${guid}`, token, {
    checkoutKey: randomHex(32),
    expectedTotal: checkout.totalPriceWithTax.minor,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
}

describe("Subscribe and save on the product page", () => {
  it("offers a one-time purchase or a subscription at the subscriber's price, with a frequency and the pods at home", async () => {
    const html = await page(PRODUCT);
    expect(html).toContain("One-time purchase");
    expect(html).toMatch(/Subscribe and save 10%<\/span> <strong>\$\d+\.\d\d<\/strong>/);
    expect(html).toMatch(/<option value="4" selected="">Every 4 weeks<\/option>/);
    expect(html).toMatch(/name="podsAtHomeQty" type="number"[^>]* max="10"/);
    const french = await page(`/fr${PRODUCT}?site=cab2c`);
    expect(french).toContain("Abonnez-vous et économisez 10\u202f%");
  });

  it("puts an auto-delivery line in the cart at the subscriber's price, the frequency chosen kept for the checkout", async () => {
    const added = await post("/cart/add", { ...subscribeFields({ frequencyWeeks: "6", podsAtHomeQty: "3" }), returnTo: PRODUCT });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(`${PRODUCT}?added=${CODE}`);
    const cart = await page("/cart", cookiesFrom(added));
    expect(cart).toContain("Auto-delivery");
    expect(cart).toContain("Comes again every 6 weeks");
    expect(cart).toMatch(/Subscriber price: \$\d+\.\d\d each/);
  });
});

describe("bad subscription input on the add form", () => {
  it.each([
    ["pods at home over the store's maximum", { podsAtHomeQty: "11" }, { cartError: "podsAtHomeTooLarge", limit: 10 }],
    ["pods at home not a number", { podsAtHomeQty: "lots" }, { cartError: "podsAtHomeNotWhole" }],
    ["a frequency of 0 weeks", { frequencyWeeks: "0" }, { cartError: "frequencyInvalid", limit: 26 }],
    ["a frequency of 1,000 weeks", { frequencyWeeks: "1000" }, { cartError: "frequencyInvalid", limit: 26 }],
  ])("refuses %s with a 400 for the page to word, and adds nothing", async (_, fields, answer) => {
    const res = await post("/cart/add", { ...subscribeFields(fields), inline: "1" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(answer);
    // No cart was made: the session (which would remember one) is not even written.
    expect(res.headers.getSetCookie().some((c) => c.startsWith("SESSION="))).toBe(false);
  });

  it("sends an add without JavaScript back to the page, which says what was wrong, and leaves the cart as it was", async () => {
    const cookie = cookiesFrom(await post("/cart/add", { productCode: CODE, qty: "1", returnTo: PRODUCT }));
    const res = await post("/cart/add", { ...subscribeFields({ podsAtHomeQty: "11" }), returnTo: PRODUCT }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${PRODUCT}?cartError=podsAtHomeTooLarge&cartErrorLimit=10`);
    expect(await page(res.headers.get("location")!, cookie)).toMatch(/role="alert">Pods at home must be at most 10\.</);
    const french = await page(`/fr${PRODUCT}?cartError=frequencyInvalid&cartErrorLimit=26&site=cab2c`);
    expect(french).toMatch(/role="alert">Choisissez une livraison toutes les 1 à 26 semaines\.</);
    const cart = await page("/cart", cookie);
    expect(cart).toMatch(/site-header__count">1</);
    expect(cart).not.toContain("Auto-delivery");
  });

  it("takes the pods at home of a one-time purchase as not asked, whatever the field holds", async () => {
    const res = await post("/cart/add", { ...subscribeFields({ entryType: "STD", podsAtHomeQty: "lots", frequencyWeeks: "0" }), inline: "1" });
    expect(res.status).toBe(200);
    const cart = await page("/cart", cookiesFrom(res));
    expect(cart).toMatch(/site-header__count">1</);
    expect(cart).not.toContain("Comes again");
  });
});

describe("the cart's auto-delivery lines", () => {
  it("removes an auto-delivery line through its own call and keeps the one-time line of the same coffee", async () => {
    const one = cookiesFrom(await post("/cart/add", { productCode: CODE, qty: "1", returnTo: PRODUCT }));
    const cookie = cookiesFrom(await post("/cart/add", { ...subscribeFields({ qty: "2" }), returnTo: PRODUCT }, one), one);
    const cart = await page("/cart", cookie);
    const cartGuid = /name="cartGuid" value="([0-9a-f]{32})"/.exec(cart)![1]!;
    expect(cart).toMatch(/site-header__count">3</);
    const removed = await post("/cart", { cartGuid, entryNumber: "1", entryType: "ADC", qty: "2", intent: "remove" }, cookie);
    expect(removed.status).toBe(303);
    const after = await page("/cart", cookiesFrom(removed, cookie));
    expect(after).toMatch(/site-header__count">1</);
    expect(after).not.toContain("Comes again");
  });
});

describe("the checkout's auto-delivery section", () => {
  it("asks a guest with an auto-delivery line to sign in, before anything else", async () => {
    const cookie = cookiesFrom(await post("/cart/add", { ...subscribeFields({}), returnTo: PRODUCT }));
    const checkout = await page("/checkout/singlestep", cookie);
    expect(checkout).toContain("This order starts your auto-delivery");
    expect(checkout).toContain("Auto-delivery needs an account");
    expect(checkout).toContain('href="/login?returnTo=%2Fcheckout%2Fsinglestep"');
  });

  it("starts the frequency from the product page's choice, and refuses 0 or 1,000 weeks with a 400 in words", async () => {
    const customer = await signedInCustomer();
    const cookie = cookiesFrom(await post("/cart/add", { ...subscribeFields({ frequencyWeeks: "8" }), returnTo: PRODUCT }, customer.cookie), customer.cookie);
    const checkout = await page("/checkout/singlestep", cookie);
    expect(checkout).toMatch(/<option value="8" selected="">Every 8 weeks<\/option>/);
    expect(checkout).toMatch(/name="adFrequencyWeeks" form="place-order"/);
    for (const weeks of ["0", "1000"]) {
      const res = await post(
        "/checkout/singlestep",
        { intent: "place", checkoutKey: randomHex(32), expectedTotal: "100", expectedAmountDue: "100", adFrequencyWeeks: weeks },
        cookie,
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('<p id="ad-frequency-error" class="field__error">Choose deliveries every 1 to 26 weeks.</p>');
    }
    const orders = await db
      .selectFrom("shop_order")
      .innerJoin("customer", "customer.id", "shop_order.customer_id")
      .select("shop_order.code")
      .where("customer.email", "=", customer.email)
      .execute();
    expect(orders).toEqual([]);
  });
});

describe("Add to my next delivery", () => {
  it("adds the product once to a subscriber's next delivery, and says so in words when it is added again", async () => {
    const customer = await signedInCustomer();
    expect(await page(PRODUCT, customer.cookie)).not.toContain("Add to my next delivery");
    await subscribeThroughTheApi(customer.token);
    const subscriber = await page(PRODUCT, customer.cookie);
    expect(subscriber).toMatch(/With auto-delivery AD\d{8}, next delivery /);
    const jobCode = /name="jobCode" value="(AD\d{8})"/.exec(subscriber)![1]!;

    const added = await post(PRODUCT, { intent: "nextDelivery", productCode: CODE, jobCode }, customer.cookie);
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(`${PRODUCT}?nextDelivery=added#next-delivery`);
    expect(await page(`${PRODUCT}?nextDelivery=added`, customer.cookie)).toContain("Added to your next auto-delivery.");

    const again = await post(PRODUCT, { intent: "nextDelivery", productCode: CODE, jobCode }, customer.cookie);
    expect(again.status).toBe(409);
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    expect(await again.text()).toMatch(/role="alert">This product is already in your next delivery\.</);
  });

  it("refuses a subscription code that is not one with a 400, and a guest with a 401, changing nothing", async () => {
    const customer = await signedInCustomer();
    const nextOnlyItems = () => db.selectFrom("subscription_item").select("id").where("next_only", "=", 1).execute();
    const before = await nextOnlyItems();
    const bad = await post(PRODUCT, { intent: "nextDelivery", productCode: CODE, jobCode: "AD1" }, customer.cookie);
    expect(bad.status).toBe(400);
    const guest = await post(PRODUCT, { intent: "nextDelivery", productCode: CODE, jobCode: "AD12345678" });
    expect(guest.status).toBe(401);
    expect(await guest.text()).toContain("Sign in to add products to your next delivery.");
    expect(await nextOnlyItems()).toEqual(before);
  });
});
