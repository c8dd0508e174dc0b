import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { accessibilityViolations } from "./support/axe";
import { CHECKOUT_EN, CHECKOUT_FR, type CheckoutWords, expectStepDone } from "./support/checkout";
import { ownClientAddress } from "./support/client-address";

const port = Number(process.env.E2E_PORT ?? 3100);
const hosts = { usb2c: `http://localhost:${port}`, cab2c: `http://www.brewfront.ca.localhost:${port}` } as const;

// A cart, the contact section and an address or two: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  // This spec's own shoppers, so the checkout forms' rate limits never count another spec's posts.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ownClientAddress() });
});

const uniqueEmail = (testInfo: TestInfo) => `address-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A coffee in a guest's cart on `site`, through its product page, and the checkout with the guest's e-mail saved. */
async function checkoutWithCart(page: Page, site: keyof typeof hosts, w: CheckoutWords, testInfo: TestInfo, lang: "en" | "fr" = "en") {
  const api = `${hosts.usb2c}/rest/v2/${site}`;
  const found = (await (await page.request.get(`${api}/products/search?query=coffee&pageSize=20`)).json()) as {
    products: { code: string; url: string; stock?: { stockLevelStatus: string } }[];
  };
  const product = found.products.find((p) => p.stock?.stockLevelStatus !== "outOfStock")!;
  const url = lang === "fr" ? `/fr${((await (await page.request.get(`${api}/products/${product.code}?lang=fr`)).json()) as { url: string }).url}` : product.url;
  await page.goto(`${hosts[site]}${url}`);
  await page.locator("form.add-to-cart").first().getByRole("button", { name: w.addToCart }).click();
  await expect(page.getByText(w.added).first()).toBeVisible();
  await page.goto(`${hosts[site]}${lang === "fr" ? "/fr" : ""}/checkout/singlestep`);
  const contact = page.locator("#contact");
  await contact.getByLabel(w.email, { exact: true }).fill(uniqueEmail(testInfo));
  await contact.getByRole("button", { name: w.saveAndContinue }).click();
  await expectStepDone(page, "contact", w);
}

/** Types a new delivery address into the checkout and sends it. */
async function shipTo(page: Page, w: CheckoutWords, a: { line1: string; town: string; region: string; postalCode: string }) {
  const details = page.locator("#delivery-address details.checkout-new-address");
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator("summary").click();
  const form = page.locator("#delivery-address form").filter({ has: page.getByLabel(w.line1, { exact: true }) });
  await form.getByLabel(w.firstName, { exact: true }).fill("Robin");
  await form.getByLabel(w.lastName, { exact: true }).fill("Roaster");
  await form.getByLabel(w.line1, { exact: true }).fill(a.line1);
  await form.getByLabel(w.town, { exact: true }).fill(a.town);
  await form.getByLabel(w.region, { exact: true }).selectOption(a.region);
  await form.getByLabel(w.postalCode, { exact: true }).fill(a.postalCode);
  await form.getByRole("button", { name: w.shipHere }).click();
}

const review = (page: Page) => page.locator("#address-review");
const shipsTo = (page: Page) => page.locator("#delivery-address .checkout-section__chosen address");

test.describe("checkout offers a corrected address and keeps the shopper's when asked", () => {
  test("keeps the address as entered, and does not ask again for the same address", async ({ page }, testInfo) => {
    const w = CHECKOUT_EN;
    await checkoutWithCart(page, "usb2c", w, testInfo);
    await shipTo(page, w, { line1: "12 main street apartment 4", town: "New York", region: "NY", postalCode: "10001" });

    await expect(review(page).getByRole("heading", { name: "Check your delivery address" })).toBeVisible();
    const suggested = review(page).getByRole("listitem").filter({ hasText: "Suggested" });
    const entered = review(page).getByRole("listitem").filter({ hasText: "You entered" });
    await expect(suggested.locator("address")).toContainText("12 Main St Apt 4");
    await expect(entered.locator("address")).toContainText("12 main street apartment 4");
    await expect(review(page)).toContainText("The street type is abbreviated (Street → St).");
    // Nothing is kept until the shopper chooses.
    await expect(shipsTo(page)).toHaveCount(0);
    // axe runs inside the page: with JavaScript only.
    if (testInfo.project.use.javaScriptEnabled !== false) expect((await accessibilityViolations(page, "#address-review")).violations).toEqual([]);

    await entered.getByRole("button", { name: "Keep the address I entered" }).click();
    await expect(review(page)).toHaveCount(0);
    await expect(shipsTo(page)).toContainText("12 main street apartment 4");
    await expect(page.locator("#delivery-mode").getByRole("radio").first()).toBeVisible();

    // The same address typed again goes straight through: the shopper already answered for it.
    await shipTo(page, w, { line1: "12  Main Street  Apartment 4", town: "new york", region: "NY", postalCode: "10001" });
    await expect(shipsTo(page)).toContainText("12 Main Street Apartment 4");
    await expect(review(page)).toHaveCount(0);
  });

  test("uses the suggested address, with the state its ZIP code belongs to", async ({ page }, testInfo) => {
    const w = CHECKOUT_EN;
    await checkoutWithCart(page, "usb2c", w, testInfo);
    await shipTo(page, w, { line1: "350 Fifth Avenue", town: "New York", region: "NJ", postalCode: "101181234" });

    await expect(review(page)).toContainText("That ZIP code belongs to another state.");
    await review(page).getByRole("button", { name: "Use suggested address" }).click();
    await expect(review(page)).toHaveCount(0);
    await expect(shipsTo(page)).toContainText("350 Fifth Ave");
    await expect(shipsTo(page)).toContainText("New York, NY 10118-1234");
    await expect(page.locator("#delivery-mode").getByRole("radio").first()).toBeVisible();
  });

  test("in French on the Canadian store, as Canada Post writes it", async ({ page }, testInfo) => {
    const w = CHECKOUT_FR;
    await checkoutWithCart(page, "cab2c", w, testInfo, "fr");
    await shipTo(page, w, { line1: "1234 boulevard René-Lévesque", town: "Montréal", region: "QC", postalCode: "h3b1a1" });

    await expect(review(page).getByRole("heading", { name: "Vérifiez votre adresse de livraison" })).toBeVisible();
    await expect(review(page)).toContainText("Le code postal est écrit comme l’écrit Postes Canada (A1A 1A1).");
    await review(page).getByRole("button", { name: "Utiliser l’adresse suggérée" }).click();
    await expect(shipsTo(page)).toContainText("1234 boul René-Lévesque");
    await expect(shipsTo(page)).toContainText("Montréal, QC H3B 1A1");
  });
});
