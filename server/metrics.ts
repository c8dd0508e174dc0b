import cluster from "node:cluster";
import os from "node:os";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import client from "prom-client";
// Types only: the cluster primary, which gathers the workers' metrics, never loads the service.
import type { Db, ServiceReadings } from "../commerce/service";

/**
 * The operators' Prometheus metrics (decision 077, docs/metrics.md), served only on the operator
 * listener. Every series carries the instance (`brewfront_instance`: host and public port) and the
 * worker; in a cluster one scrape answers for all workers (the primary gathers them). Per request
 * the cost is a label lookup and two increments; whatever needs the database is read at scrape time.
 */
const registry = client.register;

/** Seconds: from a fast cached page to a slow checkout. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const requests = new client.Counter({
  name: "brewfront_http_requests_total",
  help: "Requests answered on the public port, by route, method and status",
  labelNames: ["route", "method", "status"] as const,
});
const requestSeconds = new client.Histogram({
  name: "brewfront_http_request_duration_seconds",
  help: "Time to answer a request on the public port, by route, method and status",
  labelNames: ["route", "method", "status"] as const,
  buckets: BUCKETS,
});
const apiCallSeconds = new client.Histogram({
  name: "brewfront_commerce_api_call_duration_seconds",
  help: "The storefront's calls to the commerce API (its internal listener), by route, method and status",
  labelNames: ["route", "method", "status"] as const,
  buckets: BUCKETS,
});

/** A route as a label: parameters replaced, so the number of series stays that of the routes. */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return "unmatched";
  const segments = path.split("/").filter(Boolean);
  if (segments.length === 0) return "/";
  // A file (a build asset, a picture): its folder is enough.
  if (/\.[a-z0-9]{1,8}$/i.test(segments[segments.length - 1]!)) return segments.length > 1 ? `/${segments[0]}/*` : "/*";
  // The language prefix makes no other route.
  if (segments[0] === "fr") segments.shift();
  if (segments[0] === "rest" && segments[1] === "v2" && segments.length > 2) segments[2] = ":brand";
  if (segments[2] === "p" && segments.length === 4) return "/:category/:slug/p/:code";
  if (segments[0] === "content") return "/content/*";
  const label = segments
    .slice(0, 9)
    .map((segment, i) => (segment === "v2" || segment.startsWith(":") || !isParameter(segment, segments[i - 1]) ? segment : ":id"));
  return `/${label.join("/")}${segments.length > 9 ? "/…" : ""}`;
}

/** Segments that name a thing (a user, cart, order, product, category, slug) rather than a route. */
const NAMED_AFTER = new Set(["users", "carts", "orders", "products", "stock", "prices", "c", "offers", "sitemap", "addresses", "entries", "campaigns"]);

function isParameter(segment: string, before: string | undefined): boolean {
  return (before !== undefined && NAMED_AFTER.has(before)) || /[\d@%]/.test(segment) || segment.length > 32;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/** Counts and times every answer of a listener: the public port's, or the commerce API's own (the storefront's calls). */
export function requestMetrics(listener: "public" | "commerceApi"): RequestHandler {
  const histogram = listener === "public" ? requestSeconds : apiCallSeconds;
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    // Read now: routers mounted under a path shorten req.path while they run.
    const path = req.path;
    res.on("finish", () => {
      const labels = { route: routeLabel(path, res.statusCode), method: METHODS.has(req.method) ? req.method : "other", status: String(res.statusCode) };
      histogram.observe(labels, (performance.now() - started) / 1000);
      if (listener === "public") requests.inc(labels);
    });
    next();
  };
}

/**
 * Starts the process's metrics: the default labels, Node's own (memory, heap, event loop, CPU),
 * and the service's readings at each scrape (database pool, outbox backlog and age, job queues,
 * cache hits).
 */
