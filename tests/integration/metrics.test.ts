import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_KEY } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { freePort, getWithHost, type RunningStore, startStore } from "../support/server";

/** One series' value in Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe.each(DIALECTS)("the operators' metrics (%s)", (dialect) => {
  let store: RunningStore;
  let operator: string;

  beforeAll(async () => {
    const operatorPort = await freePort();
    operator = `http://127.0.0.1:${operatorPort}`;
    store = await startStore({ dialect, env: { ADMIN_API_KEY: ADMIN_KEY, OPERATOR_PORT: String(operatorPort), LOG_LEVEL: "warn" } });
  }, 90_000);
  afterAll(() => store?.stop());

  it("are Prometheus text on the operator listener: requests by route and status, API calls, database, outbox, jobs, caches and memory, per instance", async () => {
    expect((await getWithHost(store.url, "/c/coffee", "www.brewfront.com")).status).toBe(200);
    expect((await getWithHost(store.url, "/c/coffee", "www.brewfront.com")).status).toBe(200);
    expect((await getWithHost(store.url, "/no-such-page-here", "www.brewfront.com")).status).toBe(404);
    // The same product twice: loaded once, then answered from the cache.
    for (let i = 0; i < 2; i++) expect((await fetch(`${store.url}/rest/v2/usb2c/products/5001-SMRG-KC-24`)).status).toBe(200);
    const res = await fetch(`${operator}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(sample(text, "brewfront_http_requests_total", { route: "/c/:id", method: "GET", status: "200" })).toBeGreaterThanOrEqual(2);
    expect(sample(text, "brewfront_http_requests_total", { route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "brewfront_http_request_duration_seconds_count", { route: "/c/:id", status: "200" })).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^brewfront_commerce_api_call_duration_seconds_bucket\{[^}]*route="\/rest\/v2\/:brand\//m);
    expect(sample(text, "brewfront_outbox_unsent_messages")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "brewfront_outbox_oldest_unsent_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(text).toContain("# TYPE brewfront_job_queue_depth gauge");
    expect(sample(text, "brewfront_cache_hits_total", { cache: "productAnswers" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "brewfront_cache_misses_total", { cache: "productAnswers" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(text).toMatch(new RegExp(`brewfront_instance="[^"]+:${store.port}"`));
    if (dialect === "postgres") expect(sample(text, "brewfront_db_pool_connections", { state: "max" })).toBe(10);
    else expect(sample(text, "brewfront_db_pool_connections", { state: "max" })).toBeUndefined();
  });

  it("are not served on the public port", async () => {
    const res = await getWithHost(store.url, "/metrics", "www.brewfront.com");
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("brewfront_http_requests_total");
  });
});

describe("the operators' metrics of a cluster", () => {
  it("answer for every worker in one scrape", async () => {
    const operatorPort = await freePort();
    const store = await startStore({ env: { ADMIN_API_KEY: ADMIN_KEY, OPERATOR_PORT: String(operatorPort), WEB_CONCURRENCY: "2" } });
    try {
      await store.everyWorkerListening();
      const text = await (await fetch(`http://127.0.0.1:${operatorPort}/metrics`)).text();
      expect(sample(text, "process_resident_memory_bytes", { worker: "1" })).toBeGreaterThan(0);
      expect(sample(text, "process_resident_memory_bytes", { worker: "2" })).toBeGreaterThan(0);
    } finally {
      await store.stop();
    }
  }, 120_000);
});
