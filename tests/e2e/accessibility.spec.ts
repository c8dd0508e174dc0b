import { expect, test } from "@playwright/test";
import { accessibilityViolations } from "./support/axe";

const port = Number(process.env.E2E_PORT ?? 3100);
const us = (path: string) => `http://localhost:${port}${path}`;
const ca = (path: string) => `http://www.brewfront.ca.localhost:${port}${path}`;
const afh = (path: string) => `http://commercial.localhost:${port}${path}`;

// The pages a shopper finds products on, checked against WCAG 2.1 A and AA with axe-core.
// Runs in the JavaScript project only (see playwright.config.ts): axe runs inside the page, and the
// server-rendered markup it inspects is the same either way.
const PAGES = [
  { name: "home", url: us("/") },
  { name: "category with filters", url: us("/c/coffee?roast=dark&sort=price-asc") },
  { name: "brewers listing (compare checkboxes)", url: us("/c/brewers") },
  { name: "search", url: us("/search?q=dark+roast") },
  { name: "search without results", url: us("/search?q=zzzqqq") },
  { name: "product", url: us("/Coffee/breakfast-blend/p/5001-SMRG-KC-24") },
  { name: "brewer", url: us("/Coffee-Makers/classic-brewer/p/8003-BFBR-BRW-RED") },
  { name: "compare", url: us("/compare?codes=8001-BFBR-BRW-BLK,8003-BFBR-BRW-RED") },
  { name: "French search", url: ca("/fr/recherche?q=torr%C3%A9faction+fonc%C3%A9e") },
  { name: "perks", url: us("/perks") },
  { name: "French perks", url: ca("/fr/perks") },
  { name: "monthly box with a pick", url: us("/monthly-box?category=tea&pick=9999-NOPE-KC-24%3A1") },
  { name: "French monthly box", url: ca("/fr/monthly-box?text=caf%C3%A9") },
  { name: "brewer offers", url: us("/offers") },
  { name: "free-brewer offer", url: us("/offers/free-brewer") },
  { name: "French half-price offer, a choice priced", url: ca("/fr/offers/half-price-brewer?boxQty=2&frequencyWeeks=6") },
  { name: "breakroom plans", url: afh("/offers") },
  { name: "breakroom plan with its comparison", url: afh("/offers/breakroom-plan") },
  { name: "French referral invitation", url: ca(`/fr/referral?token=${"A".repeat(43)}`) },
  { name: "drink designer", url: us("/designer") },
  { name: "French drink designer", url: ca("/fr/designer") },
  { name: "error page", url: us("/no-such-page") },
];

test.describe("accessibility (WCAG 2.1 AA, axe-core)", () => {
  for (const { name, url } of PAGES) {
    test(`${name} has no violations`, async ({ page }) => {
      await page.goto(url);
      const results = await accessibilityViolations(page);
      const found = results.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      );
      expect(found).toEqual([]);
      // axe really inspected the page (a blocked script would report nothing at all).
      expect(results.passes.length).toBeGreaterThan(10);
    });
  }
});
