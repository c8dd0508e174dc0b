import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelopeTextOf, type MonitoringStandIn, startMonitoringStandIn } from "../support/monitoring-stand-in";
import { getWithHost, type RunningStore, startStore } from "../support/server";

// The stand-in's port is this test's own: the store's CSP names it, so it is fixed before the store starts.
const STAND_IN_PORT = 3441;

let standIn: MonitoringStandIn;
let store: RunningStore;
beforeAll(async () => {
  standIn = await startMonitoringStandIn(STAND_IN_PORT);
  store = await startStore({ env: { DIAGNOSTIC_ROUTES: "1", SENTRY_DSN: standIn.dsn } });
}, 90_000);
afterAll(async () => {
  await store?.stop();
  await standIn?.close();
});

const page = (path: string, host = "www.brewfront.ca", headers: Record<string, string> = {}) => getWithHost(store.url, path, host, headers);

describe("a loader's uncaught error reaches the monitoring service", () => {
  // The shopper's address and card number arrive in the error's message, in the address the page was
  // asked for, in a cookie and in the Authorization header: none of them may leave.
  const secrets = {
    cookie: "SESSION=session-secret-value; userConsent=c1:1|c2:1|c9:1",
    authorization: "Bearer bearer-secret-value",
  };
  const path = "/diagnostics/loader-error?email=ada.lovelace%40example.com&cardNumber=4111111111111111&q=decaf";

  it("with the request's correlation id, brand, language and kind of visitor, and without the card number or e-mail address", async () => {
    const res = await page(path, "www.brewfront.ca", { Cookie: secrets.cookie, Authorization: secrets.authorization });
    expect(res.status).toBe(500);
    expect(res.body).toContain("This page is taking coffee break!");
    const correlationId = res.headers.correlationid as string;
    expect(correlationId).toMatch(/^[0-9a-f]{32}-\d+$/);

    const event = await standIn.waitForEvent((e) => e.tags?.correlation_id === correlationId);
    expect(event.tags).toMatchObject({ correlation_id: correlationId, brand: "cab2c", lang: "en", visitor: "guest", service: "storefront" });
    expect(event.environment).toBe("production");
    // The error is there, with what was personal in it masked.
    expect(event.exception?.values?.[0]?.value).toBe("diagnostic loader error for [email] paying with [card]");

    // The page's address stays, with its personal and card values masked.
    expect(event.contexts).toMatchObject({
      page: { url: "http://www.brewfront.ca/diagnostics/loader-error?email=[redacted]&cardNumber=[redacted]&q=decaf", method: "GET" },
    });

    const sent = envelopeTextOf(standIn, event);
    expect(sent).toContain(correlationId);
    for (const leaked of [
      "diagnostic.shopper@example.com",
      "4242 4242 4242 4242",
      "4242424242424242",
      "ada.lovelace",
      "4111111111111111",
      "session-secret-value",
      "bearer-secret-value",
    ]) {
      expect(sent).not.toContain(leaked);
    }
  });

  it("leaves the shopper's 404 out: a page that does not exist is not the store's error", async () => {
    const res = await page("/no-such-page");
    expect(res.status).toBe(404);
    const correlationId = res.headers.correlationid as string;
    // The loader error above is reported within milliseconds; a 404 never is.
    await new Promise((r) => setTimeout(r, 500));
    expect(standIn.events().filter((e) => e.tags?.correlation_id === correlationId)).toEqual([]);
  });
});

describe("client logging", () => {
  it("is off by default: the page names no monitoring service, and its CSP lets the browser reach only the service's host besides the store", async () => {
    const res = await page("/");
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('name="client-monitoring"');
    expect(res.body).not.toContain("standinpublickey");
    expect(res.headers["content-security-policy"]).toContain(`connect-src 'self' ${standIn.origin};`);
  });

  it("is turned on by ?clientLogging=on for a day, and the page then hands the browser the DSN and this page's tags", async () => {
    const on = await page("/?clientLogging=on");
    const setCookie = [on.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("clientLogging="));
    expect(setCookie).toMatch(/^clientLogging=on; Max-Age=86400; Path=\/; .*HttpOnly/);
    const correlationId = on.headers.correlationid as string;
    const settings = /<meta name="client-monitoring" content="([^"]+)"/.exec(on.body)?.[1]?.replace(/&quot;/g, '"');
    expect(JSON.parse(settings ?? "null")).toEqual({
      dsn: standIn.dsn,
      environment: "production",
      tags: { correlation_id: correlationId, brand: "cab2c", lang: "en", visitor: "guest" },
    });

    const later = await page("/fr/", "www.brewfront.ca", { Cookie: "clientLogging=on" });
    expect(later.body).toContain('name="client-monitoring"');
    expect(later.body).toContain("&quot;lang&quot;:&quot;fr&quot;");
  });

  it("is turned off by ?clientLogging=off", async () => {
    const off = await page("/?clientLogging=off", "www.brewfront.ca", { Cookie: "clientLogging=on" });
    expect([off.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("clientLogging="))).toMatch(/^clientLogging=; Max-Age=0/);
    expect(off.body).not.toContain('name="client-monitoring"');
  });
});

describe("the browser's reporter", () => {
  // Runs on the build `npm test` makes before it, as tests/integration/browser-bundle.test.ts does.
  it("is a script of its own, which no page loads unless its settings are on the page", () => {
    const assets = path.resolve("build/client/assets");
    const withSdk = fs.readdirSync(assets).filter((file) => file.endsWith(".js") && fs.readFileSync(path.join(assets, file), "utf8").includes("__SENTRY__"));
    expect(withSdk).toEqual([expect.stringMatching(/^client-monitoring-[\w-]+\.js$/)]);
  });
});
