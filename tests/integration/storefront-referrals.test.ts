import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { insertAccount } from "../support/customers";
import { mailsTo } from "../support/mail";
import { cookiesFrom, postForm, type RunningStore, startStore } from "../support/server";

/**
 * Referrals through the built storefront (decision 074): the account's form and list, the friend's
 * link page, and the storefront's own limits per shopper address, as a browser without JavaScript
 * sees them.
 */
const DEMO_PASSWORD = "Brewfront-demo-2026";
const MEMBER_PASSWORD = "storefront-Referrals-password-1";

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

const post = (path: string, fields: Record<string, string>, cookie = "", from?: string) =>
  from
    ? fetch(`${store.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: store.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, "X-Forwarded-For": from },
        body: new URLSearchParams(fields).toString(),
      })
    : postForm(store, path, fields, cookie);
const get = (path: string, cookie = "") => fetch(`${store.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });

async function signIn(email: string) {
  const res = await post("/login", { email, password: DEMO_PASSWORD, returnTo: "/account" });
  expect(res.status).toBe(303);
  return cookiesFrom(res);
}

let friends = 0;
const friendAddress = () => `sf-friend-${Date.now().toString(36)}-${friends++}@example.com`;

async function invitationLink(email: string): Promise<string> {
  const pattern = /https?:\/\/[^\s/]+(\/referral\?token=[A-Za-z0-9_-]+)/;
  for (let i = 0; i < 50; i++) {
    const found = mailsTo(store.outbox, email)
      .map((m) => pattern.exec(m)?.[1])
      .find((l) => l !== undefined);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mailed to ${email}`);
}

describe("the account's referral form", () => {
  it("sends an invitation with redirect-after-POST and lists it; refuses the member's own address and a malformed one in the page's words", async () => {
    const cookie = await signIn("demo.perks@example.com");
    const own = await post("/account/referrals", { intent: "refer", email: "demo.perks@example.com" }, cookie);
    expect(own.status).toBe(400);
    expect(await own.text()).toContain("You can't refer yourself. Enter a friend's email address.");
    const malformed = await post("/account/referrals", { intent: "refer", email: "not an address" }, cookie);
    expect(malformed.status).toBe(400);

    const friend = friendAddress();
    const sent = await post("/account/referrals", { intent: "refer", email: friend }, cookie);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/account/referrals?sent=1");
    const page = await (await get("/account/referrals?sent=1", cookie)).text();
    expect(page).toContain("Thanks! If your friend is new to us, they&#x27;ll get an email with their coupon shortly.");
    expect(page).toContain(friend);
    expect(page).toContain("Invitation sent");
  });

  it("is the signed-in member's only: a guest is sent to sign in", async () => {
    const res = await get("/account/referrals");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/login\?returnTo=/);
  });
});

describe("the friend's link", () => {
  it("only shows the offer when opened (a mail scanner takes nothing); the button puts the coupon on a new cart", async () => {
    const cookie = await signIn("demo.customer@example.com");
    const friend = friendAddress();
    expect((await post("/account/referrals", { intent: "refer", email: friend }, cookie)).status).toBe(303);
    const link = await invitationLink(friend);
    const token = new URL(link, store.url).searchParams.get("token")!;

    const opened = await get(link);
    expect(opened.status).toBe(200);
    // The last policy a browser understands wins: the token goes to no other site.
    expect(opened.headers.get("referrer-policy")).toMatch(/(^|, )same-origin$/);
    expect(await opened.text()).toContain("Add the coupon to my cart");
    const state = () => db.selectFrom("referral").select("state").where("email", "=", friend).executeTakeFirstOrThrow();
    expect((await state()).state).toBe("sent");

    const taken = await post(link, { token });
    expect(taken.status).toBe(303);
    expect(taken.headers.get("location")).toMatch(/^\/cart\?coupon=(applied|waiting)&code=FRIEND-[0-9A-F]{12}$/);
    expect((await state()).state).toBe("joined");
    const code = /code=(FRIEND-[0-9A-F]{12})/.exec(taken.headers.get("location")!)![1]!;
    const cart = await (await get("/cart", cookiesFrom(taken))).text();
    expect(cart).toContain(code);
  });

  it("says a link is not valid: one that cannot be a token (400) and one that is no invitation (404)", async () => {
    const bad = await get("/referral?token=x");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Check that you copied the whole link from the email.");
    const unknown = await post("/referral?token=" + "A".repeat(43), { token: "A".repeat(43) });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Check that you copied the whole link from the email.");
  });

  it("limits the links one shopper address posts: 429 with Retry-After, while another address still gets through", async () => {
    const token = "B".repeat(43);
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 21; i++) {
      const res = await post(`/referral?token=${token}`, { token }, "", "198.51.100.71");
      statuses.push(res.status);
      if (res.status === 429) refused = res;
      else await res.body?.cancel();
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(`/referral?token=${token}`, { token }, "", "198.51.100.72")).status).toBe(404);
  });
});

describe("the limits on invitations", () => {
  it("stops a member past their day's invitations, then a shopper address past its own, in the page's words", async () => {
    const from = "198.51.100.81";
    const employee = await signIn("demo.employee@example.com");
    const send = (cookie: string) => post("/account/referrals", { intent: "refer", email: friendAddress() }, cookie, from);
    // The member's own limit (the service's): ten a day.
    for (let i = 0; i < 10; i++) expect((await send(employee)).status).toBe(303);
    const memberRefused = await send(employee);
    expect(memberRefused.status).toBe(429);
    expect(await memberRefused.text()).toMatch(/That&#x27;s a lot of invitations for now\. Try again in \d+ minutes\./);
    // The address's own limit (the storefront's): twenty posts in ten minutes, whoever is signed in.
    const email = `sf-member-${Date.now().toString(36)}@example.com`;
    await insertAccount(db, { email, password: MEMBER_PASSWORD });
    const login = await post("/login", { email, password: MEMBER_PASSWORD, returnTo: "/account" }, "", from);
    expect(login.status).toBe(303);
    const member = cookiesFrom(login);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await send(member)).status);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(303));
    expect(statuses[9]).toBe(429);
  });
});
