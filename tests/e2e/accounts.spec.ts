import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page, test, type TestInfo } from "@playwright/test";
import { mailedLinks, mailsFor, waitForMailedLink } from "./support/mail";

const port = Number(process.env.E2E_PORT ?? 3100);
const us = (path: string) => `http://localhost:${port}${path}`;
const ca = (path: string) => `http://www.brewfront.ca.localhost:${port}${path}`;

/** The seeded demo accounts' password (commerce/seed/accounts.ts); the e2e server allows it. */
const DEMO_PASSWORD = "Brewfront-demo-2026";
const DEMO_CUSTOMER = "demo.customer@example.com";
const DEMO_PERKS = "demo.perks@example.com";

const BAD_CREDENTIALS = "That email and password don't match an account. Check them and try again.";

/** A fresh address per test and project, so runs and the two projects never share an account. */
function uniqueEmail(label: string, testInfo: TestInfo): string {
  return `${label}-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

const priceOf = (text: string | null) => Number((text ?? "").replace(/[^0-9.]/g, ""));

/** Fills the sign-in form on the page (English labels) and submits it. */
async function signIn(page: Page, email: string, password: string, options: { rememberMe?: boolean } = {}) {
  const form = page.locator("form.account-form");
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  if (options.rememberMe) await form.getByLabel("Keep me signed in on this device").check();
  await form.getByRole("button", { name: "Sign in" }).click();
}

/**
 * An account opened the way the sign-up form does it, through the store's API (POST users), so
 * that tests about something else do not spend the sign-up form's per-address limit. Answers the
 * confirmation link from the mail.
 */
async function signUpThroughApi(request: APIRequestContext, person: { firstName: string; lastName: string; email: string; password: string }) {
  const response = await request.post(us("/rest/v2/usb2c/users"), { data: person });
  expect(response.status()).toBe(202);
  return waitForMailedLink(person.email, "confirm");
}

/** Opens the mailed confirmation link and presses the button: the shopper is signed in on /account. */
async function activate(page: Page, link: string, firstName: string) {
  await page.goto(us(link));
  await page.getByRole("button", { name: "Activate my account" }).click();
  await expect(page).toHaveURL(us("/account?notice=welcome"));
  await expect(page.locator(".account-area [role=status]")).toHaveText(`Welcome, ${firstName}! Your account is ready.`);
}

const sessionCookie = async (context: BrowserContext) => (await context.cookies(us("/"))).find((c) => c.name === "SESSION");

test.describe("signing up, out and in again", () => {
  test("a new shopper signs up, activates the account from the mail, signs out and signs in again remembered", async ({ page, context }, testInfo) => {
    const email = uniqueEmail("signup", testInfo);
    const password = "Fresh-beans-2026";
    await page.goto(us("/"));
    await page.locator(".site-header").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(us("/login"));
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(us("/signup"));
    await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();

    const form = page.locator("form.account-form");
    await form.getByLabel("First name").fill("Robin");
    await form.getByLabel("Last name").fill("Roaster");
    await form.getByLabel("Email address").fill(email);
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(page.locator(".account-page [role=status]")).toHaveText(`We've sent a link to ${email}. Open it to finish creating your account.`);
    // Not signed in yet: the account is waiting for its confirmation.
    await expect(page.locator(".site-header").getByRole("link", { name: "Sign in" })).toBeVisible();

    // The mail's link leads to a page with a button (a mail scanner opening the link activates nothing).
    const link = await waitForMailedLink(email, "confirm");
    expect(link).toMatch(/^\/login\/confirm\?token=[A-Za-z0-9_-]{20,}$/);
    expect(mailsFor(email).join("\n")).toContain("Hello Robin");
    await page.goto(us(link));
    await expect(page.getByRole("heading", { level: 1, name: "Activate your account" })).toBeVisible();
    await page.getByRole("button", { name: "Activate my account" }).click();
    await expect(page).toHaveURL(us("/account?notice=welcome"));
    await expect(page.locator(".account-area [role=status]")).toHaveText("Welcome, Robin! Your account is ready.");
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    await expect(page.locator(".site-header").getByRole("link", { name: "Robin", exact: true })).toBeVisible();
    await expect(page.locator(".account-area").getByLabel("Email address")).toHaveValue(email);
    // Activation does not remember the shopper: the session ends with the browser.
    expect((await sessionCookie(context))?.expires).toBe(-1);

    // Sign out with the header's button.
    await page.locator(".site-header").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(us("/login?notice=signedOut"));
    await expect(page.locator(".account-page [role=status]")).toHaveText("You're signed out.");
    await expect(page.locator(".site-header").getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(page.locator(".site-header").getByRole("link", { name: "Robin", exact: true })).toHaveCount(0);
    await page.goto(us("/account"));
    await expect(page).toHaveURL(us("/login?returnTo=%2Faccount"));

    // Sign in again, remembered on this device.
    await signIn(page, email, password, { rememberMe: true });
    await expect(page).toHaveURL(us("/account"));
    await expect(page.locator(".site-header").getByRole("link", { name: "Robin", exact: true })).toBeVisible();
    const session = await sessionCookie(context);
    expect(session, "the SESSION cookie").toBeDefined();
    expect(session!.httpOnly).toBe(true);
    // "Keep me signed in" makes it a persistent cookie (about 30 days), not a browser-session one.
    expect(session!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    // Nothing that signs the shopper in is readable by page scripts.
    for (const cookie of await context.cookies(us("/"))) {
      if (/session|token|auth/i.test(cookie.name)) expect(cookie.httpOnly, `${cookie.name} is HttpOnly`).toBe(true);
    }
    const scriptCookies = await page.evaluate(() => document.cookie);
    expect(scriptCookies).not.toMatch(/SESSION|token|isAuthenticated/i);
    expect(scriptCookies).not.toContain(session!.value);

    // The confirmation link worked once.
    await page.goto(us(link));
    await page.getByRole("button", { name: "Activate my account" }).click();
    await expect(page.locator(".account-page [role=alert]")).toHaveText(
      "This link isn't valid any more. Links work once, for 24 hours. Sign up again to get a new one.",
    );
  });
});

