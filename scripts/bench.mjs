// npm run bench: the built store in production mode on loopback, measured against a floor: a bare
// React Router page (bench/bare-page) on the same React Router, Express and process layout. The bare page is
// measured before and after every store page, so each page is reported as a ratio to its nearest
// floor measurements, which cancels most of a shared machine's drift.
// Per page: requests/s, p50/p95/p99, server CPU ms per request (utime+stime of the primary and its
// workers, from /proc) and their ratios to the floor; then gzipped client JS above the bare page's,
// and the resident memory of both servers. Results also go to data/bench-results.json.
// BENCH_SECONDS (default 10), BENCH_WARM_SECONDS (60: each store's pages are served this long before
// the first is measured), BENCH_CONNECTIONS (10), BENCH_PORT (3200; the bare server uses the next
// port), BENCH_LARGE (false skips the 100,000-product catalog), BENCH_ONLY (regex on page names),
// WEB_CONCURRENCY (workers for both servers; default one per core), DATABASE_URL.
// After the pages, each catalog's pages run again at BENCH_HEAVY_CONNECTIONS (50; 0 skips) and the
// store's memory is read then: that figure is the one held to the memory budget.
// BENCH_STORE_DIR measures the store built in another checkout (its build/ and public/) with this harness.
// Besides the pages: SHOPPER_REQUESTS (the cart, add to cart, the account perks page, applying a reward; the place to add more named requests
// that need a shopper's state), the unseen-query run (a few hundred distinct searches from the
// catalog's own words, each sent once, after as many others as warm-up; BENCH_UNSEEN_QUERIES,
// default 300; the store runs with --trace-gc, and the run counts the full garbage collections its
// measured searches saw) and the cold-start run
// (the first requests a second after every worker listens; the store is started BENCH_COLD_STARTS
// times, default 3, and the median start's first page is judged against the warm store's first
// page after the same pause). BENCH_POSTGRES_URL
// (an admin URL, e.g. postgres://postgres@127.0.0.1:5432/postgres) adds both catalogs on PostgreSQL
// for those two runs (databases brewfront_bench_demo, made afresh, and brewfront_bench_large, seeded once).
// Last, after every page: the auto-delivery runner's throughput (scripts/runner-throughput.ts, bundled
// from this checkout): BENCH_RUNNER_SUBSCRIPTIONS (500; 0 skips) due subscriptions turned into orders
// by one process, on a fresh SQLite file and, when it answers, on PostgreSQL (BENCH_POSTGRES_URL, else
// postgres://postgres@127.0.0.1:5432/postgres; database brewfront_bench_runner, made afresh).
import { randomBytes } from "node:crypto";
import { execFileSync, spawn } from "node:child_process";
import http from "node:http";
import { bareDir, buildBareIfNeeded } from "./bench-bare.mjs";
import { placeEach, readyOrders } from "./bench-checkout.mjs";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { build } from "esbuild";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const heavyConnections = Number(process.env.BENCH_HEAVY_CONNECTIONS ?? 50);
// Before any page of a store is measured, its pages are served in turn for this long (at least 2 s
// each). Measured on two workers, the category page's CPU per request in successive 5 s windows
// after a start: demo catalog 5.4, 4.3, 3.5, 3.0, then about 3.1 ms; 100,000 products 6.9, 6.8,
// 4.7, 4.7, 4.1, 3.5, 3.9, 3.4, then 2.8-3.2 ms. A store measured sooner reports its start-up.
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 60);
const storeDir = path.resolve(process.env.BENCH_STORE_DIR ?? ".");
const port = Number(process.env.BENCH_PORT ?? 3200);
const barePort = port + 1;
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism()));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-bench-"));
const resultsFile = path.resolve("data/bench-results.json");

// The standing budgets (docs/performance.md): resident memory per catalog, the whole store after the heavy run.
const BUDGET = { cpuRatio: 4, jsAboveBareKB: 20, storeRssMB: { demo: 500, large: 700 } };
const rssBudgetOf = (run) => (run.env?.SEED_CATALOG_SIZE ? BUDGET.storeRssMB.large : BUDGET.storeRssMB.demo);
const mark = (ok) => (ok ? "✓" : "✗");

const QUERIES = ["dark roast", "hazelnut", "colombian", "espresso", "caramel", "decaf", "smoky", "vanilla cream", "breakfast blend", "french roast"];
const LARGE_QUERIES = [
  "dark roast",
  "ethiopian reserve",
  "colombian",
  "espresso",
  "morning blend",
  "kenyan harvest",
  "smoky",
  "decaf",
  "brazilian estate",
  "nutty medium",
];
const searchRequests = (qs) => qs.map((q) => ({ method: "GET", path: `/search?q=${encodeURIComponent(q)}` }));

// ---- Named requests that need a shopper's state ----
// Each is measured like a page: at 10 and at 50 connections, between floor measurements, printed
// in the same tables. `prepare(store)` runs once the store is up and answers what the request
// needs (headers, method, body; a cookie made through the store's own forms). Checkout and the
// quizzes add theirs here, for example:
//   { name: "place order (POST)", path: "/checkout/place-order", prepare: async (store) => ({ method: "POST", headers: {...}, body: "..." }) },
//   { name: "quiz: coffee finder", path: "/quiz/coffee-finder" },
const CART_PRODUCTS = ["5001-SMRG-KC-24", "8003-BFBR-BRW-RED"];
/** A Classic Brewer serial of the demo factory's (decision 070) that no test registers. */
const BENCH_BREWER_SERIAL = "PI 2513 896700 1";
const QUIZ_ANSWERS = "drink=coffee&roast=dark&flavours=bold&caffeine=regular&format=pods";
const SHOPPER_REQUESTS = [
  // The cart page of a shopper whose cart holds two products (its session cookie, never cached).
  { name: "cart (2 products)", path: "/cart", prepare: async (store) => ({ headers: { cookie: await cartCookie(store, CART_PRODUCTS) } }) },
  // A new shopper's add to cart from a product page (with JavaScript: inline, answered as JSON).
  {
    name: "add to cart (POST)",
    path: "/cart/add",
    prepare: async (store) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: store.base },
      body: new URLSearchParams({ productCode: CART_PRODUCTS[0], qty: "1", inline: "1", returnTo: "/" }).toString(),
    }),
  },
  // A subscriber's auto-delivery page (their subscription made by a real checkout of an auto-delivery line).
  {
    name: "account auto-delivery",
    path: "/account/auto-delivery",
    member: true,
    prepare: async (store) => ({ headers: { cookie: await subscriberCookie(store) } }),
  },
  // The beverage quiz: its one step (answers → 303 to the results) and the results page it leads to.
  {
    name: "quiz step (POST)",
    path: "/perfectcup?index",
    status: 303,
    prepare: async (store) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: store.base }, body: QUIZ_ANSWERS }),
  },
  { name: "quiz results", path: "/perfectcup/results?answers=coffee.dark.bold.regular.pods" },
  // The checkout page of a guest whose cart holds two products.
  { name: "checkout", path: "/checkout/singlestep", prepare: async (store) => ({ headers: { cookie: await cartCookie(store, CART_PRODUCTS) } }) },
  // Perks: a member's account perks page (balance, a page of history, the rewards), signed in.
  { name: "account perks", path: "/account/perks", prepare: async (store) => ({ headers: { cookie: (await memberCart(store)).cookie } }) },
  // Applying a reward from the cart's rewards panel (303 back to the cart). The first post puts
  // free shipping on the member's cart; every later one is the same reward again, answered as the
  // cart stands after the same checks (cart, member and points locked, ledger summed).
  {
    name: "apply reward (POST)",
    path: "/cart",
    status: 303,
    prepare: async (store) => {
      const { cookie, cartGuid } = await memberCart(store);
      return {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: store.base, cookie },
        body: new URLSearchParams({ intent: "applyReward", cartGuid, rewardCode: "FREE_SHIPPING" }).toString(),
      };
    },
  },
  // The monthly fixed-price box's selection page: this month's 36 products by category and collection (decision 068).
  { name: "monthly box selection", path: "/monthly-box" },
  // Adding a brewer offer (the free brewer and its first auto-delivery box) from its page: a signed-in
  // customer's POST, 303 to the cart. Every later post replaces the bundle the first one added, after the same checks.
  {
    name: "add a brewer offer (POST)",
    path: "/offers/free-brewer",
    status: 303,
    prepare: async (store) => ({
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: store.base,
        cookie: await signedInCookie(store, "demo.employee@example.com", 9100),
      },
      body: new URLSearchParams({ brewerCode: "8003-BFBR-BRW-BLK", boxCode: CART_PRODUCTS[0], boxQty: "1", frequencyWeeks: "4" }).toString(),
    }),
  },
  // A guest's brewer registration POST: the serial checked against the factory's list, 303 to sign in and finish
  // (the demo serial README lists beside it is one the end-to-end tests never register).
  {
    name: "register a brewer (POST)",
    path: "/register-brewer",
    status: 303,
    prepare: async (store) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: store.base },
      body: new URLSearchParams({ intent: "register", model: "8003-BFBR", serialNumber: BENCH_BREWER_SERIAL }).toString(),
    }),
  },
  // A member's saved drink designs (decision 073): three designs saved through the designer's form, then the
  // account page that lists them (one API call).
  { name: "designs page", path: "/account/designs", prepare: async (store) => ({ headers: { cookie: await designerCookie(store) } }) },
];
// Orders are measured apart (each cart can be ordered once): ORDERS_PER_LOAD carts prepared
// through the API, each order sent once, at `connections` and at `heavyConnections`.
const ORDERS_PER_LOAD = Number(process.env.BENCH_ORDERS ?? 60);
const BENCH_TOKEN_SECRET = "bench-token-secret-0123456789abcdefghijklmn";

