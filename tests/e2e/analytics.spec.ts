import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { APPROVED_CARD, CHECKOUT_EN, fillCheckout } from "./support/checkout";
import { ownClientAddress } from "./support/client-address";

const port = Number(process.env.E2E_PORT ?? 3100);
const us = (path: string) => `http://localhost:${port}${path}`;

// A whole visit from the home page to an order's confirmation: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** The page's analytics data layer (decision 080), or null when the page carries none. */
async function dataLayer(page: Page): Promise<Record<string, unknown> | null> {
  const script = page.locator("script#utag-data");
  if ((await script.count()) === 0) return null;
  return JSON.parse((await script.textContent()) ?? "null") as Record<string, unknown>;
}

/** The data layer once the page carries one (after a client navigation the browser builds it a moment later). */
async function shownDataLayer(page: Page): Promise<Record<string, unknown>> {
  await expect(page.locator("script#utag-data")).toHaveCount(1);
  return (await dataLayer(page))!;
}

const utagMain = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "utag_main");

/** A browser of its own address, in a range no other spec uses: the consent, cart and checkout forms count per address. */
async function ownShopper(page: Page) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ownClientAddress() });
}

/** A coffee the US store has in stock, with its page's address, its price and its first category, through the store's API. */
async function coffeeInStock(page: Page) {
  const answer = await page.request.get(us("/rest/v2/usb2c/products/search?query=coffee&pageSize=40"));
  const body = (await answer.json()) as { products: { code: string; url: string; stock?: { stockLevelStatus: string } }[] };
  const found = body.products.find((p) => p.stock?.stockLevelStatus !== "outOfStock")!;
  const product = (await (await page.request.get(us(`/rest/v2/usb2c/products/${found.code}?fields=FULL`))).json()) as {
    code: string;
    url: string;
    price: { minor: number };
    categories: { code: string }[];
  };
  return product;
}

test.describe("the analytics data layer with analytics allowed", () => {
  test("home, category, product, cart and confirmation carry their codes, the cart event and the order's revenue", async ({ page, context }, testInfo) => {
    await ownShopper(page);
    await page.goto(us("/"));
    expect(await dataLayer(page)).toBeNull();
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect(page.locator(".consent")).toHaveCount(0);

    const home = await shownDataLayer(page);
    expect(home).toMatchObject({ page_type: "home", site_brand: "usb2c", site_language: "en", site_currency: "USD", cart_quantity: 0, events: [] });
    expect((home!.product_id as string[]).length).toBeGreaterThan(0);
    expect(home!.segment_codes).toContain("NV");
    // The visit is kept in utag_main once analytics are allowed.
    await page.goto(us("/c/coffee"));
    expect((await utagMain(context))?.value).toMatch(/^v_id%3A[0-9a-f]{32}/);
    expect(await dataLayer(page)).toMatchObject({ page_type: "category", category_code: "coffee" });
    await page.goto(us("/search?q=coffee"));
    expect(await dataLayer(page)).toMatchObject({ page_type: "search" });

    const coffee = await coffeeInStock(page);
    await page.goto(us(coffee.url));
    const productPage = await dataLayer(page);
    expect(productPage).toMatchObject({
      page_type: "product",
      product_price: [(coffee.price.minor / 100).toFixed(2)],
      product_category: [coffee.categories[0]!.code],
    });
    // The variant the page shows and adds: the one the cart and the order then name.
    const [shown] = productPage!.product_id as string[];
    expect(shown!.startsWith(coffee.code)).toBe(true);

    await page.locator("form.add-to-cart").first().getByRole("button", { name: CHECKOUT_EN.addToCart }).click();
    await expect(page.getByText(CHECKOUT_EN.added).first()).toBeVisible();
    // The add's cart-changed event: in the page the add came back to, or the page revalidated after an add in place.
    await expect.poll(async () => ((await dataLayer(page))?.events as { event: string }[] | undefined)?.map((e) => e.event)).toEqual(["cart_changed"]);
    const [added] = (await dataLayer(page))!.events as { cartGuid: string; quantity: number }[];
    expect(added!.quantity).toBe(1);
    expect(added!.cartGuid).toMatch(/^[0-9a-f]{32}$/);

    await page.goto(us("/cart"));
    // Said once: the cart page carries the cart, not the event again.
    expect(await dataLayer(page)).toMatchObject({
      page_type: "cart",
      product_id: [shown],
      product_quantity: [1],
      cart_guid: added!.cartGuid,
      cart_quantity: 1,
      events: [],
    });

    await fillCheckout(page, CHECKOUT_EN, { email: `analytics-${testInfo.project.name}-${Date.now()}@example.com`, country: "US", card: APPROVED_CARD });
    expect(await dataLayer(page)).toMatchObject({ page_type: "checkout" });
    await page.locator("#review").getByRole("button", { name: CHECKOUT_EN.placeOrder }).click();
    await expect(page).toHaveURL(/\/checkout\/orderConfirmation\/\d+/);
    const code = /orderConfirmation\/(\d+)/.exec(page.url())![1]!;
    const confirmation = await dataLayer(page);
    expect(confirmation).toMatchObject({
      page_type: "confirmation",
      order_id: code,
      order_currency: "USD",
      product_id: [shown],
      product_quantity: [1],
      // The service's getTealiumTags adds what the order's lines do not say.
      product_category: [coffee.categories[0]!.code],
    });
    // The revenue is the total the shopper sees.
    await expect(page.locator(".order-summary .cart-totals strong")).toHaveText(`$${confirmation!.order_total as string}`);
  });
});

