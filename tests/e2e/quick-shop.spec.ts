import { expect, test } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const us = (path: string) => `http://localhost:${port}${path}`;
const headerCount = (page: import("@playwright/test").Page) => page.locator(".site-header__count");

test("a product tile adds its default variant and comes back to the same listing with a banner", async ({ page }) => {
  await page.goto(us("/c/coffee?sort=price-asc"));
  const tile = page
    .locator(".product-card")
    .filter({ has: page.getByRole("button", { name: "Add to cart" }) })
    .first();
  await tile.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/c\/coffee/);
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(headerCount(page)).toHaveText("1");
});

test("with JavaScript a tile adds in place: the listing stays, the snackbar answers and the header count follows @needs-js", async ({ page }) => {
  await page.goto(us("/c/coffee?sort=price-asc"));
  await page.evaluate(() => Object.assign(window, { listingStayed: true }));
  const tile = page
    .locator(".product-card")
    .filter({ has: page.getByRole("button", { name: "Add to cart" }) })
    .nth(1);
  await tile.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.locator(".snackbar--page")).toContainText("Added to your cart.");
  await expect(headerCount(page)).toHaveText("1");
  // The same document: a plain form post would have loaded the listing again.
  expect(await page.evaluate(() => (window as unknown as { listingStayed?: boolean }).listingStayed)).toBe(true);
});

test("bundles add every item of the kit from their tile", async ({ page }) => {
  await page.goto(us("/c/starter-kits"));
  const kit = page.locator(".product-card").filter({ hasText: "Brewer Starter Kit" });
  await kit.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to your cart.").first()).toBeVisible();
  await page.goto(us("/cart"));
  await expect(page.locator(".cart-table tbody tr")).toHaveCount(4);
});

test("quick shop: the dialog opens, a variant and quantity are chosen, the snackbar shows and the header count follows @needs-js", async ({ page }) => {
  await page.goto(us("/c/coffee"));
  const open = page.getByRole("button", { name: /^Quick shop/ }).first();
  await open.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio").first()).toBeVisible();

  // Escape closes it and focus goes back to the tile's button.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await expect(dialog.getByRole("radio").first()).toBeVisible();
  // Tab stays inside the dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("dialog"))).toBe(true);
  }
  const choice = dialog.locator('input[type="radio"]:not(:checked):not(:disabled)').first();
  const chosenCode = await choice.getAttribute("value");
  await choice.check();
  await expect(dialog.locator('input[name="productCode"]')).toHaveValue(chosenCode!);
  await page.evaluate(() => {
    window.addEventListener("cartChanged", (e) => {
      (window as unknown as { lastCartChange: unknown }).lastCartChange = (e as CustomEvent).detail;
    });
  });
  await dialog.getByLabel("Quantity").selectOption("2");
  await dialog.getByRole("button", { name: "Add to cart" }).click();
  await expect(dialog.getByRole("status")).toContainText("Added to your cart.");
  await expect(headerCount(page)).toHaveText("2");
  const change = await page.evaluate(() => (window as unknown as { lastCartChange: { cartGuid: string; quantity: number } }).lastCartChange);
  expect(change.quantity).toBe(2);
  expect(change.cartGuid).toMatch(/^[0-9a-f]{32}$/);

  await page.goto(us("/cart"));
  await expect(page.locator(".cart-table tbody tr")).toHaveCount(1);
  await expect(page.locator(`#qty-0`)).toHaveValue("2");
});

test("the compare table adds a column's product", async ({ page }) => {
  await page.goto(us("/c/brewers"));
  const boxes = page.getByRole("checkbox", { name: "Compare" });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page
    .getByRole("button", { name: /compare/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/compare\?/);
  await page.locator(".compare-table").getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page.getByText("Added to your cart.").first()).toBeVisible();
  await expect(headerCount(page)).toHaveText("1");
});

test("gift cards on the cart page: check a balance, apply, use part, a wrong PIN", async ({ page }) => {
  await page.goto(us("/c/coffee"));
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(headerCount(page)).toHaveText("1");
  await page.goto(us("/cart"));
  const cards = page.locator("#gift-cards");
  await cards.getByLabel("Gift card number").fill("6006 4910 0010 0100");
  await cards.getByLabel("PIN").fill("1111");
  await cards.getByRole("button", { name: "Apply" }).click();
  await expect(cards.getByText("The gift card number or PIN is not right.")).toBeVisible();

  await cards.getByLabel("Gift card number").fill("6006 4910 0010 0100");
  await cards.getByLabel("PIN").fill("2468");
  await cards.getByRole("button", { name: "Check balance" }).click();
  await expect(cards.getByText("The card ending 0100 has a balance of $100.00.")).toBeVisible();

  await cards.getByLabel("Gift card number").fill("6006491000100025");
  await cards.getByLabel("PIN").fill("2468");
  await cards.getByRole("button", { name: "Apply" }).click();
  await expect(cards.getByText("Card ending 0025")).toBeVisible();
  await cards.getByLabel("Amount to use").fill("5.50");
  await cards.getByRole("button", { name: "Use this amount" }).click();
  await expect(cards.getByText("You chose to use $5.50.")).toBeVisible();
  await expect(cards.getByText("$5.50 of the $25.00 balance goes toward this order.")).toBeVisible();
  await cards.getByRole("button", { name: "Remove" }).click();
  await expect(cards.getByText("Card ending 0025")).toBeHidden();
});

test("gift cards on the Canadian store's French cart page speak French and take Canadian cards", async ({ page }) => {
  const ca = (path: string) => `http://www.brewfront.ca.localhost:${port}${path}`;
  await page.goto(ca("/fr/c/coffee"));
  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  await expect(headerCount(page)).toHaveText("1");
  await page.goto(ca("/fr/cart"));
  const cards = page.locator("#gift-cards");
  await expect(cards.getByRole("heading", { name: "Cartes-cadeaux" })).toBeVisible();
  // A card of the US store is unknown here.
  await cards.getByLabel("Numéro de la carte-cadeau").fill("6006 4910 0010 0100");
  await cards.getByLabel("NIP").fill("2468");
  await cards.getByRole("button", { name: "Appliquer" }).click();
  await expect(cards.getByText("Le numéro ou le NIP de la carte-cadeau n’est pas valide.")).toBeVisible();
  await cards.getByLabel("Numéro de la carte-cadeau").fill("6006 4910 0020 0100");
  await cards.getByLabel("NIP").fill("2468");
  await cards.getByRole("button", { name: "Appliquer" }).click();
  await expect(cards.getByText("Carte se terminant par 0100")).toBeVisible();
  await expect(cards.getByText(/du solde de 100,00\s\$ s’applique à cette commande/)).toBeVisible();
});
