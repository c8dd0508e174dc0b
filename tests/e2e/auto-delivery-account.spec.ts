import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { addDays } from "../../commerce/domain/clock";
import { subscribeThroughCheckout } from "../support/subscriptions";
import { accessibilityViolations } from "./support/axe";
import { mailsFor, waitForMailedLink } from "./support/mail";
import { moveClockAndSweep } from "./support/store-clock";
import { ownClientAddress } from "./support/client-address";

const port = Number(process.env.E2E_PORT ?? 3100);
const origin = `http://localhost:${port}`;
const us = (path: string) => `${origin}${path}`;
const PASSWORD = "Auto-delivery-2026";
/** A coffee of the demo catalog that comes by auto-delivery. */
const COFFEE = "5001-SMRG-KC-24";
const AGENT_EMAIL = "demo.agent@example.com";
const DEMO_PASSWORD = "Brewfront-demo-2026";
const AGENT_NAME = "Alex Agent";

/**
 * Each test's shopper comes from an address of their own (a documentation range, relayed by the
 * loopback proxy the store trusts), so these sign-ins and sign-ups do not count against the
 * per-address limits the rest of the suite's shoppers share on 127.0.0.1.
 */
function shopper(testInfo: TestInfo) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: "Robin",
    lastName: `Roast${testInfo.project.name.replace(/\W/g, "")}${suffix}`,
    email: `ad-${testInfo.project.name}-${suffix}@example.com`,
    password: PASSWORD,
    address: ownClientAddress(),
  };
}
type Shopper = ReturnType<typeof shopper>;

/** Opens the account through the store's API (sign-up, the mailed confirmation) and answers an access token. */
async function openAccount(person: Shopper): Promise<string> {
  const headers = { "Content-Type": "application/json", "X-Forwarded-For": person.address };
  const { address: _address, ...signUp } = person;
  expect((await fetch(us("/rest/v2/usb2c/users"), { method: "POST", headers, body: JSON.stringify(signUp) })).status).toBe(202);
  const token = new URL(await waitForMailedLink(person.email, "confirm"), origin).searchParams.get("token");
  expect((await fetch(us("/rest/v2/usb2c/users/confirmations"), { method: "POST", headers, body: JSON.stringify({ token }) })).status).toBe(200);
  const grant = await fetch(us("/authorizationserver/oauth/token"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": person.address },
    body: new URLSearchParams({ grant_type: "password", username: person.email, password: PASSWORD, client_id: "storefront", site: "usb2c" }).toString(),
  });
  expect(grant.status).toBe(200);
  return ((await grant.json()) as { access_token: string }).access_token;
}

async function signIn(page: Page, person: Shopper) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": person.address });
  await page.goto(us("/login?returnTo=%2Faccount%2Fauto-delivery"));
  const form = page.locator("form.account-form");
  await form.getByLabel("Email address").fill(person.email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  // Signing in hashes the password: on a busy machine it takes longer than an assertion's usual wait.
  await expect(page).toHaveURL(us("/account/auto-delivery"), { timeout: 15_000 });
}

const subscriptionCard = (page: Page, code: string) => page.getByRole("article", { name: `Auto-delivery ${code}` });
const nextDelivery = (page: Page, code: string) => subscriptionCard(page, code).locator("dd time");