// The pages that scale with catalog size, on 100,000 products.
const LARGE_PAGES = [
  { name: "category (100k)", path: "/c/coffee" },
  { name: "category 2 facets (100k)", path: "/c/coffee?roast=dark&brand=Harbor%20Roast&sort=price-asc" },
  { name: "product (100k)", path: "/Coffee/breakfast-blend/p/5001-SMRG-KC-24" },
  { name: "search (10 queries, 100k)", path: "/search", requests: searchRequests(LARGE_QUERIES) },
];

// The demo catalog, then the same pages that scale with catalog size on 100,000 products.
// `unseen`: the unseen-query run; `coldStart`: the cold-start run (both printed after the pages).
const large = process.env.BENCH_LARGE !== "false";
const largeDb = path.resolve("data/bench-large.sqlite");
const postgresUrl = process.env.BENCH_POSTGRES_URL;
const RUNS = [
  {
    catalog: "demo catalog",
    database: "SQLite",
    db: process.env.DATABASE_URL ?? path.join(dir, "bench.sqlite"),
    unseen: true,
    coldStart: true,
    placeOrders: true,
    pages: [
      { name: "home", path: "/" },
      { name: "home (fr-CA)", path: "/fr/", host: "www.brewfront.ca" },
      // The home page of a signed-in perks member: the header's customer details and notices (decision 075).
      { name: "home (signed-in member)", path: "/", member: true, prepare: async (store) => ({ headers: { cookie: await memberCookie(store) } }) },
      { name: "category", path: "/c/coffee" },
      { name: "category, 2 facets + sort", path: "/c/coffee?roast=medium&packType=KCup&sort=price-asc" },
      { name: "product", path: "/Coffee/breakfast-blend/p/5001-SMRG-KC-24" },
      // The same page for a signed-in perks member: session cookie, token, member prices, never cached.
      {
        name: "product (signed-in member)",
        path: "/Coffee/breakfast-blend/p/5001-SMRG-KC-24",
        member: true,
        prepare: async (store) => ({ headers: { cookie: await memberCookie(store) } }),
      },
      { name: "product (brewer)", path: "/Coffee-Makers/classic-brewer/p/8003-BFBR-BRW-RED" },
      { name: "search (10 queries)", path: "/search", requests: searchRequests(QUERIES) },
      ...SHOPPER_REQUESTS,
    ],
  },
  ...(large
    ? [
        {
          catalog: "100,000-product catalog",
          database: "SQLite",
          db: largeDb,
          env: { SEED_CATALOG_SIZE: "100000" },
          unseen: true,
          coldStart: true,
          pages: LARGE_PAGES,
        },
      ]
    : []),
  // On PostgreSQL: unseen queries and cold start on both catalogs; on 100,000 products the pages too, for memory after the heavy run.
  ...(postgresUrl
    ? [
        { catalog: "demo catalog", database: "PostgreSQL", db: "postgres:brewfront_bench_demo", fresh: true, unseen: true, coldStart: true, pages: [] },
        ...(large
          ? [
              {
                catalog: "100,000-product catalog",
                database: "PostgreSQL",
                db: "postgres:brewfront_bench_large",
                env: { SEED_CATALOG_SIZE: "100000" },
                unseen: true,
                coldStart: true,
                pages: LARGE_PAGES.map((p) => ({ ...p, name: `${p.name}, PostgreSQL` })),
              },
            ]
          : []),
      ]
    : []),
];
const BARE_PAGE = { name: "bare React Router page", path: "/" };
const UNSEEN_COUNT = Number(process.env.BENCH_UNSEEN_QUERIES ?? 300);
// Cold start: the first 20 requests after every worker listens (home, category, product, a search,
// the cart, in turn), against the same requests once warm; each search is one no worker has seen.
const COLD_REQUESTS = 20;
const COLD_STARTS = Math.max(1, Number(process.env.BENCH_COLD_STARTS ?? 3));
const COLD_SEARCHES = ["caramel dark", "kenyan estate", "vanilla decaf", "summit breakfast"];
const WARM_SEARCHES = ["hazelnut medium", "colombian reserve", "french vanilla", "golden hour"];
const searchesFor = (qs) => qs.map((q) => ({ label: q, path: `/search?q=${encodeURIComponent(q)}` }));

// BENCH_ONLY=regex measures just the pages whose name matches (e.g. BENCH_ONLY=100k; "unseen" and
// "cold start" name those runs); the floor always runs.
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
for (const run of RUNS) {
  run.pages = run.pages.filter((p) => !only || only.test(p.name));
  run.unseen &&= !only || only.test(`unseen queries ${run.catalog} ${run.database}`);
  run.coldStart &&= !only || only.test(`cold start ${run.catalog} ${run.database}`);
}
const runs = RUNS.filter((r) => r.pages.length > 0 || r.unseen || r.coldStart);

// ---- Processes, from /proc ----

const clockTicks = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function statFields(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after "(comm)", which may itself hold spaces; index 0 is field 3 (state).
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

// /proc/<pid>/task/*/children needs CONFIG_PROC_CHILDREN; without it, read every process's parent (as ps --ppid does).
const childrenFilesExist = fs.existsSync(`/proc/self/task/${process.pid}/children`);
function childrenOf(pid) {
  if (childrenFilesExist) {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").split(/\s+/).filter(Boolean).map(Number));
  }
  const kids = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(entry)[1]) === pid) kids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return kids;
}

function processTree(pid) {
  const pids = [];
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.shift();
    try {
      queue.push(...childrenOf(p));
      pids.push(p);
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

function cpuTicks(rootPid) {
  const ticks = new Map();
  for (const pid of processTree(rootPid)) {
    try {
      const f = statFields(pid);
      ticks.set(pid, Number(f[11]) + Number(f[12]));
    } catch {
      // not there (yet, or any more): try again or skip
    }
  }
  return ticks;
}

// CPU ms spent between two snapshots; a worker started in between counts from zero.
function cpuMsBetween(before, after) {
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return (ticks * 1000) / clockTicks;
}

function memory(rootPid) {
  const pids = processTree(rootPid);
  let rssKB = 0;
  let hwmKB = 0;
  let pssKB = 0;
  for (const pid of pids) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      rssKB += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      hwmKB += Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      // Proportional: a page the processes share (node's own code, above all) counted once in all.
      pssKB += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
    } catch {
      // not there (yet, or any more): try again or skip
    }
  }
  return { processes: pids.length, rssMB: +(rssKB / 1024).toFixed(1), pssMB: +(pssKB / 1024).toFixed(1), peakMB: +(hwmKB / 1024).toFixed(1) };
}

// ---- Servers ----

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

