import { expect, type Page, test } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const hostUrl = (host: string, path = "/") => `http://${host}:${port}${path}`;
const CANADA = "www.brewfront.ca.localhost";

/** Catalog words that must never reach a French page. */
const ENGLISH_WORDS = ["Bagged", "Canned", "Flavour", "Flavor", "Roast", "Caffeinated", "In stock", "Out of stock", "Pack", "Size", "From"];

/** The words the shopper can read: the page's text, plus labels and alternative texts. */
async function visibleWords(page: Page): Promise<string> {
  const text = await page.locator("body").innerText();
  const attributes = await page
    .locator("[aria-label], [alt], [placeholder], [title]")
    .evaluateAll((els) => els.map((el) => ["aria-label", "alt", "placeholder", "title"].map((a) => el.getAttribute(a) ?? "").join(" ")));
  return `${text}\n${attributes.join("\n")}`;
}

test.describe("French product pages speak only French", () => {
  const pages = [
    // Sold in pods, bags and cans: it used to read "Emballage K-Cup, Bagged, Canned".
    "/fr/Coffee/melange-dejeuner/p/5001-SMRG",
    "/fr/Coffee/torrefaction-francaise/p/5003-SMRG",
    "/fr/Coffee/guatemala-antigua/p/5014-CLUM",
  ];
  for (const path of pages) {
    test(`${path} shows no English catalog word`, async ({ page }) => {
      const response = await page.goto(hostUrl(CANADA, path));
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect(page.getByRole("heading", { name: "Caractéristiques" })).toBeVisible();
      const words = await visibleWords(page);
      for (const english of ENGLISH_WORDS) expect(words, `"${english}" on ${path}`).not.toMatch(new RegExp(`\\b${english}\\b`));
    });
  }

  test("the packaging row names the pack types in French", async ({ page }) => {
    await page.goto(hostUrl(CANADA, pages[0]));
    const row = page.locator(".specs tr", { hasText: "Emballage" });
    await expect(row).toContainText("Dosettes K-Cup");
    await expect(row).toContainText("En sac");
  });
});

test.describe("each English store spells its own English", () => {
  test("the US store says favorites", async ({ page }) => {
    await page.goto(hostUrl("localhost"));
    await expect(page.getByRole("heading", { name: "Customer favorites" })).toBeVisible();
    expect(await page.locator("body").innerText()).not.toMatch(/favourite/i);
  });

  test("the commercial store says favorites", async ({ page }) => {
    await page.goto(hostUrl("commercial.localhost"));
    await expect(page.getByRole("heading", { name: "Breakroom favorites" })).toBeVisible();
  });

  test("the Canadian English store says favourites", async ({ page }) => {
    await page.goto(hostUrl(CANADA));
    await expect(page.getByRole("heading", { name: "Customer favourites" })).toBeVisible();
  });

  test("a US brewer page says Color, the Canadian one Colour", async ({ page }) => {
    await page.goto(hostUrl("localhost", "/c/brewers"));
    await page.locator(".product-card a").first().click();
    await expect(page.locator(".variants legend")).toHaveText("Color");
    await page.goto(hostUrl(CANADA, "/c/brewers"));
    await page.locator(".product-card a").first().click();
    await expect(page.locator(".variants legend")).toHaveText("Colour");
  });
});

test.describe("a product page prices the size shown as selected", () => {
  test("no From once a size is selected", async ({ page }) => {
    await page.goto(hostUrl("localhost", "/Coffee/breakfast-blend/p/5001-SMRG"));
    const selected = page.locator(".variant--on");
    await expect(selected).toHaveCount(1);
    const selectedPrice = await selected.locator(".variant__price").innerText();
    await expect(page.locator(".price-block .price__from")).toHaveCount(0);
    await expect(page.locator(".price-block .price__now")).toHaveText(selectedPrice);
  });
});

test.describe("the footer newsletter form stays inside its column", () => {
  for (const width of [1280, 390]) {
    for (const [lang, path] of [
      ["English", "/"],
      ["French", "/fr/"],
    ] as const) {
      test(`${lang} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(hostUrl(CANADA, path));
        const column = page.locator(".site-footer section").filter({ has: page.locator("form.newsletter") });
        const button = column.locator("form.newsletter button[type=submit]");
        const columnBox = (await column.boundingBox())!;
        const buttonBox = (await button.boundingBox())!;
        expect(buttonBox.x).toBeGreaterThanOrEqual(columnBox.x - 0.5);
        expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(columnBox.x + columnBox.width + 0.5);
        // The button's label stays on one line.
        const lineHeight = await button.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
        expect(buttonBox.height).toBeLessThan(lineHeight * 2);
        const help = page.locator(".site-footer .help");
        const helpBox = (await help.boundingBox())!;
        const sameRow = helpBox.y < buttonBox.y + buttonBox.height && buttonBox.y < helpBox.y + helpBox.height;
        if (sameRow) expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(helpBox.x);
      });
    }
  }
});

test.describe("the error page", () => {
  test("shows Need help? once", async ({ page }) => {
    const response = await page.goto(hostUrl("localhost", "/no-such-page"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Need help?" })).toHaveCount(1);
  });

  test("shows Besoin d’aide ? once in French", async ({ page }) => {
    await page.goto(hostUrl(CANADA, "/fr/no-such-page"));
    await expect(page.getByRole("heading", { name: "Besoin d’aide\u202f?" })).toHaveCount(1);
  });
});
