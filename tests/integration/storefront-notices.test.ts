import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../commerce/service";
import { randomHex } from "../support/checkout-data";
import { testCommerceConfig } from "../support/commerce";
import { insertAccount } from "../support/customers";
import { cookiesFrom, postForm, type RunningStore, startStore } from "../support/server";
import { insertCardSubscription } from "../support/subscriptions";

/**
 * The header's customer state and notices through the built store (decision 075): read with the
 * sign-in, kept in the session so ordinary pages make no call for it, read afresh on the account
 * pages, and a dismissal that comes back to the page it was made on.
 */
const PASSWORD = "storefront-Notices-1";

let store: RunningStore;
let db: Db;

beforeAll(async () => {
  store = await startStore({ env: { WEB_CONCURRENCY: "1", LOG_LEVEL: "warn" } });
  db = openDatabase(testCommerceConfig(store.databaseUrl));
}, 90_000);

afterAll(async () => {
  await db?.destroy();
  await store?.stop();
});

const page = async (path: string, cookie: string) => {
  const res = await fetch(`${store.url}${path}`, { headers: { Cookie: cookie } });
  return { status: res.status, body: await res.text(), cookie: cookiesFrom(res, cookie) };
};
/** The dismiss form posted as a browser navigating does (fetch may not send Sec-Fetch-Mode: navigate). */
const dismissByForm = (fields: Record<string, string>, cookie = "") =>
  new Promise<{ status: number; location: string | undefined; cookie: string }>((resolve, reject) => {
    const body = new URLSearchParams(fields).toString();
    const req = request(
      `${store.url}/notices/dismiss`,
      {
        method: "POST",
        headers: {
          Origin: store.url,
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Mode": "navigate",
          Cookie: cookie,
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        const set = new Headers();
        for (const line of res.headers["set-cookie"] ?? []) set.append("Set-Cookie", line);
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, cookie: cookiesFrom(new Response(null, { headers: set }), cookie) }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
const expiredCard = (customerId: string) => insertCardSubscription(db, customerId, { last4: "0069", expMonth: 1, expYear: 2024 });
const NOTICE = "card ending in 0069 expired at the end of January 2024";

describe("a signed-in customer's notices in the storefront", () => {
  it("are read at sign-in, kept for ordinary pages, read afresh on the account page, and dismissed with a plain form", async () => {
    const email = `storefront-notices-${randomHex(8)}@example.com`;
    const id = await insertAccount(db, { email, password: PASSWORD });
    await expiredCard(id);
    const signedIn = await postForm(store, "/login", { email, password: PASSWORD, returnTo: "/" });
    expect(signedIn.status).toBe(303);
    let cookie = cookiesFrom(signedIn);

    const home = await page("/", cookie);
    expect(home.body).toContain(NOTICE);
    expect(home.body).toContain('aria-label="Notices for you"');

    // A second card's notice appears only where the state is read again: not on the home page, on the account page.
    await db
      .updateTable("subscription")
      .set({ card: JSON.stringify({ provider: "test", token: "tok", brand: "visa", last4: "0069", expMonth: 12, expYear: 2035 }) })
      .where("customer_id", "=", id)
      .execute();
    expect((await page("/", cookie)).body).toContain(NOTICE);
    const account = await page("/account", cookie);
    expect(account.body).not.toContain(NOTICE);
    expect(account.body).toContain("You have no notices.");
    cookie = account.cookie;
    expect((await page("/", cookie)).body).not.toContain('aria-label="Notices for you"');

    await expiredCard(id);
    cookie = (await page("/account", cookie)).cookie;
    const key = /name="key" value="([^"]+)"/.exec((await page("/", cookie)).body)?.[1];
    expect(key).toMatch(/^cardExpired:visa-0069:2024-01$/);
    const dismissed = await dismissByForm({ key: key!, returnTo: "/c/coffee" }, cookie);
    expect(dismissed.status).toBe(303);
    expect(dismissed.location).toBe("/c/coffee");
    cookie = dismissed.cookie;
    expect((await page("/c/coffee", cookie)).body).not.toContain(NOTICE);
    expect((await page("/account", cookie)).body).toContain("You have no notices.");
  });

  it("are listed on the account page for an agent acting for the customer, who may dismiss one there", async () => {
    const email = `storefront-notices-${randomHex(8)}@example.com`;
    const id = await insertAccount(db, { email, password: PASSWORD });
    await expiredCard(id);
    const signedIn = await postForm(store, "/noboLogin", { email: "demo.agent@example.com", password: "Brewfront-demo-2026" });
    expect(signedIn.status).toBe(303);
    let cookie = cookiesFrom(signedIn);
    const acting = await postForm(store, "/agent", { intent: "start", customerId: id }, cookie);
    expect(acting.status).toBe(303);
    cookie = cookiesFrom(acting, cookie);
    const account = await page("/account", cookie);
    expect(account.body).toContain(NOTICE);
    // The header has none of its own for an agent: the list is the account page's.
    expect(account.body).not.toContain('aria-label="Notices for you"');
    const key = /name="key" value="([^"]+)"/.exec(account.body)?.[1];
    const dismissed = await dismissByForm({ key: key!, returnTo: "/account" }, cookie);
    expect(dismissed.status).toBe(303);
    expect((await page("/account", dismissed.cookie)).body).toContain("You have no notices.");
    const log = await db.selectFrom("agent_audit").select("action").where("customer_id", "=", id).orderBy("id").execute();
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(["viewed site notifications", "dismissed a site notification"]));
  });

  it("refuses a dismissal that is not a notice, and a script's post is answered 400", async () => {
    const res = await fetch(`${store.url}/notices/dismiss`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: store.url, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Mode": "cors" },
      body: new URLSearchParams({ key: "<script>", returnTo: "/" }).toString(),
    });
    expect(res.status).toBe(400);
    const navigated = await dismissByForm({ key: "nope", returnTo: "https://evil.example/" });
    expect(navigated.status).toBe(303);
    expect(navigated.location).toMatch(/^\/form-refused\?reason=unreadable/);
  });
});
