import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisForTests, TEST_REDIS_URL } from "../support/redis";
import { type RunningStore, startStore } from "../support/server";

const redisUp = await redisForTests();

/** A form post on a connection of its own, so the cluster may hand it to any worker. */
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

describe.skipIf(!redisUp)("sign-up limits shared by every worker through Redis", () => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore({ env: { WEB_CONCURRENCY: "2", REDIS_URL: TEST_REDIS_URL } });
  }, 60_000);
  afterAll(async () => {
    await store?.stop();
  });

  it("lets one shopper through at most the limit in all, however the posts are spread over the workers", async () => {
    const run = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push(await postOnNewConnection(store, "/newsletter", { email: `shared-${run}-${i}@example.com`, returnTo: "/" }));
    // Each worker counting on its own would let up to twice the limit through.
    expect(statuses.filter((s) => s === 303).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(50);
  });
});
