import { type APIRequestContext, expect, type Page, test, type TestInfo } from "@playwright/test";
import { APPROVED_CARD, CHECKOUT_EN, fillCheckout } from "./support/checkout";
import { waitForMailedLink } from "./support/mail";

const port = Number(process.env.E2E_PORT ?? 3100);
const us = (path: string) => `http://localhost:${port}${path}`;

const PASSWORD = "Auto-delivery-e2e-1";
/** Breakfast Blend, 24 pods: a coffee every consumer store may deliver again. */
const COFFEE = "/Coffee/breakfast-blend/p/5001-SMRG-KC-24";

// Sign-up, a checkout and two more posts: past the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const uniqueEmail = (label: string, testInfo: TestInfo) =>
  `${label}-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A new account opened through the store's API and activated from its mailed link: the shopper is signed in. */
async function newMember(page: Page, email: string) {
  const answer = await page.request.post(us("/rest/v2/usb2c/users"), { data: { firstName: "Robin", lastName: "Roaster", email, password: PASSWORD } });
  expect(answer.status()).toBe(202);
  await page.goto(us(await waitForMailedLink(email, "confirm")));
  await page.getByRole("button", { name: "Activate my account" }).click();
  await expect(page).toHaveURL(us("/account?notice=welcome"));
}

/** Another coffee of the US store in stock, not Breakfast Blend: its page. */
async function anotherCoffee(request: APIRequestContext): Promise<string> {
  const search = await request.get(us("/rest/v2/usb2c/products/search?query=coffee&pageSize=40"));
  const products = ((await search.json()) as { products: { url: string; productType: string; stock: { stockLevelStatus: string } }[] }).products;
  const other = products.find((p) => p.productType === "Coffee" && !p.url.includes("breakfast-blend") && p.stock.stockLevelStatus !== "outOfStock");
  if (!other) throw new Error("no other coffee in stock");
  return other.url;
}

test.describe("auto-delivery from the product page", () => {
  test("a member subscribes to a coffee with the pods at home, checks out, and the confirmation names the subscription", async ({ page }, testInfo) => {
    await newMember(page, uniqueEmail("subscribe", testInfo));
    await page.goto(us(COFFEE));
    const form = page.locator("form.add-to-cart").first();
    await expect(form.getByLabel("One-time purchase")).toBeChecked();
    await form.getByLabel(/Subscribe and save 10%/).check();
    await form.getByLabel("Deliver", { exact: true }).selectOption("6");
    await form.getByLabel("Pods you have at home (optional)").fill("8");
    await form.getByRole("button", { name: CHECKOUT_EN.addToCart }).click();
    await expect(page.getByText(CHECKOUT_EN.added).first()).toBeVisible();

    await page.goto(us("/cart"));
    const line = page.locator(".cart-line").filter({ hasText: "Breakfast Blend" });
    await expect(line).toContainText("Auto-delivery");
    await expect(line).toContainText("Comes again every 6 weeks");
    await expect(line).toContainText(/Subscriber price: \$\d+\.\d\d each/);

    await fillCheckout(page, CHECKOUT_EN, { country: "US", card: APPROVED_CARD });
    const section = page.locator("#auto-delivery");
    await expect(section).toContainText("This order starts your auto-delivery");
    await expect(section.getByLabel("Deliver them")).toHaveValue("6");
    await section.getByLabel("Deliver them").selectOption("8");
    await page.locator("#review").getByRole("button", { name: CHECKOUT_EN.placeOrder }).click();
    await expect(page.getByRole("heading", { level: 1, name: CHECKOUT_EN.thanks })).toBeVisible();
    await expect(page.getByTestId("subscription-started")).toHaveText(/^Your auto-delivery AD\d{8} has started\. Next delivery: .+; then every 8 weeks\.$/);
  });

  test("a subscriber adds another coffee to the next delivery and is told so when adding it again", async ({ page }, testInfo) => {
    await newMember(page, uniqueEmail("next-delivery", testInfo));
    await page.goto(us(COFFEE));
    const form = page.locator("form.add-to-cart").first();
    await form.getByLabel(/Subscribe and save 10%/).check();
    await form.getByRole("button", { name: CHECKOUT_EN.addToCart }).click();
    await expect(page.getByText(CHECKOUT_EN.added).first()).toBeVisible();
    await page.goto(us("/cart"));
    await fillCheckout(page, CHECKOUT_EN, { country: "US", card: APPROVED_CARD });
    await page.locator("#review").getByRole("button", { name: CHECKOUT_EN.placeOrder }).click();
    const started = page.getByTestId("subscription-started");
    await expect(started).toContainText(/AD\d{8}/);
    const code = /AD\d{8}/.exec((await started.textContent()) ?? "")![0];

    await page.goto(us(await anotherCoffee(page.request)));
    const next = page.locator("#next-delivery");
    await expect(next).toContainText(`With auto-delivery ${code}, next delivery `);
    await next.getByRole("button", { name: "Add to my next delivery" }).click();
    await expect(page.locator("#next-delivery [role=status]")).toHaveText("Added to your next auto-delivery.");
    await page.locator("#next-delivery").getByRole("button", { name: "Add to my next delivery" }).click();
    await expect(page.locator("#next-delivery [role=alert]")).toHaveText("This product is already in your next delivery.");
  });
});
