/**
 * Draws the web app's icons (public/icons/{brand}-192.png, -512.png and -maskable-512.png) from
 * the favicon's cup in each store's primary colour, with the Chromium the tests use. Run it again
 * after a store's colour changes: `node scripts/make-app-icons.mjs`.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const BRANDS = { usb2c: "#5b3a29", cab2c: "#7a2e1f", usafh: "#1f3a5f" };
const CUP =
  '<path d="M8 13h14v5a6 6 0 0 1-6 6h-2a6 6 0 0 1-6-6z" fill="#fff"/><path d="M22 14h1.5a3 3 0 0 1 0 6H22" fill="none" stroke="#fff" stroke-width="2"/>';
const out = path.join(import.meta.dirname, "..", "public", "icons");
fs.mkdirSync(out, { recursive: true });

// "any": a rounded tile; "maskable": full bleed, the cup inside the middle 60 % a launcher's mask keeps.
const svg = (colour, maskable) =>
  maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${colour}"/><g transform="translate(16 16) scale(.75) translate(-17.25 -18.5)">${CUP}</g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${colour}"/><g transform="translate(-1.25 -2.5)">${CUP}</g></svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
for (const [brand, colour] of Object.entries(BRANDS)) {
  for (const [name, size, maskable] of [
    ["192", 192, false],
    ["512", 512, false],
    ["maskable-512", 512, true],
  ]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg(colour, maskable)}`,
    );
    await page.screenshot({ path: path.join(out, `${brand}-${name}.png`), omitBackground: true });
  }
}
await browser.close();
