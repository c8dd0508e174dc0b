import { type APIRequestContext, expect, type Page, test, type TestInfo } from "@playwright/test";
import { waitForMailedLink } from "./support/mail";

const port = Number(process.env.E2E_PORT ?? 3100);
const us = (path: string) => `http://localhost:${port}${path}`;

/** The seeded customer-service agent (commerce/seed/accounts.ts), the same on every brand. */
const AGENT_EMAIL = "demo.agent@example.com";
const DEMO_PASSWORD = "Brewfront-demo-2026";

interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * A customer of the US store of its own, so the audit log and address book this test reads hold
 * only what it did. Letters and digits only: the agents' search drops LIKE wildcards such as "_".
 */
function newCustomer(testInfo: TestInfo): Customer {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: "Casey",
    lastName: `Latte${testInfo.project.name.replace(/\W/g, "")}${suffix}`,
    email: `served-${testInfo.project.name}-${suffix}@example.com`,
    password: "Served-customer-2026",
  };
}

/** Opens the account through the store's API (sign-up, then the mailed confirmation); answers the confirmation link. */
async function openAccount(request: APIRequestContext, customer: Customer, options: { confirm: boolean }): Promise<string> {
  const response = await request.post(us("/rest/v2/usb2c/users"), { data: customer });
  expect(response.status()).toBe(202);
  const link = await waitForMailedLink(customer.email, "confirm");
  if (options.confirm) {
    const token = new URL(link, us("/")).searchParams.get("token");
    expect((await request.post(us("/rest/v2/usb2c/users/confirmations"), { data: { token } })).status()).toBe(200);
  }
  return link;
}

const banner = (page: Page) => page.locator(".agent-banner");
/** The site header (the page's banner landmark): its account link says who works in this browser. */
const header = (page: Page) => page.getByRole("banner");
/** The seeded agent's name as the header and the audit log give it. */
const AGENT_FIRST_NAME = "Alex";
const AGENT_NAME = "Alex Agent";

async function agentSignIn(page: Page) {
  await page.goto(us("/noboLogin"));
  await expect(page.getByRole("heading", { level: 1, name: "Customer service sign-in" })).toBeVisible();
  const form = page.locator("form.account-form");
  await form.getByLabel("Email address").fill(AGENT_EMAIL);
  await form.getByLabel("Password").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(us("/agent"));
  await expect(page.getByRole("heading", { level: 1, name: "Customer service" })).toBeVisible();
}

/** Searches the desk for a customer and answers the result rows. */
async function findCustomer(page: Page, query: string) {
  const desk = page.locator(".agent-desk");
  await desk.getByLabel("Name or email address").fill(query);
  await desk.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(us(`/agent?q=${encodeURIComponent(query).replace(/%20/g, "+")}`));
  return page.locator(".customer-results li");
}

