import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { CHECKOUT_EN, CHECKOUT_FR, type CheckoutWords, fillCheckout, APPROVED_CARD } from "./support/checkout";
import { accessibilityViolations } from "./support/axe";
import { waitForMailedLink } from "./support/mail";
import { ownClientAddress } from "./support/client-address";

const port = Number(process.env.E2E_PORT ?? 3100);
const hosts = { usb2c: `http://localhost:${port}`, cab2c: `http://www.brewfront.ca.localhost:${port}` } as const;
const PASSWORD = "Designs-e2e-password-1";

test.describe.configure({ timeout: 150_000 });

interface Store {
  site: "usb2c" | "cab2c";
  lang: "en" | "fr";
  base: string;
  country: "US" | "CA";
  checkout: CheckoutWords;
  w: {
    activate: string;
    designer: string;
    beverage: string;
    size12: string;
    bold: string;
    oat: string;
    almond: string;
    lightlySweet: string;
    vanilla: string;
    caramel: string;
    name: string;
    save: string;
    saveChanges: string;
    startNew: string;
    saved: (name: string) => string;
    changing: (name: string) => string;
    accountTab: string;
    open: string;
    rename: (name: string) => string;
    renameButton: string;
    renamed: (name: string) => string;
    addToCart: string;
    added: (name: string) => string;
    deleteButton: (name: string) => string;
    deleted: string;
    noDesigns: string;
    lineLabel: (name: string) => string;
    lineChoices: RegExp;
    guestInvite: string;
    signInToSave: string;
    nameRefused: string;
  };
}

const STORES: Store[] = [
  {
    site: "usb2c",
    lang: "en",
    base: hosts.usb2c,
    country: "US",
    checkout: CHECKOUT_EN,
    w: {
      activate: "Activate my account",
      designer: "Design your drink",
      beverage: "Base beverage",
      size12: "12 oz",
      bold: "Bold",
      oat: "Oat milk",
      almond: "Almond milk",
      lightlySweet: "Lightly sweet",
      vanilla: "Vanilla",
      caramel: "Caramel",
      name: "Name your drink",
      save: "Save my drink",
      saveChanges: "Save changes",
      startNew: "Start a new drink",
      saved: (name) => `Saved “${name}”.`,
      changing: (name) => `You're changing “${name}”.`,
      accountTab: "My drinks",
      open: "Open in the designer",
      rename: (name) => `New name for “${name}”`,
      renameButton: "Rename",
      renamed: (name) => `Renamed to “${name}”.`,
      addToCart: "Add its pods to my cart",
      added: (name) => `The pods for “${name}” are in your cart.`,
      deleteButton: (name) => `Delete “${name}”`,
      deleted: "The drink was deleted.",
      noDesigns: "You haven't saved a drink yet.",
      lineLabel: (name) => `For your drink “${name}”`,
      lineChoices: /Size: 12 oz · Strength: Bold · Milk: Almond milk · Sweetness: Lightly sweet · Flavor shots: Vanilla and Caramel/,
      guestInvite: "Sign in to save your drinks and add their pods to your cart.",
      signInToSave: "Sign in to save",
      nameRefused: "Give your drink a name of up to 40 letters, digits and simple punctuation.",
    },
  },
  {
    site: "cab2c",
    lang: "fr",
    base: `${hosts.cab2c}/fr`,
    country: "CA",
    checkout: CHECKOUT_FR,
    w: {
      activate: "Activer mon compte",
      designer: "Créez votre boisson",
      beverage: "Boisson de base",
      size12: "12 oz",
      bold: "Corsé",
      oat: "Boisson d’avoine",
      almond: "Boisson d’amande",
      lightlySweet: "Légèrement sucré",
      vanilla: "Vanille",
      caramel: "Caramel",
      name: "Nommez votre boisson",
      save: "Enregistrer ma boisson",
      saveChanges: "Enregistrer les modifications",
      startNew: "Créer une nouvelle boisson",
      saved: (name) => `«\u202f${name}\u202f» est enregistrée.`,
      changing: (name) => `Vous modifiez «\u202f${name}\u202f».`,
      accountTab: "Mes boissons",
      open: "Ouvrir dans le créateur",
      rename: (name) => `Nouveau nom pour «\u202f${name}\u202f»`,
      renameButton: "Renommer",
      renamed: (name) => `Renommée «\u202f${name}\u202f».`,
      addToCart: "Ajouter ses dosettes à mon panier",
      added: (name) => `Les dosettes de «\u202f${name}\u202f» sont dans votre panier.`,
      deleteButton: (name) => `Supprimer «\u202f${name}\u202f»`,
      deleted: "La boisson a été supprimée.",
      noDesigns: "Vous n’avez pas encore enregistré de boisson.",
      lineLabel: (name) => `Pour votre boisson «\u202f${name}\u202f»`,
      lineChoices:
        /Format\u202f: 12 oz · Intensité\u202f: Corsé · Lait\u202f: Boisson d’amande · Sucre\u202f: Légèrement sucré · Saveurs ajoutées\u202f: Vanille et Caramel/,
      guestInvite: "Connectez-vous pour enregistrer vos boissons et ajouter leurs dosettes à votre panier.",
      signInToSave: "Me connecter pour enregistrer",
      nameRefused: "Donnez à votre boisson un nom d’au plus 40 lettres, chiffres et signes de ponctuation simples.",
    },
  },
];

