// npm run bench:lighthouse: Lighthouse's mobile performance and accessibility audits (its default: a
// mid-range phone, simulated slow 4G and a 4× slower CPU) of the built store's home, category,
// product and search pages, as a first-time visitor sees them (no cookies, so the consent banner
// shows), and of the cart and the checkout of a guest with two products in the cart. Prints each
// page's scores, its Largest Contentful Paint and which element that was, and fails (exit 1) when a
// score is under 95 or the LCP element is the consent banner rather than the page's own content. Results also go to data/lighthouse-results.json.
// The bare React Router page that npm run bench uses as its floor is audited too, as the framework's own
// score on the same machine: Lighthouse's simulated phone swings by several points from run to run,
// so every page is audited LIGHTHOUSE_RUNS times (default 3, pages taking turns) and the run with
// the median score is reported, with the lowest and highest score beside it.
// Pages are audited as production serves them, over HTTP/2 and TLS from a front like the load
// balancer's (scripts/http2-front.mjs, on the two ports after the bare page's), both the store and
// the bare page; LIGHTHOUSE_PROTOCOL=http1 audits the servers directly over plain HTTP/1.1.
// CHROMIUM_PATH (default /usr/bin/chromium), BENCH_PORT (3200; the bare page the next port),
// BENCH_STORE_DIR (a store built in another checkout), BENCH_ONLY (regex on page names),
// DATABASE_URL (default: a fresh SQLite file with the demo catalog).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { bareDir, buildBareIfNeeded } from "./bench-bare.mjs";
import { startHttp2Front } from "./http2-front.mjs";

const port = Number(process.env.BENCH_PORT ?? 3200);
const storeDir = path.resolve(process.env.BENCH_STORE_DIR ?? ".");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-lighthouse-"));
const resultsFile = path.resolve("data/lighthouse-results.json");
const base = `http://127.0.0.1:${port}`;
const bareBase = `http://127.0.0.1:${port + 1}`;
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const protocol = process.env.LIGHTHOUSE_PROTOCOL === "http1" ? "http1" : "h2";
const MIN_SCORE = 95;
const FLOOR = { name: "bare React Router page (floor)", path: "/", floor: true };
const PAGES = [
  FLOOR,
  { name: "home", path: "/" },
  { name: "category", path: "/c/coffee" },
  { name: "product", path: "/Coffee/breakfast-blend/p/5001-SMRG-KC-24" },
  { name: "search", path: "/search?q=dark%20roast" },
  { name: "cart", path: "/cart", withCart: true },
  { name: "checkout", path: "/checkout/singlestep", withCart: true },
];
/** A guest's cart with two products, made through the store's own add-to-cart form: its session cookie. */
async function guestCartCookie() {
  let cookie = "";
  for (const productCode of ["5001-SMRG-KC-24", "8003-BFBR-BRW-RED"]) {
    const res = await fetch(`${base}/cart/add`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams({ productCode, qty: "1", returnTo: "/" }).toString(),
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith("SESSION="));
    if (session) cookie = session.split(";")[0];
  }
  if (!cookie) throw new Error("lighthouse: adding to the cart set no session cookie");
  return cookie;
}
/** The consent banner's markup (app/components/ConsentBanner.tsx): an LCP element inside it is the banner. */
const isBanner = (item) => /consent/i.test(`${item?.selector ?? ""} ${item?.snippet ?? ""}`);

buildBareIfNeeded();
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

