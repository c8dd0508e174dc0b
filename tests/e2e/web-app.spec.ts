import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const us = (path: string) => `http://localhost:${port}${path}`;
const ca = (path: string) => `http://www.brewfront.ca.localhost:${port}${path}`;

// The suite blocks service workers (playwright.config.ts); here the worker is what is under test.
test.use({ serviceWorkers: "allow" });

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

test.describe("the installable web app", () => {
  test("each store's manifest names it in the page's language, with its colours and icons", async ({ page }) => {
    // The test runner cannot resolve *.localhost: it names the store with ?site=, as the wrapper may.
    const read = async (query: string) => {
      const answer = await page.request.get(us(`/manifest.webmanifest${query}`));
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toContain("application/manifest+json");
      return (await answer.json()) as Manifest;
    };
    const american = await read("");
    expect(american).toMatchObject({ name: "Brewfront", lang: "en-US", start_url: "/", display: "standalone", theme_color: "#5b3a29" });
    expect(american.icons.map((i) => [i.sizes, i.purpose])).toEqual([
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ]);
    for (const icon of american.icons) {
      const image = await page.request.get(us(icon.src));
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    }
    expect(await read("?site=cab2c&lang=fr")).toMatchObject({ name: "Brewfront Canada", lang: "fr-CA", start_url: "/fr/", theme_color: "#7a2e1f" });
    expect(await read("?site=usafh&lang=fr")).toMatchObject({ name: "Brewfront Commercial", lang: "en-US", start_url: "/" });

    await page.goto(ca("/fr/"));
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest?lang=fr");
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#7a2e1f");
  });

  test("Chromium finds nothing in the way of installing it @needs-js", async () => {
    // Chromium's headless shell has no installer to ask, and a browser without a profile is
    // incognito, where nothing installs: the full browser, headless, with a profile of its own.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-web-app-"));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
    });
    try {
      const page = await browser.newPage();
      const cdp = await browser.newCDPSession(page);
      const installabilityErrors = async () =>
        ((await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId);
      // The check is live: the offline page, which links no manifest, is not installable.
      await page.goto(us("/offline.html"));
      expect(await installabilityErrors()).toContain("no-manifest");
      await page.goto(us("/"));
      await page.evaluate(() => navigator.serviceWorker.ready);
      expect(await installabilityErrors()).toEqual([]);
      const { errors } = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[] };
      expect(errors.map((e) => e.message)).toEqual([]);
    } finally {
      await browser.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test("shows its offline page for a page the network cannot reach, and keeps no shopper's page @needs-js", async ({ page, context }) => {
    await page.goto(us("/"));
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The worker takes the page over once it is active; a reload makes sure it answers the next navigation.
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)));
      return urls.flat();
    });
    expect(kept).toEqual(["/offline.html"]);

    await context.setOffline(true);
    await page.goto(us("/c/coffee"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're offline");
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/");
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.locator("header").first()).toBeVisible();
    await expect(page).toHaveURL(us("/"));
  });
});
