import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { APPROVED_CARD, CHECKOUT_EN, CHECKOUT_FR, fillCheckout } from "./support/checkout";
import { mailTextsFor } from "./support/mail";

const port = Number(process.env.E2E_PORT ?? 3100);
const US = `http://localhost:${port}`;
const CA = `http://www.brewfront.ca.localhost:${port}`;
const NNBSP = "\u202f";

// A whole purchase is a dozen page loads: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const uniqueEmail = (label: string, testInfo: TestInfo) =>
  `${label}-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A coffee the store has in stock, as its page path (in French on the French pages). */
async function coffeePage(page: Page, site: "usb2c" | "cab2c", lang: "en" | "fr"): Promise<string> {
  // The API names the brand in its path, so the test runner (which cannot resolve *.localhost) asks on localhost.
  const api = `${US}/rest/v2/${site}`;
  const found = (await (await page.request.get(`${api}/products/search?query=coffee&pageSize=40`)).json()) as {
    products: { code: string; url: string; stock?: { stockLevelStatus: string } }[];
  };
  const product = found.products.find((p) => p.stock?.stockLevelStatus !== "outOfStock")!;
  if (lang === "en") return product.url;
  const french = (await (await page.request.get(`${api}/products/${product.code}?lang=fr`)).json()) as { url: string };
  return `/fr${french.url}`;
}

/** A French guest order on the Canadian store, delivered in Québec; the page left on its confirmation. */
async function placeFrenchOrder(page: Page, email: string) {
  await page.goto(`${CA}${await coffeePage(page, "cab2c", "fr")}`);
  await page.locator("form.add-to-cart").first().getByRole("button", { name: CHECKOUT_FR.addToCart }).click();
  await expect(page.getByText(CHECKOUT_FR.added).first()).toBeVisible();
  await page.goto(`${CA}/fr/cart`);
  await fillCheckout(page, CHECKOUT_FR, { email, country: "CA", card: APPROVED_CARD });
  await page.locator("#review").getByRole("button", { name: CHECKOUT_FR.placeOrder }).click();
  await expect(page.getByRole("heading", { level: 1, name: CHECKOUT_FR.thanks })).toBeVisible();
}

test.describe("a French order's mail reads as its confirmation page", () => {
  test("same tax names, rates, amounts, dates, card brand and French punctuation", async ({ page }, testInfo) => {
    const email = uniqueEmail("fr-mail", testInfo);
    await placeFrenchOrder(page, email);

    const code = (await page.getByTestId("order-number").textContent())!;
    await expect(page.locator(".order-confirmation__number")).toHaveText(`Numéro de commande${NNBSP}: ${code}`);
    const totals = page.locator(".order-summary .cart-totals");
    const labels = await totals.locator("dt").allTextContents();
    const amounts = await totals.locator("dd").allTextContents();
    const shown = labels.map((label, i) => ({ label, amount: amounts[i]! }));
    const taxes = shown.filter((l) => /^(TPS|TVQ) /.test(l.label));
    expect(taxes.map((t) => t.label)).toEqual([`TPS (5${NNBSP}%)`, `TVQ (9,975${NNBSP}%)`]);
    const paid = await page.locator(".order-summary__facts p").filter({ hasText: "4242" }).textContent();
    expect(paid).toContain(`Payée avec${NNBSP}: Visa se terminant par 4242`);
    const delivery = (await page
      .locator(".order-summary__facts")
      .getByText(/Livraison prévue/)
      .textContent())!;
    const dates = /Livraison prévue(?: le |\u202f: )(.+)$/.exec(delivery)![1]!;

    await expect.poll(() => mailTextsFor(email).length, { timeout: 10_000 }).toBe(1);
    const mail = mailTextsFor(email)[0]!;
    expect(mail).toContain(`Numéro de commande${NNBSP}: ${code}`);
    for (const line of [...taxes, shown.find((l) => l.label === "Total")!, shown.find((l) => l.label === "Sous-total")!]) {
      expect(mail).toContain(`${line.label}${NNBSP}: ${line.amount}`);
    }
    expect(mail).toContain(`Arrivée prévue${NNBSP}: ${dates}`);
    expect(mail).toContain("(Visa •••• 4242)");
    // Nothing English or bare slipped through: no GST/QST, no decimal point in a rate, no colon without its space.
    expect(mail).not.toMatch(/GST|QST|9\.975|visa|\d{4}-\d{2}-\d{2}/);
    expect(mail).not.toMatch(/[^\s\u202f]:\s/);
  });
});

test.describe("the review form sent again after its order was placed", () => {
  test("says once, on the cart page, that the order was already placed, with a link to it", async ({ page }, testInfo) => {
    await page.goto(`${US}${await coffeePage(page, "usb2c", "en")}`);
    await page.locator("form.add-to-cart").first().getByRole("button", { name: CHECKOUT_EN.addToCart }).click();
    await expect(page.getByText(CHECKOUT_EN.added).first()).toBeVisible();
    await page.goto(`${US}/cart`);
    await fillCheckout(page, CHECKOUT_EN, { email: uniqueEmail("resent", testInfo), country: "US", card: APPROVED_CARD });
    // The review form's post, as sent: a Back-and-resend (or a second click) posts the same fields again.
    // With JavaScript the card form's post may still be on its way when the review is clicked: wait for the review's own.
    const sent = page.waitForRequest(
      (r) => r.method() === "POST" && r.url().includes("/checkout/singlestep") && new URLSearchParams(r.postData() ?? "").get("intent") === "place",
    );
    await page.locator("#review").getByRole("button", { name: CHECKOUT_EN.placeOrder }).click();
    const fields = Object.fromEntries(new URLSearchParams((await sent).postData() ?? ""));
    await expect(page.getByRole("heading", { level: 1, name: CHECKOUT_EN.thanks })).toBeVisible();
    const code = (await page.getByTestId("order-number").textContent())!;

    const resent = await page.request.post(`${US}/checkout/singlestep`, { form: fields, headers: { Origin: US }, maxRedirects: 0 });
    expect(resent.status()).toBe(303);
    expect(resent.headers().location).toBe("/cart");
    await page.goto(`${US}/cart`);
    const notice = page.getByTestId("order-already-placed");
    await expect(notice).toContainText("This order was already placed");
    await notice.getByRole("link", { name: `See order ${code}` }).click();
    await expect(page.getByTestId("order-number")).toHaveText(code);

    // Said once: the next visit to the cart is a plain cart page again.
    await page.goto(`${US}/cart`);
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByTestId("order-already-placed")).toHaveCount(0);
  });
});

test.describe("a tampered add-to-cart form without JavaScript", () => {
  // The browser's own post: with JavaScript the form posts in place, so this runs in the no-js project only.
  test("gets the store's page for the refusal: header, the reason in the store's language, and the way back @without-js", async ({ page }) => {
    const product = await coffeePage(page, "cab2c", "fr");
    await page.goto(`${CA}${product}`);
    // The form sent in an encoding no store page uses, as an altered page would send it.
    await page.route("**/cart/add", (route) => route.continue({ headers: { ...route.request().headers(), "content-type": "text/plain" } }));
    const refused = page.waitForResponse((r) => r.url().includes("/form-refused"));
    await page.locator("form.add-to-cart").first().getByRole("button", { name: CHECKOUT_FR.addToCart }).click();
    expect((await refused).status()).toBe(415);
    await expect(page).toHaveURL(/\/fr\/form-refused\?/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.locator("header.site-header")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nous n’avons pas pu traiter ce formulaire");
    await expect(page.locator(".error-page__message")).toContainText("rien n’a été modifié");
    await page.unroute("**/cart/add");
    await page.getByRole("link", { name: "Retourner à la page" }).click();
    await expect(page).toHaveURL(`${CA}${product}`);
  });

  test("a form posted from another site gets the same page, not a line of text", async ({ page }) => {
    // Another site's page with a form that posts to the store, as a forged form would.
    const elsewhere = "https://elsewhere.example/offer";
    await page.route(elsewhere, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form method="post" action="${US}/cart/add"><input type="hidden" name="productCode" value="X"><button>Claim</button></form>`,
      }),
    );
    await page.goto(elsewhere);
    const refused = page.waitForResponse((r) => r.url().includes("/form-refused"));
    await page.getByRole("button", { name: "Claim" }).click();
    expect((await refused).status()).toBe(403);
    await expect(page.locator("header.site-header")).toBeVisible();
    await expect(page.locator(".error-page__message")).toHaveText(
      "This form was sent from another website, so nothing was changed. To shop safely, use the forms on our own pages.",
    );
  });
});
