import { expect, type Page, test } from "@playwright/test";
import { accessibilityViolations } from "./support/axe";
import { APPROVED_CARD, CHECKOUT_EN, CHECKOUT_FR, fillCheckout } from "./support/checkout";

const port = Number(process.env.E2E_PORT ?? 3100);

// One shopper per store walks from the home page to a placed order; every page on the way is
// measured at each screen size. Canada is walked in French, whose words are the longest.
const STORES = [
  { site: "usb2c", base: `http://localhost:${port}`, lang: "en", w: CHECKOUT_EN, country: "US" },
  { site: "cab2c", base: `http://www.brewfront.ca.localhost:${port}/fr`, lang: "fr", w: CHECKOUT_FR, country: "CA" },
  { site: "usafh", base: `http://commercial.localhost:${port}`, lang: "en", w: CHECKOUT_EN, country: "US" },
] as const;

// Two phones (a small Android, an iPhone) and a portrait tablet.
const SCREENS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
] as const;

/** The most a phone's header may take of the screen before the page begins. */
const HEADER_MAX = 150;
/** The smallest comfortable tap target. */
const TAP = 44;

// A purchase is a dozen page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** An in-stock product's page in the store's language, found through the store's API. */
async function productPage(page: Page, site: string, lang: "en" | "fr"): Promise<string> {
  const api = `http://localhost:${port}/rest/v2/${site}`;
  const answer = await page.request.get(`${api}/products/search?query=coffee&pageSize=40`);
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { products: { code: string; url: string; stock?: { stockLevelStatus: string } }[] };
  const found = body.products.find((p) => p.stock?.stockLevelStatus !== "outOfStock");
  expect(found).toBeDefined();
  if (lang === "en") return found!.url;
  const french = await page.request.get(`${api}/products/${found!.code}?lang=fr`);
  return ((await french.json()) as { url: string }).url;
}