test.describe("a refused sign-in", () => {
  test("a wrong password and an unknown email get the same message, and nobody is signed in", async ({ page }, testInfo) => {
    const attempts = [
      { email: DEMO_CUSTOMER, password: "Not-the-demo-password-1" },
      { email: uniqueEmail("nobody", testInfo), password: DEMO_PASSWORD },
    ];
    const answers: string[] = [];
    for (const { email, password } of attempts) {
      await page.goto(us("/login"));
      await signIn(page, email, password);
      const alert = page.locator(".account-page [role=alert]");
      await expect(alert).toHaveText(BAD_CREDENTIALS);
      answers.push((await page.locator(".account-page").innerText()).replace(email, "EMAIL"));
      await expect(page).toHaveURL(/\/login(\?|$)/);
      // What was typed stays, except the password (never sent back).
      await expect(page.locator("form.account-form").getByLabel("Email address")).toHaveValue(email);
      if (testInfo.project.name === "no-js") await expect(page.locator("form.account-form").getByLabel("Password", { exact: true })).toHaveValue("");
      await expect(page.locator(".site-header").getByRole("link", { name: "Sign in" })).toBeVisible();
    }
    // The two pages say exactly the same thing.
    expect(answers[1]).toBe(answers[0]);
  });
});

test.describe("a forgotten password", () => {
  test("the reset link sets a new password once; the old one stops working", async ({ page, request }, testInfo) => {
    const email = uniqueEmail("reset", testInfo);
    const unknown = uniqueEmail("unknown", testInfo);
    const oldPassword = "Old-beans-2026";
    const newPassword = "New-beans-2026";
    const confirm = await signUpThroughApi(request, { firstName: "Sam", lastName: "Reset", email, password: oldPassword });
    const token = new URL(confirm, us("/")).searchParams.get("token");
    expect((await request.post(us("/rest/v2/usb2c/users/confirmations"), { data: { token } })).status()).toBe(200);

    // The same neutral answer for an address without an account and for one with an account.
    for (const address of [unknown, email]) {
      await page.goto(us("/login"));
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page).toHaveURL(us("/login/forgot"));
      await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
      await page.locator("form.account-form").getByLabel("Email address").fill(address);
      await page.getByRole("button", { name: "Send the link" }).click();
      await expect(page.locator(".account-page [role=status]")).toHaveText(
        `If an account uses ${address}, a link to reset its password is on its way. It works once, for one hour.`,
      );
    }
    const link = await waitForMailedLink(email, "reset");
    expect(link).toMatch(/^\/login\/reset\?token=[A-Za-z0-9_-]{20,}$/);
    // Nothing was mailed to the address without an account (asked first, so its mail would be here by now).
    expect(mailsFor(unknown)).toHaveLength(0);

    await page.goto(us(link));
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password").fill(newPassword);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page).toHaveURL(us("/login?notice=passwordWasReset"));
    await expect(page.locator(".account-page [role=status]")).toHaveText("Your password is changed. Sign in with the new one.");

    // The old password no longer opens the account; the new one does.
    await signIn(page, email, oldPassword);
    await expect(page.locator(".account-page [role=alert]")).toHaveText(BAD_CREDENTIALS);
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(us("/account"));
    await expect(page.locator(".site-header").getByRole("link", { name: "Sam", exact: true })).toBeVisible();

    // The link worked once.
    await page.goto(us(link));
    await page.getByLabel("New password").fill("Third-beans-2026");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.locator(".account-page [role=alert]")).toHaveText("This link isn't valid any more. Links work once, for one hour. Ask for a new one.");
    expect(mailedLinks(email, "reset")).toHaveLength(1);
  });
});