test.describe("the analytics data layer and utag_main without analytics consent", () => {
  test("functional cookies only: no utag_main is written and no data layer is on the page", async ({ page, context }) => {
    await ownShopper(page);
    await page.goto(us("/c/coffee"));
    await page.getByRole("button", { name: "Functional only" }).click();
    await expect(page.locator(".consent")).toHaveCount(0);
    await page.goto(us("/"));
    expect(await utagMain(context)).toBeUndefined();
    expect(await dataLayer(page)).toBeNull();
  });

  test("withdrawn from the footer's cookie settings: the earlier utag_main is deleted and the data layer goes", async ({ page, context }) => {
    await ownShopper(page);
    await page.goto(us("/"));
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect(page.locator(".consent")).toHaveCount(0);
    await page.goto(us("/c/coffee"));
    expect(await utagMain(context)).toBeDefined();
    expect(await dataLayer(page)).not.toBeNull();

    await page.getByRole("link", { name: "Cookie settings" }).click();
    await page.getByRole("button", { name: "Necessary only" }).click();
    await expect(page.locator(".consent")).toHaveCount(0);
    // Back on the page, without the banner asking again.
    expect(new URL(page.url()).pathname).toBe("/c/coffee");
    expect(await utagMain(context)).toBeUndefined();
    expect(await dataLayer(page)).toBeNull();
    await page.goto(us("/"));
    expect(await utagMain(context)).toBeUndefined();
  });
});

test.describe("an error page's analytics event", () => {
  test("an unknown page carries the error_page event", async ({ page, context }) => {
    await ownShopper(page);
    await context.addCookies([{ name: "userConsent", value: "c1:1|c2:0|c9:0", url: us("/") }]);
    const response = await page.goto(us("/c/no-such-category"));
    expect(response?.status()).toBe(404);
    expect(await dataLayer(page)).toMatchObject({ page_type: "error", events: [{ event: "error_page", source: "page", status: 404 }] });
  });
});

// Without JavaScript every page is a document of its own, with its own layer: the js project alone runs this.
test.describe("the data layer across client navigations @needs-js", () => {
  test("follows the page: a link followed in the browser gives the next page's layer, in the element and in window.utag_data", async ({ page }) => {
    await ownShopper(page);
    await page.goto(us("/"));
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect(page.locator(".consent")).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => (window.utag_data as { page_type?: string } | undefined)?.page_type)).toBe("home");
    // A header link, followed by the router in the page: no new document.
    await page.evaluate(() => ((window as unknown as { documentMarker: boolean }).documentMarker = true));
    await page.locator("header").getByRole("link", { name: "Coffee", exact: true }).first().click();
    await expect(page).toHaveURL(/\/c\/coffee/);
    await expect.poll(() => page.evaluate(() => (window.utag_data as { page_type?: string } | undefined)?.page_type)).toBe("category");
    expect(await page.evaluate(() => (window as unknown as { documentMarker?: boolean }).documentMarker)).toBe(true);
    expect(await shownDataLayer(page)).toMatchObject({ page_type: "category", category_code: "coffee" });
  });
});
