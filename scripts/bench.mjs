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

const PAGES = [
  { name: "home", path: "/" },
  { name: "home (fr-CA)", path: "/fr/", host: "www.brewfront.ca" },
  ...(process.env.BENCH_EXTRA_PAGES ? JSON.parse(process.env.BENCH_EXTRA_PAGES) : []),
];

const server = spawn(process.execPath, ["build/server.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: process.env.DATABASE_URL ?? path.join(dir, "bench.sqlite"), LOG_LEVEL: process.env.LOG_LEVEL ?? "info", MAIL_OUTBOX_DIR: path.join(dir, "outbox") },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitUp() {
  for (let i = 0; i < 600; i++) {
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

async function run(pageDef) {
  const latencies = [];
  const headers = pageDef.host ? { host: pageDef.host } : {};
  // Warm up caches and JIT before measuring.
  await autocannon({ url: base + pageDef.path, connections, duration: 2, headers });
  const instance = autocannon({ url: base + pageDef.path, connections, duration: seconds, headers });
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
  const srcs = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]));
  for (const m of html.matchAll(/import\("(\/build\/[^"]+\.js)"\)|from\s*"(\/build\/[^"]+\.js)"|"(\/build\/[^"]+\.js)"/g)) srcs.add(m[1] ?? m[2] ?? m[3]);
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
  await waitUp();
  console.log(`Brewfront bench: ${connections} connections, ${seconds} s per page, ${os.cpus().length} cores, node ${process.version}\n`);
  const rows = [];
  for (const p of PAGES) rows.push(await run(p));
  console.table(rows);
  console.log("\nClient JavaScript loaded by the page (gzip -9):");
  console.table([await clientJs("/")]);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dir, { recursive: true, force: true });
}
