import { expect, type Locator, type Page, test, type TestInfo } from "@playwright/test";
import { CHECKOUT_EN } from "./support/checkout";
import { checkOutToReview, newShopper, openAccount as openShopperAccount, type Shopper, signIn as signInAt } from "./support/shoppers";
import { moveClockAndSweep } from "./support/store-clock";

const port = Number(process.env.E2E_PORT ?? 3100);
const origin = `http://localhost:${port}`;
const us = (path: string) => `${origin}${path}`;
const ca = (path: string) => `http://www.brewfront.ca.localhost:${port}${path}`;
const PASSWORD = "Brewer-campaign-2026";

/** The free-brewer campaign's rule as the service words it for the Classic Brewer (list price $119.99, free in the campaign). */
const FREE_COMMITMENT = "You commit to 6 auto-delivery shipments of at least 24 pods each.";
const FREE_EARLY_RULE =
  "If you cancel auto-delivery before your 6 shipments are complete, we'll charge the brewer's $119.99 saving, less a share for each shipment you've received.";
/** What cancelling charges after n of the 6 deliveries: $119.99 × (6 − n) ÷ 6, rounded half up (decision 061). */
const chargeAfter = (made: number) => `$${(Math.round((11999 * (6 - made)) / 6) / 100).toFixed(2)}`;

// Sign-up, the offer, a checkout, the account and a cancel: past the default 30 s on a busy machine.
test.describe.configure({ timeout: 150_000 });

const shopper = (testInfo: TestInfo) =>
  newShopper(testInfo, { label: "campaign", firstName: "Robin", lastName: "Roaster", password: PASSWORD, streetWord: "Street" });
const openAccount = (person: Shopper) => openShopperAccount(person, "usb2c");
const signIn = (page: Page, person: Shopper, returnTo: string) => signInAt(page, person, origin, returnTo);

/**
 * A signed-in customer takes the free brewer (Classic Brewer, Black, with Breakfast Blend every
 * 2 weeks) from its page and checks out: answers the auto-delivery's code.
 */
async function buyFreeBrewer(page: Page, person: Shopper): Promise<string> {
  await page.goto(us("/offers/free-brewer"));
  await expect(page.getByRole("status").filter({ hasText: "You can take this offer." })).toBeVisible();
  const choice = page.locator("form.offer-form");
  await choice.getByLabel("Brewer").selectOption({ label: "Classic Brewer, Black (Free)" });
  await choice.getByLabel("Coffee for each delivery").selectOption({ label: "Breakfast Blend" });
  await choice.getByLabel("Deliver every").selectOption("2");
  await choice.getByRole("button", { name: "Show what it costs" }).click();
  await expect(page.locator("#cost")).toContainText("Classic Brewer, Black with Breakfast Blend, 24 ct K-Cup pods, 1 a delivery, every 2 weeks.");
  await page.getByRole("button", { name: "Add the brewer and first box" }).click();

  await expect(page).toHaveURL(us("/cart?offer=added"));
  await expect(page.getByRole("status").filter({ hasText: "The offer's brewer and first box are in your cart." })).toBeVisible();
  const brewer = page.locator(".cart-line").filter({ hasText: "Classic Brewer" });
  await expect(brewer.getByTestId("cart-campaign")).toContainText("Free brewer with auto-delivery");
  await expect(brewer.getByTestId("cart-campaign")).toContainText("Your commitment: 6 auto-delivery shipments of at least 24 pods each.");
  await expect(brewer.getByTestId("cart-campaign")).toContainText(FREE_EARLY_RULE);
  // The brewer's quantity is the offer's: no field to change it.
  await expect(brewer.getByRole("spinbutton")).toHaveCount(0);
  await expect(brewer).toContainText("One brewer per offer: its quantity can't be changed.");
  const box = page.locator(".cart-line").filter({ hasText: "Breakfast Blend" });
  await expect(box).toContainText("The first box of your auto-delivery");

  await checkOutToReview(page, person);
  await expect(page.getByTestId("checkout-commitment")).toContainText("Free brewer with auto-delivery: 6 auto-delivery shipments of at least 24 pods each.");
  // The box comes as often as chosen with the offer: the checkout says so instead of offering another choice.
  await expect(page.getByTestId("checkout-offer-frequency")).toHaveText("How often: every 2 weeks, as chosen with the offer (change it on the offer's page).");
  await expect(page.locator("#auto-delivery").getByLabel("Deliver them")).toHaveCount(0);
  await page.locator("#review").getByRole("button", { name: CHECKOUT_EN.placeOrder }).click();
  await expect(page.getByRole("heading", { level: 1, name: CHECKOUT_EN.thanks })).toBeVisible();
  const started = page.getByTestId("subscription-started");
  await expect(started).toContainText(/AD\d{8}/);
  const code = /AD\d{8}/.exec((await started.textContent()) ?? "")![0];
  // The offer's frequency is the subscription's.
  await expect(started).toContainText("then every 2 weeks.");
  await expect(page.getByTestId("subscription-commitment")).toContainText(
    `Auto-delivery ${code} carries your commitment for the Free brewer with auto-delivery offer: 6 auto-delivery shipments of at least 24 pods each.`,
  );
  await expect(page.getByTestId("subscription-commitment")).toContainText(FREE_EARLY_RULE);
  return code;
}

