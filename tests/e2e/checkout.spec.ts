import { expect, type Page, test, type TestInfo } from "@playwright/test";
import {
  APPROVED_CARD,
  CHECKOUT_EN,
  CHECKOUT_EN_CA,
  CHECKOUT_FR,
  type CheckoutWords,
  chooseFirstDeliveryMode,
  expectStepDone,
  fillCheckout,
} from "./support/checkout";

const port = Number(process.env.E2E_PORT ?? 3100);
const hosts = {
  usb2c: `http://localhost:${port}`,
  cab2c: `http://www.brewfront.ca.localhost:${port}`,
  usafh: `http://commercial.localhost:${port}`,
} as const;
type Site = keyof typeof hosts;

const DEMO_PASSWORD = "Brewfront-demo-2026";

// A whole purchase is a dozen page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });
const APPROVED = APPROVED_CARD;
const DECLINED = "4000 0000 0000 0002";

/** Two products every store sells, found through the store's own API (their page paths differ by brand and language). */
async function productPages(page: Page, site: Site, lang: "en" | "fr" = "en"): Promise<string[]> {
  // The API names the brand in its path, so the test runner (which cannot resolve *.localhost) asks on localhost.
  const api = `${hosts.usb2c}/rest/v2/${site}`;
  const answer = await page.request.get(`${api}/products/search?query=coffee&pageSize=40`);
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { products: { code: string; url: string; stock?: { stockLevelStatus: string } }[] };
  const found = body.products.filter((p) => p.stock?.stockLevelStatus !== "outOfStock").slice(0, 2);
  expect(found).toHaveLength(2);
  if (lang === "en") return found.map((p) => p.url);
  // French pages have French paths: ask for each product in French.
  return Promise.all(
    found.map(async (p) => {
      const french = await page.request.get(`${api}/products/${p.code}?lang=fr`);
      return `/fr${((await french.json()) as { url: string }).url}`;
    }),
  );
}