test.describe("a customer-service agent acting for a customer", () => {
  test("finds the customer, acts for them with the banner and the header saying so on every page, changes their cart and address book, ends the session, and the desk reads what was done in words without acting again", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    const customer = newCustomer(testInfo);
    const fullName = `${customer.firstName} ${customer.lastName}`;
    await openAccount(request, customer, { confirm: true });

    await agentSignIn(page);
    // The agent's bar is there, serving nobody yet; the header names the agent, not "Sign in".
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).not.toContainText("acting for");
    await expect(banner(page).getByRole("button", { name: "End session" })).toHaveCount(0);
    await expect(header(page).getByRole("link", { name: `${AGENT_FIRST_NAME}, customer service` })).toHaveAttribute("href", "/agent");
    await expect(header(page).getByRole("link", { name: "Sign in" })).toHaveCount(0);

    // Find the customer by name, then by email: the same one customer.
    let results = await findCustomer(page, customer.lastName);
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText(`${fullName} — ${customer.email}`);
    results = await findCustomer(page, customer.email);
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText(`${fullName} — ${customer.email}`);
    // A name nobody has finds nobody, and agents are not customers to find.
    await findCustomer(page, `Nobody${customer.lastName}`);
    await expect(page.locator(".agent-desk [role=status]")).toHaveText(`No customer matches “Nobody${customer.lastName}”.`);
    await findCustomer(page, AGENT_EMAIL);
    await expect(page.locator(".customer-results li")).toHaveCount(0);

    results = await findCustomer(page, customer.email);
    await results
      .first()
      .getByRole("button", { name: `Act for ${fullName}` })
      .click();
    await expect(page).toHaveURL(us("/agent"));
    await expect(page.getByRole("heading", { level: 2, name: `Customer service: you are acting for ${fullName}.` })).toBeVisible();
    await expect(banner(page)).toContainText(`Customer service: acting for ${fullName}.`);
    // While acting, the desk shows that customer's activity: the session just started.
    await expect(page.locator("section#activity").getByRole("heading", { level: 2, name: `Activity for ${fullName}` })).toBeVisible();
    await expect(page.locator("section#activity tbody tr").filter({ hasText: `${AGENT_NAME} started acting for the customer` })).toHaveCount(1);

    // The banner and the header say whom the agent serves on every page.
    for (const path of ["/", "/c/coffee", "/Coffee/breakfast-blend/p/5001-SMRG-KC-24", "/search?q=hazelnut"]) {
      await page.goto(us(path));
      await expect(banner(page), path).toContainText(`Customer service: acting for ${fullName}.`);
      await expect(banner(page).getByRole("button", { name: "End session" }), path).toBeVisible();
      await expect(header(page).getByRole("link", { name: `Acting for ${fullName}` }), path).toHaveAttribute("href", "/account");
      await expect(header(page).getByRole("link", { name: "Sign in" }), path).toHaveCount(0);
    }

    // Two boxes in the customer's cart, from the product page.
    await page.goto(us("/Coffee/breakfast-blend/p/5001-SMRG-KC-24"));
    const productName = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await page.locator("main form.add-to-cart").getByLabel("Quantity").selectOption("2");
    await page.locator("main form.add-to-cart").getByRole("button", { name: "Add to cart" }).click();
    await expect(header(page).locator(".site-header__count")).toHaveText("2");

    // The customer's own account.
    await page.goto(us("/agent"));
    await page.getByRole("link", { name: "Open the customer's account" }).click();
    await expect(page).toHaveURL(us("/account"));
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    const account = page.locator(".account-area");
    await expect(account.getByLabel("First name")).toHaveValue(customer.firstName);
    await expect(account.getByLabel("Last name")).toHaveValue(customer.lastName);
    await expect(account.getByLabel("Email address")).toHaveValue(customer.email);
    await expect(banner(page)).toContainText(`acting for ${fullName}`);

    // An address added for them.
    await page.locator(".account-nav").getByRole("link", { name: "Address book" }).click();
    await expect(page).toHaveURL(us("/account/addresses"));
    await expect(page.getByText("You haven't saved an address yet.")).toBeVisible();
    const form = page.locator("form:has(#addr-town)");
    await form.locator("#addr-firstName").fill(customer.firstName);
    await form.locator("#addr-lastName").fill(customer.lastName);
    await form.locator("#addr-line1").fill("1 Commerce Plaza");
    await form.locator("#addr-town").fill("Albany");
    await form.locator("#addr-region").fill("NY");
    await form.locator("#addr-postalCode").fill("12207");
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(page).toHaveURL(us("/account/addresses?notice=addressSaved"));
    await expect(page.locator(".address-list .address-card")).toHaveCount(1);
    await expect(page.locator(".address-list .address-card")).toContainText("Albany, NY 12207");

    // End the session from the banner: the banner no longer names anyone, the account is out of reach.
    await banner(page).getByRole("button", { name: "End session" }).click();
    await expect(page).toHaveURL(us("/agent"));
    await expect(banner(page)).not.toContainText("acting for");
    await expect(banner(page).getByRole("button", { name: "End session" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: /you are acting for/ })).toHaveCount(0);
    await page.goto(us("/"));
    await expect(banner(page)).not.toContainText(customer.lastName);
    await page.goto(us("/account/addresses"));
    await expect(page).toHaveURL(us(`/login?returnTo=${encodeURIComponent("/account/addresses")}`));

    // The desk reads what agents did for the customer without acting for them again: in words,
    // with the agent's name and the store's local time.
    await page.goto(us("/agent"));
    results = await findCustomer(page, customer.lastName);
    await results
      .first()
      .getByRole("link", { name: `See ${fullName}'s activity` })
      .click();
    const activity = page.locator("section#activity");
    await expect(activity.getByRole("heading", { level: 2, name: `Activity for ${fullName}` })).toBeVisible();
    const table = activity.locator("table.audit-log");
    await expect(table.locator("thead th")).toHaveText(["When", "What happened"]);
    const rows = table.locator("tbody tr");
    const entries = async () =>
      (await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())))).map(([when, what]) => ({
        when: when!,
        what: what!,
      }));
    const log = await entries();
    expect(log.map((e) => e.what)).toEqual(
      expect.arrayContaining([
        `${AGENT_NAME} started acting for the customer`,
        `${AGENT_NAME} viewed the profile`,
        `${AGENT_NAME} viewed the address book`,
        `${AGENT_NAME} added an address (Albany, NY US)`,
        `${AGENT_NAME} added 2\u00a0× ${productName} to the cart`,
        `${AGENT_NAME} stopped acting for the customer`,
      ]),
    );
    // Newest first: the end, the address, the cart, the start; one session, not a second one to read the log.
    const milestones = log.map((e) => e.what).filter((w) => /started acting|stopped acting|added an address|to the cart$/.test(w));
    expect(milestones).toEqual([
      `${AGENT_NAME} stopped acting for the customer`,
      `${AGENT_NAME} added an address (Albany, NY US)`,
      `${AGENT_NAME} added 2\u00a0× ${productName} to the cart`,
      `${AGENT_NAME} started acting for the customer`,
    ]);
    // Times in the store's zone (New York), not raw timestamps; no request ids.
    for (const entry of log) expect(entry.when, entry.what).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M E[SD]T$/);
    await expect(table.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await expect(table).not.toContainText("session started");
    // Reading it started no session: the agent serves nobody, and the read itself is on the record.
    await expect(banner(page)).not.toContainText("acting for");
    await expect(header(page).getByRole("link", { name: `${AGENT_FIRST_NAME}, customer service` })).toBeVisible();
    await page.reload();
    await expect(rows.first().locator("td").nth(1)).toHaveText(`${AGENT_NAME} read this activity log at the desk`);
    await expect(rows.filter({ hasText: "started acting" })).toHaveCount(1);
  });
});