/** Nothing on the page is wider than the screen: no sideways scrolling, nothing cut off at the edge. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${where} is wider than the screen`).toBeLessThanOrEqual(innerWidth);
}

/** Every control the selector finds that is on show is at least 44 × 44 px. */
async function expectTappable(page: Page, selector: string, where: string) {
  const small = await page.locator(selector).evaluateAll(
    (elements, min) =>
      elements
        .filter((e) => e.checkVisibility())
        .map((e) => ({
          what: `${e.tagName.toLowerCase()} “${(e.textContent ?? "").trim() || e.getAttribute("aria-label") || ""}”`,
          box: e.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width < min - 0.5 || box.height < min - 0.5)
        .map(({ what, box }) => `${what} ${Math.round(box.width)}×${Math.round(box.height)}`),
    TAP,
  );
  expect(small, `tap targets smaller than ${TAP} px on ${where}`).toEqual([]);
}

async function expectAccessible(page: Page, javaScriptEnabled: boolean, include?: string) {
  // axe runs inside the page: the JavaScript project checks it (the markup is the same either way).
  if (!javaScriptEnabled) return;
  const results = await accessibilityViolations(page, include);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The header: not over 150 px on a phone, its controls big enough, the categories behind a menu button that opens them. */
async function checkHeader(page: Page, javaScriptEnabled: boolean) {
  const header = page.locator(".site-header");
  const { height } = (await header.boundingBox())!;
  expect(height, "the header's height").toBeLessThan(HEADER_MAX);
  await expectTappable(page, ".site-header a, .site-header button, .site-header summary, .site-header input", "the header");
  const categories = page.locator(".site-nav a").first();
  await expect(categories).toBeHidden();
  await page.locator(".site-menu > summary").click();
  await expect(categories).toBeVisible();
  await expectTappable(page, ".site-nav a", "the open menu");
  await expectNoSidewaysScroll(page, "the open menu");
  await expectAccessible(page, javaScriptEnabled, ".site-header");
  await page.locator(".site-menu > summary").click();
  await expect(categories).toBeHidden();
}

/** Runs the checks at each screen size in turn, on the page as it is (one page load for all three). */
async function onEveryScreen(page: Page, check: (screen: (typeof SCREENS)[number]) => Promise<void>) {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await page.evaluate(() => window.scrollTo(0, 0));
    await test.step(`at ${screen.width} px`, () => check(screen));
  }
}

for (const store of STORES) {
  test.describe(`${store.site} (${store.lang}) at ${SCREENS.map((s) => s.width).join(", ")} px`, () => {
    test("every page from home to the order's confirmation fits the screen, with a compact header and the checkout button in reach", async ({
      page,
      javaScriptEnabled,
    }) => {
      const { w } = store;
      await page.goto(`${store.base}/`);
      await onEveryScreen(page, async () => {
        await expectNoSidewaysScroll(page, "the home page");
        await checkHeader(page, javaScriptEnabled);
      });

      await page.goto(`${store.base}/c/coffee`);
      await onEveryScreen(page, () => expectNoSidewaysScroll(page, "the category page"));

      await page.goto(`${store.base}${await productPage(page, store.site, store.lang)}`);
      await onEveryScreen(page, () => expectNoSidewaysScroll(page, "the product page"));
      await page.locator("form.add-to-cart").first().getByRole("button", { name: w.addToCart }).click();
      await expect(page.getByText(w.added).first()).toBeVisible();

      await page.goto(`${store.base}/cart`);
      const checkout = page.getByRole("link", { name: w.checkout });
      await onEveryScreen(page, async (screen) => {
        await expectNoSidewaysScroll(page, "the cart");
        await expect(page.locator(".cart-line__image img").first()).toBeVisible();
        // The checkout button is on the first screen, without scrolling.
        const button = (await checkout.boundingBox())!;
        expect(button.y).toBeGreaterThanOrEqual(0);
        expect(button.y + button.height, "the checkout button's bottom edge").toBeLessThanOrEqual(screen.height);
        await expectTappable(page, ".cart-page button, .cart-page input:not([type=hidden]), .cart-page__checkout a", "the cart");
      });
      await expectAccessible(page, javaScriptEnabled);

      await checkout.click();
      await expect(page).toHaveURL(/\/checkout\/singlestep/);
      await expect(page.locator(".site-header--checkout")).toContainText(/1-800-555-\d{4}/);
      await expect(page.locator(".site-nav")).toHaveCount(0);
      await expect(page.locator(".checkout-section__state--done")).toHaveCount(0);
      const total = page.locator(".checkout-summary__total");
      const lines = page.locator(".checkout-summary__lines");
      await onEveryScreen(page, async (screen) => {
        // Before an address is given: the summary's "calculated from your address" once pushed the page wider.
        await expectNoSidewaysScroll(page, "the checkout");
        if (screen.width < 768) {
          // Folded on a phone, the total in sight; a tap opens the lines.
          await expect(total).toBeVisible();
          await expect(lines).toBeHidden();
          await page.locator(".checkout-summary__head").click();
          await expect(lines).toBeVisible();
          await expectNoSidewaysScroll(page, "the checkout with its summary open");
          await page.locator(".checkout-summary__head").click();
        } else {
          await expect(lines).toBeVisible();
        }
        await expectTappable(
          page,
          ".checkout-page button, .checkout-page input:not([type=hidden], [type=radio], [type=checkbox]), .checkout-page select",
          "the checkout",
        );
      });
      await expectAccessible(page, javaScriptEnabled);

      await page.goto(`${store.base}/cart`);
      await fillCheckout(page, w, { email: `layout-${store.site}-${Date.now().toString(36)}@example.com`, country: store.country, card: APPROVED_CARD });
      // Each step filled in says so, and keeps its form to change it.
      await expect(page.locator(".checkout-section__state--done")).toHaveCount(4);
      await onEveryScreen(page, () => expectNoSidewaysScroll(page, "the checkout, filled in"));
      await page.locator("#review").getByRole("button", { name: w.placeOrder }).click();
      await expect(page.getByRole("heading", { level: 1, name: w.thanks })).toBeVisible();
      await onEveryScreen(page, () => expectNoSidewaysScroll(page, "the order confirmation"));
    });
  });
}