test.describe("the account's auto-delivery", () => {
  test("a subscriber sees the subscription; the store's clock moves to its date and the next order is placed, in the order history and mailed", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const person = shopper(testInfo);
    const token = await openAccount(person);
    const { subscription, orderCode } = await subscribeThroughCheckout(origin, token, { productCode: COFFEE, frequencyWeeks: 1 });

    await signIn(page, person);
    await expect(page.locator(".account-nav").getByRole("link", { name: "Auto-delivery" })).toHaveAttribute("aria-current", "page");
    const card = subscriptionCard(page, subscription.code);
    await expect(card).toContainText("Every week");
    await expect(card).toContainText("Active");
    await expect(card).toContainText(subscription.items[0]!.name);
    await expect(card).toContainText("Visa ending in 4242");
    await expect(card).toContainText("1 Main St");
    await expect(nextDelivery(page, subscription.code)).toHaveAttribute("datetime", subscription.nextDeliveryDate);
    await expect(page.getByText("No auto-delivery orders yet.")).toBeVisible();
    // axe runs as a script in the page: with JavaScript off there is nothing to run it in.
    if (testInfo.project.name === "js") expect((await accessibilityViolations(page, ".account-area")).violations).toEqual([]);

    await moveClockAndSweep(request, subscription.nextDeliveryDate);
    await page.reload();
    const placed = page.locator("table.order-history tbody tr").filter({ hasText: subscription.code });
    await expect(placed).toHaveCount(1);
    await expect(placed.locator("time")).toHaveAttribute("datetime", subscription.nextDeliveryDate);
    const adOrder = (await placed.getByRole("link").textContent())!.trim();
    expect(adOrder).not.toBe(orderCode);
    await expect(nextDelivery(page, subscription.code)).toHaveAttribute("datetime", addDays(subscription.nextDeliveryDate, 7));

    await page.locator(".account-nav").getByRole("link", { name: "Order history" }).click();
    await expect(page).toHaveURL(us("/account/orders"));
    await expect(page.locator("table.order-history").getByRole("link", { name: adOrder })).toBeVisible();
    await expect(page.locator("table.order-history").getByRole("link", { name: orderCode })).toBeVisible();
    await expect.poll(() => mailsFor(person.email).some((m) => m.includes(`auto-delivery order ${adOrder}`)), { timeout: 10_000 }).toBe(true);
  });

  test("skips the next delivery, changes the frequency, pauses, resumes and cancels with a reason", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const person = shopper(testInfo);
    const token = await openAccount(person);
    // Half a year out: no other test moves the store's clock that far.
    const { subscription } = await subscribeThroughCheckout(origin, token, { productCode: COFFEE, frequencyWeeks: 26 });
    const { code } = subscription;
    await signIn(page, person);
    const card = subscriptionCard(page, code);
    const status = page.locator(".account-section .notice");

    await card.getByRole("button", { name: "Skip the next delivery" }).click();
    await expect(status).toHaveText(`Skipped: the next delivery of ${code} is now the one after.`);
    await expect(nextDelivery(page, code)).toHaveAttribute("datetime", addDays(subscription.nextDeliveryDate, 26 * 7));

    await card.getByLabel("Deliver every (weeks)").fill("8");
    await card.getByRole("button", { name: "Change frequency" }).click();
    await expect(status).toHaveText(`Your changes to ${code} are saved.`);
    await expect(card).toContainText("Every 8 weeks");

    await card.getByRole("button", { name: "Pause" }).click();
    await expect(status).toHaveText(`${code} is paused. Nothing ships until you resume it.`);
    await expect(card.locator(".subscription__status")).toHaveText("Paused");
    await expect(card.getByRole("button", { name: "Skip the next delivery" })).toHaveCount(0);

    await card.getByRole("button", { name: "Resume" }).click();
    await expect(status).toHaveText(`${code} is active again.`);
    await expect(card.locator(".subscription__status")).toHaveText("Active");

    await card.getByText("Address, card or cancel").click();
    await card.getByLabel("Why are you cancelling?").fill("Trying another roaster");
    await card.getByRole("button", { name: "Cancel auto-delivery" }).click();
    await expect(status).toHaveText(`${code} is cancelled. We're sorry to see it go.`);
    await expect(card).toHaveCount(0);
    await expect(page.getByText("You have no auto-deliveries yet.", { exact: false })).toBeVisible();
  });

  test("an agent acting for the customer changes the frequency, and the desk's log lists it in words", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const person = shopper(testInfo);
    const token = await openAccount(person);
    const { subscription } = await subscribeThroughCheckout(origin, token, { productCode: COFFEE, frequencyWeeks: 26 });
    const fullName = `${person.firstName} ${person.lastName}`;

    await page.setExtraHTTPHeaders({ "X-Forwarded-For": person.address });
    await page.goto(us("/noboLogin"));
    const login = page.locator("form.account-form");
    await login.getByLabel("Email address").fill(AGENT_EMAIL);
    await login.getByLabel("Password").fill(DEMO_PASSWORD);
    await login.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(us("/agent"));
    const desk = page.locator(".agent-desk");
    await desk.getByLabel("Name or email address").fill(person.email);
    await desk.getByRole("button", { name: "Search" }).click();
    await page
      .locator(".customer-results li")
      .first()
      .getByRole("button", { name: `Act for ${fullName}` })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: `Customer service: you are acting for ${fullName}.` })).toBeVisible();

    await page.goto(us("/account/auto-delivery"));
    const card = subscriptionCard(page, subscription.code);
    await card.getByLabel("Deliver every (weeks)").fill("3");
    await card.getByRole("button", { name: "Change frequency" }).click();
    await expect(page.locator(".account-section .notice")).toHaveText(`Your changes to ${subscription.code} are saved.`);
    await expect(card).toContainText("Every 3 weeks");

    await page.goto(us("/agent"));
    await expect(
      page.locator("section#activity tbody tr").filter({ hasText: `${AGENT_NAME} changed an auto-delivery (${subscription.code}: every 3 weeks (was 26))` }),
    ).toHaveCount(1);
    await page.locator(".agent-banner").getByRole("button", { name: "End session" }).click();
    await expect(page).toHaveURL(us("/agent"));
  });
});
