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
  test("finds the customer, acts for them with a banner on every page, changes their address book, ends the session, and the desk lists what was done", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    const customer = newCustomer(testInfo);
    const fullName = `${customer.firstName} ${customer.lastName}`;
    await openAccount(request, customer, { confirm: true });

    await agentSignIn(page);
    // The agent's bar is there, serving nobody yet.
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).not.toContainText("acting for");
    await expect(banner(page).getByRole("button", { name: "End session" })).toHaveCount(0);

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

    // The banner says whom the agent serves on every page.
    for (const path of ["/", "/c/coffee", "/Coffee/breakfast-blend/p/5001-SMRG-KC-24", "/search?q=hazelnut"]) {
      await page.goto(us(path));
      await expect(banner(page), path).toContainText(`Customer service: acting for ${fullName}.`);
      await expect(banner(page).getByRole("button", { name: "End session" }), path).toBeVisible();
    }

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

    // Acting again shows what agents did for the customer, each with its request id.
    await page.goto(us("/agent"));
    results = await findCustomer(page, customer.lastName);
    await results
      .first()
      .getByRole("button", { name: `Act for ${fullName}` })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: `Customer service: you are acting for ${fullName}.` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Activity for this customer" })).toBeVisible();
    const table = page.locator("table.audit-log");
    await expect(table.locator("thead th")).toHaveText(["When", "Agent", "Action", "Request"]);
    const rows = table.locator("tbody tr");
    const entries = async () =>
      (await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())))).map(
        ([when, agent, action, request]) => ({ when: when!, agent: agent!, action: action!, request: request! }),
      );
    await expect
      .poll(async () => (await entries()).map((e) => e.action))
      .toEqual(expect.arrayContaining(["session started", "added address (Albany, NY US)", "session ended"]));
    const log = await entries();
    const started = log.filter((e) => e.action === "session started");
    const ended = log.filter((e) => e.action === "session ended");
    const added = log.filter((e) => e.action.startsWith("added address"));
    // Two sessions started (the first and this one), one ended, one address added.
    expect(started).toHaveLength(2);
    expect(ended).toHaveLength(1);
    expect(added).toHaveLength(1);
    // Opening the customer's account and address book is on the record too.
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(["viewed profile", "viewed addresses"]));
    expect(new Set(log.map((e) => e.agent)).size, "one agent did all of it").toBe(1);
    for (const entry of log) {
      expect(entry.request, `request id of "${entry.action}"`).toMatch(/^\S{8,}$/);
      expect(entry.agent, `agent of "${entry.action}"`).not.toBe("");
      expect(Number.isNaN(Date.parse(entry.when)), `time of "${entry.action}"`).toBe(false);
    }
    // Different requests, different ids.
    expect(new Set([...started, ...ended, ...added].map((e) => e.request)).size).toBe(4);
    // Newest first: this session's start, the first session's end, the address, the first session's start.
    const milestones = log.map((e) => e.action).filter((a) => a === "session started" || a === "session ended" || a.startsWith("added address"));
    expect(milestones).toEqual(["session started", "session ended", "added address (Albany, NY US)", "session started"]);

    // Done: end this session too, from the desk.
    await page.locator(".agent-desk").getByRole("button", { name: "End session" }).click();
    await expect(page).toHaveURL(us("/agent"));
    await expect(banner(page)).not.toContainText("acting for");
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
  });
});
