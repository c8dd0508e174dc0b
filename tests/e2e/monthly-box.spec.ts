import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, type Locator, type Page, test, type TestInfo } from "@playwright/test";
import { APPROVED_CARD, CHECKOUT_EN, fillCheckout } from "./support/checkout";
import { waitForMailedLink } from "./support/mail";
import { moveClockAndSweep } from "./support/store-clock";
import { ownClientAddress } from "./support/client-address";

const port = Number(process.env.E2E_PORT ?? 3100);
const origin = `http://localhost:${port}`;
const us = (p: string) => `${origin}${p}`;
const host = (name: string, p: string) => `http://${name}:${port}${p}`;
const PASSWORD = "Monthly-box-2026";

const fill = (page: Page) => page.getByTestId("box-fill");
const product = (page: Page, index: number) => page.locator("article.box-product").nth(index);
const nameOf = async (article: Locator) => (await article.locator("h4").textContent())!.trim();
const quantityOf = (article: Locator) => article.getByRole("spinbutton");

test.describe("the monthly box's page", () => {
  test("the home page's campaign slot leads to the box: its price, what it includes, and this month's selection by category", async ({ page }) => {
    await page.goto(us("/"));
    const teaser = page.locator(".campaign-banner");
    await expect(teaser.getByRole("heading", { name: "The monthly fixed-price box" })).toBeVisible();
    await teaser.getByRole("link", { name: "Build my box" }).click();
    await expect(page).toHaveURL(us("/monthly-box"));
    await expect(page.getByRole("heading", { level: 1, name: "Monthly fixed-price box" })).toBeVisible();
    await expect(page.locator(".monthly-box__price")).toHaveText("$59.99 a month, about $0.62 a pod. Standard delivery included; tax extra.");
    await expect(page.locator(".monthly-box__includes")).toContainText("Standard delivery every month at no extra charge");
    await expect(page.locator(".monthly-box__includes")).toContainText("cancel, at any time");
    const browse = page.getByRole("navigation", { name: "Browse the selection" });
    await expect(browse.getByRole("button", { name: "All 36 products" })).toHaveAttribute("aria-pressed", "true");
    for (const category of ["Coffee", "Tea", "Hot Cocoa"])
      await expect(browse.getByRole("button", { name: new RegExp(`^${category} \\(\\d+\\)$`) })).toBeVisible();
    await expect(page.locator("article.box-product")).toHaveCount(12);
    await expect(page.getByText("Page 1 of 3")).toBeVisible();

    // Next month's selection can be looked at ahead; the first box is this month's.
    const heading = page.getByRole("heading", { level: 2, name: /^Pick your box for / });
    const thisMonth = (await heading.textContent())!;
    await page.getByRole("button", { name: /^Next month: / }).click();
    await expect(page.getByRole("button", { name: /^Next month: / })).toHaveAttribute("aria-pressed", "true");
    await expect(heading).not.toHaveText(thisMonth);
    await expect(page.getByText("Your first box ships this month: pick this month's box to subscribe.", { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in to subscribe" })).toHaveCount(0);
  });

  test("a pick survives paging, filtering and searching; Check my box tells what is left, what is too many and what is refused", async ({ page }, testInfo) => {
    await page.goto(us("/monthly-box"));
    const first = product(page, 0);
    const firstName = await nameOf(first);
    await quantityOf(first).fill("2");
    if (testInfo.project.name === "js") await expect(fill(page)).toContainText("48 of 96 pods picked 48 pods still to pick.");
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page.getByText("Page 2 of 3")).toBeVisible();
    await expect(fill(page)).toContainText("48 of 96 pods picked");
    await expect(page.locator(".box-fill__picks")).toHaveText(`${firstName} × 2`);

    await page
      .getByRole("navigation", { name: "Browse the selection" })
      .getByRole("button", { name: /^Tea \(\d+\)$/ })
      .click();
    await expect(page.locator(".box-picker__category")).toHaveText(["Tea"]);
    const tea = product(page, 0);
    const teaName = await nameOf(tea);
    await quantityOf(tea).fill("1");
    await page.getByRole("button", { name: "Check my box" }).click();
    await expect(fill(page)).toHaveText("72 of 96 pods picked 24 pods still to pick.");
    await expect(page.locator(".box-fill__picks li")).toHaveText([`${firstName} × 2`, `${teaName} × 1`]);

    await page.getByLabel("Search this month's selection").fill(firstName.split(" ")[0]!);
    await page.getByRole("button", { name: "Search the selection" }).click();
    await expect(page.getByText(/products? match “/)).toBeVisible();
    const found = page.locator("article.box-product").filter({ hasText: firstName });
    await expect(quantityOf(found)).toHaveValue("2");
    await quantityOf(found).fill("4");
    await page.getByRole("button", { name: "Check my box" }).click();
    await expect(fill(page)).toHaveText("120 of 96 pods picked 24 pods too many: take some out.");
    await expect(page).toHaveURL(/pick=[^&]+%3A4/);

    // A product the month does not offer, in the address as a shared link would carry it.
    const address = new URL(page.url());
    address.searchParams.append("pick", "9999-NOPE-KC-24:1");
    await page.goto(address.toString());
    await expect(page.locator(".box-fill [role=alert]")).toContainText("9999-NOPE-KC-24: This product isn't in this month's selection.");
    await expect(fill(page)).toHaveText("120 of 96 pods picked 24 pods too many: take some out.");
  });

  test("a guest is told to sign in to subscribe, and comes back to the same pick", async ({ page }) => {
    await page.goto(us("/monthly-box"));
    await expect(page.locator(".monthly-box__guest")).toContainText("Sign in or create an account to subscribe; your picks stay on this page.");
    await quantityOf(product(page, 0)).fill("1");
    await page.getByRole("button", { name: "Sign in to subscribe" }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    const back = new URL(page.url()).searchParams.get("returnTo")!;
    expect(back).toMatch(/^\/monthly-box\?pick=[^&]+%3A1$|^\/monthly-box\?pick=[^&]+:1$/);
  });

  test("the Canadian store's box is in French under /fr, in CAD; the commercial store has none", async ({ page }) => {
    await page.goto(host("www.brewfront.ca.localhost", "/fr/monthly-box"));
    await expect(page.getByRole("heading", { level: 1, name: "Boîte mensuelle à prix fixe" })).toBeVisible();
    await expect(page.locator(".monthly-box__price")).toContainText("78,99\u00a0$ par mois");
    await expect(page.getByRole("button", { name: "Vérifier ma boîte" })).toBeVisible();
    const commercial = await page.goto(host("commercial.localhost", "/monthly-box"));
    expect(commercial?.status()).toBe(404);
  });
});

/**
 * The store's clock is one for the whole store and only moves ahead (decision 055): the flows that
 * subscribe and then move it to the next box day take turns across the two projects' workers, and
 * each reads its months from the store when its turn comes.
 */
async function onTheStoreClock<T>(run: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `brewfront-e2e-${port}-monthly-box-clock.lock`);
  for (const started = Date.now(); ;) {
    try {
      await fs.writeFile(lock, String(Date.now()), { flag: "wx" });
      break;
    } catch {
      const age = Date.now() - Number(await fs.readFile(lock, "utf8").catch(() => "0"));
      if (age > 240_000) await fs.rm(lock, { force: true });
      if (Date.now() - started > 240_000) throw new Error("the store clock's turn never came");
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await run();
  } finally {
    await fs.rm(lock, { force: true });
  }
}

function shopper(testInfo: TestInfo) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: "Robin",
    lastName: `Box${testInfo.project.name.replace(/\W/g, "")}${suffix}`,
    email: `box-${testInfo.project.name}-${suffix}@example.com`,
    password: PASSWORD,
    address: ownClientAddress(),
  };
}

/** An account opened through the store's API and confirmed from its mail, then signed in on the page, landing on `returnTo`. */
async function signUpAndSignIn(page: Page, person: ReturnType<typeof shopper>, returnTo: string) {
  const headers = { "Content-Type": "application/json", "X-Forwarded-For": person.address };
  const { address: _address, ...signUp } = person;
  expect((await fetch(us("/rest/v2/usb2c/users"), { method: "POST", headers, body: JSON.stringify(signUp) })).status).toBe(202);
  const token = new URL(await waitForMailedLink(person.email, "confirm"), origin).searchParams.get("token");
  expect((await fetch(us("/rest/v2/usb2c/users/confirmations"), { method: "POST", headers, body: JSON.stringify({ token }) })).status).toBe(200);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": person.address });
  await page.goto(us(`/login?returnTo=${encodeURIComponent(returnTo)}`));
  const form = page.locator("form.account-form");
  await form.getByLabel("Email address").fill(person.email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(us(returnTo), { timeout: 15_000 });
}

/** Fills the box with the first four products shown, one K-Cup box each (4 × 24 = 96 pods), checked. */
async function fillWithFirstFour(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < 4; i++) {
    await quantityOf(product(page, i)).fill("1");
    names.push(await nameOf(product(page, i)));
  }
  await page.getByRole("button", { name: "Check my box" }).click();
  await expect(fill(page)).toHaveText("96 of 96 pods picked Your box is full.");
  return names;
}

test.describe("subscribing to the monthly box", () => {
  test.describe.configure({ timeout: 300_000 });

  test("the box in the cart goes back to its page with the same picks to change, and leaves the cart whole", async ({ page }, testInfo) => {
    const person = shopper(testInfo);
    await onTheStoreClock(async () => {
      await signUpAndSignIn(page, person, "/monthly-box");
      const picks = await fillWithFirstFour(page);
      await page.getByRole("button", { name: /^Subscribe for / }).click();
      await expect(page).toHaveURL(us("/cart"));
      await page.getByTestId("cart-monthly-box").getByRole("link", { name: "Change my box" }).click();
      await expect(page).toHaveURL(/\/monthly-box\?month=\d{4}-\d{2}&pick=/);
      await expect(fill(page)).toHaveText("96 of 96 pods picked Your box is full.");
      await expect(page.locator(".box-fill__picks li")).toHaveText(picks.map((n) => `${n} × 1`));
      await page.goto(us("/cart"));
      await page.getByRole("button", { name: "Remove the box" }).click();
      await expect(page.getByTestId("cart-monthly-box")).toHaveCount(0);
      await expect(page.getByText("Your cart is empty")).toBeVisible();
    });
  });

  test("a member subscribes, checks out the box at its price, changes next month's picks, and the month's order carries them", async ({
    page,
    request,
  }, testInfo) => {
    const person = shopper(testInfo);
    await onTheStoreClock(async () => {
      await signUpAndSignIn(page, person, "/monthly-box");
      const picks = await fillWithFirstFour(page);
      await page.getByRole("button", { name: "Subscribe for $59.99 a month" }).click();

      await expect(page).toHaveURL(us("/cart"));
      const box = page.getByTestId("cart-monthly-box");
      await expect(box).toContainText("Monthly fixed-price box");
      await expect(box).toContainText("Standard delivery included");
      await expect(box.locator(".cart-box__picks li")).toHaveText(picks.map((n) => `${n} × 1`));
      await expect(page.locator("tr.cart-line--box .cart-table__total")).toHaveText("$59.99");
      await expect(page.locator("tr.cart-line")).toHaveCount(1);

      await fillCheckout(page, CHECKOUT_EN, { country: "US", card: APPROVED_CARD });
      await expect(page.locator(".checkout-summary").getByTestId("cart-monthly-box")).toContainText(picks[0]!);
      await page.locator("#review").getByRole("button", { name: CHECKOUT_EN.placeOrder }).click();
      await expect(page.getByRole("heading", { level: 1, name: CHECKOUT_EN.thanks })).toBeVisible();
      await expect(page.getByTestId("subscription-started")).toHaveText(
        /^Your monthly box AD\d{8} has started\. Next box: .+; then every month on the same day\.$/,
      );

      await page.goto(us("/monthly-box"));
      await expect(page.locator(".monthly-box-page .notice")).toContainText("You already have a monthly box.");
      await page.getByRole("link", { name: "Manage my monthly box" }).click();
      await expect(page).toHaveURL(us("/account/auto-delivery"));
      const card = page.locator("article.subscription--box");
      await expect(card).toHaveCount(1);
      const nextBox = (await card.locator("dd time").getAttribute("datetime"))!;
      const nextMonth = nextBox.slice(0, 7);
      await expect(card).toContainText("$59.99");
      await expect(card.locator("section").last()).toContainText(picks[0]!);

      await card.getByRole("link", { name: "Change next month's picks" }).click();
      await expect(page).toHaveURL(new RegExp(`/account/monthly-box\\?code=AD\\d{8}&month=${nextMonth}$`));
      const changePage = page.url();
      await expect(fill(page)).toHaveText("96 of 96 pods picked Your box is full.");
      // Next month: two boxes of the first product of the selection and two of the last, nothing else.
      await page.getByRole("button", { name: "All 36 products" }).click();
      const clearShown = async () => {
        for (let i = 0, n = await page.locator("article.box-product").count(); i < n; i++) await quantityOf(product(page, i)).fill("0");
      };
      await clearShown();
      const chosen = await nameOf(product(page, 0));
      await quantityOf(product(page, 0)).fill("2");
      await page.getByRole("button", { name: "Next page" }).click();
      await expect(page.getByText("Page 2 of 3")).toBeVisible();
      await clearShown();
      await page.getByRole("button", { name: "Next page" }).click();
      await expect(page.getByText("Page 3 of 3")).toBeVisible();
      await clearShown();
      const last = product(page, (await page.locator("article.box-product").count()) - 1);
      const other = await nameOf(last);
      await quantityOf(last).fill("2");
      await page.getByRole("button", { name: "Save next month's picks" }).click();
      await expect(page.locator(".account-section .notice")).toContainText("are saved.");
      await expect(page.locator(".box-fill__picks li")).toHaveText([`${chosen} × 2`, `${other} × 2`]);

      await moveClockAndSweep(request, nextBox);
      await page.goto(us("/account/auto-delivery"));
      const placed = page.locator("table.order-history tbody tr");
      await expect(placed).toHaveCount(1);
      const orderCode = (await placed.getByRole("link").textContent())!.trim();
      await expect(placed.locator("time")).toHaveAttribute("datetime", nextBox);
      await placed.getByRole("link").click();
      await expect(page).toHaveURL(us(`/account/orders/${orderCode}`));
      await expect(page.locator("main")).toContainText(chosen);
      await expect(page.locator("main")).toContainText(other);
      await expect(page.locator("main")).toContainText("$59.99");

      // The month just placed may no longer change: its page says so and offers no picker.
      const code = /AD\d{8}/.exec(changePage)![0];
      await page.goto(us(`/account/monthly-box?code=${code}&month=${nextMonth}`));
      await expect(page.locator(".account-section .notice")).toHaveText("This month's box has already been ordered: its picks can no longer be changed.");
      await expect(page.getByRole("button", { name: "Save next month's picks" })).toHaveCount(0);
      await expect(page.locator(".account-section li")).toHaveText([`${chosen} × 2`, `${other} × 2`]);
    });
  });
});