test.describe("the address book", () => {
  const cards = (page: Page) => page.locator(".address-list .address-card");
  const addressForm = (page: Page) => page.locator("form:has(#addr-town)");

  async function fillAddress(form: Locator, a: { line1: string; town: string; region: string; postalCode: string; country?: "US" | "CA" }) {
    await form.locator("#addr-firstName").fill("Jo");
    await form.locator("#addr-lastName").fill("Shipper");
    await form.locator("#addr-line1").fill(a.line1);
    await form.locator("#addr-town").fill(a.town);
    await form.locator("#addr-region").fill(a.region);
    await form.locator("#addr-postalCode").fill(a.postalCode);
    await form.getByLabel("Country").selectOption(a.country ?? "US");
  }

  /** The field's error is shown with the field (same .field box) and is its accessible description. */
  async function expectFieldError(page: Page, field: "region" | "postalCode", message: string) {
    const input = page.locator(`#addr-${field}`);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(message);
    await expect(page.locator(".field", { has: input }).locator(".field__error")).toHaveText(message);
    await expect(page.locator(".account-section [role=alert]")).toHaveText("Please correct the highlighted fields.");
  }

  test("add, refuse a wrong postal code next to its field, edit, page through four at a time and delete", async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    const email = uniqueEmail("addresses", testInfo);
    const link = await signUpThroughApi(request, { firstName: "Jo", lastName: "Shipper", email, password: "Address-book-2026" });
    await activate(page, link, "Jo");

    await page.locator(".account-nav").getByRole("link", { name: "Address book" }).click();
    await expect(page).toHaveURL(us("/account/addresses"));
    await expect(page.getByRole("heading", { level: 2, name: "Address book" })).toBeVisible();
    await expect(page.getByText("You haven't saved an address yet.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Add an address" })).toBeVisible();

    // The first address: listed, and the default.
    await fillAddress(addressForm(page), { line1: "1 Commerce Plaza", town: "Albany", region: "NY", postalCode: "12207" });
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page).toHaveURL(us("/account/addresses?notice=addressSaved"));
    await expect(page.locator(".account-section [role=status]")).toHaveText("Address saved.");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("1 Commerce Plaza");
    await expect(cards(page).first()).toContainText("Albany, NY 12207");
    await expect(cards(page).first().locator(".badge")).toHaveText("Default");
    await expect(page.getByText("You haven't saved an address yet.")).toHaveCount(0);

    // A ZIP code that is not one, then a Canadian postal code with a US state: the field says so.
    const zipProblem = "Enter a 5-digit ZIP code (or ZIP+4).";
    await fillAddress(addressForm(page), { line1: "9 Wrong Zip Rd", town: "Troy", region: "NY", postalCode: "1220" });
    await page.getByRole("button", { name: "Save address" }).click();
    await expectFieldError(page, "postalCode", zipProblem);
    // What was typed is still there to fix.
    await expect(page.locator("#addr-town")).toHaveValue("Troy");
    await expect(page.locator("#addr-line1")).toHaveValue("9 Wrong Zip Rd");

    await fillAddress(addressForm(page), { line1: "9 Wrong Zip Rd", town: "Troy", region: "NY", postalCode: "K1A 0B1" });
    await page.getByRole("button", { name: "Save address" }).click();
    await expectFieldError(page, "postalCode", zipProblem);

    // A US state with Canada as the country: the state or province is the field to fix.
    await fillAddress(addressForm(page), { line1: "9 Wrong Zip Rd", town: "Troy", region: "NY", postalCode: "K1A 0B1", country: "CA" });
    await page.getByRole("button", { name: "Save address" }).click();
    await expectFieldError(page, "region", "Choose a Canadian province or territory, such as ON.");
    // None of the refused addresses was saved.
    await page.goto(us("/account/addresses"));
    await expect(cards(page)).toHaveCount(1);
    await expect(page.locator(".address-list")).not.toContainText("Wrong Zip");

    // Edit the address.
    await cards(page).first().getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/account\/addresses\?edit=/);
    await expect(page.getByRole("heading", { level: 3, name: "Edit address" })).toBeVisible();
    await expect(page.locator("#addr-line1")).toHaveValue("1 Commerce Plaza");
    await expect(page.locator("#addr-postalCode")).toHaveValue("12207");
    await page.locator("#addr-line1").fill("2 Empire State Plaza");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page).toHaveURL(us("/account/addresses?notice=addressSaved"));
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("2 Empire State Plaza");
    await expect(cards(page).first()).not.toContainText("1 Commerce Plaza");
    await expect(cards(page).first().locator(".badge")).toHaveText("Default");

    // Four more: four to a page, and a link to page 2.
    const more = [
      { line1: "10 Fulton St", town: "Troy", region: "NY", postalCode: "12180" },
      { line1: "20 Main St", town: "Buffalo", region: "NY", postalCode: "14202" },
      { line1: "30 Court St", town: "Rochester", region: "NY", postalCode: "14614" },
      { line1: "40 Salina St", town: "Syracuse", region: "NY", postalCode: "13202" },
    ];
    for (const [i, address] of more.entries()) {
      await fillAddress(addressForm(page), address);
      await page.getByRole("button", { name: "Save address" }).click();
      // Each save shows up before the next: the third more fills page 1, the fourth opens page 2.
      if (i < 3) await expect(cards(page)).toHaveCount(i + 2);
    }
    const pages = page.getByRole("navigation", { name: "Address pages" });
    await expect(pages.getByRole("link", { name: "2", exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    await expect(pages.getByRole("link")).toHaveCount(2);
    await expect(pages.getByRole("link", { name: "1", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.locator(".address-list .badge")).toHaveCount(1);
    const firstPage = await cards(page).allInnerTexts();

    await pages.getByRole("link", { name: "2", exact: true }).click();
    await expect(page).toHaveURL(us("/account/addresses?page=2"));
    await expect(pages.getByRole("link", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(1);
    const onPageTwo = await cards(page).first().innerText();
    // Together the two pages hold the five addresses, each once.
    const everything = [...firstPage, onPageTwo].join("\n");
    for (const street of ["2 Empire State Plaza", ...more.map((a) => a.line1)]) expect(everything.split(street).length - 1, street).toBe(1);

    // Delete the one on page 2: back to a single page of four.
    const deletedStreet = ["2 Empire State Plaza", ...more.map((a) => a.line1)].find((s) => onPageTwo.includes(s))!;
    await cards(page).first().getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(us("/account/addresses?notice=addressDeleted"));
    await expect(page.locator(".account-section [role=status]")).toHaveText("Address deleted.");
    await expect(cards(page)).toHaveCount(4);
    await expect(page.getByRole("navigation", { name: "Address pages" })).toHaveCount(0);
    await expect(page.locator(".address-list")).not.toContainText(deletedStreet);
    await expect(page.locator(".address-list .badge")).toHaveCount(1);
  });
});

test.describe("account pages when signed out", () => {
  test("send the shopper to sign in and back to the page they asked for", async ({ page }) => {
    for (const path of ["/account", "/account/addresses", "/account/orders"]) {
      await page.goto(us(path));
      await expect(page).toHaveURL(us(`/login?returnTo=${encodeURIComponent(path)}`));
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    }
    await signIn(page, DEMO_CUSTOMER, DEMO_PASSWORD);
    await expect(page).toHaveURL(us("/account/orders"));
    await expect(page.getByRole("heading", { level: 2, name: "Order history" })).toBeVisible();
    await expect(page.locator(".site-header").getByRole("link", { name: "Dana", exact: true })).toBeVisible();
    // Signed in, the sign-in page sends the shopper on.
    await page.goto(us("/login?returnTo=%2Faccount%2Faddresses"));
    await expect(page).toHaveURL(us("/account/addresses"));
  });

  test("a returnTo that leaves the store is not followed", async ({ page }) => {
    for (const returnTo of ["https://evil.example/", "//evil.example/account", "/\\evil.example"]) {
      await page.goto(us(`/login?returnTo=${encodeURIComponent(returnTo)}`));
      await expect(page.locator('form.account-form input[name="returnTo"]')).toHaveValue("/account");
    }
  });
});

test.describe("the account pages in French on the Canadian store", () => {
  test("a demo customer signs in, sees the account in French and signs out", async ({ page }) => {
    await page.goto(ca("/fr/account"));
    await expect(page).toHaveURL(ca(`/fr/login?returnTo=${encodeURIComponent("/fr/account")}`));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: "Ouvrir une session" })).toBeVisible();
    const form = page.locator("form.account-form");
    await form.getByLabel("Adresse courriel").fill(DEMO_CUSTOMER);
    await form.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole("button", { name: "Ouvrir une session" }).click();

    await expect(page).toHaveURL(ca("/fr/account"));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Vos coordonnées" })).toBeVisible();
    await expect(page.locator(".account-area").getByLabel("Prénom")).toHaveValue("Dana");
    await expect(page.locator(".site-header").getByRole("link", { name: "Dana", exact: true })).toBeVisible();
    // On the smallest phone the signed-in header still keeps to two rows: sign-out shows as an icon, its name kept.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.locator(".site-header").getByRole("button", { name: "Fermer la session" })).toBeVisible();
    expect((await page.locator(".site-header").boundingBox())!.height).toBeLessThan(150);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize(viewport);
    const nav = page.getByRole("navigation", { name: "Compte" });
    await expect(nav.getByRole("link")).toHaveText([
      "Profil",
      "Carnet d'adresses",
      "Historique des commandes",
      "Livraison automatique",
      "Avantages",
      "Mes cafetières",
      "Parrainer un ami",
      "Mes boissons",
    ]);

    await nav.getByRole("link", { name: "Carnet d'adresses" }).click();
    await expect(page).toHaveURL(ca("/fr/account/addresses"));
    await expect(page.getByRole("heading", { level: 2, name: "Carnet d'adresses" })).toBeVisible();
    // The Canadian store's address form asks for a province and a postal code, in French.
    await expect(page.getByLabel("Province")).toBeVisible();
    await expect(page.getByLabel("Code postal")).toBeVisible();
    await expect(page.getByRole("button", { name: "Enregistrer l'adresse" })).toBeVisible();

    await page.locator(".site-header").getByRole("button", { name: "Fermer la session" }).click();
    await expect(page).toHaveURL(ca("/fr/login?notice=signedOut"));
    await expect(page.locator(".account-page [role=status]")).toHaveText("Votre session est fermée.");
    await expect(page.locator(".site-header").getByRole("link", { name: "Connexion" })).toBeVisible();
    await page.goto(ca("/fr/account/addresses"));
    await expect(page).toHaveURL(ca(`/fr/login?returnTo=${encodeURIComponent("/fr/account/addresses")}`));
  });
});