const servers = new Set();
/**
 * `announces`: the server logs "Brewfront listening" once every worker listens (the store does,
 * after each worker has warmed up); `allListening` settles then. Such a server also runs with
 * V8's --trace-gc: its processes (workers share its output) print a line for each garbage
 * collection, which `server.gc` counts (see countGc). Its other lines are read and dropped.
 */
function startServer(label, args, env, cwd, { announces = false, quietHangUps = false } = {}) {
  const child = spawn(process.execPath, announces ? ["--trace-gc", ...args] : args, {
    cwd,
    env: { ...process.env, ...env, NODE_ENV: "production", HOST: "127.0.0.1", WEB_CONCURRENCY: String(workers) },
    stdio: ["ignore", announces ? "pipe" : "ignore", quietHangUps ? "pipe" : "inherit"],
  });
  if (quietHangUps) passOnAllButHangUps(child.stderr);
  const server = { label, child, pid: child.pid, base: `http://127.0.0.1:${env.PORT}`, startedAt: performance.now(), gc: newGcCount() };
  if (announces) {
    server.allListening = new Promise((resolve) => {
      let tail = "";
      child.stdout.on("data", (chunk) => {
        tail += chunk.toString("utf8");
        const lines = tail.split("\n");
        tail = lines.pop() ?? "";
        for (const line of lines) {
          countGc(server.gc, line);
          // Only the first settles the promise.
          if (line.includes("Brewfront listening")) resolve(performance.now() - server.startedAt);
        }
      });
    });
  }
  servers.add(server);
  return server;
}

/**
 * The bare page's server runs React Router's default entry, which prints a stack trace whenever a
 * client hangs up mid-page, as autocannon does at the end of each measurement: those are dropped,
 * anything else it prints is passed on.
 */
function passOnAllButHangUps(stderr) {
  let tail = "";
  let inHangUp = false;
  stderr.on("data", (chunk) => {
    tail += chunk.toString("utf8");
    const lines = tail.split("\n");
    tail = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("Error: The destination stream closed early")) inHangUp = true;
      else if (!line.startsWith("    at ")) inHangUp = false;
      if (!inHangUp) process.stderr.write(`${line}\n`);
    }
  });
}

function newGcCount() {
  return { full: 0, fullPauseMs: 0, fullMarkingMs: 0, scavenges: 0, scavengeMs: 0 };
}

/**
 * Adds one --trace-gc line to the count. A full collection's line reads "Mark-Compact … MB, <pause>
 * / <external> ms (+ <marking> ms in <n> steps …" (the marking steps ran on the main thread before
 * the pause); a young-generation one "Scavenge … MB, <pause> / <external> ms".
 */
