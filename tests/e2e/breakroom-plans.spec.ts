import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { CHECKOUT_EN } from "./support/checkout";
import { checkOutToReview, newShopper, openAccount as openShopperAccount, type Shopper, signIn as signInAt } from "./support/shoppers";

const port = Number(process.env.E2E_PORT ?? 3100);
const origin = `http://commercial.localhost:${port}`;
const afh = (path: string) => `${origin}${path}`;
const us = (path: string) => `http://localhost:${port}${path}`;
const PASSWORD = "Breakroom-plan-2026";

/** The free breakroom brewer plan (170003) as the service words it on the commercial store: the Pro, USD 399.99, free (decision 069). */
const PLAN = "Free breakroom brewer with a pod subscription";
const COMMITMENT = "12 breakroom pod deliveries of at least 96 pods each";
const EARLY_RULE =
  "If your office cancels its pod subscription before your 12 deliveries are complete, we'll charge the brewer's $399.99 saving, less a share for each delivery your breakroom has received.";

// Sign-up, the plan, a checkout and the account: past the default 30 s on a busy machine.
test.describe.configure({ timeout: 150_000 });

const buyer = (testInfo: TestInfo) =>
  newShopper(testInfo, { label: "breakroom", firstName: "Morgan", lastName: "Office", password: PASSWORD, streetWord: "Avenue" });
type Buyer = Shopper;
const openAccount = (person: Buyer) => openShopperAccount(person, "usafh");
const signIn = (page: Page, person: Buyer, returnTo: string) => signInAt(page, person, origin, returnTo);

/**
 * A signed-in buyer takes the free breakroom brewer (the Pro, Black, with a 96-pod case of
 * French Roast every 4 weeks) from its page and checks out: answers the auto-delivery's code.
 */
async function takeFreeBreakroomBrewer(page: Page, person: Buyer): Promise<string> {
  await page.goto(afh("/offers/breakroom-free-brewer"));
  await expect(page.getByRole("status").filter({ hasText: "Your business can take this plan." })).toBeVisible();
  const choice = page.locator("form.offer-form");
  await choice.getByLabel("Brewer").selectOption({ label: "Pro Commercial Brewer, Black (Free)" });
  await choice.getByLabel("Pods for each delivery").selectOption({ label: "French Roast, 96 ct K-Cup pods (1 a delivery)" });
  await choice.getByLabel("Boxes a delivery").fill("1");
  await choice.getByLabel("Deliver every").selectOption("4");
  await choice.getByRole("button", { name: "Show what it costs" }).click();
  await expect(page.locator("#cost")).toContainText("Pro Commercial Brewer, Black with French Roast, 96 ct K-Cup pods, 1 a delivery, every 4 weeks.");
  await page.getByRole("button", { name: "Add the brewer and first pods" }).click();

  await expect(page).toHaveURL(afh("/cart?offer=added"));
  await expect(page.getByRole("status").filter({ hasText: "The plan's brewer and first pods are in your cart." })).toBeVisible();
  const brewer = page.locator(".cart-line").filter({ hasText: "Pro Commercial Brewer" });
  await expect(brewer.getByTestId("cart-campaign")).toContainText(PLAN);
  await expect(brewer.getByTestId("cart-campaign")).toContainText(`Your office's commitment: ${COMMITMENT}.`);
  await expect(brewer.getByTestId("cart-campaign")).toContainText(EARLY_RULE);
  await expect(brewer.getByRole("spinbutton")).toHaveCount(0);
  await expect(brewer).toContainText("One brewer per plan: its quantity can't be changed.");
  await expect(page.locator(".cart-line").filter({ hasText: "French Roast" })).toContainText("Your breakroom's first pod delivery");

  await checkOutToReview(page, person);
  await expect(page.getByTestId("checkout-commitment")).toContainText(`${PLAN}: ${COMMITMENT}.`);
  await expect(page.getByTestId("checkout-offer-frequency")).toHaveText("How often: every 4 weeks, as chosen with the plan (change it on the plan's page).");
  await page.locator("#review").getByRole("button", { name: CHECKOUT_EN.placeOrder }).click();
  await expect(page.getByRole("heading", { level: 1, name: CHECKOUT_EN.thanks })).toBeVisible();
  const started = page.getByTestId("subscription-started");
  await expect(started).toContainText(/AD\d{8}/);
  const code = /AD\d{8}/.exec((await started.textContent()) ?? "")![0];
  await expect(started).toContainText("then every 4 weeks.");
  await expect(page.getByTestId("subscription-commitment")).toContainText(
    `Auto-delivery ${code} carries your office's commitment for the ${PLAN} plan: ${COMMITMENT}.`,
  );
  await expect(page.getByTestId("subscription-commitment")).toContainText(EARLY_RULE);
  return code;
}

