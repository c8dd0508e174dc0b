import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { CheckoutSchema } from "../../commerce/contract/checkout";
import { type Db, openDatabase } from "../../commerce/service";
import {
  CartAddAnswerSchema,
  LoginStateSchema,
  OrderCleanupSchema,
  SessionCartSchema,
  StoredAttributeSchema,
} from "../../app/lib/storefront-operations.server";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { APPROVED_CARD, NY_ADDRESS, plentifulCoffee, randomHex, usStoreApi } from "../support/guest-checkout";
import { cookiesFrom, type RunningStore, STORE_TOKEN_SECRET, startStore } from "../support/server";

/**
 * The web-app wrapper's session, exactly as docs/store-guide.md writes it out in curl lines, against
 * the built store on each database: the app signs in natively and hands its tokens to the web
 * view, reads the session's cart, adds to it, marks the checkout sign-in, places the order with
 * its own token, and has the session forget the checkout.
 */
const DEMO_PASSWORD = "Brewfront-demo-2026";
const PORTS = { sqlite: 3452, postgres: 3453 } as const;
/** The product the documented session adds. */
const DOCUMENTED_PRODUCT = "5001-SMRG-KC-24";

describe.each(DIALECTS)("the web-app wrapper's calls on %s", (dialect) => {
  let store: RunningStore;
  let db: Db;
  let coffee: string;

  beforeAll(async () => {
    store = await startStore({ dialect, port: PORTS[dialect], env: { LOG_LEVEL: "warn" } });
    db = openDatabase(testCommerceConfig(store.databaseUrl));
    coffee = await plentifulCoffee(db);
    await db.updateTable("stock").set({ level: 10_000 }).where("product_code", "=", DOCUMENTED_PRODUCT).execute();
  }, 90_000);

  afterAll(async () => {
    await db?.destroy();
    await store?.stop();
  });

  // Each web view its own address: a random one could be the address the rate-limit test used up.
  let views = 0;

  /** One browser (the app's web view): its cookies, kept between calls, from its own address. */
  function webView() {
    let cookie = "";
    views += 1;
    const address = `198.51.100.${views}`;
    const call = async (method: string, path: string, options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}) => {
      const res = await fetch(`${store.url}${path}`, {
        method,
        redirect: "manual",
        headers: {
          "X-Forwarded-For": address,
          ...(method === "POST" ? { Origin: store.url } : {}),
          ...(options.json !== undefined ? { "Content-Type": "application/json" } : {}),
          ...(options.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
          ...options.headers,
        },
        body: options.json !== undefined ? JSON.stringify(options.json) : options.form ? new URLSearchParams(options.form).toString() : undefined,
      });
      cookie = cookiesFrom(res, cookie);
      return res;
    };
    return { call, cookies: () => cookie, address };
  }

  it("runs the documented session: native sign-in, tokens to the session, cart, attribute, order, clean-up", async () => {
    const view = webView();
    // 1. The app signs in on its own screen (the service's token endpoint) and keeps the tokens.
    const grant = await fetch(`${store.url}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "password",
        username: "demo.customer@example.com",
        password: DEMO_PASSWORD,
        client_id: "storefront",
        site: "usb2c",
      }),
    });
    expect(grant.status).toBe(200);
    const tokens = TokenResponseSchema.parse(await grant.json());

    // 2. The web view's session takes them.
    const handed = await view.call("POST", "/tokenToSession", {
      json: { access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires_in: tokens.expires_in },
    });
    expect(handed.status).toBe(200);
    expect(LoginStateSchema.parse(await handed.json())).toEqual({ isLoggedIn: true, firstName: "Dana", isNoboUser: false });
    expect(view.cookies()).toContain("SESSION=");

    // 3. The session's cart: none yet.
    const before = await view.call("GET", "/getSessionCartGuid");
    expect(SessionCartSchema.parse(await before.json())).toEqual({ cartGuid: null, cartQuantity: 0 });

    // 4. A product added the way the product page's form does, answered as JSON (inline=1).
    const added = await view.call("POST", "/cart/add", { form: { productCode: DOCUMENTED_PRODUCT, qty: "2", inline: "1" } });
    expect(added.status).toBe(200);
    const cart = CartAddAnswerSchema.parse(await added.json());
    expect(cart.cartQuantity).toBe(2);
    const during = SessionCartSchema.parse(await (await view.call("GET", "/getSessionCartGuid")).json());
    expect(during).toEqual({ cartGuid: cart.cartGuid, cartQuantity: 2 });

    // 5. The app signed the shopper in from its checkout screen: the session keeps that marker.
    const marked = await view.call("POST", "/_s/storeSessionAttribute", { json: { name: "spcPageLogin", value: true } });
    expect(marked.status).toBe(200);
    expect(StoredAttributeSchema.parse(await marked.json())).toEqual({ stored: { name: "spcPageLogin", value: true } });
    expect(view.cookies()).toContain("spcPageLogin=true");

    // 6. The app places the order with its own token, on the cart the session named.
    const api = usStoreApi(() => store.url);
    const path = `/users/current/carts/${during.cartGuid}`;
    const withAddress = await api("POST", `${path}/addresses/delivery`, tokens.access_token, { address: NY_ADDRESS });
    expect(withAddress.status).toBe(200);
    const standard = CheckoutSchema.parse(withAddress.body).deliveryModes.find((m) => m.code === "standard")!;
    expect(standard.code).toBe("standard");
    expect((await api("PUT", `${path}/updateDeliveryDetails`, tokens.access_token, { deliveryModeId: "standard" })).status).toBe(200);
    expect((await api("POST", `${path}/paymentdetails`, tokens.access_token, APPROVED_CARD)).status).toBe(201);
    const ready = CheckoutSchema.parse((await api("GET", `${path}/checkout`, tokens.access_token)).body);
    const placed = await api("POST", `/users/current/orders?cartId=${during.cartGuid}`, tokens.access_token, {
      checkoutKey: randomHex(32),
      expectedTotal: ready.totalPriceWithTax.minor,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(SessionCartSchema.parse(await (await view.call("GET", "/getSessionCartGuid")).json())).toEqual({ cartGuid: null, cartQuantity: 0 });

    // 7. The session forgets the checkout, once: a second call finds nothing left to clear.
    const cleanup = await view.call("GET", "/_s/postOrderCleanup");
    expect(cleanup.status).toBe(200);
    expect(OrderCleanupSchema.parse(await cleanup.json()).cleared).toEqual(["spcPageLogin"]);
    expect(view.cookies()).not.toContain("spcPageLogin");
    const again = await view.call("GET", "/_s/postOrderCleanup");
    expect(OrderCleanupSchema.parse(await again.json()).cleared).toEqual([]);
    // Still signed in: the clean-up is about the checkout, not the sign-in.
    expect(LoginStateSchema.parse(await (await view.call("GET", "/handleLoggedInUserCookies")).json()).isLoggedIn).toBe(true);
  }, 60_000);

  it("signs a web view in with a password instead, answering an unknown address and a wrong password alike", async () => {
    const view = webView();
    const wrong = await view.call("POST", "/api/auth/login", { json: { email: "demo.customer@example.com", password: "not-the-password" } });
    const unknown = await view.call("POST", "/api/auth/login", { json: { email: `nobody-${randomHex(6)}@example.com`, password: "not-the-password" } });
    expect([wrong.status, unknown.status]).toEqual([400, 400]);
    expect(await wrong.json()).toEqual(await unknown.json());
    const signedIn = await view.call("POST", "/api/auth/login", { json: { email: "demo.customer@example.com", password: DEMO_PASSWORD } });
    expect(signedIn.status).toBe(200);
    expect(LoginStateSchema.parse(await signedIn.json())).toEqual({ isLoggedIn: true, firstName: "Dana", isNoboUser: false });
  }, 30_000);

  it("forgets a guest's cart guid once the app has ordered that cart, and keeps a cart still open", async () => {
    const view = webView();
    const cart = CartAddAnswerSchema.parse(
      await (await view.call("POST", "/cart/add", { form: { productCode: coffee, qty: "1", inline: "1", returnTo: "/" } })).json(),
    );
    // A cart still open stays the session's.
    expect(OrderCleanupSchema.parse(await (await view.call("GET", "/_s/postOrderCleanup")).json()).cleared).toEqual([]);
    expect(SessionCartSchema.parse(await (await view.call("GET", "/getSessionCartGuid")).json()).cartGuid).toBe(cart.cartGuid);

    // The app orders the guest's cart with the storefront's guest token.
    const guestClient = testCommerceConfig(store.databaseUrl, { AUTH_TOKEN_SECRET: STORE_TOKEN_SECRET }).auth.guestClient;
    const grant = await fetch(`${store.url}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: guestClient.id, client_secret: guestClient.secret, site: "usb2c" }),
    });
    const guest = TokenResponseSchema.parse(await grant.json()).access_token;
    const api = usStoreApi(() => store.url);
    const path = `/users/anonymous/carts/${cart.cartGuid}`;
    expect((await api("PUT", `${path}/email`, guest, { email: `app-guest-${randomHex(6)}@example.com` })).status).toBe(200);
    const standard = CheckoutSchema.parse((await api("POST", `${path}/addresses/delivery`, guest, { address: NY_ADDRESS })).body).deliveryModes[0]!;
    expect((await api("PUT", `${path}/updateDeliveryDetails`, guest, { deliveryModeId: standard.code })).status).toBe(200);
    expect((await api("POST", `${path}/paymentdetails`, guest, APPROVED_CARD)).status).toBe(201);
    const ready = CheckoutSchema.parse((await api("GET", `${path}/checkout`, guest)).body);
    const placed = await api("POST", `/users/anonymous/orders?cartId=${cart.cartGuid}`, guest, {
      checkoutKey: randomHex(32),
      expectedTotal: ready.totalPriceWithTax.minor,
      expectedAmountDue: ready.amountDue.minor,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    expect(OrderCleanupSchema.parse(await (await view.call("GET", "/_s/postOrderCleanup")).json()).cleared).toEqual(["cartGuid"]);
    expect(SessionCartSchema.parse(await (await view.call("GET", "/getSessionCartGuid")).json())).toEqual({ cartGuid: null, cartQuantity: 0 });
  }, 30_000);

  it("keeps only the allowed attributes, with readable refusals", async () => {
    const view = webView();
    const unknown = await view.call("POST", "/_s/storeSessionAttribute", { json: { name: "csAgentId", value: "agent-1" } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "Send name (one of spcPageLogin, orderConfirmationPageLogin, adFrequencyWeeks) and value." });
    const outOfRange = await view.call("POST", "/_s/storeSessionAttribute", { form: { name: "adFrequencyWeeks", value: "99" } });
    expect(outOfRange.status).toBe(400);
    expect(((await outOfRange.json()) as { error: string }).error).toMatch(/^That value cannot be kept: /);
    const notJson = await view.call("POST", "/_s/storeSessionAttribute", { headers: { "Content-Type": "application/json" }, form: {} });
    expect(notJson.status).toBe(400);
    const frequency = await view.call("POST", "/_s/storeSessionAttribute", { form: { name: "adFrequencyWeeks", value: "6" } });
    expect(StoredAttributeSchema.parse(await frequency.json())).toEqual({ stored: { name: "adFrequencyWeeks", value: 6 } });
    expect(OrderCleanupSchema.parse(await (await view.call("GET", "/_s/postOrderCleanup")).json()).cleared).toEqual(["adFrequencyWeeks"]);
  });

  it("refuses a POST from another site's page and a clean-up another site's page asks for", async () => {
    const view = webView();
    const forged = await view.call("POST", "/_s/storeSessionAttribute", {
      json: { name: "spcPageLogin", value: true },
      headers: { Origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect(view.cookies()).not.toContain("spcPageLogin");
    const crossSite = await view.call("GET", "/_s/postOrderCleanup", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
  });

  it("counts the wrapper's calls per address: past 120 in ten minutes, 429 with Retry-After", async () => {
    const view = webView();
    for (let i = 0; i < 120; i++) expect((await view.call("GET", "/_s/postOrderCleanup")).status).toBe(200);
    const over = await view.call("GET", "/getSessionCartGuid");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await webView().call("GET", "/getSessionCartGuid")).status).toBe(200);
  }, 30_000);

  it("describes every call of the session in /api/openapi.json", async () => {
    const document = (await (await fetch(`${store.url}/api/openapi.json`)).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe("3.1.0");
    for (const [path, method] of [
      ["/api/auth/login", "post"],
      ["/tokenToSession", "post"],
      ["/getSessionCartGuid", "get"],
      ["/handleLoggedInUserCookies", "get"],
      ["/cart/add", "post"],
      ["/_s/storeSessionAttribute", "post"],
      ["/_s/postOrderCleanup", "get"],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
