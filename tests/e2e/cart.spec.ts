import { expect, test } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const PRODUCT = `http://localhost:${port}/Coffee/breakfast-blend/p/5001-SMRG-KC-24`;

test.describe("the cart's quantity stepper", () => {
  test("− and + change a line by one, with or without JavaScript, and − stops at one", async ({ page }) => {
    await page.goto(PRODUCT);
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await page.locator("form.add-to-cart").first().getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByText("Added to your cart.").first()).toBeVisible();

    await page.goto(`http://localhost:${port}/cart`);
    const line = page.locator(".cart-line").filter({ hasText: name });
    const quantity = line.getByRole("spinbutton", { name: "Quantity" });
    const lineTotal = line.locator(".cart-table__total");
    await expect(quantity).toHaveValue("1");
    const one = await lineTotal.textContent();
    const less = line.getByRole("button", { name: `Decrease the quantity of ${name}` });
    await expect(less).toBeDisabled();

    await line.getByRole("button", { name: `Increase the quantity of ${name}` }).click();
    await expect(quantity).toHaveValue("2");
    await expect(lineTotal).not.toHaveText(one!);
    await expect(page.locator(".site-header__count")).toHaveText("2");

    await less.click();
    await expect(quantity).toHaveValue("1");
    await expect(lineTotal).toHaveText(one!);
    await expect(less).toBeDisabled();
  });
});