export function startMetrics(db: Db, publicPort: number, readings: (db: Db) => Promise<ServiceReadings>): void {
  registry.setDefaultLabels({ brewfront_instance: `${os.hostname()}:${publicPort}`, worker: String(cluster.worker?.id ?? 0) });
  client.collectDefaultMetrics({ register: registry });
  // A worker answers the primary's requests for its metrics (the primary gathers them for a scrape).
  if (cluster.isWorker) new client.AggregatorRegistry();
  let latest: Promise<ServiceReadings> | null = null;
  // One read per scrape, however many metrics ask for it.
  const read = () => {
    latest ??= readings(db).finally(() => setTimeout(() => (latest = null), 500).unref());
    return latest;
  };
  new client.Gauge({
    name: "brewfront_db_pool_connections",
    help: "PostgreSQL pool connections by state (open, idle, waiting for one, max); absent on SQLite",
    labelNames: ["state"] as const,
    async collect() {
      const { pool } = await read();
      if (!pool) return;
      for (const state of ["open", "idle", "waiting", "max"] as const) this.set({ state }, pool[state]);
    },
  });
  new client.Gauge({
    name: "brewfront_outbox_unsent_messages",
    help: "Mail queued in the outbox and not sent yet",
    async collect() {
      this.set((await read()).outbox.unsent);
    },
  });
  new client.Gauge({
    name: "brewfront_outbox_oldest_unsent_age_seconds",
    help: "How long the oldest unsent mail has waited (0 when none waits)",
    async collect() {
      const { oldestQueuedAt } = (await read()).outbox;
      this.set(oldestQueuedAt ? Math.max(0, (Date.now() - Date.parse(oldestQueuedAt)) / 1000) : 0);
    },
  });
  new client.Gauge({
    name: "brewfront_job_queue_depth",
    help: "Jobs waiting or running, by queue",
    labelNames: ["queue"] as const,
    async collect() {
      this.reset();
      for (const { queue, jobs } of (await read()).jobs) this.set({ queue }, jobs);
    },
  });
  // Counted by the caches themselves; read, not incremented, here.
  const cacheCounter = (name: string, help: string, value: (c: { lookups: number; misses: number }) => number) =>
    new client.Counter({
      name,
      help,
      labelNames: ["cache"] as const,
      async collect() {
        this.reset();
        for (const [cache, counts] of (await read()).caches) this.inc({ cache }, value(counts));
      },
    });
  cacheCounter("brewfront_cache_hits_total", "Lookups answered from a cache, by cache", (c) => c.lookups - c.misses);
  cacheCounter("brewfront_cache_misses_total", "Lookups that loaded from the database, by cache", (c) => c.misses);
}

/** The process's metrics as Prometheus text; in a cluster worker, every worker's, gathered by the primary. */
export const metricsEndpoint: RequestHandler = (_req, res, next) => {
  const text = cluster.isWorker ? askPrimary() : registry.metrics();
  text.then((body) => res.type(registry.contentType).send(body)).catch(next);
};

type MetricsMessage = { type: "brewfront:metrics"; id: number; text?: string; error?: string };
let asked = 0;

function askPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const answer = (message: MetricsMessage) => {
      if (message?.type !== "brewfront:metrics" || message.id !== id) return;
      process.off("message", answer);
      clearTimeout(timer);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? "no metrics from the primary"));
    };
    const timer = setTimeout(() => {
      process.off("message", answer);
      reject(new Error("the primary did not answer with the metrics"));
    }, 10_000);
    process.on("message", answer);
    process.send?.({ type: "brewfront:metrics", id } satisfies MetricsMessage);
  });
}

/** The primary's part: gathers every worker's metrics when one of them is scraped. */
export function answerMetricsRequests(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: MetricsMessage) => {
    if (message?.type !== "brewfront:metrics" || message.text !== undefined || message.error !== undefined) return;
    aggregator
      .clusterMetrics()
      .then((text) => worker.send({ type: "brewfront:metrics", id: message.id, text } satisfies MetricsMessage))
      .catch((err: unknown) => worker.send({ type: "brewfront:metrics", id: message.id, error: String(err) } satisfies MetricsMessage));
  });
}