test.describe("the agent desk is for agents only", () => {
  test("a signed-in customer opening /agent is sent to the agent sign-in, where a customer's password opens nothing", async ({ page, request }, testInfo) => {
    const customer = newCustomer(testInfo);
    const link = await openAccount(request, customer, { confirm: false });
    // The confirmation page signs the customer in.
    await page.goto(us(link));
    await page.getByRole("button", { name: "Activate my account" }).click();
    await expect(page).toHaveURL(us("/account?notice=welcome"));

    await page.goto(us("/agent"));
    await expect(page).toHaveURL(us(`/noboLogin?returnTo=${encodeURIComponent("/agent")}`));
    await expect(page.getByRole("heading", { level: 1, name: "Customer service sign-in" })).toBeVisible();
    await expect(page.locator(".agent-desk")).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);

    const form = page.locator("form.account-form");
    await form.getByLabel("Email address").fill(customer.email);
    await form.getByLabel("Password").fill(customer.password);
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator(".account-page [role=alert]")).toHaveText("That email and password don't match an account. Check them and try again.");
    await page.goto(us("/agent"));
    await expect(page).toHaveURL(/\/noboLogin\?returnTo=%2Fagent$/);
    // Nor can a customer read anyone's activity at the desk, their own included.
    await page.goto(us("/agent?activity=00000000-0000-4000-8000-000000000000"));
    await expect(page).toHaveURL(/\/noboLogin\?returnTo=%2Fagent%3Factivity%3D/);
    await expect(page.locator("table.audit-log")).toHaveCount(0);
  });
});
