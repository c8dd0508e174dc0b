import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../commerce/service";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { type RunningStore, startStore, cookiesFrom } from "../support/server";

/**
 * A sign-in the service ends while the browser still holds it (the password changed on another
 * device, a stolen refresh token detected, the agent's session ended): the next page that needs it
 * is the sign-in page, with the emptied session cookie, never a failed page.
 */
const ENDED = "Your session ended. Please sign in again.";

describe.each(DIALECTS)("a sign-in the service ended (%s)", (dialect) => {
  let store: RunningStore;
  let db: Db;
  beforeAll(async () => {
    store = await startStore({ dialect, env: { LOG_LEVEL: "warn" } });
    db = openDatabase(testCommerceConfig(store.databaseUrl));
  }, 90_000);
  afterAll(async () => {
    await db?.destroy();
    await store?.stop();
  });

  const get = (path: string, cookie: string) => fetch(`${store.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });

  async function signIn(email: string, site: string, page = "/login", client = "storefront") {
    const res = await fetch(`${store.url}${page}?site=${site}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: store.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: DEMO_PASSWORD, returnTo: client === "agent" ? "/agent" : "/account" }).toString(),
    });
    expect(res.status, await res.text()).toBe(303);
    return cookiesFrom(res);
  }

  async function revokeEverySignIn(email: string, site: string) {
    const customer = await db.selectFrom("customer").select("id").where("site", "=", site).where("email", "=", email).executeTakeFirstOrThrow();
    await db
      .updateTable("refresh_family")
      .set({ revoked_at: new Date().toISOString(), revoked_reason: "refresh-token-reuse" })
      .where("customer_id", "=", customer.id)
      .where("revoked_at", "is", null)
      .execute();
  }

  /** The answer to a page once the sign-in has ended: the sign-in page with the notice, and back here afterwards. */
  async function expectSignInAgain(res: Response, returnTo: string, cookie: string) {
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/login?notice=sessionEnded&returnTo=${encodeURIComponent(returnTo)}`);
    const after = cookiesFrom(res, cookie);
    const signInPage = await get(res.headers.get("location")!, after);
    expect(signInPage.status).toBe(200);
    expect(await signInPage.text()).toContain(ENDED);
    return after;
  }

  it("sends a customer whose password was changed on another device to sign in again, once, then serves them as a guest", async () => {
    const email = "demo.customer@example.com";
    const here = await signIn(email, "usb2c");
    expect((await get("/account", here)).status).toBe(200);
    const token = await fetch(`${store.url}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: email, password: DEMO_PASSWORD, client_id: "storefront", site: "usb2c" }).toString(),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const changed = await fetch(`${store.url}/rest/v2/usb2c/users/current/password`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ currentPassword: DEMO_PASSWORD, newPassword: "Another-strong-passphrase-42" }),
    });
    expect(changed.status).toBe(200);

    const after = await expectSignInAgain(await get("/account", here), "/account", here);
    // The emptied session is a guest's: pages answer as for anyone, the account asks to sign in.
    expect((await get("/", after)).status).toBe(200);
    expect((await get("/cart", after)).status).toBe(200);
    const account = await get("/account", after);
    expect(account.status).toBe(303);
    expect(account.headers.get("location")).toBe("/login?returnTo=%2Faccount");
  });

  it("sends a customer whose refresh token was found stolen to sign in again from the cart, a client-side navigation and a form", async () => {
    const email = "demo.perks@example.com";
    const cart = await signIn(email, "usb2c");
    const navigation = await signIn(email, "usb2c");
    const form = await signIn(email, "usb2c");
    await revokeEverySignIn(email, "usb2c");

    await expectSignInAgain(await get("/cart", cart), "/cart", cart);

    const data = await get("/account/orders.data?_routes=routes%2F(%24lang).account.orders", navigation);
    // Single fetch answers a redirect as data (202), which the browser's router follows.
    expect(data.status).toBe(202);
    const redirect = await data.text();
    expect(redirect).toContain("SingleFetchRedirect");
    expect(redirect).toContain("/login?notice=sessionEnded&returnTo=%2Faccount%2Forders");

    const posted = await fetch(`${store.url}/account?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: store.url, Cookie: form, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ firstName: "Pat", lastName: "Lee", email }).toString(),
    });
    await expectSignInAgain(posted, "/account", form);
  });

  it("sends a customer whose access token expired, and whose refresh was refused, to sign in again", async () => {
    await db.updateTable("site_config").set({ value: "2" }).where("site", "=", "usafh").where("config_key", "=", "tokenRotation.expirySeconds").execute();
    const email = "demo.customer@example.com";
    const cookie = await signIn(email, "usafh");
    await revokeEverySignIn(email, "usafh");
    await new Promise((r) => setTimeout(r, 3_000));
    await expectSignInAgain(await get("/account?site=usafh", cookie), "/account?site=usafh", cookie);
  });

  it("sends an agent whose session ended to the agents' sign-in page", async () => {
    const email = "demo.agent@example.com";
    const cookie = await signIn(email, "usb2c", "/noboLogin", "agent");
    expect((await get("/agent?q=demo", cookie)).status).toBe(200);
    await revokeEverySignIn(email, "usb2c");
    const res = await get("/agent?q=demo", cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/noboLogin?returnTo=%2Fagent%3Fq%3Ddemo");
  });

  it("sends an agent whose assisted session was ended elsewhere back to the desk, no longer acting for the customer", async () => {
    const agent = "demo.agent@example.com";
    let cookie = await signIn(agent, "cab2c", "/noboLogin", "agent");
    const desk = await (await get("/agent?site=cab2c&q=demo.customer", cookie)).text();
    const customerId = /name="customerId" value="([^"]+)"/.exec(desk)![1]!;
    const started = await fetch(`${store.url}/agent?site=cab2c`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: store.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "start", customerId }).toString(),
    });
    expect(started.status).toBe(303);
    cookie = cookiesFrom(started, cookie);
    expect((await get("/account?site=cab2c", cookie)).status).toBe(200);

    // The same agent ends the assisted session from another device.
    const token = await fetch(`${store.url}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: agent, password: DEMO_PASSWORD, client_id: "agent", site: "cab2c" }).toString(),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const ended = await fetch(`${store.url}/rest/v2/cab2c/assistedservicewebservices/sessions/${customerId}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(ended.status).toBe(200);

    const res = await get("/account?site=cab2c", cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/agent?notice=assistedSessionEnded");
    cookie = cookiesFrom(res, cookie);
    const back = await get("/agent?notice=assistedSessionEnded&site=cab2c", cookie);
    expect(back.status).toBe(200);
    const page = await back.text();
    expect(page).toContain("Your assisted session with that customer ended.");
    expect(page).not.toContain('name="intent" value="end"');
  });
});
