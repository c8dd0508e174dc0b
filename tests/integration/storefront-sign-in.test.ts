import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_OUT_COOKIES } from "../../app/lib/auth/token-rules";
import { type Db, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { type RunningStore, startStore, cookiesFrom, postForm } from "../support/server";

/**
 * Signing in through the storefront, against the built store with two worker processes: what a
 * browser sees (status, body, cookies, caching) and what the database keeps.
 */
const DEMO_PASSWORD = "Brewfront-demo-2026";
const PERKS = "demo.perks@example.com";
const PRODUCT = "/Coffee/breakfast-blend/p/5001-SMRG-KC-24";

let store: RunningStore;
let db: Db;

beforeAll(async () => {
  store = await startStore({ env: { WEB_CONCURRENCY: "2", LOG_LEVEL: "warn" } });
  db = openDatabase(testCommerceConfig(store.databaseUrl));
}, 90_000);

afterAll(async () => {
  await db?.destroy();
  await store?.stop();
});

/** A POST from the store's own pages, without following redirects. */
const post = (path: string, fields: Record<string, string>, cookie = "") => postForm(store, path, fields, cookie);

/** A page with what differs per request (nonce) and the typed address taken out, to compare two answers. */
const samePage = (html: string) => html.replace(/[\w.+-]+@example\.com/g, "X").replace(/nonce="[^"]+"/g, "");

async function signIn(email: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}) {
  const res = await post("/login", { email, password, returnTo: "/account", ...extra });
  expect(res.status, await res.text()).toBe(303);
  return cookiesFrom(res);
}

describe("the sign-in form", () => {
  it("signs in, keeps the tokens out of page scripts' reach, and remembers the shopper when asked", async () => {
    const res = await post("/login", { email: PERKS, password: DEMO_PASSWORD, rememberMe: "on", returnTo: "/account" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/account");
    const session = res.headers.getSetCookie().find((c) => c.startsWith("SESSION="))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Max-Age=2592000/);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("remember_me=true"))).toBe(true);
    // No token travels in a cookie of its own: they live in the signed session.
    expect(res.headers.getSetCookie().some((c) => /^(access_token|refresh_token)=[^;]/.test(c))).toBe(false);
  });

  it("answers an unknown address and a wrong password identically", async () => {
    const unknown = await post("/login", { email: "nobody-here@example.com", password: "whatever-123" });
    const wrong = await post("/login", { email: PERKS, password: "whatever-123" });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    const [a, b] = [await unknown.text(), await wrong.text()];
    expect(a).toContain("don&#x27;t match an account");
    expect(samePage(a)).toBe(samePage(b));
  });

  it("refuses a form whose hidden honeypot field was filled, without signing in", async () => {
    const res = await post("/login", { email: PERKS, password: DEMO_PASSWORD, website: "http://spam.example" });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("SESSION="))).toBe(false);
  });
});

