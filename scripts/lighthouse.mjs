// npm run bench:lighthouse: Lighthouse's mobile performance audit (its default: a mid-range phone,
// simulated slow 4G and a 4× slower CPU) of the built store's home, category, product and search
// pages, as a first-time visitor sees them (no cookies, so the consent banner shows). Prints each
// page's performance score, its Largest Contentful Paint and which element that was, and fails
// (exit 1) when a score is under 95 or the LCP element is the consent banner rather than the page's
// own content. Results also go to data/lighthouse-results.json.
// CHROMIUM_PATH (default /usr/bin/chromium), BENCH_PORT (3200), BENCH_STORE_DIR (a store built in another checkout),
// DATABASE_URL (default: a fresh SQLite file with the demo catalog).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const port = Number(process.env.BENCH_PORT ?? 3200);
const storeDir = path.resolve(process.env.BENCH_STORE_DIR ?? ".");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-lighthouse-"));
const resultsFile = path.resolve("data/lighthouse-results.json");
const base = `http://127.0.0.1:${port}`;
const MIN_SCORE = 95;
const PAGES = [
  { name: "home", path: "/" },
  { name: "category", path: "/c/coffee" },
  { name: "product", path: "/Coffee/breakfast-blend/p/5001-SMRG-KC-24" },
  { name: "search", path: "/search?q=dark%20roast" },
];
/** The consent banner's markup (app/components/ConsentBanner.tsx): an LCP element inside it is the banner. */
const isBanner = (item) => /consent/i.test(`${item?.selector ?? ""} ${item?.snippet ?? ""}`);

const store = spawn(process.execPath, [path.join(storeDir, "build/server.js")], {
  cwd: storeDir,
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    WEB_CONCURRENCY: "1",
    DATABASE_URL: process.env.DATABASE_URL ?? path.join(dir, "store.sqlite"),
    MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
    // Plain http on loopback: the session cookie must not insist on https.
    COOKIE_SECURE: "false",
    SESSION_SECRET: "lighthouse-session-secret-0123456789abcdefgh",
    AUTH_TOKEN_SECRET: "lighthouse-token-secret-0123456789abcdefghij",
    ALLOW_DEMO_PASSWORDS: "true",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

let chrome;
try {
  for (let i = 0; ; i++) {
    if (store.exitCode !== null) throw new Error(`the store exited with code ${store.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 1200) throw new Error("the store did not get ready in two minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  const results = [];
  // BENCH_ONLY=regex audits only the pages whose name matches.
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
  for (const page of PAGES.filter((p) => !only || only.test(p.name))) {
    process.stdout.write(`  auditing ${page.name}...\n`);
    const { lhr } = await lighthouse(`${base}${page.path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const num = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const lcpItem = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
    results.push({
      page: page.name,
      path: page.path,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: Math.round(num("largest-contentful-paint")),
      fcpMs: Math.round(num("first-contentful-paint")),
      tbtMs: Math.round(num("total-blocking-time")),
      cls: +num("cumulative-layout-shift").toFixed(3),
      lcpElement: lcpItem ? { selector: lcpItem.selector, label: lcpItem.nodeLabel, snippet: lcpItem.snippet } : null,
      lcpIsBanner: isBanner(lcpItem),
      warnings: [...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []), ...lhr.runWarnings],
    });
  }

  const rows = results.map((r) => [
    r.page,
    String(r.score),
    r.score >= MIN_SCORE ? "✓" : "✗",
    String(r.lcpMs),
    String(r.fcpMs),
    String(r.tbtMs),
    String(r.cls),
    `${r.lcpIsBanner ? "✗ banner: " : ""}${r.lcpElement ? `${r.lcpElement.selector} "${(r.lcpElement.label ?? "").slice(0, 50)}"` : "-"}`,
  ]);
  const head = ["page", "score", `≥${MIN_SCORE}`, "LCP ms", "FCP ms", "TBT ms", "CLS", "LCP element"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(`\nLighthouse ${lighthouse.version ?? ""} mobile performance, first visit (consent banner showing), ${chromePath}:`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
  for (const r of results) for (const w of r.warnings ?? []) console.log(`  ${r.page}: ${w}`);

  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(process.cwd(), resultsFile)}.`);
  process.exitCode = results.every((r) => r.score >= MIN_SCORE && !r.lcpIsBanner) ? 0 : 1;
} finally {
  await chrome?.kill();
  store.kill("SIGTERM");
  await new Promise((r) => (store.exitCode !== null ? r() : store.once("exit", r)));
  fs.rmSync(dir, { recursive: true, force: true });
}
