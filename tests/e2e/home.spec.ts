import { expect, test } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const hostUrl = (host: string, path = "/") => `http://${host}:${port}${path}`;

test.describe("each brand's home page", () => {
  test("the US consumer store shows its favorites in USD", async ({ page }) => {
    await page.goto(hostUrl("localhost"));
    await expect(page.locator("html")).toHaveAttribute("data-brand", "usb2c");
    await expect(page.getByRole("link", { name: "Brewfront, home" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Customer favorites" })).toBeVisible();
    await expect(page.locator(".product-card").first()).toContainText("$");
    await expect(page.locator(".site-footer")).toContainText("1-800-555-0199");
  });

  test("the Canadian store shows CAD prices and switches to French", async ({ page }) => {
    await page.goto(hostUrl("www.brewfront.ca.localhost"));
    await expect(page.locator("html")).toHaveAttribute("data-brand", "cab2c");
    await expect(page.locator(".site-footer")).toContainText("1-800-555-0123");
    await page.getByRole("link", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: "Nos favoris" })).toBeVisible();
    await expect(page.locator(".product-card .price__now").first()).toHaveText(/^\d+,\d{2}\u00a0\$$/);
  });

  test("the commercial store renders its own brand", async ({ page }) => {
    await page.goto(hostUrl("commercial.localhost"));
    await expect(page.locator("html")).toHaveAttribute("data-brand", "usafh");
    await expect(page.getByRole("heading", { name: "Breakroom favorites" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Great coffee for every breakroom" })).toBeVisible();
  });
});

test("an unknown page shows the branded error page", async ({ page }) => {
  const response = await page.goto(hostUrl("localhost", "/no-such-page"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "SORRY, SOMETHING WENT WRONG!" })).toBeVisible();
  await expect(page.getByText("brewed decaf by mistake")).toBeVisible();
  await page.locator(".error-page").getByRole("link", { name: "Go to the home page" }).click();
  await expect(page.getByRole("heading", { name: "Customer favorites" })).toBeVisible();
});

test("the footer newsletter asks the shopper to confirm, the same way for a repeat", async ({ page }, testInfo) => {
  await page.goto(hostUrl("localhost"));
  const email = `shopper-${testInfo.project.name}-${Date.now()}@example.com`;
  const form = page.locator(".site-footer form.newsletter");
  await form.getByLabel("Email address").fill(email);
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(page.locator(".site-footer [role=status]")).toHaveText("Check your inbox to confirm your sign-up.");
  // The same address again gets the same answer: the form does not tell who is on the list.
  await page.locator(".site-footer form.newsletter").getByLabel("Email address").fill(email);
  await page.locator(".site-footer form.newsletter").getByRole("button", { name: "Sign up" }).click();
  await expect(page.locator(".site-footer [role=status]")).toHaveText("Check your inbox to confirm your sign-up.");
});
