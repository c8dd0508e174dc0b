// npm run screenshots: regenerates docs/screenshots/ from the built store, the cart and the
// checkout of each picture's store at a phone's width (390 px) and a laptop's (1280 px), a guest's
// cart holding a coffee and a brewer. Run on demand when the cart or checkout change; not part of
// npm test. CHROMIUM_PATH (default /usr/bin/chromium), SCREENSHOT_PORT (default 3290).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const port = Number(process.env.SCREENSHOT_PORT ?? 3290);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-screenshots-"));
const outDir = path.resolve("docs/screenshots");
const STORES = [
  { name: "us", base: `http://localhost:${port}`, add: "Add to cart" },
  { name: "ca-fr", base: `http://www.brewfront.ca.localhost:${port}/fr`, add: "Ajouter au panier" },
];
const PRODUCTS = ["5001-SMRG-KC-24", "8003-BFBR-BRW-RED"];
const SCREENS = [
  { label: "390", viewport: { width: 390, height: 844 } },
  { label: "1280", viewport: { width: 1280, height: 900 } },
];

const store = spawn(process.execPath, ["build/server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    WEB_CONCURRENCY: "1",
    DATABASE_URL: path.join(dir, "store.sqlite"),
    MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
    COOKIE_SECURE: "false",
    SESSION_SECRET: "screenshots-session-secret-0123456789abcdef",
    AUTH_TOKEN_SECRET: "screenshots-token-secret-0123456789abcdefgh",
    // A fresh demonstration store: its demo accounts keep the README's password.
    ALLOW_DEMO_PASSWORDS: "true",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitReady() {
  for (let i = 0; i < 1200; i++) {
    if (store.exitCode !== null) throw new Error(`the store exited with code ${store.exitCode}`);
    try {
      if ((await fetch(`http://localhost:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the store did not get ready in two minutes");
}

/** A product's page path in the store's language, as the store's API gives it. */
async function productPath(code, lang) {
  const answer = await fetch(`http://localhost:${port}/rest/v2/${lang === "fr" ? "cab2c" : "usb2c"}/products/${code}?lang=${lang}`);
  if (!answer.ok) throw new Error(`product ${code}: HTTP ${answer.status}`);
  return (await answer.json()).url;
}

let browser;
try {
  await waitReady();
  fs.mkdirSync(outDir, { recursive: true });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  for (const s of STORES) {
    const lang = s.name.endsWith("fr") ? "fr" : "en";
    // The consent choice made already: the pictures show the pages, not the banner.
    const context = await browser.newContext({ viewport: SCREENS[0].viewport, deviceScaleFactor: 1 });
    const host = new URL(s.base).hostname;
    await context.addCookies([{ name: "userConsent", value: "c1:0|c2:0|c9:0", domain: host, path: "/" }]);
    const page = await context.newPage();
    for (const code of PRODUCTS) {
      await page.goto(`${s.base}${await productPath(code, lang)}`);
      await page.locator("form.add-to-cart").first().getByRole("button", { name: s.add }).click();
      await page.waitForLoadState("networkidle");
    }
    for (const screen of SCREENS) {
      await page.setViewportSize(screen.viewport);
      for (const [name, url] of [
        ["cart", `${s.base}/cart`],
        ["checkout", `${s.base}/checkout/singlestep`],
      ]) {
        await page.goto(url);
        const file = path.join(outDir, `${name}-${s.name}-${screen.label}.png`);
        await page.screenshot({ path: file });
        console.log(path.relative(process.cwd(), file));
      }
    }
    await context.close();
  }
} finally {
  await browser?.close();
  store.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