describe("sign-up and forgotten passwords do not tell which addresses have accounts", () => {
  it("answers sign-up the same for a new and an existing address", async () => {
    const fields = { firstName: "Sam", lastName: "Shopper", password: "a-long-password-1" };
    const known = await post("/signup", { ...fields, email: PERKS });
    const fresh = await post("/signup", { ...fields, email: `new-${Date.now()}@example.com` });
    expect(known.status).toBe(fresh.status);
    expect(known.status).toBe(200);
    expect(samePage(await known.text())).toBe(samePage(await fresh.text()));
  });

  it("answers the JSON endpoints the same too", async () => {
    const json = (path: string, body: object) =>
      fetch(`${store.url}${path}`, { method: "POST", headers: { Origin: store.url, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const [a, b] = await Promise.all([json("/api/auth/forgotPassword", { email: PERKS }), json("/api/auth/forgotPassword", { email: "ghost@example.com" })]);
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(await a.json()).toEqual(await b.json());
  });
});

describe("caching and member prices", () => {
  it("gives anonymous shoppers the public list price and members their price, never cached for others", async () => {
    const anonymous = await fetch(`${store.url}${PRODUCT}`);
    expect(anonymous.headers.get("cache-control")).toMatch(/max-age=60/);
    expect(anonymous.headers.get("vary")).toMatch(/Cookie/i);
    const cookie = await signIn(PERKS);
    const member = await fetch(`${store.url}${PRODUCT}`, { headers: { Cookie: cookie } });
    expect(member.headers.get("cache-control")).toBe("private, no-store");
    const price = (html: string) => /class="price__now[^"]*">([^<]+)</.exec(html)?.[1];
    const [listPrice, memberPrice] = [price(await anonymous.text()), price(await member.text())];
    expect(listPrice).toBe("$17.99");
    expect(memberPrice).not.toBe(listPrice);
    // An employee's price group has prices of its own.
    const employee = await fetch(`${store.url}${PRODUCT}`, { headers: { Cookie: await signIn("demo.employee@example.com") } });
    expect(price(await employee.text())).toBe("$14.39");
    // And the anonymous page after that is still the list price (no member price leaked into a cache).
    expect(price(await (await fetch(`${store.url}${PRODUCT}`)).text())).toBe(listPrice);
  });
});

describe("sign-out", () => {
  it("clears the session and exactly the sign-in cookies, and the old session cookie signs nobody in", async () => {
    const cookie = await signIn("demo.customer@example.com");
    const res = await post("/logout", { lang: "en" }, cookie);
    expect(res.status).toBe(303);
    const cleared = res.headers
      .getSetCookie()
      .filter((c) => /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))
      .map((c) => c.split("=")[0])
      .sort();
    // The list itself is pinned by the unit test of SIGN_OUT_COOKIES.
    expect(cleared).toEqual(["SESSION", ...SIGN_OUT_COOKIES].sort());
    const account = await fetch(`${store.url}/account`, { redirect: "manual", headers: { Cookie: cookiesFrom(res, cookie) } });
    expect(account.status).toBe(303);
    expect(account.headers.get("location")).toMatch(/^\/login\?returnTo=/);
  });
});

describe("an expired access token", () => {
  /** Long enough for 20 account pages on a busy two-core machine, short enough to wait out. */
  const SHORT_LIFETIME_SECONDS = 8;

  it("is refreshed once for 20 concurrent requests across two worker processes", async () => {
    // Short-lived access tokens for this brand, set before anyone has signed in on it.
    await db
      .updateTable("site_config")
      .set({ value: String(SHORT_LIFETIME_SECONDS) })
      .where("site", "=", "usafh")
      .where("config_key", "=", "tokenRotation.expirySeconds")
      .execute();
    const signedIn = await fetch(`${store.url}/login?site=usafh`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: store.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "demo.customer@example.com", password: DEMO_PASSWORD, returnTo: "/account" }).toString(),
    });
    expect(signedIn.status).toBe(303);
    const cookie = cookiesFrom(signedIn);
    const customer = await db
      .selectFrom("customer")
      .select("id")
      .where("site", "=", "usafh")
      .where("email", "=", "demo.customer@example.com")
      .executeTakeFirstOrThrow();
    const family = await db
      .selectFrom("refresh_family")
      .select("id")
      .where("customer_id", "=", customer.id)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    await new Promise((r) => setTimeout(r, SHORT_LIFETIME_SECONDS * 1000 + 1500));
    // A worker keeps the lifetimes it read for a minute, so the successor may get the short lifetime
    // too (when the worker that signed in refreshes): the 20 pages must be done within it, or a
    // successor that expired would rightly be refreshed again. The other worker reads the long one.
    await db.updateTable("site_config").set({ value: "1800" }).where("site", "=", "usafh").where("config_key", "=", "tokenRotation.expirySeconds").execute();

    const pages = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${store.url}/account?site=usafh`, { redirect: "manual", headers: { Cookie: cookie } })),
    );
    expect(pages.map((p) => p.status)).toEqual(Array(20).fill(200));
    for (const page of pages) expect(await page.text()).toContain("Dana");
    const tokens = await db.selectFrom("refresh_token").select(["id", "rotated_at"]).where("family_id", "=", family.id).execute();
    // The first token rotated once; exactly one successor exists, and the family is still live.
    expect(tokens).toHaveLength(2);
    expect(tokens.filter((t) => t.rotated_at !== null)).toHaveLength(1);
    const live = await db.selectFrom("refresh_family").select("revoked_at").where("id", "=", family.id).executeTakeFirstOrThrow();
    expect(live.revoked_at).toBeNull();
  });
});

describe("the cart in the storefront", () => {
  it("adds from a product page without JavaScript, shows the line and the count, and joins the customer's cart at sign-in", async () => {
    const added = await post("/cart/add", { productCode: "5001-SMRG-KC-24", qty: "2", returnTo: PRODUCT });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(`${PRODUCT}?added=5001-SMRG-KC-24`);
    const cookie = cookiesFrom(added);
    const cart = await (await fetch(`${store.url}/cart`, { headers: { Cookie: cookie } })).text();
    expect(cart).toContain("Breakfast Blend, 24 ct K-Cup pods");
    expect(cart).toMatch(/site-header__count">2</);
    expect(cart).toContain("<strong>$35.98</strong>");
    expect(cart).toMatch(/away from free shipping/);

    const signedIn = await post("/login", { email: "demo.employee@example.com", password: DEMO_PASSWORD, returnTo: "/cart" }, cookie);
    expect(signedIn.status).toBe(303);
    const memberCart = await (await fetch(`${store.url}/cart`, { headers: { Cookie: cookiesFrom(signedIn, cookie) } })).text();
    expect(memberCart).toContain("Breakfast Blend, 24 ct K-Cup pods");
    expect(memberCart).toMatch(/site-header__count">2</);
  });

  it("refuses a quantity over the line maximum on the cart page beside that line's field, keeping what was typed", async () => {
    const cookie = cookiesFrom(await post("/cart/add", { productCode: "5001-SMRG-KC-24", qty: "1", returnTo: PRODUCT }));
    const cart = await (await fetch(`${store.url}/cart`, { headers: { Cookie: cookie } })).text();
    const cartGuid = /name="cartGuid" value="([0-9a-f]{32})"/.exec(cart)![1]!;
    const res = await post("/cart", { cartGuid, entryNumber: "0", qty: "30", intent: "update" }, cookie);
    expect(res.status).toBe(400);
    const page = await res.text();
    const field = /<input id="qty-0" name="qty"[^>]*\/>/.exec(page)?.[0];
    expect(field).toMatch(/ max="24"/);
    expect(field).toMatch(/ aria-invalid="true" aria-describedby="qty-0-error"/);
    expect(field).toMatch(/ value="30"/);
    expect(page).toContain('<p id="qty-0-error" class="field__error">Quantity must be at most 24.</p>');
  });

  it("refuses a malformed quantity with a 400 naming the problem, for the page to word, and adds nothing", async () => {
    const res = await post("/cart/add", { productCode: "5001-SMRG-KC-24", qty: "lots", inline: "1" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ cartError: "quantityNotWhole" });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("SESSION="))).toBe(false);
  });

  it("sends a tampered add without JavaScript back to the page, which says what was wrong in its language", async () => {
    const res = await post("/cart/add", { productCode: "5001-SMRG-KC-24", qty: "25", returnTo: PRODUCT });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${PRODUCT}?cartError=quantityTooLarge&cartErrorLimit=24`);
    const page = await (await fetch(`${store.url}${res.headers.get("location")}`)).text();
    expect(page).toMatch(/role="alert">Quantity must be at most 24\.</);
    const french = await (await fetch(`${store.url}/fr${PRODUCT}?cartError=quantityTooLarge&cartErrorLimit=24&site=cab2c`)).text();
    expect(french).toMatch(/role="alert">La quantité doit être d’au plus 24\.</);
  });
});