const subscriptionCard = (page: Page, code: string): Locator => page.getByRole("article", { name: `Auto-delivery ${code}` });

test.describe("the brewer offers' pages", () => {
  test("the home page's campaign slot leads to the offers; the free brewer's page says the commitment and the early-cancellation rule up front", async ({
    page,
  }) => {
    await page.goto(us("/"));
    await page.locator(".cms-slot--Campaign").getByRole("link", { name: "See the brewer offers" }).click();
    await expect(page).toHaveURL(us("/offers"));
    await expect(page.getByRole("heading", { level: 1, name: "Brewer offers" })).toBeVisible();
    await page.getByRole("link", { name: "See the offer: Free brewer with auto-delivery" }).click();

    await expect(page).toHaveURL(us("/offers/free-brewer"));
    await expect(page.getByRole("heading", { level: 1, name: "Free brewer with auto-delivery" })).toBeVisible();
    await expect(page.getByTestId("offer-commitment")).toHaveText(FREE_COMMITMENT);
    await expect(page.getByTestId("offer-early-cancellation")).toHaveText(FREE_EARLY_RULE);
    const classic = page.locator(".offer-table tr").filter({ hasText: "Classic Brewer, Black" });
    await expect(classic).toContainText("$119.99");
    await expect(classic).toContainText("Free");
    await expect(page.getByTestId("offer-early-charges")).toContainText(`After 1 of 6 deliveries${chargeAfter(1)}`);
    // A guest is asked to sign in, and comes back here.
    await expect(page.getByTestId("offer-sign-in").getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      `/login?returnTo=${encodeURIComponent("/offers/free-brewer")}`,
    );
    await expect(page.getByRole("button", { name: "Add the brewer and first box" })).toHaveCount(0);
  });

  test("choosing a brewer, a box, boxes a delivery and a frequency prices the commitment", async ({ page }) => {
    await page.goto(us("/offers/half-price-brewer"));
    const choice = page.locator("form.offer-form");
    await choice.getByLabel("Brewer").selectOption({ label: "Compact Brewer, White ($45.00)" });
    await choice.getByLabel("Coffee for each delivery").selectOption({ label: "Donut Shop Classic" });
    await choice.getByLabel("Boxes a delivery").fill("2");
    await choice.getByLabel("Deliver every").selectOption("6");
    await choice.getByRole("button", { name: "Show what it costs" }).click();

    await expect(page).toHaveURL(/brewerCode=8002-BFBR-BRW-WHT/);
    const cost = page.locator("#cost");
    await expect(cost).toContainText("Compact Brewer, White with Donut Shop Classic, 24 ct K-Cup pods, 2 a delivery, every 6 weeks.");
    await expect(page.getByTestId("offer-cost")).toContainText("Deliveries in your commitment4");
    await expect(page.getByTestId("offer-early-charges").locator("tbody tr")).toHaveCount(3);
    // The form keeps the choice it priced.
    await expect(choice.getByLabel("Boxes a delivery")).toHaveValue("2");
    await expect(choice.getByLabel("Deliver every")).toHaveValue("6");
  });

  test("a box below the commitment's minimum of pods is refused with the reason", async ({ page }) => {
    await page.goto(us("/offers/free-brewer?boxCode=5001-SMRG-KC-12&boxQty=1"));
    await expect(page.getByTestId("offer-estimate-refused")).toContainText("We can't price this choice:");
    await expect(page.getByTestId("offer-estimate-refused")).toContainText("24");
    await expect(page.getByTestId("offer-cost")).toHaveCount(0);
  });

  test("an eligible brewer's product page links to its offer", async ({ page }) => {
    await page.goto(us("/Coffee-Makers/classic-brewer/p/8003-BFBR-BRW-BLK"));
    await page.locator(".offers").getByRole("link", { name: "Free with an eligible auto-delivery subscription" }).click();
    await expect(page).toHaveURL(us("/offers/free-brewer"));
  });

  test("a premium brewer's product page links to the trial, which lists with the others and asks two deliveries", async ({ page }) => {
    await page.goto(us("/offers"));
    await expect(page.getByRole("link", { name: /^See the offer: / })).toHaveCount(6);
    await page.goto(us("/Coffee-Makers/elite-brewer/p/8007-BFBR-BRW-BLK"));
    await page.locator(".offers").getByRole("link", { name: "Try auto-delivery with this brewer at a saving" }).click();
    await expect(page).toHaveURL(us("/offers/try-auto-delivery"));
    await expect(page.getByRole("heading", { level: 1, name: "Try auto-delivery with a premium brewer" })).toBeVisible();
    await expect(page.getByTestId("offer-commitment")).toHaveText("You commit to 2 auto-delivery shipments of at least 24 pods each.");
    const elite = page.locator(".offer-table tr").filter({ hasText: "Elite Brewer, Black" });
    await expect(elite).toContainText("$189.99");
    await expect(elite).toContainText("$161.49"); // 15 % off
    await expect(page.locator(".offer-table tr").filter({ hasText: "Classic Brewer" })).toHaveCount(0);
    await expect(page.getByTestId("offer-early-charges").locator("tbody tr")).toHaveCount(1);
    await page.goto(ca("/fr/offers/try-auto-delivery"));
    await expect(page.getByRole("heading", { level: 1, name: "Essayez la livraison automatique avec une cafetière haut de gamme" })).toBeVisible();
    await expect(page.getByTestId("offer-commitment")).toContainText("2 livraisons automatiques d’au moins 24 dosettes chacune");
  });

  test("the Canadian store's offer is in French, in Canadian dollars, under /fr", async ({ page }) => {
    await page.goto(ca("/fr/offers"));
    await expect(page.getByRole("heading", { level: 1, name: "Offres sur les cafetières" })).toBeVisible();
    await page.getByRole("link", { name: /^Voir l’offre\s*: Cafetière gratuite avec la livraison automatique$/ }).click();
    await expect(page).toHaveURL(ca("/fr/offers/free-brewer"));
    await expect(page.getByTestId("offer-commitment")).toContainText("6 livraisons automatiques d’au moins 24 dosettes chacune");
    await expect(page.getByTestId("offer-early-cancellation")).toContainText("157,99 $");
    await expect(page.locator(".offer-table tr").filter({ hasText: "Cafetière classique, Noir" })).toContainText("Gratuite");
  });

  test("an offer the store does not run is not found: the US-only starter kit lite in Canada, a consumer offer on the commercial store", async ({ page }) => {
    expect((await page.goto(ca("/offers/starter-kit-lite")))?.status()).toBe(404);
    expect((await page.goto(`http://commercial.localhost:${port}/offers/free-brewer`))?.status()).toBe(404);
    // The commercial store lists its breakroom plans instead (tests/e2e/breakroom-plans.spec.ts).
    await page.goto(`http://commercial.localhost:${port}/offers`);
    await expect(page.getByRole("link", { name: "See the offer: Free brewer with auto-delivery" })).toHaveCount(0);
    expect((await page.goto(us("/offers/no-such-offer")))?.status()).toBe(404);
  });

  test("a customer who signs in from the offer comes back to it and is told they may take it", async ({ page }, testInfo) => {
    const person = shopper(testInfo);
    await openAccount(person);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": person.clientAddress });
    await page.goto(us("/offers/free-brewer"));
    await page.getByTestId("offer-sign-in").getByRole("link", { name: "Sign in" }).click();
    const form = page.locator("form.account-form");
    await form.getByLabel("Email address").fill(person.email);
    await form.getByLabel("Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(us("/offers/free-brewer"), { timeout: 15_000 });
    await expect(page.getByRole("status").filter({ hasText: "You can take this offer." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add the brewer and first box" })).toBeVisible();
  });
});

test.describe("buying a brewer on the free-brewer campaign", () => {
  test("the commitment is in the cart, the confirmation and the account; cancelling early states the charge and charges it", async ({
    page,
    request,
  }, testInfo) => {
    const person = shopper(testInfo);
    await openAccount(person);
    await signIn(page, person, "/offers/free-brewer");
    const code = await buyFreeBrewer(page, person);

    await page.goto(us("/account/auto-delivery"));
    const card = subscriptionCard(page, code);
    await expect(card.getByTestId("subscription-commitment")).toContainText("Your Free brewer with auto-delivery commitment");
    // The first order is delivery one. (Another test's clock move may already have placed the next: the store's clock is shared.)
    const madeOf = async () => Number(/(?:^|\s)(\d) of 6 deliveries made/.exec((await card.getByTestId("subscription-commitment").textContent()) ?? "")?.[1]);
    expect(await madeOf()).toBeGreaterThanOrEqual(1);

    // The store's clock moves to the next delivery, which the runner places and counts.
    await moveClockAndSweep(request, (await card.locator("dd time").first().getAttribute("datetime"))!);
    await page.reload();
    const made = await madeOf();
    expect(made).toBeGreaterThanOrEqual(2);

    await card.getByText("Address, card or cancel").click();
    await expect(card.getByTestId("cancel-charge")).toHaveText(`Cancelling now charges ${chargeAfter(made)} to your card for ending your commitment early.`);
    await card.getByLabel("Why are you cancelling?").fill("Trying another coffee service");
    await card.getByRole("button", { name: "Cancel auto-delivery" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${code} is cancelled.` })).toContainText(
      `We charged ${chargeAfter(made)} to your card for ending the commitment early.`,
    );
  });

  test("a second free brewer to the same household address, from another account, is refused with the reason", async ({ page }, testInfo) => {
    const first = shopper(testInfo);
    await openAccount(first);
    await signIn(page, first, "/offers/free-brewer");
    await buyFreeBrewer(page, first);
    await page.context().clearCookies();

    const second = { ...shopper(testInfo), street: first.street };
    const token = await openAccount(second);
    // The same household, written as the customer writes it: St. for Street and upper case.
    const saved = await fetch(us("/rest/v2/usb2c/users/current/addresses"), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "X-Forwarded-For": second.clientAddress },
      body: JSON.stringify({
        firstName: "Sam",
        lastName: "Neighbour",
        line1: first.street.replace(/ Street$/, " St.").toUpperCase(),
        town: "Albany",
        region: "NY",
        postalCode: "12207",
        country: "US",
      }),
    });
    expect(saved.status, await saved.text()).toBe(201);
    await signIn(page, second, "/offers/free-brewer");
    const refused = page.getByTestId("offer-refused");
    await expect(refused).toContainText("You can't take this offer now");
    await expect(refused).toContainText("A free brewer has already been sent to this household address (one per household).");
    await expect(page.getByRole("button", { name: "Add the brewer and first box" })).toHaveCount(0);
  });
});
