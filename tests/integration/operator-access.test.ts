import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCommerceConfig } from "../../commerce/config";
import { ConfigurationError } from "../../lib/environment";
import { ADMIN_KEY, type RunningCommerce, startCommerce } from "../support/commerce";
import { freePort, type RunningStore, startStore } from "../support/server";

const STOCK = "/rest/v2/usb2c/stock/9001-BFAC-ACC-1";

const putStock = (base: string, headers: Record<string, string> = {}, level = 10) =>
  fetch(`${base}${STOCK}`, { method: "PUT", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify({ level }) });

describe("the operator key", () => {
  it("must be at least 24 characters, or the commerce service does not start", () => {
    expect(() => loadCommerceConfig({ ADMIN_API_KEY: "short-key-123" })).toThrow(ConfigurationError);
    expect(() => loadCommerceConfig({ ADMIN_API_KEY: "short-key-123" })).toThrow(/ADMIN_API_KEY=.*at least 24 characters/);
    expect(loadCommerceConfig({ ADMIN_API_KEY: "x".repeat(24) }).adminApiKey).toBe("x".repeat(24));
  });

  it("stops the store's start-up with a line naming ADMIN_API_KEY when too short", async () => {
    await expect(startStore({ env: { ADMIN_API_KEY: "too-short" } })).rejects.toThrow(/ADMIN_API_KEY="too-short": expected at least 24 characters/);
  });

  describe("guesses", () => {
    let commerce: RunningCommerce;
    beforeAll(async () => {
      commerce = await startCommerce("sqlite");
    }, 60_000);
    afterAll(() => commerce?.stop());

    it("answers 401 to ten wrong keys, then 429 with Retry-After, even to the right key", async () => {
      expect((await putStock(commerce.baseUrl, { "X-Admin-Key": ADMIN_KEY })).status).toBe(200);
      // A key of another length is just as wrong (the comparison is of digests, not of the texts).
      const wrong = ["", "x", ADMIN_KEY.slice(0, -1), `${ADMIN_KEY}x`, ADMIN_KEY.toUpperCase(), "a".repeat(200), "b", "c", "d", "e"];
      for (const key of wrong) expect((await putStock(commerce.baseUrl, { "X-Admin-Key": key })).status, key).toBe(401);
      const throttled = await putStock(commerce.baseUrl, { "X-Admin-Key": "eleventh-guess" });
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await throttled.json()) as { errors: { type: string }[] }).errors[0]!.type).toBe("TooManyRequestsError");
      // Otherwise a correct guess would still show itself by a 200.
      expect((await putStock(commerce.baseUrl, { "X-Admin-Key": ADMIN_KEY })).status).toBe(429);
    });
  });

  describe("without OPERATOR_PORT", () => {
    let commerce: RunningCommerce;
    beforeAll(async () => {
      commerce = await startCommerce("sqlite");
    }, 60_000);
    afterAll(() => commerce?.stop());

    it("answers only loopback connections that no proxy relayed", async () => {
      expect((await putStock(commerce.baseUrl, { "X-Admin-Key": ADMIN_KEY })).status).toBe(200);
      const relayed = await putStock(commerce.baseUrl, { "X-Admin-Key": ADMIN_KEY, "X-Forwarded-For": "203.0.113.9" });
      expect(relayed.status).toBe(404);
    });
  });
});

describe("with OPERATOR_PORT", () => {
  let store: RunningStore;
  let operatorPort: number;
  beforeAll(async () => {
    operatorPort = await freePort();
    store = await startStore({ env: { ADMIN_API_KEY: ADMIN_KEY, OPERATOR_PORT: String(operatorPort), LOG_LEVEL: "warn" } });
  }, 90_000);
  afterAll(() => store?.stop());

  it("must differ from PORT, or the store does not start", async () => {
    const port = String(await freePort());
    await expect(startStore({ env: { ADMIN_API_KEY: ADMIN_KEY, PORT: port, OPERATOR_PORT: port } })).rejects.toThrow(
      new RegExp(`OPERATOR_PORT=${port}: expected a port other than PORT`),
    );
  });

  it("refuses the operator endpoints on the public port, even from loopback with the right key", async () => {
    const res = await putStock(store.url, { "X-Admin-Key": ADMIN_KEY });
    expect(res.status).toBe(404);
  });

  it("serves them on the operator port, and nothing else there", async () => {
    const operator = `http://127.0.0.1:${operatorPort}`;
    const res = await putStock(operator, { "X-Admin-Key": ADMIN_KEY }, 7);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { stock: number }).stock).toBe(7);
    expect((await putStock(operator, { "X-Admin-Key": "wrong" })).status).toBe(401);
    expect((await fetch(`${operator}/rest/v2/usb2c/products/9001-BFAC-ACC-1`)).status).toBe(404);
    expect((await fetch(`${operator}/`)).status).toBe(404);
    // The public API still serves shoppers.
    expect((await fetch(`${store.url}/rest/v2/usb2c/products/9001-BFAC-ACC-1`)).status).toBe(200);
  });
});
