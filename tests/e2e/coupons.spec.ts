import { type BrowserContext, expect, type Page, test } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const us = (path: string) => `http://localhost:${port}${path}`;
const ca = (path: string) => `http://www.brewfront.ca.localhost:${port}${path}`;

/** Coffee pods of the demo catalog (the k-cup-pods category PODS15 covers); the first one in stock is used. */
const POD_CANDIDATES = ["5001", "5002", "5003", "5004", "5005"].flatMap((base) => ["24", "12", "72", "96"].map((size) => `${base}-SMRG-KC-${size}`));

interface ProductAnswer {
  code: string;
  url: string;
  purchasable: boolean;
  stock: { stockLevelStatus: string };
  price: { minor: number; formattedValue: string };
}

async function podInStock(page: Page, site: "usb2c" | "cab2c"): Promise<ProductAnswer> {
  for (const code of POD_CANDIDATES) {
    const res = await page.request.get(us(`/rest/v2/${site}/products/${code}?fields=FULL`));
    if (!res.ok()) continue;
    const product = (await res.json()) as ProductAnswer;
    if (product.purchasable && product.stock.stockLevelStatus === "inStock") return product;
  }
  throw new Error(`no coffee pod in stock on ${site}`);
}

/** Adds through the store's own form endpoint, so the cart is the one this browser's session keeps. */
async function addToCart(page: Page, origin: (path: string) => string, productCode: string, qty: number) {
  const res = await page.request.post(origin("/cart/add"), {
    form: { productCode, qty: String(qty), returnTo: "/cart" },
    headers: { Origin: origin("") },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
}

/** The shopper allows functional cookies, which the category-coupon cookie belongs to. */
async function allowFunctionalCookies(context: BrowserContext, origin: (path: string) => string) {
  await context.addCookies([{ name: "userConsent", value: "c1:0|c2:0|c9:1", url: origin("/") }]);
}

const couponForm = (page: Page) => page.locator("form.coupon-form");
const message = (page: Page) => page.getByTestId("coupon-message");

async function applyCode(page: Page, code: string, button = "Apply") {
  await couponForm(page).getByRole("textbox").fill(code);
  await couponForm(page).getByRole("button", { name: button }).click();
}

test.describe("coupons on the cart page", () => {
  test("a shopper applies a code, sees the discount in the totals, and removes it", async ({ page }) => {
    const pod = await podInStock(page, "usb2c");
    await addToCart(page, us, pod.code, 3);
    await page.goto(us("/cart"));
    const subtotal = pod.price.minor * 3;
    const off = Math.floor((subtotal * 10 + 50) / 100);
    const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

    await applyCode(page, "save10");
    await expect(message(page)).toHaveText("Coupon SAVE10 is applied.");
    const applied = page.locator("li[data-coupon=SAVE10]");
    await expect(applied).toContainText("10% off your order");
    await expect(applied).toContainText(`−${money(off)}`);
    const totals = page.locator(".cart-totals");
    await expect(totals).toContainText(`Discounts−${money(off)}`);
    await expect(totals).toContainText(`Estimated total${money(subtotal - off)}`);

    await applied.getByRole("button", { name: "Remove coupon SAVE10" }).click();
    await expect(message(page)).toHaveText("Coupon SAVE10 is removed.");
    await expect(page.locator("li[data-coupon]")).toHaveCount(0);
    await expect(totals).not.toContainText("Discounts");
    await expect(totals).toContainText(`Estimated total${money(subtotal)}`);
  });

  test("a guest is told the same of an expired code and an unknown one, and nothing changes", async ({ page }) => {
    const pod = await podInStock(page, "usb2c");
    await addToCart(page, us, pod.code, 1);
    await page.goto(us("/cart"));
    await applyCode(page, "SPRING2024");
    await expect(message(page)).toHaveText("We can't take coupon code “SPRING2024”. Check the spelling; the offer may also have ended.");
    await applyCode(page, "NOPE2026");
    await expect(message(page)).toHaveText("We can't take coupon code “NOPE2026”. Check the spelling; the offer may also have ended.");
    await applyCode(page, "FIVEOFF40");
    await expect(message(page)).toHaveText("Coupon FIVEOFF40 needs $40.00 of eligible products in your cart.");
    await applyCode(page, "no spaces!");
    await expect(message(page)).toHaveText("Enter a coupon code made of letters and numbers (at most 32 characters).");
    await expect(page.locator("li[data-coupon]")).toHaveCount(0);
  });
});

test.describe("a coupon from a link", () => {
  test("/coupon/apply?couponCode= keeps the code on a new cart, applies it once a covered product is in, and prices the product page", async ({
    page,
    context,
  }) => {
    await allowFunctionalCookies(context, us);
    await page.goto(us("/coupon/apply?couponCode=pods15"));
    await expect(page).toHaveURL(/\/cart\?coupon=waiting&code=PODS15$/);
    await expect(message(page)).toHaveText("Coupon PODS15 is saved to your cart. It will apply once your cart qualifies.");
    expect((await context.cookies(us("/"))).find((c) => c.name === "appliedCategoryCoupons")?.value).toBe("PODS15");

    const pod = await podInStock(page, "usb2c");
    const couponPrice = pod.price.minor - Math.floor((pod.price.minor * 15 + 50) / 100);
    await page.goto(us(pod.url));
    await expect(page.locator(".price-block__coupon")).toHaveText("Price with coupon PODS15");
    await expect(page.locator(".price-block")).toContainText(`$${(couponPrice / 100).toFixed(2)}`);

    await addToCart(page, us, pod.code, 1);
    await page.goto(us("/cart"));
    await expect(page.locator("li[data-coupon=PODS15]")).toContainText(`−$${((pod.price.minor - couponPrice) / 100).toFixed(2)}`);
  });
});

test.describe("the Canadian store in French", () => {
  test("refuses an ended code with a French message on /fr/cart", async ({ page }) => {
    const pod = await podInStock(page, "cab2c");
    // The test runner cannot resolve *.localhost names, only the browser can: add from the product page.
    await page.goto(ca(`/fr${pod.url}`));
    await page.locator("form.add-to-cart").first().getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: /panier/ })
        .first(),
    ).toBeVisible();
    await page.goto(ca("/fr/cart"));
    await expect(page.locator(".cart-table tbody tr")).toHaveCount(1);
    await applyCode(page, "SPRING2024", "Appliquer");
    await expect(message(page)).toHaveText(
      "Nous ne pouvons pas accepter le code promo «\u202fSPRING2024\u202f». Vérifiez l’orthographe\u202f; l’offre est peut-être aussi terminée.",
    );
    await expect(page).toHaveURL(/\/fr\/cart/);
    await applyCode(page, "SAVE10", "Appliquer");
    await expect(message(page)).toHaveText("Le code promo SAVE10 est appliqué.");
    await expect(page.locator("li[data-coupon=SAVE10]")).toContainText("10 % de rabais sur votre commande");
    await expect(page.locator("li[data-coupon=SAVE10]")).toContainText(/−\d+,\d{2}\s\$/);
  });
});