function countGc(gc, line) {
  if (!line.startsWith("[")) return;
  const pause = / MB, ([\d.]+) \/ [\d.]+ ms/.exec(line);
  if (!pause) return;
  if (line.includes(": Mark-Compact")) {
    gc.full++;
    gc.fullPauseMs += Number(pause[1]);
    gc.fullMarkingMs += Number(/\(\+ ([\d.]+) ms in \d+ steps/.exec(line)?.[1] ?? 0);
  } else if (line.includes(": Scavenge")) {
    gc.scavenges++;
    gc.scavengeMs += Number(pause[1]);
  }
}

/** What the store's processes collected since `before` (a copy of server.gc). */
function gcSince(server, before) {
  return Object.fromEntries(Object.entries(server.gc).map(([k, v]) => [k, +(v - before[k]).toFixed(1)]));
}

/** A PostgreSQL database for a bench run ("postgres:<name>" in RUNS): made afresh when `fresh`, else kept (a seeded 100,000-product catalog is reused). */
async function postgresDatabase(name, fresh, adminUrl = postgresUrl) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount > 0;
    if (exists && fresh) await admin.query(`drop database "${name}" with (force)`);
    if (!exists || fresh) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// ---- The auto-delivery runner's throughput ----

const runnerSubscriptions = Number(process.env.BENCH_RUNNER_SUBSCRIPTIONS ?? 500);

async function postgresAnswers(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** One process placing the orders of `runnerSubscriptions` due subscriptions, on each database: orders per second. */
async function measureRunnerThroughput() {
  const entry = path.resolve(".cache/bench/runner-throughput.mjs");
  await build({
    entryPoints: ["scripts/runner-throughput.ts"],
    outfile: entry,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  const adminUrl = postgresUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const databases = [{ database: "SQLite", url: path.join(dir, "runner.sqlite") }];
  if (await postgresAnswers(adminUrl)) {
    databases.push({ database: "PostgreSQL", url: await postgresDatabase("brewfront_bench_runner", true, adminUrl) });
  } else console.log(`\n(PostgreSQL at ${adminUrl} does not answer: the runner's throughput is measured on SQLite only.)`);
  const rows = [];
  for (const { database, url } of databases) {
    const out = execFileSync(process.execPath, [entry], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        ALLOW_DEMO_PASSWORDS: "true",
        AUTH_TOKEN_SECRET: BENCH_TOKEN_SECRET,
        DATABASE_URL: url,
        RUNNER_SUBSCRIPTIONS: String(runnerSubscriptions),
      },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    rows.push({ database, ...JSON.parse(out.trim().split("\n").at(-1)) });
  }
  return rows;
}

async function stopServer(server) {
  if (!server) return;
  servers.delete(server);
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  await new Promise((r) => server.child.once("exit", r));
}

async function waitUp(server, readyPath) {
  for (let i = 0; i < 3000; i++) {
    if (server.child.exitCode !== null) throw new Error(`${server.label} exited with code ${server.child.exitCode}`);
    try {
      if ((await fetch(server.base + readyPath)).ok) break;
    } catch {
      // not there (yet, or any more): try again or skip
    }
    await pause(100);
  }
  // Every worker must be up, or the first measurement runs on fewer processes than the rest.
  const expected = workers > 1 ? workers + 1 : 1;
  for (let i = 0; i < 300 && processTree(server.pid).length < expected; i++) await pause(100);
  const count = processTree(server.pid).length;
  if (count < expected) throw new Error(`${server.label}: ${count} processes, expected ${expected}`);
  if (count > expected) console.warn(`${server.label}: ${count} processes, expected ${expected}; CPU and memory ratios compare unlike layouts`);
}

// ---- Measurement ----

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function requestOptions(server, pageDef, duration, conns = connections) {
  const headers = { ...(pageDef.host ? { host: pageDef.host } : {}), ...pageDef.headers };
  return {
    url: server.base + pageDef.path,
    connections: conns,
    headers,
    duration,
    ...(pageDef.method ? { method: pageDef.method } : {}),
    ...(pageDef.body ? { body: pageDef.body } : {}),
    ...(pageDef.requests ? { requests: pageDef.requests } : {}),
  };
}

async function measure(server, pageDef, warmUpSeconds, conns = connections) {
  // Warm up this page's caches before measuring.
  if (warmUpSeconds > 0) await autocannon(requestOptions(server, pageDef, warmUpSeconds, conns));
  const latencies = [];
  // A page answers 2xx unless it names its status (a form post answers 303: redirect after POST).
  let unexpected = 0;
  const expected = (status) => (pageDef.status ? status === pageDef.status : status >= 200 && status < 300);
  const before = cpuTicks(server.pid);
  const instance = autocannon(requestOptions(server, pageDef, seconds, conns));
  instance.on("response", (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (!expected(status)) unexpected++;
  });
  const result = await instance;
  const cpuMs = cpuMsBetween(before, cpuTicks(server.pid));
  latencies.sort((a, b) => a - b);
  return {
    page: pageDef.name,
    path: pageDef.path,
    reqPerSec: Math.round(result.requests.average),
    p50: +percentile(latencies, 50).toFixed(1),
    p95: +percentile(latencies, 95).toFixed(1),
    p99: +percentile(latencies, 99).toFixed(1),
    responses: latencies.length,
    cpuMsPerReq: +(cpuMs / Math.max(1, latencies.length)).toFixed(3),
    unexpected,
    errors: result.errors,
  };
}

/** Each page in turn for `pageSeconds`, unmeasured: a warm-up. */
async function serveInTurn(server, pages, pageSeconds, conns) {
  for (const p of pages) await autocannon(requestOptions(server, p, pageSeconds, conns));
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sumOf = (rows, key) => rows.reduce((a, r) => a + r[key], 0);
function floorOf(bareRuns) {
  return { reqPerSec: mean(bareRuns.map((b) => b.reqPerSec)), p95: mean(bareRuns.map((b) => b.p95)), cpuMsPerReq: mean(bareRuns.map((b) => b.cpuMsPerReq)) };
}

async function clientJs(server, pageDef) {
  const url = server.base + (pageDef.requests ? pageDef.requests[0].path : pageDef.path);
  const html = await (await fetch(url, { headers: { ...(pageDef.host ? { host: pageDef.host } : {}), ...pageDef.headers } })).text();
  // What the browser loads: modulepreload links, script src and the inline module imports
  // (not every route named in the route manifest, which loads lazily).
  const srcs = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\s*(?:\*\s+as\s+\w+\s+from\s*|\(\s*)?"(\/assets\/[^"]+\.js)"/g)) srcs.add(m[1]);
  let raw = 0;
  let gz = 0;
  for (const src of srcs) {
    const buf = Buffer.from(await (await fetch(server.base + src)).arrayBuffer());
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { page: pageDef.name, files: srcs.size, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(1) };
}

// ---- Signed-in shoppers ----

const DEMO_PASSWORD = "Brewfront-demo-2026";
const SIGN_IN_ACCOUNTS = ["demo.customer@example.com", "demo.perks@example.com", "demo.employee@example.com"];

/** One sign-in through the store's form; answers the response. Each comes from its own address, as shoppers do. */
function signIn(server, email, n) {
  return fetch(`${server.base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, "X-Forwarded-For": `10.9.${n >> 8}.${n & 255}` },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD, returnTo: "/account" }).toString(),
  });
}

/** The session cookie of a demo account signed in through the store's form (from its own address, `n`). */
async function signedInCookie(server, email, n) {
  const res = await signIn(server, email, n);
  const session = res.headers.getSetCookie().find((c) => c.startsWith("SESSION="));
  if (res.status !== 303 || !session) throw new Error(`bench: ${email} could not sign in (${res.status})`);
  return session.split(";")[0];
}

/** The demo employee signed in (from their own address) with three saved drink designs, saved through the designer's form. */
async function designerCookie(server) {
  const cookie = await signedInCookie(server, "demo.employee@example.com", 9200);
  const options = await (await fetch(`${server.base}/rest/v2/usb2c/designOptions`)).json();
  for (const [i, name] of ["Morning latte", "Afternoon mocha", "Evening tea"].entries()) {
    const res = await fetch(`${server.base}/designer`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, cookie },
      body: new URLSearchParams({
        intent: "save",
        name,
        productCode: options.beverages[i].code,
        size: "10",
        strength: "bold",
        milk: "oat",
        sweetness: "light",
        "shots.vanilla": "on",
      }).toString(),
    });
    // 409: an earlier run on this database already saved the most designs a member keeps.
    if (res.status !== 303 && res.status !== 409) throw new Error(`bench: saving a drink design answered ${res.status}`);
  }
  return cookie;
}

/** The session cookie of a signed-in perks member (the demo account with member prices). */
function memberCookie(server) {
  return signedInCookie(server, "demo.perks@example.com", 0);
}

/**
 * Sign-ins one after another (password hashing is meant to be slow, and the forms are rate-limited
 * per account, so this is a latency and CPU figure, not a throughput one).
 */
async function measureSignIn(server, count = 30) {
  const latencies = [];
  let failures = 0;
  const before = cpuTicks(server.pid);
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await signIn(server, SIGN_IN_ACCOUNTS[i % SIGN_IN_ACCOUNTS.length], i + 1);
    latencies.push(performance.now() - started);
    if (res.status !== 303) failures++;
    await res.body?.cancel();
  }
  const cpuMs = cpuMsBetween(before, cpuTicks(server.pid));
  latencies.sort((a, b) => a - b);
  return { count, p50: +percentile(latencies, 50).toFixed(1), p95: +percentile(latencies, 95).toFixed(1), cpuMsPerReq: cpuMs / count, failures };
}

/**
 * The session cookie of the demo customer once they subscribe: one auto-delivery line checked out
 * through the API with the password grant's token (the first order makes the subscription).
 */
async function subscriberCookie(server) {
  const email = "demo.customer@example.com";
  const tokenRes = await fetch(`${server.base}/authorizationserver/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username: email, password: DEMO_PASSWORD, client_id: "storefront", site: "usb2c" }).toString(),
  });
  if (!tokenRes.ok) throw new Error(`bench: the demo customer's token answered ${tokenRes.status}`);
  const { access_token: token } = await tokenRes.json();
  const call = async (method, path, body) => {
    const res = await fetch(`${server.base}/rest/v2/usb2c${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(`bench: ${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const { cartGuid } = await call("POST", "/users/current/addProductToAdCart", { productCode: CART_PRODUCTS[0], qty: 1, entryType: "ADC" });
  const cart = `/users/current/carts/${cartGuid}`;
  const address = { firstName: "Bench", lastName: "Subscriber", line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" };
  const mode = (await call("POST", `${cart}/addresses/delivery`, { address })).deliveryModes[0];
  await call("PUT", `${cart}/updateDeliveryDetails`, { deliveryModeId: mode.code, deliveryCost: mode.costMinor });
  await call("POST", `${cart}/paymentdetails`, {
    cardNumber: "4242424242424242",
    expiryMonth: 12,
    expiryYear: 2035,
    cvc: "123",
    accountHolderName: "Bench Subscriber",
    billingPostalCode: "12207",
  });
  const ready = await call("GET", `${cart}/checkout`);
  await call("POST", `/users/current/orders?cartId=${cartGuid}`, {
    checkoutKey: randomBytes(16).toString("hex"),
    expectedTotal: ready.totalPriceWithTax.minor,
  });
  const res = await signIn(server, email, 9000);
  const session = res.headers.getSetCookie().find((c) => c.startsWith("SESSION="));
  if (res.status !== 303 || !session) throw new Error(`bench: the demo subscriber could not sign in (${res.status})`);
  return session.split(";")[0];
}

/** The session cookie of a new shopper whose cart holds these products, made through POST /cart/add. */
async function cartCookie(server, productCodes) {
  let cookie = "";
  for (const productCode of productCodes) {
    const res = await fetch(`${server.base}/cart/add`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams({ productCode, qty: "1", inline: "1", returnTo: "/" }).toString(),
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith("SESSION="));
    if (!res.ok) throw new Error(`bench: adding ${productCode} to the cart answered ${res.status}: ${await res.text()}`);
    await res.body?.cancel();
    if (session) cookie = session.split(";")[0];
  }
  if (!cookie) throw new Error("bench: adding to the cart set no session cookie");
  return cookie;
}

/** The demo perks member (seeded with points), signed in through the store's form, with one product in their cart. */
const memberCarts = new WeakMap();
function memberCart(server) {
  if (!memberCarts.has(server)) memberCarts.set(server, signedInMemberCart(server));
  return memberCarts.get(server);
}

async function signedInMemberCart(server) {
  const login = await fetch(`${server.base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
    body: new URLSearchParams({ email: "demo.perks@example.com", password: "Brewfront-demo-2026", returnTo: "/account" }).toString(),
  });
  await login.body?.cancel();
  const session = login.headers.getSetCookie().find((c) => c.startsWith("SESSION="));
  if (login.status !== 303 || !session) throw new Error(`bench: the demo perks member's sign-in answered ${login.status}`);
  let cookie = session.split(";")[0];
  const added = await fetch(`${server.base}/cart/add`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, cookie },
    body: new URLSearchParams({ productCode: CART_PRODUCTS[0], qty: "1", inline: "1", returnTo: "/" }).toString(),
  });
  await added.body?.cancel();
  const renewed = added.headers.getSetCookie().find((c) => c.startsWith("SESSION="));
  if (renewed) cookie = renewed.split(";")[0];
  const cartPage = await (await fetch(`${server.base}/cart`, { headers: { cookie } })).text();
  const cartGuid = /name="cartGuid" value="([0-9a-f]{32})"/.exec(cartPage)?.[1];
  if (!cartGuid) throw new Error("bench: the demo perks member's cart page shows no cart");
  return { cookie, cartGuid };
}

// ---- Requests each sent once (unseen queries, cold start) ----

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET on a keep-alive connection; answers its status and milliseconds (the body is read and dropped). */
function timedGet(server, request) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(server.base + request.path, { agent: keepAlive, headers: request.host ? { host: request.host } : {} }, (res) => {
      res.resume();
      res.on("end", () => resolve({ ...request, status: res.statusCode, ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ ...request, status: 0, ms: performance.now() - started }));
  });
}

/** Sends every request once, `conns` at a time; answers each one's time and the server's CPU ms per request. */
async function sendEach(server, requests, conns) {
  const before = cpuTicks(server.pid);
  const rows = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(conns, requests.length) }, async () => {
      while (next < requests.length) rows.push(await timedGet(server, requests[next++]));
    }),
  );
  const cpuMs = cpuMsBetween(before, cpuTicks(server.pid));
  return summarise(rows, cpuMs);
}

function summarise(rows, cpuMs) {
  const sorted = rows.map((r) => r.ms).sort((a, b) => a - b);
  return {
    count: rows.length,
    p50: +percentile(sorted, 50).toFixed(1),
    p95: +percentile(sorted, 95).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    max: +(sorted.at(-1) ?? NaN).toFixed(1),
    cpuMsPerReq: cpuMs === undefined ? undefined : +(cpuMs / Math.max(1, rows.length)).toFixed(3),
    failed: rows.filter((r) => r.status === 0 || r.status >= 400).length,
    slowest: [...rows]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((r) => ({ query: r.label ?? r.path, ms: +r.ms.toFixed(1) })),
    rows,
  };
}

/** Seeded pseudo-random numbers (mulberry32), so every run sends the same queries. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const wordsOf = (text) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !/^\d+$/.test(w));

/**
 * The catalog's own vocabulary, read from its API: product names and summaries of several pages of
 * each category (first pages and pages deep into a large catalog), and the facet values (brands,
 * roasts, flavours) of every language the site speaks.
 */
async function catalogVocabulary(server) {
  const vocabulary = {};
  for (const [site, lang] of [
    ["usb2c", "en"],
    ["cab2c", "fr"],
  ]) {
    const names = [];
    const words = new Set();
    for (const category of ["coffee", "brewers", "accessories"]) {
      const pageUrl = (page) => `${server.base}/rest/v2/${site}/c/${category}/categoryData?pageSize=96&currentPage=${page}&lang=${lang}&fields=BASIC`;
      const first = await fetch(pageUrl(0));
      if (!first.ok) continue;
      const body = await first.json();
      const totalPages = body.pagination?.totalPages ?? 1;
      const pages = [body];
      for (const page of new Set([1, 2, Math.floor(totalPages / 3), Math.floor(totalPages / 2), totalPages - 1])) {
        if (page > 0 && page < totalPages) pages.push(await (await fetch(pageUrl(page))).json());
      }
      for (const p of pages) {
        for (const product of p.products ?? []) {
          const nameWords = wordsOf(product.name);
          if (nameWords.length > 0) names.push(nameWords);
          for (const w of [...nameWords, ...wordsOf(product.summary ?? "")]) words.add(w);
        }
        for (const facet of p.facets ?? []) if (facet.code !== "price") for (const v of facet.values) for (const w of wordsOf(v.name)) words.add(w);
      }
    }
    vocabulary[lang] = { names, words: [...words].sort() };
  }
  return vocabulary;
}

/** One edit a hurried shopper makes: a letter dropped, doubled or two swapped. */
function misspell(word, rand) {
  const i = 1 + Math.floor(rand() * (word.length - 2));
  const kind = Math.floor(rand() * 3);
  if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i] + word.slice(i);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
}