const uniqueEmail = (label: string, testInfo: TestInfo) =>
  `${label}-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Adds the product shown on the page, with JavaScript (snackbar) or without (banner after the redirect). */
async function addFromProductPage(page: Page, url: string, label: string, added: string) {
  await page.goto(url);
  await page.locator("form.add-to-cart").first().getByRole("button", { name: label }).click();
  await expect(page.getByText(added).first()).toBeVisible();
}

interface Words extends CheckoutWords {
  quickShop: RegExp;
  applyCoupon: string;
  couponApplied: string;
  discounts: string;
  declined: string;
}

const EN: Words = {
  ...CHECKOUT_EN,
  quickShop: /^Quick shop/,
  applyCoupon: "Apply",
  couponApplied: "Coupon SAVE10 is applied.",
  discounts: "Discounts (SAVE10)",
  declined: "Your card was declined. Try another card or contact your bank. No order was placed.",
};
const EN_CA: Words = { ...EN, ...CHECKOUT_EN_CA };
const FR: Words = {
  ...CHECKOUT_FR,
  quickShop: /^Achat rapide/,
  applyCoupon: "Appliquer",
  couponApplied: "Le code promo SAVE10 est appliqué.",
  discounts: "Rabais (SAVE10)",
  declined: "Votre carte a été refusée. Essayez une autre carte ou communiquez avec votre banque. Aucune commande n’a été passée.",
};

/**
 * Quick shop from a category page: with JavaScript the tile's dialog (first variant, quantity 1);
 * without it, the tile's own add form.
 */
async function quickShop(page: Page, url: string, w: Words, javaScript: boolean) {
  await page.goto(url);
  if (javaScript) {
    await page.getByRole("button", { name: w.quickShop }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("radio").first()).toBeVisible();
    await dialog.getByRole("button", { name: w.addToCart }).click();
    await expect(dialog.getByRole("status")).toContainText(w.added);
    return;
  }
  const tile = page
    .locator(".product-card")
    .filter({ has: page.getByRole("button", { name: w.addToCart }) })
    .first();
  await tile.getByRole("button", { name: w.addToCart }).click();
  await expect(page.getByText(w.added).first()).toBeVisible();
}

/** Applies the demo 10 %-off code on the cart page. */
async function applyCoupon(page: Page, w: Words) {
  const form = page.locator("form.coupon-form");
  await form.getByRole("textbox").fill("SAVE10");
  await form.getByRole("button", { name: w.applyCoupon }).click();
  await expect(page.getByTestId("coupon-message")).toHaveText(w.couponApplied);
}

/** From the cart page to a placed order's confirmation (or a refused card's message). */
async function checkOut(page: Page, w: Words, options: { email?: string; country: "US" | "CA"; card: string; member?: boolean }) {
  await fillCheckout(page, w, options);
  await page.locator("#review").getByRole("button", { name: w.placeOrder }).click();
}

for (const [site, w, country, symbol] of [
  ["usb2c", EN, "US", "$"],
  ["cab2c", EN_CA, "CA", "$"],
  ["usafh", EN, "US", "$"],
] as const) {
  test.describe(`a guest buys on ${site}`, () => {
    test("adds two products (one by quick shop), checks out with the approving test card and sees the confirmation with tax", async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      const [first] = await productPages(page, site);
      await addFromProductPage(page, `${hosts[site]}${first}`, w.addToCart, w.added);
      await quickShop(page, `${hosts[site]}/c/coffee`, w, javaScriptEnabled);
      await page.goto(`${hosts[site]}/cart`);
      await expect(page.locator(".cart-table tbody tr")).toHaveCount(2);
      await applyCoupon(page, w);
      const email = uniqueEmail(`guest-${site}`, testInfo);
      await checkOut(page, w, { email, country, card: APPROVED });
      await expect(page.getByRole("heading", { level: 1, name: w.thanks })).toBeVisible();
      await expect(page.getByTestId("order-number")).toHaveText(/^\d{10}$/);
      const totals = page.locator(".order-summary .cart-totals");
      // New York charges state sales tax; Québec GST and QST.
      await expect(totals).toContainText(w.discounts);
      if (country === "US") await expect(totals).toContainText("Sales tax");
      else await expect(totals).toContainText(/GST.*QST/s);
      await expect(totals).toContainText(symbol);
      await expect(page.getByText(`We sent a confirmation to ${email}.`)).toBeVisible();
    });
  });
}

test.describe("a declined card", () => {
  test("shows a clear message and places no order", async ({ page }, testInfo) => {
    const [first] = await productPages(page, "usb2c");
    await addFromProductPage(page, `${hosts.usb2c}${first}`, EN.addToCart, EN.added);
    // Before checkout the cart is checked again: nothing to change.
    const validation = await page.request.get(`${hosts.usb2c}/cart/validateCart`);
    expect(await validation.json()).toEqual({ valid: true, changes: [] });
    await page.goto(`${hosts.usb2c}/cart`);
    await checkOut(page, EN, { email: uniqueEmail("declined", testInfo), country: "US", card: DECLINED });
    await expect(page.getByRole("alert")).toHaveText(EN.declined);
    await expect(page).toHaveURL(/\/checkout\/singlestep/);
    // The cart is still there: nothing was ordered.
    await page.goto(`${hosts.usb2c}/cart`);
    await expect(page.getByRole("link", { name: EN.checkout })).toBeVisible();
  });
});

test.describe("a refused checkout section", () => {
  test("shows its errors beside the fields and keeps what was typed, but never the card number", async ({ page }, testInfo) => {
    const [first] = await productPages(page, "usb2c");
    await addFromProductPage(page, `${hosts.usb2c}${first}`, EN.addToCart, EN.added);
    await page.goto(`${hosts.usb2c}/checkout/singlestep`);
    const contact = page.locator("#contact");
    await contact.getByLabel(EN.email, { exact: true }).fill(uniqueEmail("refused", testInfo));
    await contact.getByRole("button", { name: EN.saveAndContinue }).click();
    await expectStepDone(page, "contact", EN);

    // A ZIP code of another state: the field says so, and the rest of the address is still there.
    const address = page.locator("#delivery-address form").filter({ has: page.getByLabel(EN.line1, { exact: true }) });
    await address.getByLabel(EN.firstName, { exact: true }).fill("Robin");
    await address.getByLabel(EN.lastName, { exact: true }).fill("Roaster");
    await address.getByLabel(EN.line1, { exact: true }).fill("1 Main St");
    await address.getByLabel(EN.town, { exact: true }).fill("Albany");
    await address.getByLabel(EN.region, { exact: true }).selectOption("NY");
    await address.getByLabel(EN.postalCode, { exact: true }).fill("94105");
    await address.getByRole("button", { name: EN.shipHere }).click();
    // The address check offers the ZIP code's state (decision 081); the shopper keeps theirs, and the form refuses it.
    await page.getByRole("button", { name: "Keep the address I entered" }).click();
    const postalCode = page.locator("#addr-postalCode");
    await expect(postalCode).toHaveAttribute("aria-invalid", "true");
    await expect(postalCode).toHaveAccessibleDescription("This ZIP code is not in the state you chose.");
    await expect(page.locator("#delivery-address [role=alert]")).toHaveText("Please correct the highlighted fields.");
    await expect(page.locator("#addr-town")).toHaveValue("Albany");
    await expect(page.locator("#addr-region")).toHaveValue("NY");
    await postalCode.fill("12207");
    await address.getByRole("button", { name: EN.shipHere }).click();
    await expect(page.locator("#delivery-address address").first()).toContainText("Albany");

    await chooseFirstDeliveryMode(page, EN);

    // A two-digit security code: refused beside its field; the card number is never sent back.
    const card = page.locator("#payment form");
    await card.getByLabel(EN.cardNumber, { exact: true }).fill(APPROVED);
    await card.getByLabel(EN.holder, { exact: true }).fill("Robin Roaster");
    await card.getByLabel(EN.expiry, { exact: true }).fill("12/30");
    await card.getByLabel(EN.cvc, { exact: true }).fill("12");
    await card.getByRole("button", { name: EN.useCard }).click();
    const cvc = page.locator("#card-cvc");
    await expect(cvc).toHaveAttribute("aria-invalid", "true");
    await expect(cvc).toHaveAccessibleDescription("Enter the 3- or 4-digit security code.");
    await expect(page.locator("#payment [role=alert]")).toHaveText("Please correct the highlighted fields.");
    await expect(page.locator("#card-holder")).toHaveValue("Robin Roaster");
    if (testInfo.project.name === "no-js") {
      await expect(page.locator("#card-cardNumber")).toHaveValue("");
      await expect(cvc).toHaveValue("");
    }
    await expect(page.locator("#review").getByRole("button", { name: EN.placeOrder })).toBeDisabled();
  });
});

test.describe("a member's cart", () => {
  test("the anonymous cart joins the member's at sign-in and the order shows in the order history", async ({ page }) => {
    const [first] = await productPages(page, "usb2c");
    await addFromProductPage(page, `${hosts.usb2c}${first}`, EN.addToCart, EN.added);
    await page.goto(`${hosts.usb2c}/login?returnTo=%2Fcart`);
    const form = page.locator("form.account-form");
    await form.getByLabel("Email address").fill("demo.employee@example.com");
    await form.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${hosts.usb2c}/cart`);
    await expect(page.locator(".cart-table")).toContainText(/\w/);
    await checkOut(page, EN, { country: "US", card: APPROVED, member: true });
    await expect(page.getByRole("heading", { level: 1, name: EN.thanks })).toBeVisible();
    const code = await page.getByTestId("order-number").textContent();
    await page.goto(`${hosts.usb2c}/account/orders`);
    await expect(page.getByRole("link", { name: code! })).toBeVisible();
  });
});

test.describe("French checkout on the Canadian store", () => {
  test("is French from the cart to the confirmation", async ({ page, javaScriptEnabled }, testInfo) => {
    const [first] = await productPages(page, "cab2c", "fr");
    await addFromProductPage(page, `${hosts.cab2c}${first}`, FR.addToCart, FR.added);
    await quickShop(page, `${hosts.cab2c}/fr/c/coffee`, FR, javaScriptEnabled);
    await page.goto(`${hosts.cab2c}/fr/cart`);
    await applyCoupon(page, FR);
    await checkOut(page, FR, { email: uniqueEmail("fr", testInfo), country: "CA", card: APPROVED });
    await expect(page.getByRole("heading", { level: 1, name: FR.thanks })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", /fr/);
    const totals = page.locator(".order-summary .cart-totals");
    await expect(totals).toContainText("Sous-total");
    await expect(totals).toContainText(FR.discounts);
    await expect(totals).toContainText(/TPS.*TVQ/s);
    await expect(totals).toContainText("$");
  });
});
