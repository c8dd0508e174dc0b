import http from "node:http";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { redisForTests, TEST_REDIS_URL } from "../support/redis";
import { type RunningStore, startStore } from "../support/server";

const redisUp = await redisForTests();

/** A request on a connection of its own, so the cluster may hand it to either worker. */
function postOnNewConnection(store: RunningStore, path: string, fields: Record<string, string>): Promise<number> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${store.url}${path}`,
      {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: store.url, Connection: "close" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const TOKEN_PATH = "/authorizationserver/oauth/token";
const signInGrant = (username: string, password: string) => ({ grant_type: "password", client_id: "storefront", username, password, site: "usb2c" });

/**
 * Two workers, with and without Redis: every limit counts once for the whole store, so a shopper
 * gets exactly the limit, never the limit times the number of workers.
 */
/** A Redis database of the suite's own, emptied first: counts from an earlier run would still stand. */
const SUITE_REDIS_URL = `${TEST_REDIS_URL.replace(/\/\d*$/, "")}/15`;

const SETUPS = [
  { name: "through the cluster's primary (no Redis)", env: {} as Record<string, string>, runs: true },
  { name: "through Redis", env: { REDIS_URL: SUITE_REDIS_URL }, runs: redisUp },
];

describe.each(SETUPS)("rate limits shared by two workers $name", ({ env, runs }) => {
  let store: RunningStore;
  beforeAll(async () => {
    if (!runs) return;
    if (env.REDIS_URL) {
      const redis = new Redis(env.REDIS_URL);
      await redis.flushdb();
      await redis.quit();
    }
    store = await startStore({ env: { WEB_CONCURRENCY: "2", ...env } });
  }, 90_000);
  afterAll(async () => {
    await store?.stop();
  });

  it.skipIf(!runs)("let one shopper sign up for the newsletter exactly ten times in ten minutes", async () => {
    const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await postOnNewConnection(store, "/newsletter", { email: `shared-${run}-${i}@example.com`, returnTo: "/" }));
    expect(statuses.filter((s) => s === 303)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it.skipIf(!runs)("refuse the 21st sign-in form for one account within 15 minutes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(await postOnNewConnection(store, "/login", { email: "demo.customer@example.com", password: `wrong-${i}`, returnTo: "/account" }));
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it.skipIf(!runs)("refuse the right password after 100 wrong ones for the account in an hour", { timeout: 120_000 }, async () => {
    const account = "demo.employee@example.com";
    for (let i = 0; i < 100; i++) expect(await postOnNewConnection(store, TOKEN_PATH, signInGrant(account, `wrong-${i}`))).toBe(400);
    expect(await postOnNewConnection(store, TOKEN_PATH, signInGrant(account, DEMO_PASSWORD))).toBe(429);
  });
});