/**
 * `count` distinct searches as shoppers type them, from the catalog's words: one word, two or
 * three words of one product's name, a name word with a roast or flavour, some misspelt, about one
 * in seven in French (on the Canadian store's French search). `seed` picks a different set.
 */
function unseenQueries(vocabulary, count, seed) {
  const rand = random(seed);
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const queries = new Map();
  for (let attempt = 0; queries.size < count && attempt < count * 50; attempt++) {
    const french = rand() < 0.15 && vocabulary.fr.names.length > 0;
    const { names, words } = french ? vocabulary.fr : vocabulary.en;
    if (names.length === 0) break;
    const name = pick(names);
    const kind = rand();
    let terms;
    if (kind < 0.3) terms = [pick(words)];
    else if (kind < 0.6) {
      const i = Math.floor(rand() * Math.max(1, name.length - 1));
      terms = name.slice(i, i + 2);
    } else if (kind < 0.8) terms = [pick(name), pick(words)];
    else terms = [pick(name), pick(name), pick(words)];
    terms = [...new Set(terms)];
    if (rand() < 0.12) {
      const j = Math.floor(rand() * terms.length);
      if (terms[j].length >= 5) terms[j] = misspell(terms[j], rand);
    }
    const q = terms.join(" ");
    const key = `${french ? "fr" : "en"}|${q}`;
    if (queries.has(key)) continue;
    queries.set(
      key,
      french
        ? { label: `fr: ${q}`, host: "www.brewfront.ca", path: `/fr/recherche?q=${encodeURIComponent(q)}` }
        : { label: q, path: `/search?q=${encodeURIComponent(q)}` },
    );
  }
  return [...queries.values()];
}

/** The pages a shopper opens first, in turn, `count` requests; the searches are `queries` (each used once). */
function firstRequests(count, queries) {
  const pages = [
    { label: "home", path: "/" },
    { label: "category", path: "/c/coffee" },
    { label: "product", path: "/Coffee/breakfast-blend/p/5001-SMRG-KC-24" },
    { label: "search", path: null },
    { label: "cart", path: "/cart" },
  ];
  return Array.from({ length: count }, (_, i) => {
    const page = pages[i % pages.length];
    if (page.path) return page;
    const q = queries.shift();
    return { ...q, label: `search "${q.label}"` };
  });
}

/** The same requests one after another (one connection): the first ones after a start show what a cold worker costs. */
async function sendInTurn(server, requests) {
  const before = cpuTicks(server.pid);
  const rows = [];
  for (const r of requests) rows.push(await timedGet(server, r));
  return summarise(rows, cpuMsBetween(before, cpuTicks(server.pid)));
}

// ---- Output ----

function printTable(columns, rows) {
  const cells = rows.map((r) => columns.map((c) => String(c.get(r))));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.map((row) => row[i].length)));
  const line = (values) =>
    values
      .map((v, i) => (columns[i].left ? v.padEnd(widths[i]) : v.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(line(columns.map((c) => c.title)));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells) console.log(line(row));
}
const fixed = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : "-");

async function stopAll() {
  for (const s of [...servers]) await stopServer(s);
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await stopAll();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
}