test.describe("member prices", () => {
  test("a perks member's category grid shows member prices, and a guest's the list prices again, though grids are rendered once and reused", async ({
    page,
    browser,
  }) => {
    const category = us("/c/coffee");
    const breakfastBlend = (p: Page) =>
      p
        .locator(".product-card", { has: p.locator('a[href*="breakfast-blend"]') })
        .first()
        .locator(".price__now");

    await page.goto(category);
    const listPrice = priceOf(await breakfastBlend(page).textContent());
    expect(listPrice).toBeGreaterThan(0);

    await page.goto(us("/login"));
    await signIn(page, DEMO_PERKS, DEMO_PASSWORD);
    await expect(page).toHaveURL(us("/account"));
    await page.goto(category);
    expect(priceOf(await breakfastBlend(page).textContent())).toBeLessThan(listPrice);

    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(category);
    expect(priceOf(await breakfastBlend(guestPage).textContent())).toBe(listPrice);
    await guest.close();
  });

  test("a perks member sees a lower price than an anonymous shopper, on a page nobody caches", async ({ page }) => {
    const product = us("/Coffee/breakfast-blend/p/5001-SMRG-KC-24");
    const price = page.locator(".price-block .price__now");

    const anonymous = await page.goto(product);
    expect(anonymous?.status()).toBe(200);
    const listPrice = await price.textContent();
    expect(priceOf(listPrice)).toBeGreaterThan(0);

    await page.goto(us("/login"));
    await signIn(page, DEMO_PERKS, DEMO_PASSWORD);
    await expect(page).toHaveURL(us("/account"));

    const signedIn = await page.goto(product);
    expect(signedIn?.status()).toBe(200);
    expect(signedIn?.headers()["cache-control"]).toBe("private, no-store");
    const memberPrice = await price.textContent();
    expect(priceOf(memberPrice)).toBeLessThan(priceOf(listPrice));
    // The list price is still shown, as the one the member does not pay.
    await expect(page.locator(".price-block .price__was")).toContainText(listPrice!.trim());
  });
});
