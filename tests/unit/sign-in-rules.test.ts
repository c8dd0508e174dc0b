import { describe, expect, it } from "vitest";
import { REFRESH_TIMEOUT_MESSAGE, RefreshGate } from "../../app/lib/auth/refresh-gate";
import { AGENT_SESSION_KEYS, isLoggedIn, isTokenValid, SIGN_OUT_COOKIES } from "../../app/lib/auth/token-rules";
import { COOKIE_CATEGORIES, STRICTLY_NECESSARY_COOKIES } from "../../app/lib/cookies.server";

describe("token expiry", () => {
  it("is valid only while present and the current second has not passed its expiry", () => {
    expect(isTokenValid({ accessToken: "t", expiresAt: 1000 }, 999)).toBe(true);
    expect(isTokenValid({ accessToken: "t", expiresAt: 1000 }, 1000)).toBe(true);
    expect(isTokenValid({ accessToken: "t", expiresAt: 1000 }, 1001)).toBe(false);
    expect(isTokenValid({ accessToken: "", expiresAt: 5000 }, 1)).toBe(false);
    expect(isTokenValid(undefined, 1)).toBe(false);
  });
});

describe("login state", () => {
  const none = { hasCustomerToken: false, cookies: {} };
  it("counts an agent id in the session as signed in", () => {
    expect(isLoggedIn({ ...none, agentId: "agent-1" })).toBe(true);
  });
  it.each(["brewerRegistrationSession", "orderConfirmationPageLogin", "spcPageLogin"])("counts %s equal to 'true' as signed in", (name) => {
    expect(isLoggedIn({ ...none, cookies: { [name]: "true" } })).toBe(true);
    expect(isLoggedIn({ ...none, cookies: { [name]: "false" } })).toBe(false);
  });
  it("counts a customer token as signed in, and nothing else", () => {
    expect(isLoggedIn({ ...none, hasCustomerToken: true })).toBe(true);
    expect(isLoggedIn({ ...none, cookies: { userWasLoggedIn: "true" } })).toBe(false);
  });
});

describe("sign-out", () => {
  it("clears exactly the token, authentication, refresh, expiry, remember-me, login-session and correlation cookies", () => {
    expect([...SIGN_OUT_COOKIES].sort()).toEqual(
      [
        "access_token",
        "refresh_token",
        "isAuthenticated",
        "expiresIn",
        "remember_me",
        "brewerRegistrationSession",
        "orderConfirmationPageLogin",
        "spcPageLogin",
        "CORRELATION_ID",
      ].sort(),
    );
  });
  it("also clears an agent's customerId, csAgentId and isNoboUser", () => {
    expect([...AGENT_SESSION_KEYS].sort()).toEqual(["csAgentId", "customerId", "isNoboUser"]);
  });
});

describe("consent covers every sign-in cookie", () => {
  it.each([
    ["userWasLoggedIn", "c9"],
    ["userFirstName", "c9"],
    ["priceSegment", "c9"],
    ["isPerksOptIn", "c9"],
    ["customer.usb2c.priceGroup", "c9"],
    ["customer.cab2c.userGroup", "c9"],
    ["isUsafhEmployee", "c9"],
  ])("%s is functional (%s)", (name, category) => {
    expect(COOKIE_CATEGORIES[name]).toBe(category);
  });
  it.each(["SESSION", "isAuthenticated", "expiresIn", "remember_me"])("%s is documented as strictly necessary", (name) => {
    expect(STRICTLY_NECESSARY_COOKIES[name]).toBeTruthy();
    expect(COOKIE_CATEGORIES[name]).toBeUndefined();
  });
});

describe("one refresh at a time per session", () => {
  it("answers 20 concurrent requests with one refresh", async () => {
    const gate = new RefreshGate({ pollMs: 5 });
    let refreshes = 0;
    const run = async () => {
      refreshes++;
      await new Promise((r) => setTimeout(r, 30));
      return { accessToken: "new", refreshToken: "r2", expiresAt: 2_000_000_000 };
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => gate.refresh("r1", run)));
    expect(refreshes).toBe(1);
    expect(new Set(results.map((r) => r.accessToken))).toEqual(new Set(["new"]));
  });

  it("gives requests that still carry the old refresh token the same result just after", async () => {
    const gate = new RefreshGate();
    let refreshes = 0;
    const run = async () => ({ accessToken: `a${++refreshes}`, expiresAt: 2_000_000_000 });
    await gate.refresh("r1", run);
    expect((await gate.refresh("r1", run)).accessToken).toBe("a1");
    expect(refreshes).toBe(1);
  });

  it("polls every 200 ms and gives up after 10 s with 'Timeout waiting for user login'", async () => {
    let now = 0;
    const sleeps: number[] = [];
    const gate = new RefreshGate({ now: () => now, sleep: async (ms) => void (sleeps.push(ms), (now += ms)) });
    void gate.refresh("r1", () => new Promise(() => undefined));
    expect(gate.inProgress("r1")).toBe(true);
    await expect(gate.refresh("r1", () => Promise.reject(new Error("a second refresh must not start")))).rejects.toThrow(REFRESH_TIMEOUT_MESSAGE);
    expect(sleeps.every((ms) => ms === 200)).toBe(true);
    expect(now).toBe(10_000);
  });

  it("lets waiters share a refused refresh", async () => {
    const gate = new RefreshGate({ pollMs: 1 });
    const refused = Object.assign(new Error("refused"), { status: 400 });
    const first = gate.refresh("r1", async () => {
      await new Promise((r) => setTimeout(r, 10));
      throw refused;
    });
    const second = gate.refresh("r1", () => Promise.reject(new Error("not this one")));
    await expect(first).rejects.toBe(refused);
    await expect(second).rejects.toBe(refused);
  });
});