const startedAt = Date.now();
try {
  console.log(
    `Brewfront bench: store and a bare React Router page in production mode on loopback, ${workers} worker(s) each, ${connections} connections, ${seconds} s per measurement after ${warmSeconds} s of warm-up per store, ${os.cpus().length} cores, node ${process.version}`,
  );
  buildBareIfNeeded();
  const bare = startServer("bare React Router server", ["server.mjs"], { PORT: String(barePort) }, bareDir, { quietHangUps: true });
  await waitUp(bare, "/");
  await autocannon(requestOptions(bare, BARE_PAGE, 3));
  const bareJs = await clientJs(bare, BARE_PAGE);

  const results = [];
  const memoryRows = [];
  for (const run of runs) {
    const database = run.db.startsWith("postgres:") ? await postgresDatabase(run.db.slice("postgres:".length), run.fresh) : run.db;
    if (run.env?.SEED_CATALOG_SIZE && (run.database !== "SQLite" || !fs.existsSync(database)))
      console.log(`Seeding ${run.catalog} on ${run.database} (once if it is kept; a minute or more)...`);
    const label = `${run.catalog}, ${run.database}`;
    const startStore = async () => {
      const started = startServer(
        `store (${run.catalog}, ${run.database})`,
        [path.join(storeDir, "build/server.js")],
        {
          ...run.env,
          PORT: String(port),
          DATABASE_URL: database,
          LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
          MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
          // Production insists on its secrets; the demo accounts sign in for the member measurements.
          SESSION_SECRET: "bench-session-secret-0123456789abcdefghijkl",
          AUTH_TOKEN_SECRET: BENCH_TOKEN_SECRET,
          ALLOW_DEMO_PASSWORDS: "true",
        },
        storeDir,
        { announces: true },
      );
      await waitUp(started, "/readyz");
      // Every worker listens (each has warmed up first): from here on any worker may take a request.
      const readyAfterMs = await started.allListening;
      process.stdout.write(`  ${label}: every worker ready ${(readyAfterMs / 1000).toFixed(1)} s after the start\n`);
      return { started, readyAfterMs };
    };
    // What comes before a store's first page after a start, and before the warm store's first page
    // it is judged against (docs/performance.md, "Cold start"), so the two differ only in the store
    // having served: a second's pause, then one readiness check on the connection the page will
    // use, as a load balancer's would come first. The check opens the connection and runs this
    // harness's own request code once, so the page's time is the store's, not a new socket's and a
    // cold client's.
    const idleThenReady = async (server) => {
      await pause(1000);
      await timedGet(server, { label: "readyz", path: "/readyz" });
    };
    // Cold start: the first requests any shopper sends, before anything else has touched the store.
    const measureColdStart = async (started) => {
      process.stdout.write(`  measuring cold start...\n`);
      await idleThenReady(started);
      return sendInTurn(started, firstRequests(COLD_REQUESTS, searchesFor(COLD_SEARCHES)));
    };
    // One first request is one sample on a machine whose timings swing by a third: the store is
    // started COLD_STARTS times and each start's first requests are kept.
    const earlierStarts = [];
    for (let i = 1; run.coldStart && i < COLD_STARTS; i++) {
      const { started } = await startStore();
      earlierStarts.push(await measureColdStart(started));
      await stopServer(started);
    }
    const { started: store, readyAfterMs } = await startStore();
    let coldStart;
    if (run.coldStart) coldStart = { readyAfterMs: Math.round(readyAfterMs), starts: [...earlierStarts, await measureColdStart(store)] };

    for (const p of run.pages.filter((page) => page.prepare)) Object.assign(p, await p.prepare(store));
    // The store serves its pages in turn for a while first: CPU per request is a running store's
    // figure (its first requests are the cold-start run's), and a new process's pages cost more
    // until V8 has optimised their code, longer the larger the catalog. See warmSeconds.
    await serveInTurn(store, run.pages, Math.max(2, warmSeconds / Math.max(1, run.pages.length)), connections);
    await autocannon(requestOptions(bare, BARE_PAGE, 2));

    if (coldStart) {
      coldStart.warm = await sendInTurn(store, firstRequests(COLD_REQUESTS, searchesFor(WARM_SEARCHES)));
      // The first page of the warm store after a second's pause, as the first page after a start
      // comes after one: on this machine a request after an idle moment costs more than one sent
      // straight after another, whatever the page.
      coldStart.afterPause = [];
      for (let i = 0; i < COLD_STARTS; i++) {
        await idleThenReady(store);
        coldStart.afterPause.push(await timedGet(store, firstRequests(1, [])[0]));
      }
      coldStart.bare = await sendInTurn(
        bare,
        Array.from({ length: COLD_REQUESTS }, () => ({ label: "bare", path: "/" })),
      );
      // The machine's own share: the bare page after the same pause, against it sent back to back.
      coldStart.bareAfterPause = [];
      for (let i = 0; i < COLD_STARTS; i++) {
        await pause(1000);
        coldStart.bareAfterPause.push(await timedGet(bare, { label: "bare", path: "/" }));
      }
    }

    // bare, page, bare, page, ..., bare: each page sits between two floor measurements.
    const bareRuns = run.pages.length > 0 ? [await measure(bare, BARE_PAGE, 0)] : [];
    const pages = [];
    for (const p of run.pages) {
      process.stdout.write(`  measuring ${p.name}...\n`);
      const page = await measure(store, p, 3);
      bareRuns.push(await measure(bare, BARE_PAGE, 0));
      const floor = floorOf(bareRuns.slice(-2));
      pages.push({
        ...page,
        floor,
        reqPerSecRatio: +(page.reqPerSec / floor.reqPerSec).toFixed(3),
        p95Ratio: +(page.p95 / floor.p95).toFixed(3),
        cpuRatio: +(page.cpuMsPerReq / floor.cpuMsPerReq).toFixed(3),
        cpuWithinBudget: page.cpuMsPerReq / floor.cpuMsPerReq <= BUDGET.cpuRatio,
      });
    }
    const js = [];
    for (const p of run.pages.filter((page) => !page.method)) {
      const j = await clientJs(store, p);
      const aboveBareKB = +(j.gzipKB - bareJs.gzipKB).toFixed(1);
      js.push({ ...j, aboveBareKB, withinBudget: aboveBareKB <= BUDGET.jsAboveBareKB });
    }

    // Unseen queries: each sent once, as most searches in a store are ones no worker has answered yet.
    let unseen;
    if (run.unseen) {
      process.stdout.write(`  measuring ${UNSEEN_COUNT} unseen queries...\n`);
      const vocabulary = await catalogVocabulary(store);
      const queries = unseenQueries(vocabulary, UNSEEN_COUNT, 7);
      // A running store's figure, on every run alike: first as many other searches, none of them
      // one of the measured ones (the PostgreSQL runs serve no pages before this, so their
      // searches would otherwise be a just-started worker's, its code not yet optimised).
      const requested = (q) => `${q.host ?? ""}${q.path}`;
      const measured = new Set(queries.map(requested));
      const before = unseenQueries(vocabulary, UNSEEN_COUNT, 1).filter((q) => !measured.has(requested(q)));
      await sendEach(store, before, connections);
      const gcBefore = { ...store.gc };
      const store10 = await sendEach(store, queries, connections);
      store10.gc = gcSince(store, gcBefore);
      const bare10 = await sendEach(
        bare,
        queries.map(() => ({ path: "/" })),
        connections,
      );
      unseen = { ...store10, bare: bare10 };
    }
    // Placing orders: each prepared cart ordered once; the product page's p95 at the same load is the yardstick.
    let orders;
    if (run.placeOrders && (!only || only.test("place order"))) {
      orders = [];
      for (const conns of [connections, heavyConnections].filter((c) => c > 0)) {
        process.stdout.write(`  placing ${ORDERS_PER_LOAD} orders at ${conns} connections...\n`);
        const ready = await readyOrders(store.base, { count: ORDERS_PER_LOAD, tokenSecret: BENCH_TOKEN_SECRET });
        const before = cpuTicks(store.pid);
        const rows = await placeEach(store.base, ready, conns);
        orders.push({ conns, ...summarise(rows, cpuMsBetween(before, cpuTicks(store.pid))) });
      }
    }
    memoryRows.push({ server: `store, ${label}, after ${connections} connections`, ...memory(store.pid), withinBudget: null });

    // The same pages at the heavy load, between two floor measurements at that load; memory after them.
    const heavy = [];
    if (heavyConnections > 0 && run.pages.length > 0) {
      // A pass over the pages at this load first, as at 10 connections: the first page measured
      // after the load rises otherwise pays for the workers growing into it (the 100,000-product
      // category page measured first at 50 connections: 3.68-4.24x in four runs; measured last: 3.34x).
      await serveInTurn(store, run.pages, 2, heavyConnections);
      const heavyBare = [await measure(bare, BARE_PAGE, 2, heavyConnections)];
      for (const p of run.pages) {
        process.stdout.write(`  measuring ${p.name} at ${heavyConnections} connections...\n`);
        heavy.push(await measure(store, p, 0, heavyConnections));
      }
      const storeMemory = { server: `store, ${label}, after ${heavyConnections} connections`, ...memory(store.pid) };
      memoryRows.push({ ...storeMemory, withinBudget: storeMemory.rssMB <= rssBudgetOf(run), budgetMB: rssBudgetOf(run) });
      heavyBare.push(await measure(bare, BARE_PAGE, 0, heavyConnections));
      const floor = floorOf(heavyBare);
      for (const h of heavy)
        Object.assign(h, { reqPerSecRatio: +(h.reqPerSec / floor.reqPerSec).toFixed(3), cpuRatio: +(h.cpuMsPerReq / floor.cpuMsPerReq).toFixed(3) });
      heavy.unshift({
        page: "bare React Router page (floor)",
        ...floor,
        reqPerSec: Math.round(floor.reqPerSec),
        reqPerSecRatio: 1,
        cpuRatio: 1,
        unexpected: sumOf(heavyBare, "unexpected"),
        errors: sumOf(heavyBare, "errors"),
      });
    } else {
      const last = memoryRows.at(-1);
      last.withinBudget = last.rssMB <= rssBudgetOf(run);
      last.budgetMB = rssBudgetOf(run);
    }
    const signIn = run.pages.some((page) => page.member) ? await measureSignIn(store) : undefined;
    results.push({ catalog: run.catalog, database: run.database, label, bare: bareRuns, pages, heavy, clientJs: js, signIn, unseen, coldStart, orders });
    await stopServer(store);
  }
  memoryRows.push({ server: "bare React Router", ...memory(bare.pid), withinBudget: null });
  await stopServer(bare);

  for (const r of results.filter((x) => x.pages.length > 0)) {
    const f = floorOf(r.bare);
    const spread = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;
    console.log(
      `\n${r.label}: floor = bare React Router page, mean of ${r.bare.length} measurements interleaved with the pages ` +
        `(req/s ${spread(r.bare.map((b) => b.reqPerSec))}, p95 ${spread(r.bare.map((b) => b.p95))} ms, CPU ${spread(r.bare.map((b) => b.cpuMsPerReq))} ms/req)`,
    );
    const floorRow = {
      page: "bare React Router page (floor)",
      reqPerSec: Math.round(f.reqPerSec),
      p50: fixed(mean(r.bare.map((b) => b.p50)), 1),
      p95: fixed(f.p95, 1),
      p99: fixed(mean(r.bare.map((b) => b.p99)), 1),
      cpuMsPerReq: f.cpuMsPerReq,
      reqPerSecRatio: 1,
      p95Ratio: 1,
      cpuRatio: 1,
      cpuWithinBudget: null,
      unexpected: sumOf(r.bare, "unexpected"),
      errors: sumOf(r.bare, "errors"),
    };
    printTable(
      [
        { title: "page", left: true, get: (x) => x.page },
        { title: "req/s", get: (x) => x.reqPerSec },
        { title: "p50 ms", get: (x) => x.p50 },
        { title: "p95 ms", get: (x) => x.p95 },
        { title: "p99 ms", get: (x) => x.p99 },
        { title: "CPU ms/req", get: (x) => fixed(x.cpuMsPerReq, 2) },
        { title: "req/s ×floor", get: (x) => fixed(x.reqPerSecRatio) },
        { title: "p95 ×floor", get: (x) => fixed(x.p95Ratio) },
        { title: "CPU ×floor", get: (x) => fixed(x.cpuRatio) },
        { title: `CPU ≤${BUDGET.cpuRatio}×`, get: (x) => (x.cpuWithinBudget === null ? "" : mark(x.cpuWithinBudget)) },
        { title: "unexpected/err", get: (x) => `${x.unexpected}/${x.errors}` },
      ],
      [floorRow, ...r.pages],
    );
    const member = r.pages.find((x) => x.page === "product (signed-in member)");
    const anonymous = r.pages.find((x) => x.page === "product");
    if (member && anonymous) {
      const ratio = member.p95 / anonymous.p95;
      console.log(`\nSigned-in member's product page: p95 ${fixed(ratio)}× the anonymous product page's ${mark(ratio <= 1.5)} (≤ 1.5×)`);
    }
    if (r.signIn) {
      console.log(
        `Sign-in POST (/login, ${r.signIn.count} sequential sign-ins, argon2id included): p50 ${r.signIn.p50} ms, p95 ${r.signIn.p95} ms, ` +
          `CPU ${fixed(r.signIn.cpuMsPerReq, 1)} ms each, ${r.signIn.failures} not signed in`,
      );
    }
    if (r.heavy.length > 0) {
      console.log(`\n${r.label} at ${heavyConnections} connections (floor: bare React Router page before and after these pages):`);
      printTable(
        [
          { title: "page", left: true, get: (x) => x.page },
          { title: "req/s", get: (x) => x.reqPerSec },
          { title: "p95 ms", get: (x) => fixed(x.p95, 1) },
          { title: "CPU ms/req", get: (x) => fixed(x.cpuMsPerReq, 2) },
          { title: "req/s ×floor", get: (x) => fixed(x.reqPerSecRatio) },
          { title: "CPU ×floor", get: (x) => fixed(x.cpuRatio) },
          { title: "unexpected/err", get: (x) => `${x.unexpected}/${x.errors}` },
        ],
        r.heavy,
      );
    }
  }

  for (const r of results.filter((x) => x.orders)) {
    console.log(`\nPlacing orders (${r.label}): ${ORDERS_PER_LOAD} guest carts prepared through the API, each order sent once (POST users/anonymous/orders)`);
    printTable(
      [
        { title: "connections", get: (x) => x.conns },
        { title: "orders", get: (x) => x.count },
        { title: "p50 ms", get: (x) => x.p50 },
        { title: "p95 ms", get: (x) => x.p95 },
        { title: "p99 ms", get: (x) => x.p99 },
        { title: "max ms", get: (x) => x.max },
        { title: "CPU ms/order", get: (x) => fixed(x.cpuMsPerReq, 2) },
        { title: "failed", get: (x) => x.failed },
      ],
      r.orders,
    );
  }

  const unseenRows = results.filter((r) => r.unseen);
  if (unseenRows.length > 0) {
    console.log(
      `\nUnseen queries: ${UNSEEN_COUNT} distinct searches from each catalog's own words, each sent once, ${connections} connections ` +
        `(×bare: the bare React Router page sent as many times the same way, right after; ×demo: the demo catalog's p95 on the same database; ` +
        `full GCs: the store's full garbage collections while the measured searches ran)`,
    );
    const demoP95 = (r) => unseenRows.find((x) => x.database === r.database && x.catalog === "demo catalog")?.unseen.p95;
    const rows = unseenRows.map((r) => {
      const u = r.unseen;
      const ofDemo = u.p95 / demoP95(r);
      const isLarge = r.catalog !== "demo catalog";
      return {
        catalog: r.catalog,
        database: r.database,
        ...u,
        p95Ratio: u.p95 / u.bare.p95,
        cpuRatio: u.cpuMsPerReq / u.bare.cpuMsPerReq,
        ofDemo,
        checks: isLarge ? `p95<60 ${mark(u.p95 < 60)} ≤1.5×demo ${mark(ofDemo <= 1.5)} max≤250 ${mark(u.max <= 250)}` : `max≤250 ${mark(u.max <= 250)}`,
      };
    });
    printTable(
      [
        { title: "catalog", left: true, get: (x) => x.catalog },
        { title: "database", left: true, get: (x) => x.database },
        { title: "queries", get: (x) => x.count },
        { title: "p50 ms", get: (x) => x.p50 },
        { title: "p95 ms", get: (x) => x.p95 },
        { title: "p99 ms", get: (x) => x.p99 },
        { title: "max ms", get: (x) => x.max },
        { title: "CPU ms/req", get: (x) => fixed(x.cpuMsPerReq, 2) },
        { title: "p95 ×bare", get: (x) => fixed(x.p95Ratio) },
        { title: "CPU ×bare", get: (x) => fixed(x.cpuRatio) },
        { title: "p95 ×demo", get: (x) => fixed(x.ofDemo) },
        { title: "failed", get: (x) => x.failed },
        { title: "full GCs", get: (x) => x.gc.full },
        { title: "targets", left: true, get: (x) => x.checks },
      ],
      rows,
    );
    for (const r of rows) console.log(`  slowest, ${r.catalog}, ${r.database}: ${r.slowest.map((q) => `"${q.query}" ${q.ms} ms`).join(", ")}`);
    for (const r of rows)
      console.log(
        `  garbage collection, ${r.catalog}, ${r.database}: ${r.gc.full} full (${fixed(r.gc.fullPauseMs + r.gc.fullMarkingMs, 0)} ms on the main threads, pauses and marking steps), ` +
          `${r.gc.scavenges} young-generation (${fixed(r.gc.scavengeMs, 0)} ms)`,
      );
  }

  const coldRows = results.filter((r) => r.coldStart);
  if (coldRows.length > 0) {
    console.log(
      `\nCold start: the first ${COLD_REQUESTS} requests a second after every worker listens (home, category, product, an unseen search, the cart, ` +
        `in turn; one connection), in each of ${COLD_STARTS} starts, then the same pages once warm (other unseen searches). Judged: the first ` +
        `page (median of the starts) against the warm store's first page after the same second's pause and readiness check (median of as ` +
        `many): the two differ only in the store having served. Beside it, each start's first page against the same page warm and sent back ` +
        `to back, and the bare React Router page after a second's pause against it back to back (what any idle moment costs on this machine); ` +
        `×bare: the bare React Router page's p50 sent the same way`,
    );
    const median = (xs) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      );
    const rows = coldRows.map((r) => {
      const { starts, warm, bare: bareTurn, readyAfterMs } = r.coldStart;
      // Every start's first requests together; the first request of each start against the same page warm.
      const cold = summarise(starts.flatMap((start) => start.rows));
      const firsts = starts.map((start) => {
        const first = start.rows[0];
        return { ...first, ratio: first.ms / median(warm.rows.filter((w) => w.label === first.label).map((w) => w.ms)) };
      });
      // Per page: the cold requests' times against the same page's warm median.
      const worst = cold.rows
        .map((c) => {
          const page = c.label.startsWith("search") ? "search" : c.label;
          return { page, ratio: c.ms / median(warm.rows.filter((w) => (w.label.startsWith("search") ? "search" : w.label) === page).map((w) => w.ms)) };
        })
        .sort((a, b) => b.ratio - a.ratio)[0];
      const afterPause = median(r.coldStart.afterPause.map((p) => p.ms));
      const firstMs = median(firsts.map((f) => f.ms));
      return {
        catalog: r.catalog,
        database: r.database,
        readyAfterMs,
        firsts,
        afterPause,
        afterPauseRatio: firstMs / afterPause,
        firstMs,
        bareIdleRatio: median(r.coldStart.bareAfterPause.map((p) => p.ms)) / bareTurn.p50,
        cold,
        warm,
        bareP50: bareTurn.p50,
        worst,
      };
    });
    printTable(
      [
        { title: "catalog", left: true, get: (x) => x.catalog },
        { title: "database", left: true, get: (x) => x.database },
        { title: "ready s", get: (x) => fixed(x.readyAfterMs / 1000, 1) },
        { title: "first ms", get: (x) => `${fixed(x.firstMs, 1)} (${x.firsts[0].label})` },
        { title: "first ×warm after 1 s idle", get: (x) => `${fixed(x.afterPauseRatio)} (${fixed(x.afterPause, 1)} ms) ${mark(x.afterPauseRatio <= 2)}` },
        { title: "×warm back to back, each start", get: (x) => x.firsts.map((f) => fixed(f.ratio)).join(" ") },
        { title: "bare after 1 s idle ×back to back", get: (x) => fixed(x.bareIdleRatio) },
        { title: "cold p50/p95/p99 ms", get: (x) => `${x.cold.p50}/${x.cold.p95}/${x.cold.p99}` },
        { title: "warm p50/p95/p99 ms", get: (x) => `${x.warm.p50}/${x.warm.p95}/${x.warm.p99}` },
        { title: "cold p95 ×warm", get: (x) => fixed(x.cold.p95 / x.warm.p95) },
        { title: "worst cold ×warm", get: (x) => `${fixed(x.worst.ratio)} (${x.worst.page})` },
        { title: "cold p50 ×bare", get: (x) => fixed(x.cold.p50 / x.bareP50) },
      ],
      rows,
    );
  }

  console.log(`\nClient JavaScript loaded by the page (gzip -9), above the bare React Router page's ${bareJs.gzipKB} kB (${bareJs.files} files):`);
  printTable(
    [
      { title: "catalog", left: true, get: (x) => x.catalog },
      { title: "page", left: true, get: (x) => x.page },
      { title: "files", get: (x) => x.files },
      { title: "raw kB", get: (x) => x.rawKB },
      { title: "gzip kB", get: (x) => x.gzipKB },
      { title: "above bare kB", get: (x) => x.aboveBareKB },
      { title: `≤${BUDGET.jsAboveBareKB} kB`, get: (x) => (x.withinBudget === null ? "" : mark(x.withinBudget)) },
    ],
    [{ catalog: "", ...bareJs, aboveBareKB: 0, withinBudget: null }, ...results.flatMap((r) => r.clientJs.map((j) => ({ catalog: r.label, ...j })))],
  );

  console.log(
    "\nResident memory after the bench (RSS: sum of VmRSS over primary + workers, the budget's measure; PSS: the same with shared pages counted once; peak = sum of each process's VmHWM):",
  );
  printTable(
    [
      { title: "server", left: true, get: (x) => x.server },
      { title: "processes", get: (x) => x.processes },
      { title: "RSS MB", get: (x) => x.rssMB },
      { title: "PSS MB", get: (x) => x.pssMB },
      { title: "peak MB", get: (x) => x.peakMB },
      { title: "within budget", get: (x) => (x.withinBudget == null ? "" : `${mark(x.withinBudget)} ≤${x.budgetMB} MB`) },
    ],
    memoryRows,
  );

  const pageRows = results.flatMap((r) => r.pages);
  const jsRows = results.flatMap((r) => r.clientJs);
  const storeMem = memoryRows.filter((m) => m.withinBudget !== null);
  const budgets = {
    cpu: { limit: `≤ ${BUDGET.cpuRatio}× bare CPU/request`, passed: pageRows.filter((p) => p.cpuWithinBudget).length, of: pageRows.length },
    clientJs: { limit: `≤ ${BUDGET.jsAboveBareKB} kB gzip above bare`, passed: jsRows.filter((j) => j.withinBudget).length, of: jsRows.length },
    memory: {
      limit: `store RSS ≤ ${BUDGET.storeRssMB.demo} MB (demo), ≤ ${BUDGET.storeRssMB.large} MB (100,000 products)`,
      passed: storeMem.filter((m) => m.withinBudget).length,
      of: storeMem.length,
    },
  };
  console.log(
    `\nBudgets: ${Object.entries(budgets)
      .map(([k, b]) => `${k} ${b.passed}/${b.of} ${mark(b.passed === b.of)} (${b.limit})`)
      .join("; ")}`,
  );

  let runnerThroughput = [];
  if (runnerSubscriptions > 0 && (!only || only.test("runner"))) {
    runnerThroughput = await measureRunnerThroughput();
    console.log(`\nAuto-delivery runner: due subscriptions turned into orders by one process (placeDue until none is due), demo catalog:`);
    printTable(
      [
        { title: "database", left: true, get: (x) => x.database },
        { title: "subscriptions", get: (x) => x.subscriptions },
        { title: "orders", get: (x) => x.orders },
        { title: "seconds", get: (x) => fixed(x.seconds, 1) },
        { title: "orders/s", get: (x) => fixed(x.ordersPerSecond, 1) },
      ],
      runnerThroughput,
    );
  }

  const elapsedSeconds = Math.round((Date.now() - startedAt) / 1000);
  let commit = null;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: storeDir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    // not there (yet, or any more): try again or skip
  }
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(
    resultsFile,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        commit,
        node: process.version,
        cores: os.cpus().length,
        workers,
        connections,
        heavyConnections,
        storeDir,
        secondsPerMeasurement: seconds,
        warmUpSecondsPerStore: warmSeconds,
        clockTicksPerSecond: clockTicks,
        elapsedSeconds,
        budgets,
        bareClientJs: bareJs,
        runs: results,
        memory: memoryRows,
        runnerThroughput,
      },
      null,
      2,
    ) + "\n",
  );
  console.log(`\nResults written to ${path.relative(process.cwd(), resultsFile)}; bench took ${elapsedSeconds} s.`);
} finally {
  await stopAll();
  fs.rmSync(dir, { recursive: true, force: true });
}
