import { expect, type Page, test } from "@playwright/test";
import { type MonitoringStandIn, startMonitoringStandIn } from "../support/monitoring-stand-in";
import { type RunningStore, startStore } from "../support/server";
import { ownClientAddress } from "./support/client-address";

// The suite's store reports nowhere: this spec starts one of its own that reports to a stand-in,
// on ports of its own (E2E_PORT + 2 and + 3), and runs its tests in turn on it.
const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const STORE_PORT = e2ePort + 2;
const STAND_IN_PORT = e2ePort + 3;

test.describe.configure({ mode: "serial" });

let standIn: MonitoringStandIn;
let store: RunningStore;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn = await startMonitoringStandIn(STAND_IN_PORT);
  store = await startStore({ port: STORE_PORT, env: { SENTRY_DSN: standIn.dsn, DIAGNOSTIC_ROUTES: "1" } });
});
test.afterAll(async () => {
  await store?.stop();
  await standIn?.close();
});

const reporterChunk = /\/assets\/client-monitoring-[^/]+\.js$/;

/** Opens `path` as a shopper of the test's own address, noting every script the page fetches and the document's correlation id. */
async function open(page: Page, path: string): Promise<{ scripts: string[]; correlationId: string | undefined }> {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ownClientAddress() });
  const response = await page.goto(`${store.url}${path}`);
  // Hydrated: the page's own scripts have run.
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  return { scripts, correlationId: response?.headers().correlationid };
}

/** The page has loaded and started its reporter (app/lib/client-monitoring.ts marks the document). */
async function reporterStarted(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-client-logging", "on", { timeout: 15_000 });
}

/** An error no code of the store catches, naming a shopper's address and card number. */
async function throwUncaught(page: Page, message: string) {
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);
}

test.describe("errors in the browser @needs-js", () => {
  test("with client logging off (the default) the page loads no reporter and nothing is sent", async ({ page }) => {
    const { scripts } = await open(page, "/");
    expect(await page.locator('meta[name="client-monitoring"]').count()).toBe(0);
    const before = standIn.envelopes.length;
    await throwUncaught(page, "broken button for ada.lovelace@example.com");
    await page.waitForTimeout(1_000);
    expect(scripts.filter((s) => reporterChunk.test(s))).toEqual([]);
    expect(await page.evaluate(() => "__SENTRY__" in window)).toBe(false);
    await expect(page.locator("html")).not.toHaveAttribute("data-client-logging", "on");
    expect(standIn.envelopes.length).toBe(before);
  });

  test("with client logging on (?clientLogging=on) an uncaught error reaches the monitoring service with the page's tags, without the e-mail address or card number", async ({
    page,
  }) => {
    const { scripts, correlationId } = await open(page, "/?clientLogging=on");
    expect((await page.context().cookies()).find((c) => c.name === "clientLogging")).toMatchObject({ value: "on", httpOnly: true });
    await reporterStarted(page);
    expect(scripts.filter((s) => reporterChunk.test(s))).toHaveLength(1);

    await throwUncaught(page, "broken button for ada.lovelace@example.com paying with 4242 4242 4242 4242");
    const event = await standIn.waitForEvent((e) => e.exception?.values?.[0]?.value === "broken button for [email] paying with [card]");
    expect(event.platform).toBe("javascript");
    // The page's request's correlation id: the browser's report and the server's log of the page meet on it.
    expect(event.tags).toMatchObject({ correlation_id: correlationId, brand: "usb2c", lang: "en", visitor: "guest" });
    expect(event.environment).toBe("production");
    const sent = JSON.stringify(event);
    expect(sent).not.toContain("ada.lovelace");
    expect(sent).not.toContain("4242 4242 4242 4242");

    // The cookie lasts: the next page reports too, with its own request's correlation id.
    const next = await open(page, "/c/coffee");
    await reporterStarted(page);
    await page.evaluate(() => {
      void Promise.reject(new Error("a promise nobody waited for"));
    });
    const rejection = await standIn.waitForEvent((e) => e.exception?.values?.[0]?.value === "a promise nobody waited for");
    expect(next.correlationId).not.toBe(correlationId);
    expect(rejection.tags).toMatchObject({ correlation_id: next.correlationId, brand: "usb2c", lang: "en" });
  });

  test("with client logging on, a page that fails to render in the browser shows the coffee-break page and is reported", async ({ page }) => {
    await open(page, "/?clientLogging=on");
    await reporterStarted(page);
    // A navigation within the page: the diagnostic page's component throws in the browser, not on the server.
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate("/diagnostics/render-error"),
    );
    await expect(page.getByText("This page is taking coffee break!")).toBeVisible();
    const event = await standIn.waitForEvent(
      (e) => e.platform === "javascript" && e.exception?.values?.some((v) => v.value === "diagnostic render error") === true,
    );
    expect(event.tags).toMatchObject({ brand: "usb2c", lang: "en", visitor: "guest" });
  });

  test("?clientLogging=off turns it off again", async ({ page }) => {
    await page.context().addCookies([{ name: "clientLogging", value: "on", url: store.url }]);
    const { scripts } = await open(page, "/?clientLogging=off");
    expect((await page.context().cookies()).find((c) => c.name === "clientLogging")).toBeUndefined();
    expect(await page.locator('meta[name="client-monitoring"]').count()).toBe(0);
    expect(scripts.filter((s) => reporterChunk.test(s))).toEqual([]);
  });
});
