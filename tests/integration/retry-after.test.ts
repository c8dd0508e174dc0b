import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { type RunningStore, startStore, postForm } from "../support/server";

/**
 * Every 429 says when to try again: the Retry-After header, in seconds until the limit lets the
 * next attempt through, on the storefront's forms (with and without JavaScript) and on the API.
 */
describe.each(DIALECTS)("too many attempts (%s)", (dialect) => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore({ dialect, env: { LOG_LEVEL: "warn" } });
  }, 90_000);
  afterAll(async () => {
    await store?.stop();
  });

  const post = (path: string, fields: Record<string, string>, cookie = "") => postForm(store, path, fields, cookie);

  /** Posts until the store answers 429, which it must within `tries` posts; answers that 429. */
  async function postUntilRefused(path: string, fields: () => Record<string, string>, tries: number, cookie = "") {
    for (let i = 0; i < tries; i++) {
      const res = await post(path, fields(), cookie);
      if (res.status === 429) return res;
      await res.arrayBuffer();
    }
    throw new Error(`${path} never answered 429 in ${tries} posts`);
  }

  /** The wait a 429 names: whole seconds, at least one, at most the limit's window. */
  function expectRetryAfter(res: Response, windowSeconds: number) {
    expect(res.status).toBe(429);
    const header = res.headers.get("retry-after");
    expect(header, `Retry-After on ${res.url}`).toMatch(/^\d+$/);
    expect(Number(header)).toBeGreaterThanOrEqual(1);
    expect(Number(header)).toBeLessThanOrEqual(windowSeconds);
  }

  it("on the sign-in page after too many tries for one account", async () => {
    const res = await postUntilRefused("/login", () => ({ email: "demo.customer@example.com", password: "not-the-password" }), 25);
    expectRetryAfter(res, 900);
    expect(await res.text()).toContain("Too many attempts. Please try again in");
    // With JavaScript the form posts as data (single fetch): the same 429 and the same header.
    const inline = await post("/login.data", { email: "demo.customer@example.com", password: "not-the-password" });
    expectRetryAfter(inline, 900);
    expect(await inline.text()).toContain("Too many attempts. Please try again in");
  });

  it("on the agents' sign-in page", async () => {
    expectRetryAfter(await postUntilRefused("/noboLogin", () => ({ email: "demo.agent@example.com", password: "not-the-password" }), 15), 900);
  });

  it("on the sign-up and forgotten-password forms for one address", async () => {
    const signUp = () => ({ firstName: "Ada", lastName: "Byron", email: "ada@example.com", password: "A-long-enough-passphrase-1" });
    expectRetryAfter(await postUntilRefused("/signup", signUp, 6), 3600);
    expectRetryAfter(await postUntilRefused("/login/forgot", () => ({ email: "ada@example.com" }), 6), 3600);
  });

  it("on the newsletter and notify-me forms, posted with and without JavaScript", async () => {
    expectRetryAfter(await postUntilRefused("/newsletter", () => ({ email: "lin@example.com", returnTo: "/" }), 6), 3600);
    const notify = () => ({ email: "lin@example.com", productCode: "5001-SMRG-KC-24", inline: "1" });
    expectRetryAfter(await postUntilRefused("/notify-me", notify, 6), 3600);
  });

  describe("on the cart", () => {
    let cookie = "";
    let cartGuid = "";
    beforeAll(async () => {
      const added = await post("/cart/add", { productCode: "5001-SMRG-KC-24", qty: "1", returnTo: "/cart" });
      expect(added.status).toBe(303);
      cookie = added.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      const cart = await (await fetch(`${store.url}/cart`, { headers: { Cookie: cookie } })).text();
      cartGuid = /name="cartGuid" value="([0-9a-f]{32})"/.exec(cart)![1]!;
    });

    it("for too many gift card numbers that do not work", async () => {
      let n = 0;
      const wrongCard = () => ({ intent: "validate", cartGuid, number: String(4000_0000_0000_0000 + n++), pin: "1234", inline: "1" });
      expectRetryAfter(await postUntilRefused("/checkout/giftcard", wrongCard, 10, cookie), 3600);
    });

    it("for too many cards entered at checkout on one cart", async () => {
      const card = () => ({
        intent: "card",
        cardNumber: "4242 4242 4242 4242",
        expiry: "12/30",
        cvc: "123",
        holder: "Ada Lovelace",
        billingPostalCode: "12207",
      });
      const res = await postUntilRefused("/checkout/singlestep", card, 15, cookie);
      expectRetryAfter(res, 3600);
      expect(await res.text()).toContain("Too many");
    });

    it("for too many coupon codes that cannot be used", async () => {
      let n = 0;
      const guess = () => ({ couponCode: `GUESS${n++}`, intent: "apply", inline: "1", returnTo: "/cart" });
      const res = await postUntilRefused("/cart/coupon", guess, 70, cookie);
      expectRetryAfter(res, 3600);
      expect(await res.json()).toMatchObject({ refused: "tooMany" });
    });
  });

  it("on the API's coupon guesses", async () => {
    let res: Response | undefined;
    for (let n = 0; n < 40; n++) {
      res = await fetch(`${store.url}/rest/v2/usb2c/users/anonymous/applyCoupon?couponCode=NOPE${n}`, {
        method: "POST",
        headers: { "X-Forwarded-For": "203.0.113.9" },
      });
      if (res.status === 429) break;
      await res.arrayBuffer();
    }
    expectRetryAfter(res!, 3600);
    expect(await res!.json()).toMatchObject({ errors: [{ type: "TooManyRequestsError" }] });
  });
});
