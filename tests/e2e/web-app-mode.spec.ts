import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { APPROVED_CARD, CHECKOUT_EN, fillCheckout } from "./support/checkout";
import { newShopper, openAccount } from "./support/shoppers";
import { ownClientAddress } from "./support/client-address";

const port = Number(process.env.E2E_PORT ?? 3100);
const store = `http://localhost:${port}`;
const w = CHECKOUT_EN;

// A whole purchase is a dozen page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });
// The wrapper's web view on a phone.
test.use({ viewport: { width: 390, height: 844 } });

/** A shopper address of the test's own, so the suite's shared rate limits are not touched. */
async function ownAddress(page: Page) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ownClientAddress() });
}

/**
 * What the web-app wrapper needs of every page (decision 084): each link and each form leads to
 * the store's own origin, and nothing opens a window of its own.
 */
async function expectEveryLinkInApp(page: Page) {
  const leaving = await page.evaluate(() => {
    const here = location.origin;
    const out: string[] = [];
    for (const a of document.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>("a[href], area[href]")) {
      if (new URL(a.href, location.href).origin !== here) out.push(`link ${a.getAttribute("href")}`);
      if (a.target && a.target !== "_self") out.push(`target=${a.target} on ${a.getAttribute("href")}`);
    }
    for (const f of document.querySelectorAll("form")) {
      if (new URL(f.action, location.href).origin !== here) out.push(`form to ${f.getAttribute("action")}`);
      if (f.target && f.target !== "_self") out.push(`form target=${f.target}`);
    }
    return out;
  });
  expect(leaving, `on ${page.url()}`).toEqual([]);
  // The app draws its own chrome: no footer, no promotion banner.
  await expect(page.locator("footer.site-footer")).toHaveCount(0);
  await expect(page.locator(".global-banner")).toHaveCount(0);
}

const uniqueEmail = (testInfo: TestInfo) => `web-app-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

test.describe("the store inside the web-app wrapper (webapp=1) at 390 px", () => {
  test("a guest buys from browsing to the confirmation, and no page has a link that leaves the app", async ({ page }, testInfo) => {
    await ownAddress(page);
    await page.goto(`${store}/?webapp=1`);
    await expect(page.locator("html")).toHaveAttribute("data-webapp", "1");
    await expectEveryLinkInApp(page);
    // The help page's e-mail address and phone number are words, not mailto: or tel: links.
    await page.goto(`${store}/content/support/email-us-page`);
    await expect(page.locator(".cms-paragraph")).toContainText("support@brewfront.com");
    await expectEveryLinkInApp(page);

    // Browse: the menu, then a category.
    await page.goto(`${store}/`);
    await page.locator(".site-menu__button").click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Coffee", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Coffee" })).toBeVisible();
    await expectEveryLinkInApp(page);

    // A product from the listing.
    await page.locator(".product-card a").first().click();
    await expect(page).toHaveURL(/\/p\//);
    await expectEveryLinkInApp(page);
    await page.locator("form.add-to-cart").first().getByRole("button", { name: w.addToCart }).click();
    await expect(page.getByText(w.added).first()).toBeVisible();
    await expectEveryLinkInApp(page);

    // The cart, from the added notice (the header's cart link is the app's own).
    await expect(page.locator(".site-header__cart")).toHaveCount(0);
    await page.getByRole("link", { name: "View cart" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
    await expectEveryLinkInApp(page);

    // Checkout as a guest with the approving test card; the web-app checkout has no sign-in offer.
    await fillCheckout(page, w, { email: uniqueEmail(testInfo), country: "US", card: APPROVED_CARD });
    await expect(page.getByText("Sign in for faster checkout")).toHaveCount(0);
    await expectEveryLinkInApp(page);
    await page.locator("#review").getByRole("button", { name: w.placeOrder }).click();

    await expect(page.getByRole("heading", { level: 1, name: w.thanks })).toBeVisible();
    await expect(page.getByTestId("order-number")).toHaveText(/^\d{10}$/);
    // The app has its own sign-up: the confirmation offers no account.
    await expect(page.getByText("Save your details for next time")).toHaveCount(0);
    await expectEveryLinkInApp(page);
  });

  test("webapp=0 leaves the mode: the footer is back", async ({ page }) => {
    await ownAddress(page);
    await page.goto(`${store}/cart?webapp=1`);
    await expect(page.locator("footer.site-footer")).toHaveCount(0);
    await page.goto(`${store}/cart?webapp=0`);
    await expect(page.locator("footer.site-footer")).toBeVisible();
    await expect(page.locator("html")).not.toHaveAttribute("data-webapp", "1");
  });
});

test.describe("the wrapper's deep links", () => {
  test("a product by its code, a category, the cart and the checkout open their pages in the app's mode", async ({ page }) => {
    await ownAddress(page);
    await page.goto(`${store}/p/5001-SMRG-KC-24?webapp=1`);
    await expect(page).toHaveURL(`${store}/Coffee/breakfast-blend/p/5001-SMRG-KC-24?webapp=1`);
    await expect(page.getByRole("heading", { level: 1, name: "Breakfast Blend, 24 ct K-Cup pods" })).toBeVisible();
    await expectEveryLinkInApp(page);
    await page.locator("form.add-to-cart").first().getByRole("button", { name: w.addToCart }).click();
    await expect(page.getByText(w.added).first()).toBeVisible();

    await page.goto(`${store}/c/coffee?webapp=1`);
    await expect(page.getByRole("heading", { level: 1, name: "Coffee" })).toBeVisible();
    await expectEveryLinkInApp(page);

    await page.goto(`${store}/cart?webapp=1`);
    await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
    await expect(page.locator(".cart-table tbody tr")).toHaveCount(1);
    await expectEveryLinkInApp(page);

    await page.goto(`${store}/checkout?webapp=1`);
    await expect(page).toHaveURL(/\/checkout\/singlestep\?webapp=1$/);
    await expect(page.locator("#contact")).toBeVisible();
    await expectEveryLinkInApp(page);

    // An unknown product code is the store's own page, not a way out.
    const missing = await page.goto(`${store}/p/0000-NOPE-KC-24?webapp=1`);
    expect(missing?.status()).toBe(404);
    await expectEveryLinkInApp(page);
  });

  test("a deep link to the account's auto-delivery asks to sign in, then opens it", async ({ page }, testInfo) => {
    const person = newShopper(testInfo, { label: "web-app-deep", firstName: "Wren", lastName: "Appleton", password: "Deep-link-2026!", streetWord: "Lane" });
    await openAccount(person, "usb2c");
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": person.clientAddress });
    await page.goto(`${store}/account/auto-delivery?webapp=1`);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expectEveryLinkInApp(page);
    const form = page.locator("form.account-form");
    await form.getByLabel("Email address").fill(person.email);
    await form.getByLabel("Password", { exact: true }).fill(person.password);
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${store}/account/auto-delivery?webapp=1`, { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Auto-delivery", exact: true })).toBeVisible();
    await expectEveryLinkInApp(page);
  });
});
