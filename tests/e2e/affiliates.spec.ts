import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { APPROVED_CARD, CHECKOUT_EN, fillCheckout } from "./support/checkout";
import { E2E_ADMIN_KEY } from "./support/store-clock";
import { ownClientAddress } from "./support/client-address";

const port = Number(process.env.E2E_PORT ?? 3100);
const us = (path: string) => `http://localhost:${port}${path}`;

// A landing, the banner, a product and a whole checkout: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** A merchant id of the test's own, and a browser of its own address (guest checkout counts per address). */
function affiliateVisit(testInfo: TestInfo) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    merchantId: `E2E${suffix}`.replace(/[^A-Za-z0-9]/g, ""),
    siteId: `pub-${testInfo.project.name}.link_1`,
    email: `affiliate-${testInfo.project.name}-${suffix}@example.com`,
    clientAddress: ownClientAddress(),
  };
}

/** The operators' report of today's orders through this merchant, asked on the operators' side (loopback, the key). */
async function reportOf(page: Page, merchantId: string) {
  const today = new Date().toISOString().slice(0, 10);
  const answer = await page.request.get(us(`/rest/v2/usb2c/operator/affiliate-orders?from=${today}&to=${today}&merchantId=${merchantId}`), {
    headers: { "X-Admin-Key": E2E_ADMIN_KEY },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as {
    affiliates: { merchantId: string; siteId: string | null; orders: number }[];
    orders: { code: string; siteId: string | null }[];
  };
}

/** The page of a coffee the US store has in stock, found through the store's API. */
async function productInStock(page: Page): Promise<string> {
  const answer = await page.request.get(us("/rest/v2/usb2c/products/search?query=coffee&pageSize=40"));
  const body = (await answer.json()) as { products: { url: string; stock?: { stockLevelStatus: string } }[] };
  return body.products.find((p) => p.stock?.stockLevelStatus !== "outOfStock")!.url;
}

test.describe("a shopper who lands through an affiliate", () => {
  test("accepts cookies, orders as a guest, and the order counts for the affiliate", async ({ page, context }, testInfo) => {
    const visit = affiliateVisit(testInfo);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": visit.clientAddress });
    await page.goto(us(`/?ranMID=${visit.merchantId}&ranSiteID=${visit.siteId}`));
    // The banner's answer comes back to the landing, which then keeps the affiliate.
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect(page.locator(".consent")).toHaveCount(0);
    const kept = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    expect(kept.ranMID?.value).toBe(visit.merchantId);
    expect(kept.ranSiteID?.value).toBe(visit.siteId);
    expect(kept.ranMID?.httpOnly).toBe(true);
    // 180 days, give or take the test's own minutes.
    expect(kept.ranMID!.expires * 1000 - Date.now()).toBeGreaterThan(179 * 86_400_000);

    await page.goto(us(await productInStock(page)));
    await page.locator("form.add-to-cart").first().getByRole("button", { name: CHECKOUT_EN.addToCart }).click();
    await expect(page.getByText(CHECKOUT_EN.added).first()).toBeVisible();
    await page.goto(us("/cart"));
    await fillCheckout(page, CHECKOUT_EN, { email: visit.email, country: "US", card: APPROVED_CARD });
    await page.locator("#review").getByRole("button", { name: CHECKOUT_EN.placeOrder }).click();
    await expect(page).toHaveURL(/\/checkout\/orderConfirmation\/\d+/);
    const code = /orderConfirmation\/(\d+)/.exec(page.url())![1]!;

    const report = await reportOf(page, visit.merchantId);
    expect(report.orders).toEqual([expect.objectContaining({ code, siteId: visit.siteId })]);
    expect(report.affiliates).toEqual([expect.objectContaining({ merchantId: visit.merchantId, siteId: visit.siteId, orders: 1 })]);
  });

  test("keeps nothing when the shopper allows functional cookies only", async ({ page, context }, testInfo) => {
    const visit = affiliateVisit(testInfo);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": visit.clientAddress });
    await page.goto(us(`/c/coffee?ranMID=${visit.merchantId}&ranSiteID=${visit.siteId}`));
    await page.getByRole("button", { name: "Functional only" }).click();
    await expect(page.locator(".consent")).toHaveCount(0);
    await page.goto(us(`/?ranMID=${visit.merchantId}`));
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain("ranMID");
    expect(names).not.toContain("ranSiteID");
  });
});
