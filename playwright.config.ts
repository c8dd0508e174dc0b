import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_ADMIN_KEY } from "./tests/e2e/support/store-clock";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Chromium's headless shell, as Playwright itself uses for headless runs: the full browser's
// compositor and extra processes cost the test line about twice the CPU for the same pages.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const browser = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const runDir = path.join(os.tmpdir(), `brewfront-e2e-${process.pid}`);

/**
 * The built store on a fresh SQLite file. Brands are reached by host: Chromium resolves every
 * *.localhost name to loopback, so www.brewfront.ca.localhost is the Canadian store and
 * commercial.localhost the commercial one.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: browser,
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-gpu",
        "--disable-quic",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    trace: "off",
    // The web app's service worker would fetch pages itself, without the X-Forwarded-For a test gives
    // its shopper; tests/e2e/web-app.spec.ts lets it run.
    serviceWorkers: "block",
  },
  projects: [
    // One store serves the whole run: its stock is raised first (tests/e2e/stock.setup.ts says why).
    { name: "stock", testMatch: /stock\.setup\.ts/ },
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@without-js/, dependencies: ["stock"] },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: /accessibility\.spec/, grepInvert: /@needs-js/, dependencies: ["stock"] },
  ],
  webServer: {
    command: "node build/server.js",
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: path.join(runDir, "store.sqlite"),
      MAIL_OUTBOX_DIR: path.join(runDir, "outbox"),
      LOG_LEVEL: "warn",
      // Production insists on a signing secret; the demo accounts (README) stay usable in the tests.
      AUTH_TOKEN_SECRET: "e2e-token-secret-0123456789abcdefghijklmnop",
      SESSION_SECRET: "e2e-session-secret-0123456789abcdefghijklmnop",
      ALLOW_DEMO_PASSWORDS: "true",
      // The auto-delivery spec moves the store's clock and runs the due sweep (decision 055): loopback and this key only.
      STORE_CLOCK_MOVABLE: "true",
      ADMIN_API_KEY: E2E_ADMIN_KEY,
    },
  },
});
