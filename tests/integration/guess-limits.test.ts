import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { type RunningStore, startStore } from "../support/server";

/**
 * The public API's calls that take a guess (a coupon code) or mail whoever is named (newsletter,
 * notify-me) are limited per caller address, as a proxy in front of the store names it.
 */
describe.each(DIALECTS)("guesses through the public API on %s", (dialect) => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore({ dialect, env: { LOG_LEVEL: "error" } });
  }, 90_000);
  afterAll(async () => {
    await store?.stop();
  });

  const post = async (path: string, from: string, body?: unknown) => {
    const res = await fetch(`${store.url}/rest/v2/usb2c${path}`, {
      method: "POST",
      headers: { "X-Forwarded-For": from, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as { errors?: { reason?: string }[] } };
  };

  it("throttles 200 coupon guesses from one address, and only that address", { timeout: 120_000 }, async () => {
    const guesser = "198.51.100.7";
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push((await post(`/users/anonymous/applyCoupon?couponCode=GUESS${i}`, guesser)).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    // Refused before the code is looked at: even a real code waits.
    const real = await post("/users/anonymous/applyCoupon?couponCode=SAVE10", guesser);
    expect(real.status).toBe(429);
    expect(Number(real.retryAfter)).toBeGreaterThan(0);
    // Another shopper is not held up by the guesser.
    expect((await post("/users/anonymous/applyCoupon?couponCode=GUESS0", "198.51.100.8")).status).toBe(400);
  });

  it("answers a guest the same for an expired real code and an unknown one", async () => {
    const shopper = "198.51.100.20";
    const [expired, unknown] = [
      await post("/users/anonymous/applyCoupon?couponCode=SPRING2024", shopper),
      await post("/users/anonymous/applyCoupon?couponCode=SPRANG2024", shopper),
    ];
    expect(expired.status).toBe(unknown.status);
    expect(JSON.stringify(expired.body).replaceAll("SPRING2024", "CODE")).toBe(JSON.stringify(unknown.body).replaceAll("SPRANG2024", "CODE"));
  });

  it("throttles newsletter sign-ups and notify-me requests from one address", { timeout: 60_000 }, async () => {
    const from = "198.51.100.30";
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await post("/kpcEmailSignup", from, { email: `reader-${i}@example.com` })).status);
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    // Notify-me shares the count: it mails a confirmation link too.
    expect((await post("/alert/alertMe", from, { productCode: "5001-SMRG-KC-24", email: "waiting@example.com" })).status).toBe(429);
  });
});
