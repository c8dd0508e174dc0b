import { expect, type Page, test } from "@playwright/test";
import { PaypalStandIn } from "../support/paypal-stand-in";
import { type RunningStore, startStore } from "../support/server";
import { ADDRESSES, CHECKOUT_EN as w, fillCheckout } from "./support/checkout";

/**
 * Paying with PayPal at the single-step checkout (decision 082), with and without JavaScript. The
 * suite's shared store has no PayPal: this file starts its own, configured with a local stand-in
 * for PayPal whose approval page sends the shopper back as PayPal's does. Each project has its
 * own ports (E2E_PORT + 1…4), and the file's tests run in order in one worker.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

const base = Number(process.env.E2E_PORT ?? 3100);
const standIn = new PaypalStandIn();
let store: RunningStore;
let origin: string;

// Playwright hands a hook its fixtures in the first parameter: this one asks for none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(180_000);
  const offset = testInfo.project.name === "no-js" ? 3 : 1;
  await standIn.start(base + offset);
  store = await startStore({
    port: base + offset + 1,
    env: { PAYPAL_CLIENT_ID: standIn.clientId, PAYPAL_CLIENT_SECRET: standIn.clientSecret, PAYPAL_API_BASE: standIn.url, LOG_LEVEL: "warn" },
  });
  origin = `http://localhost:${store.port}`;
});

test.afterAll(async () => {
  await store?.stop();
  await standIn.stop();
});

/** A coffee in the cart and the checkout filled in up to the payment: e-mail, address, delivery. */
async function checkoutUpToPayment(page: Page) {
  const answer = await page.request.get(`${origin}/rest/v2/usb2c/products/search?query=coffee&pageSize=40`);
  const { products } = (await answer.json()) as { products: { url: string; stock?: { stockLevelStatus: string } }[] };
  const product = products.find((p) => p.stock?.stockLevelStatus !== "outOfStock")!;
  await page.goto(`${origin}${product.url}`);
  await page.locator("form.add-to-cart").first().getByRole("button", { name: w.addToCart }).click();
  await expect(page.getByText(w.added).first()).toBeVisible();
  await page.goto(`${origin}/cart`);
  await fillCheckout(page, w, { email: `paypal-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`, country: "US" });
}

test.describe("a PayPal payment against the stand-in", () => {
  test("approved at PayPal: the shopper comes back to their order, paid with PayPal", async ({ page }) => {
    await checkoutUpToPayment(page);
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await expect(page.getByRole("heading", { name: "Pay with PayPal" })).toBeVisible();
    expect(page.url().startsWith(standIn.url)).toBe(true);
    const order = [...standIn.orders.values()].at(-1)!;
    await expect(page.getByText(`Amount: ${order.value} USD`)).toBeVisible();
    await page.getByRole("button", { name: "Approve payment" }).click();
    await expect(page.getByRole("heading", { name: /Thank you for your order/ })).toBeVisible();
    await expect(page.getByText("Paid with PayPal")).toBeVisible();
    expect(standIn.orders.get(order.id)?.authorization?.status).toBe("CAPTURED");
    // Back to PayPal's return address again (a reload, the Back button): the same order, none new.
    const confirmation = page.url();
    await page.goto(`${origin}/checkout/getPaypalPaymentStatus?token=${order.id}&PayerID=STANDINPAYER1`);
    await expect(page).toHaveURL(confirmation);
  });

  test("cancelled at PayPal: back at checkout with a clear message and the cart as it was", async ({ page }) => {
    await checkoutUpToPayment(page);
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await page.getByRole("button", { name: "Cancel and return to the store" }).click();
    await expect(page).toHaveURL(/\/checkout\/singlestep\?paypal=cancelled/);
    await expect(page.getByRole("alert").filter({ hasText: "You cancelled the PayPal payment." })).toBeVisible();
    await expect(page.locator("#delivery-address address").first()).toContainText(ADDRESSES.US.town);
    await expect(page.getByRole("button", { name: "Pay with PayPal" })).toBeVisible();
    const order = [...standIn.orders.values()].at(-1)!;
    expect(order.authorization).toBeUndefined();
  });
});