test.describe("the breakroom plans' pages", () => {
  test("the commercial home page's campaign slot leads to the breakroom plans; the free brewer's plan says the commitment, the terms and the questions in business words", async ({
    page,
  }) => {
    await page.goto(afh("/"));
    await page.locator(".cms-slot--Campaign").getByRole("link", { name: "See the breakroom plans" }).click();
    await expect(page).toHaveURL(afh("/offers"));
    await expect(page.getByRole("heading", { level: 1, name: "Breakroom plans" })).toBeVisible();
    await expect(page.locator(".offer-card")).toHaveCount(3);
    await page.getByRole("link", { name: `See the plan: ${PLAN}` }).click();

    await expect(page).toHaveURL(afh("/offers/breakroom-free-brewer"));
    await expect(page.getByRole("heading", { level: 1, name: PLAN })).toBeVisible();
    await expect(page.getByTestId("offer-lead")).toContainText("A free breakroom brewer for your office");
    await expect(page.getByTestId("offer-benefits")).toContainText("One free breakroom brewer per business address and per account.");
    await expect(page.getByTestId("offer-commitment")).toHaveText(`Your business commits to ${COMMITMENT}.`);
    await expect(page.getByTestId("offer-early-cancellation")).toHaveText(EARLY_RULE);
    await expect(page.locator(".offer-table tr").filter({ hasText: "Pro Commercial Brewer, Black" })).toContainText("$399.99");
    await expect(page.getByTestId("offer-compare")).toContainText("Water reservoir");
    // The page opens on pods the plan takes: four boxes of 24 make the 96 pods a delivery.
    await expect(page.locator("#cost")).toContainText("24 ct K-Cup pods, 4 a delivery");
    await expect(page.getByTestId("offer-terms-list")).toContainText("One per business address and per account.");
    await expect(page.getByText("What does my business commit to?")).toBeVisible();
    await expect(page.getByTestId("offer-sign-in").getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      `/login?returnTo=${encodeURIComponent("/offers/breakroom-free-brewer")}`,
    );
    await expect(page.getByRole("button", { name: "Add the brewer and first pods" })).toHaveCount(0);
  });

  test("the Pro's product page links to the free breakroom brewer and the Pro Max's to the platinum plan", async ({ page }) => {
    await page.goto(afh("/offers/breakroom-free-brewer"));
    await page.locator(".offer-table").first().getByRole("link", { name: "Pro Commercial Brewer, Black" }).click();
    await page.locator(".offers").getByRole("link", { name: "Free brewer with a breakroom subscription" }).click();
    await expect(page).toHaveURL(afh("/offers/breakroom-free-brewer"));

    await page.goto(afh("/offers/breakroom-platinum"));
    await expect(page.getByRole("heading", { level: 1, name: "Platinum breakroom brewer at half price" })).toBeVisible();
    await page
      .locator(".offer-table")
      .first()
      .getByRole("link", { name: /^Pro Max Plumbed Commercial Brewer/ })
      .click();
    await page.locator(".offers").getByRole("link", { name: "Platinum breakroom plan eligible" }).click();
    await expect(page).toHaveURL(afh("/offers/breakroom-platinum"));
  });

  test("a consumer offer on the commercial store and a breakroom plan on a consumer store are not found", async ({ page }) => {
    expect((await page.goto(afh("/offers/free-brewer")))?.status()).toBe(404);
    expect((await page.goto(us("/offers/breakroom-free-brewer")))?.status()).toBe(404);
    expect((await page.goto(us("/offers/breakroom-plan")))?.status()).toBe(404);
  });
});

test.describe("a commercial buyer takes the free breakroom brewer", () => {
  test("the commitment is in the cart, at checkout, on the confirmation, and the account shows its progress", async ({ page }, testInfo) => {
    const person = buyer(testInfo);
    await openAccount(person);
    await signIn(page, person, "/offers/breakroom-free-brewer");
    const code = await takeFreeBreakroomBrewer(page, person);

    await page.goto(afh("/account/auto-delivery"));
    const card = page.getByRole("article", { name: `Auto-delivery ${code}` });
    await expect(card.getByTestId("subscription-commitment")).toContainText(`Your ${PLAN} commitment`);
    await expect(card.getByTestId("subscription-commitment")).toContainText(/[1-9]\d? of 12 deliveries made/);
    // The commitment and its early-cancellation rule are the service's business words.
    await expect(card.getByTestId("subscription-commitment")).toContainText(COMMITMENT);
    await expect(card.getByTestId("subscription-commitment")).toContainText(EARLY_RULE);
  });

  test("a second free breakroom brewer to the same business address, from another account, is refused with the business reason", async ({ page }, testInfo) => {
    const first = buyer(testInfo);
    await openAccount(first);
    await signIn(page, first, "/offers/breakroom-free-brewer");
    await takeFreeBreakroomBrewer(page, first);
    await page.context().clearCookies();

    const second = { ...buyer(testInfo), street: first.street };
    const token = await openAccount(second);
    const saved = await fetch(us("/rest/v2/usafh/users/current/addresses"), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "X-Forwarded-For": second.clientAddress },
      body: JSON.stringify({ firstName: "Sam", lastName: "Colleague", line1: first.street, town: "Albany", region: "NY", postalCode: "12207", country: "US" }),
    });
    expect(saved.status, await saved.text()).toBe(201);
    await signIn(page, second, "/offers/breakroom-free-brewer");
    const refused = page.getByTestId("offer-refused");
    await expect(refused).toContainText("Your business can't take this plan now");
    await expect(refused).toContainText("A free breakroom brewer has already been sent to this business address (one per business address).");
    await expect(page.getByRole("button", { name: "Add the brewer and first pods" })).toHaveCount(0);
  });
});
