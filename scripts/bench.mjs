// npm run bench: the built server in production mode on loopback, autocannon against each page.
// Prints requests/s and p50/p95/p99 latency per page, and the gzipped client JavaScript a page loads.
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10) tune the run; DATABASE_URL picks the database.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3200);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-bench-"));
const base = `http://127.0.0.1:${port}`;

const QUERIES = ["dark roast", "hazelnut", "colombian", "espresso", "caramel", "decaf", "smoky", "vanilla cream", "breakfast blend", "french roast"];
const LARGE_QUERIES = ["dark roast", "ethiopian reserve", "colombian", "espresso", "morning blend", "kenyan harvest", "smoky", "decaf", "brazilian estate", "nutty medium"];
const searchRequests = (qs) => qs.map((q) => ({ method: "GET", path: `/search?q=${encodeURIComponent(q)}` }));

// The demo catalog, then the same pages that scale with catalog size on 100,000 products.
const large = process.env.BENCH_LARGE !== "false";
const largeDb = path.resolve("data/bench-large.sqlite");
const RUNS = [
  {
    catalog: "demo catalog",
    db: process.env.DATABASE_URL ?? path.join(dir, "bench.sqlite"),
    pages: [
      { name: "home", path: "/" },
      { name: "home (fr-CA)", path: "/fr/", host: "www.brewfront.ca" },
      { name: "category", path: "/c/coffee" },
      { name: "category, 2 facets + sort", path: "/c/coffee?roast=medium&packType=KCup&sort=price-asc" },
      { name: "product", path: "/Coffee/breakfast-blend/p/5001-SMRG-KC-24" },
      { name: "product (brewer)", path: "/Coffee-Makers/classic-brewer/p/8003-BFBR-BRW-RED" },
      { name: "search (10 queries)", path: "/search", requests: searchRequests(QUERIES) },
    ],
  },
  ...(large
    ? [{
        catalog: "100,000-product catalog",
        db: largeDb,
        env: { SEED_CATALOG_SIZE: "100000" },
        pages: [
          { name: "category (100k)", path: "/c/coffee" },
          { name: "category 2 facets (100k)", path: "/c/coffee?roast=dark&brand=Harbor%20Roast&sort=price-asc" },
          { name: "product (100k)", path: "/Coffee/breakfast-blend/p/5001-SMRG-KC-24" },
          { name: "search (10 queries, 100k)", path: "/search", requests: searchRequests(LARGE_QUERIES) },
        ],
      }]
    : []),
];

// BENCH_ONLY=regex measures just the pages whose name matches (e.g. BENCH_ONLY=100k).
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
for (const run of RUNS) run.pages = run.pages.filter((p) => !only || only.test(p.name));
const runs = RUNS.filter((r) => r.pages.length > 0);

let server;
function startServer(run) {
  server = spawn(process.execPath, ["build/server.js"], {
    env: { ...process.env, ...run.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: run.db, LOG_LEVEL: process.env.LOG_LEVEL ?? "info", MAIL_OUTBOX_DIR: path.join(dir, "outbox") },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
async function stopServer() {
  if (!server || server.exitCode !== null) return;
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
}

async function waitUp() {
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function requestOptions(pageDef, duration) {
  const headers = pageDef.host ? { host: pageDef.host } : {};
  return { url: base + pageDef.path, connections, headers, duration, ...(pageDef.requests ? { requests: pageDef.requests } : {}) };
}

async function measure(pageDef) {
  const latencies = [];
  // Warm up this page's caches before measuring.
  await autocannon(requestOptions(pageDef, 3));
  const instance = autocannon(requestOptions(pageDef, seconds));
  instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    page: pageDef.name,
    path: pageDef.path,
    "req/s": Math.round(result.requests.average),
    "p50 ms": +percentile(latencies, 50).toFixed(1),
    "p95 ms": +percentile(latencies, 95).toFixed(1),
    "p99 ms": +percentile(latencies, 99).toFixed(1),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function clientJs(pathname) {
  const html = await (await fetch(base + pathname)).text();
  // What the browser loads: modulepreload links, script src and the inline module imports
  // (not every route named in the route manifest, which loads lazily).
  const srcs = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\s*(?:\*\s+as\s+\w+\s+from\s*|\(\s*)?"(\/build\/[^"]+\.js)"/g)) srcs.add(m[1]);
  let raw = 0;
  let gz = 0;
  for (const src of srcs) {
    const buf = Buffer.from(await (await fetch(base + src)).arrayBuffer());
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { page: pathname, files: srcs.size, "raw kB": +(raw / 1024).toFixed(1), "gzip kB": +(gz / 1024).toFixed(1) };
}

try {
  console.log(`Brewfront bench: built server in production mode on loopback, ${connections} connections, ${seconds} s per page, ${os.cpus().length} cores, node ${process.version}`);
  const rows = [];
  let js = [];
  for (const run of runs) {
    if (run.env?.SEED_CATALOG_SIZE && !fs.existsSync(run.db)) console.log(`Seeding ${run.catalog} into ${run.db} (once; about half a minute)...`);
    startServer(run);
    await waitUp();
    // One pass over every page first, so the first page measured is not also paying for a cold JIT.
    for (const p of run.pages) await autocannon(requestOptions(p, 2));
    for (const p of run.pages) rows.push({ catalog: run.catalog, ...(await measure(p)) });
    if (js.length === 0) js = [await clientJs("/"), await clientJs("/c/coffee"), await clientJs("/Coffee/breakfast-blend/p/5001-SMRG-KC-24")];
    await stopServer();
  }
  console.log("");
  console.table(rows);
  console.log("\nClient JavaScript loaded by the page (gzip -9):");
  console.table(js);
} finally {
  await stopServer();
  fs.rmSync(dir, { recursive: true, force: true });
}
