import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf, addDays } from "../../commerce/domain/clock";
import { createCommerceApi } from "../../commerce/service";
import pino from "pino";
import { ADMIN_KEY, type RunningCommerce, startCommerce } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { randomHex } from "../support/guest-checkout";
import { mailsTo } from "../support/mail";
import { subscribeThroughCheckout, usCoffees } from "../support/subscriptions";

const CLOCK = "/rest/v2/usb2c/operator/clock";
const SWEEP = "/rest/v2/usb2c/operator/auto-delivery/sweep";

const operator = (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method,
    headers: { "X-Admin-Key": ADMIN_KEY, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * The operators' movable store clock (decision 055): off unless STORE_CLOCK_MOVABLE turns it on;
 * then moved ahead (never back) on the operators' side only, read from the database by every
 * process, and the due auto-delivery orders placed on request.
 */
describe("the store clock, off by default", () => {
  let commerce: RunningCommerce;
  beforeAll(async () => {
    commerce = await startCommerce("sqlite");
  }, 60_000);
  afterAll(() => commerce?.stop());

  it("has no operator endpoints: 404 even with the key, from loopback", async () => {
    expect((await operator(commerce.baseUrl, "GET", CLOCK)).status).toBe(404);
    expect((await operator(commerce.baseUrl, "PUT", CLOCK, { day: "2030-01-01" })).status).toBe(404);
    expect((await operator(commerce.baseUrl, "POST", SWEEP)).status).toBe(404);
  });
});

describe.each(DIALECTS)("the store clock with STORE_CLOCK_MOVABLE on %s", (dialect) => {
  let commerce: RunningCommerce;
  beforeAll(async () => {
    // The runner's own sweep waits an hour: the sweep endpoint places what is due.
    commerce = await startCommerce(dialect, { STORE_CLOCK_MOVABLE: "true" }, { autoDelivery: { sweepSeconds: 3600 } });
  }, 60_000);
  afterAll(() => commerce?.stop());

  const clockOf = async (base: string) => (await (await operator(base, "GET", CLOCK)).json()) as { today: string; offsetSeconds: number };

  it("moves ahead to a day, never back, and every process reads the same day from the database", async () => {
    const today = dayOf(new Date());
    expect(await clockOf(commerce.baseUrl)).toMatchObject({ today });
    const ahead = addDays(today, 10);
    const moved = await operator(commerce.baseUrl, "PUT", CLOCK, { day: ahead });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ today: ahead });
    // An earlier day leaves it where it is: two tests moving it at once never take a due day from each other.
    expect(await (await operator(commerce.baseUrl, "PUT", CLOCK, { day: addDays(today, 3) })).json()).toMatchObject({ today: ahead });
    // Another process on the same database: the same day.
    const other = createCommerceApi(commerce.db, commerce.config, pino({ level: "silent" }));
    const { default: express } = await import("express");
    const server = express().use(other).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const { port } = server.address() as { port: number };
    try {
      expect(await clockOf(`http://127.0.0.1:${port}`)).toMatchObject({ today: ahead });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await other.close();
    }
    const reset = await operator(commerce.baseUrl, "DELETE", CLOCK);
    expect(await reset.json()).toMatchObject({ today, offsetSeconds: 0 });
  });

  it("answers only the operators' side with the key: relayed 404, a wrong key 401, a bad day 400", async () => {
    expect((await operator(commerce.baseUrl, "PUT", CLOCK, { day: "2030-01-01" }, { "X-Forwarded-For": "203.0.113.9" })).status).toBe(404);
    expect((await operator(commerce.baseUrl, "GET", CLOCK, undefined, { "X-Admin-Key": "not-the-operators-key-at-all" })).status).toBe(401);
    const bad = await operator(commerce.baseUrl, "PUT", CLOCK, { day: "2030-02-30" });
    expect(bad.status).toBe(400);
    expect(await clockOf(commerce.baseUrl)).toMatchObject({ offsetSeconds: 0 });
  });

  it("makes a subscription due: the sweep places its next order once and mails it", async () => {
    const email = `clock-${randomHex(6)}@example.com`;
    await insertAccount(commerce.db, { email, password: "store-clock-2026", role: "customer" });
    const token = await passwordToken(commerce.baseUrl, { email, password: "store-clock-2026" });
    const [coffee] = await usCoffees(commerce.db, 1, 50);
    const { subscription } = await subscribeThroughCheckout(commerce.baseUrl, token, { productCode: coffee, frequencyWeeks: 2 });
    expect(await (await operator(commerce.baseUrl, "POST", SWEEP)).json()).toMatchObject({ outcomes: {} });
    await operator(commerce.baseUrl, "PUT", CLOCK, { day: subscription.nextDeliveryDate });
    expect(await (await operator(commerce.baseUrl, "POST", SWEEP)).json()).toMatchObject({ outcomes: { placed: 1 } });
    expect(await (await operator(commerce.baseUrl, "POST", SWEEP)).json()).toMatchObject({ outcomes: {} });
    const orders = await commerce.db.selectFrom("subscription_order").select(["order_code", "delivery_date"]).where("status", "=", "placed").execute();
    expect(orders).toEqual([{ order_code: expect.any(String), delivery_date: subscription.nextDeliveryDate }]);
    expect(mailsTo(commerce.outbox, email).some((m) => m.includes(orders[0]!.order_code!))).toBe(true);
    await operator(commerce.baseUrl, "DELETE", CLOCK);
  });
});