const bare = spawn(process.execPath, ["server.mjs"], {
  cwd: bareDir,
  env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port + 1), WEB_CONCURRENCY: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitReady(child, url, label) {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (i > 1200) throw new Error(`${label} did not get ready in two minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Lighthouse's figures for one audit of one page. */
function summary(lhr) {
  const num = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const lcpItem = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(num("largest-contentful-paint")),
    fcpMs: Math.round(num("first-contentful-paint")),
    tbtMs: Math.round(num("total-blocking-time")),
    cls: +num("cumulative-layout-shift").toFixed(3),
    lcpElement: lcpItem ? { selector: lcpItem.selector, label: lcpItem.nodeLabel, snippet: lcpItem.snippet } : null,
    lcpIsBanner: isBanner(lcpItem),
    warnings: [...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []), ...lhr.runWarnings],
  };
}

let chrome;
const fronts = [];
try {
  await waitReady(store, `${base}/readyz`, "the store");
  await waitReady(bare, `${bareBase}/`, "the bare React Router page");
  let storeUrl = base;
  let bareUrl = bareBase;
  if (protocol === "h2") {
    fronts.push(
      await startHttp2Front({ targetPort: port, listenPort: port + 2, dir }),
      await startHttp2Front({ targetPort: port + 1, listenPort: port + 3, dir }),
    );
    [storeUrl, bareUrl] = fronts.map((f) => f.url);
  }
  const urlOf = (page) => `${page.floor ? bareUrl : storeUrl}${page.path}`;
  chrome = await chromeLauncher.launch({
    chromePath,
    // The front's certificate is a throwaway self-signed one.
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", ...(protocol === "h2" ? ["--ignore-certificate-errors"] : [])],
  });
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
  const audited = PAGES.filter((p) => p.floor || !only || only.test(p.name));
  const audits = new Map(audited.map((p) => [p, []]));
  const cartCookie = audited.some((p) => p.withCart) ? await guestCartCookie() : undefined;
  /**
   * One audit; one that failed to record its trace (Lighthouse's NO_NAVSTART and the like: "run
   * Lighthouse again") is run again, twice at most, and says so. A page that fails three times scores 0.
   */
  const auditOnce = async (page) => {
    for (let attempt = 1; ; attempt++) {
      const { lhr } = await lighthouse(urlOf(page), {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        ...(page.withCart ? { extraHeaders: { Cookie: cartCookie } } : {}),
      });
      const audit = summary(lhr);
      if (!lhr.runtimeError) return { ...audit, attempts: attempt };
      process.stdout.write(`    ${page.name} failed: ${audit.warnings[0]}\n`);
      if (attempt === 3) return { ...audit, attempts: attempt };
    }
  };
  for (let run = 1; run <= runs; run++) {
    for (const page of audited) {
      process.stdout.write(`  auditing ${page.name} (${run}/${runs})...\n`);
      const audit = await auditOnce(page);
      audits.get(page).push(audit);
    }
  }
  const results = audited.map((page) => {
    const byScore = [...audits.get(page)].sort((a, b) => a.score - b.score);
    const median = byScore[Math.floor((byScore.length - 1) / 2)];
    return { page: page.name, url: urlOf(page), protocol, floor: Boolean(page.floor), ...median, scores: audits.get(page).map((a) => a.score) };
  });

  const rows = results.map((r) => [
    r.page,
    String(r.score),
    r.scores.length > 1 ? `${Math.min(...r.scores)}–${Math.max(...r.scores)}` : "",
    r.floor ? "" : r.score >= MIN_SCORE ? "✓" : "✗",
    `${r.accessibility}${r.floor ? "" : r.accessibility >= MIN_SCORE ? " ✓" : " ✗"}`,
    String(r.lcpMs),
    String(r.fcpMs),
    String(r.tbtMs),
    String(r.cls),
    `${r.lcpIsBanner ? "✗ banner: " : ""}${r.lcpElement ? `${r.lcpElement.selector} "${(r.lcpElement.label ?? "").slice(0, 50)}"` : "-"}`,
  ]);
  const head = ["page", "score", "range", `≥${MIN_SCORE}`, "accessibility", "LCP ms", "FCP ms", "TBT ms", "CLS", "LCP element"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(
    `\nLighthouse ${lighthouse.version ?? ""} mobile performance and accessibility, first visit (consent banner showing), ${protocol === "h2" ? "HTTP/2 over TLS" : "HTTP/1.1"}, ${chromePath}; the run with the median score of ${runs}:`,
  );
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
  for (const r of results) for (const w of r.warnings ?? []) console.log(`  ${r.page}: ${w}`);

  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(process.cwd(), resultsFile)}.`);
  process.exitCode = results.every((r) => r.floor || (r.score >= MIN_SCORE && r.accessibility >= MIN_SCORE && !r.lcpIsBanner)) ? 0 : 1;
} finally {
  await chrome?.kill();
  for (const front of fronts) await front.close();
  for (const child of [store, bare]) {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