/** Each test is a shopper of its own address: sign-ups and sign-ins are limited per address, and the suite runs from one. */
async function ownAddress(page: Page) {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": ownClientAddress() });
}

const uniqueEmail = (testInfo: TestInfo) => `designs-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A new account of the store, activated from its mailed link: the shopper is signed in. */
async function newMember(page: Page, store: Store, testInfo: TestInfo) {
  await ownAddress(page);
  const email = uniqueEmail(testInfo);
  const answer = await page.request.post(`${hosts.usb2c}/rest/v2/${store.site}/users?lang=${store.lang}`, {
    data: { firstName: "Robin", lastName: "Roaster", email, password: PASSWORD },
  });
  expect(answer.status(), await answer.text()).toBe(202);
  const link = await waitForMailedLink(email, "confirm");
  await page.goto(`${store.base.replace(/\/fr$/, "")}${link}`);
  await page.getByRole("button", { name: store.w.activate }).click();
  await expect(page).toHaveURL(/\/account\?notice=welcome/);
}

/** The coffee a test designs with: one of the designer's pods (a different one per store and project keeps the lines apart). */
async function aBeverage(page: Page, store: Store, testInfo: TestInfo) {
  const answer = await page.request.get(`${hosts.usb2c}/rest/v2/${store.site}/designOptions?lang=${store.lang}`);
  const { beverages } = (await answer.json()) as { beverages: { code: string; name: string; kind: string }[] };
  const coffees = beverages.filter((b) => b.kind === "Coffee");
  return coffees[(testInfo.project.name === "js" ? 2 : 5) % coffees.length]!;
}

for (const store of STORES) {
  test.describe(`saved drink designs on ${store.site} (${store.lang})`, () => {
    test("a member saves a drink, changes it, opens it from the account, renames it, buys its pods and deletes it", async ({ page }, testInfo) => {
      const { w } = store;
      const beverage = await aBeverage(page, store, testInfo);
      await newMember(page, store, testInfo);

      // Designed and saved.
      await page.goto(`${store.base}/designer`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.designer);
      await page.getByLabel(w.beverage).selectOption(beverage.code);
      await page.getByRole("radio", { name: w.size12, exact: true }).check();
      await page.getByRole("radio", { name: w.bold, exact: true }).check();
      await page.getByRole("radio", { name: w.oat, exact: true }).check();
      await page.getByRole("radio", { name: w.lightlySweet, exact: true }).check();
      await page.getByRole("checkbox", { name: w.vanilla, exact: true }).check();
      await page.getByRole("checkbox", { name: w.caramel, exact: true }).check();
      await page.getByLabel(w.name).fill("<b>");
      await page.getByRole("button", { name: w.save }).click();
      await expect(page.getByRole("alert").first()).toHaveText(w.nameRefused);
      await page.getByLabel(w.name).fill("Morning latte");
      await page.getByRole("button", { name: w.save }).click();
      await expect(page.getByRole("status").filter({ hasText: w.saved("Morning latte") })).toBeVisible();
      await expect(page.getByText(w.changing("Morning latte"))).toBeVisible();

      // Changed: almond instead of oat, the designer keeps the design open (the recipeId cookie).
      await page.getByRole("radio", { name: w.almond, exact: true }).check();
      await page.getByRole("button", { name: w.saveChanges }).click();
      await expect(page.getByRole("status").filter({ hasText: w.saved("Morning latte") })).toBeVisible();
      await page.getByRole("button", { name: w.startNew }).click();
      await expect(page.getByText(w.changing("Morning latte"))).toHaveCount(0);

      // Opened from the account, in the designer, with what was saved.
      await page.goto(`${store.base}/account/designs`);
      await expect(page.getByRole("link", { name: w.accountTab })).toHaveAttribute("aria-current", "page");
      const card = page.locator(".design-card").filter({ hasText: "Morning latte" });
      await expect(card).toContainText(beverage.name);
      await card.getByRole("link", { name: w.open }).click();
      await expect(page).toHaveURL(`${store.base}/designer`);
      await expect(page.getByText(w.changing("Morning latte"))).toBeVisible();
      await expect(page.getByRole("radio", { name: w.almond, exact: true })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: w.vanilla, exact: true })).toBeChecked();
      await expect(page.getByLabel(w.beverage)).toHaveValue(beverage.code);

      // Renamed on the account page.
      await page.goto(`${store.base}/account/designs`);
      await page.getByLabel(w.rename("Morning latte")).fill("Weekend latte");
      await page.getByRole("button", { name: w.renameButton }).click();
      await expect(page.getByRole("status").filter({ hasText: w.renamed("Weekend latte") })).toBeVisible();

      // The account's list meets WCAG 2.1 AA (axe runs in the page: the JavaScript project only).
      if (testInfo.project.name === "js") expect((await accessibilityViolations(page)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

      // Bought: the recipe is on the cart line, the checkout's and the order's.
      await page.getByRole("button", { name: w.addToCart }).click();
      await expect(page.getByRole("status").filter({ hasText: w.added("Weekend latte") })).toBeVisible();
      await page.goto(`${store.base}/cart`);
      const line = page.getByTestId("line-recipe");
      await expect(line).toContainText(w.lineLabel("Weekend latte"));
      await expect(line).toContainText(w.lineChoices);
      await fillCheckout(page, store.checkout, { country: store.country, card: APPROVED_CARD });
      await expect(page.getByTestId("line-recipe").first()).toContainText(w.lineLabel("Weekend latte"));
      await page.getByRole("button", { name: store.checkout.placeOrder }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(store.checkout.thanks);
      await expect(page.getByTestId("line-recipe")).toContainText(w.lineLabel("Weekend latte"));
      const orderCode = new URL(page.url()).pathname.split("/").pop()!;

      // Deleted: gone from the account, still on the order.
      await page.goto(`${store.base}/account/designs`);
      await page.getByRole("button", { name: w.deleteButton("Weekend latte") }).click();
      await expect(page.getByRole("status").filter({ hasText: w.deleted })).toBeVisible();
      await expect(page.getByText(w.noDesigns)).toBeVisible();
      await page.goto(`${store.base}/account/orders/${orderCode}`);
      await expect(page.getByTestId("line-recipe")).toContainText(w.lineLabel("Weekend latte"));
      await expect(page.getByTestId("line-recipe")).toContainText(w.lineChoices);
    });

    test("a guest can compose a drink and is invited to sign in to save it, coming back to the drink as they left it", async ({ page }, testInfo) => {
      const { w } = store;
      const beverage = await aBeverage(page, store, testInfo);
      await ownAddress(page);
      await page.goto(`${store.base}/designer`);
      await expect(page.getByText(w.guestInvite)).toBeVisible();
      await expect(page.getByRole("button", { name: w.save })).toHaveCount(0);
      await page.getByLabel(w.beverage).selectOption(beverage.code);
      await page.getByRole("radio", { name: w.size12, exact: true }).check();
      await page.getByRole("radio", { name: w.oat, exact: true }).check();
      await page.getByRole("checkbox", { name: w.caramel, exact: true }).check();
      await page.getByLabel(w.name).fill("Night owl");
      await page.getByRole("button", { name: w.signInToSave }).click();
      await expect(page).toHaveURL(/\/login\?returnTo=/);
      // Where signing in returns: the designer, with the drink as the guest left it.
      await page.goto(new URL(new URL(page.url()).searchParams.get("returnTo")!, page.url()).href);
      await expect(page.getByLabel(w.beverage)).toHaveValue(beverage.code);
      await expect(page.getByRole("radio", { name: w.size12, exact: true })).toBeChecked();
      await expect(page.getByRole("radio", { name: w.oat, exact: true })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: w.caramel, exact: true })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: w.vanilla, exact: true })).not.toBeChecked();
      await expect(page.getByLabel(w.name)).toHaveValue("Night owl");
    });
  });
}
