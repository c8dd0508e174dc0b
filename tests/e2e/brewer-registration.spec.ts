import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { displaySerial } from "../../commerce/domain/brewer-registration-rules";
import { demoSerials } from "../../commerce/seed/brewer-serials";
import { waitForMailedLink } from "./support/mail";
import { ownClientAddress } from "./support/client-address";

const port = Number(process.env.E2E_PORT ?? 3100);
const hosts = { usb2c: `http://localhost:${port}`, cab2c: `http://www.brewfront.ca.localhost:${port}` } as const;
const PASSWORD = "Registration-e2e-password-1";

test.describe.configure({ timeout: 120_000 });

interface Store {
  site: "usb2c" | "cab2c";
  lang: "en" | "fr";
  /** Where the store's pages are: the host, and /fr for French. */
  base: string;
  /** Which block of the model's demo serials this store's tests use (one store database for all tests). */
  serialBlock: number;
  w: {
    activate: string;
    model: string;
    serial: string;
    register: string;
    questionsTitle: RegExp;
    householdTwo: string;
    coffee: string;
    save: string;
    skip: string;
    registered: string;
    couponHeading: string;
    applyCoupon: string;
    accountTab: string;
    found: RegExp;
    email: string;
    password: string;
    signInAndRegister: string;
    refusals: { registeredToYou: string; malformed: string; checkDigit: string; otherModel: string };
  };
}

const STORES: Store[] = [
  {
    site: "usb2c",
    lang: "en",
    base: hosts.usb2c,
    serialBlock: 0,
    w: {
      activate: "Activate my account",
      model: "Brewer model",
      serial: "Serial number",
      register: "Register my brewer",
      questionsTitle: /^A few questions about your /,
      householdTwo: "Two",
      coffee: "Coffee",
      save: "Save my answers",
      skip: "Skip",
      registered: "Your brewer is registered",
      couponHeading: "Your welcome coupon",
      applyCoupon: "Apply it to my cart",
      accountTab: "My brewers",
      found: /^Serial [A-Z]{2} \d{4} \d{6} \d is a .+\.$/,
      email: "Email",
      password: "Password",
      signInAndRegister: "Sign in and register",
      refusals: {
        registeredToYou: "You've already registered this brewer.",
        malformed: "That isn't a serial number. Check the 13 letters and digits on the label.",
        checkDigit: "That serial number has a typo. Check each letter and digit against the label.",
        otherModel: "That serial number belongs to another brewer model. Check the model you chose.",
      },
    },
  },
  {
    site: "cab2c",
    lang: "fr",
    base: `${hosts.cab2c}/fr`,
    serialBlock: 5,
    w: {
      activate: "Activer mon compte",
      model: "Modèle de cafetière",
      serial: "Numéro de série",
      register: "Enregistrer ma cafetière",
      questionsTitle: /^Quelques questions sur votre /,
      householdTwo: "Deux",
      coffee: "Du café",
      save: "Enregistrer mes réponses",
      skip: "Passer",
      registered: "Votre cafetière est enregistrée",
      couponHeading: "Votre coupon de bienvenue",
      applyCoupon: "L’appliquer à mon panier",
      accountTab: "Mes cafetières",
      found: /^Le numéro [A-Z]{2} \d{4} \d{6} \d est une .+\.$/,
      email: "Courriel",
      password: "Mot de passe",
      signInAndRegister: "Me connecter et enregistrer",
      refusals: {
        registeredToYou: "Vous avez déjà enregistré cette cafetière.",
        malformed: "Ce n’est pas un numéro de série. Vérifiez les 13 lettres et chiffres de l’étiquette.",
        checkDigit: "Ce numéro de série contient une faute de frappe. Comparez chaque lettre et chaque chiffre avec l’étiquette.",
        otherModel: "Ce numéro de série appartient à un autre modèle de cafetière. Vérifiez le modèle choisi.",
      },
    },
  },
];

/**
 * Each test is a shopper of its own address (X-Forwarded-For, which the store trusts from loopback):
 * sign-ins, sign-ups and coupons are rate-limited per address, and the whole suite runs from one.
 */
async function ownAddress(page: Page) {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": ownClientAddress() });
}

const uniqueEmail = (label: string, testInfo: TestInfo) =>
  `${label}-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The store's first two brewer models, and a serial of the first no other test of this run registers. */
async function modelsAndSerial(page: Page, store: Store, testInfo: TestInfo, nth: number) {
  const answer = await page.request.get(`${hosts.usb2c}/rest/v2/${store.site}/brewerModels?lang=${store.lang}`);
  const { models } = (await answer.json()) as { models: { code: string; name: string }[] };
  const [model, other] = models as [{ code: string; name: string }, { code: string; name: string }];
  // 40 serials a model: 20 for each project, 10 for each store, one per test.
  const index = (testInfo.project.name === "js" ? 0 : 20) + store.serialBlock + nth;
  const serials = demoSerials([model.code]);
  return { model, other, serial: serials[index]!.serial, otherModelSerial: demoSerials([other.code])[index]!.serial };
}

/** A new account of the store, activated from its mailed link: the shopper is signed in. */
async function newAccount(page: Page, store: Store, email: string) {
  await ownAddress(page);
  const answer = await page.request.post(`${hosts.usb2c}/rest/v2/${store.site}/users?lang=${store.lang}`, {
    data: { firstName: "Robin", lastName: "Roaster", email, password: PASSWORD },
  });
  expect(answer.status(), await answer.text()).toBe(202);
  const link = await waitForMailedLink(email, "confirm");
  await page.goto(`${store.base.replace(/\/fr$/, "")}${link}`);
  await page.getByRole("button", { name: store.w.activate }).click();
  await expect(page).toHaveURL(/\/account\?notice=welcome/);
}

async function fillRegistration(page: Page, store: Store, modelName: string, serial: string) {
  await page.goto(`${store.base}/register-brewer`);
  await page.getByLabel(store.w.model).selectOption({ label: modelName });
  await page.getByLabel(store.w.serial).fill(serial);
  await page.getByRole("button", { name: store.w.register }).click();
}

for (const store of STORES) {
  test.describe(`brewer registration on ${store.site} (${store.lang})`, () => {
    test("an owner registers a brewer, answers the questions, gets the welcome coupon and puts it on the cart", async ({ page }, testInfo) => {
      const { w } = store;
      const { model, serial } = await modelsAndSerial(page, store, testInfo, 0);
      await newAccount(page, store, uniqueEmail("register", testInfo));
      // Typed as people do: lower case, with the label's spaces.
      await fillRegistration(page, store, model.name, displaySerial(serial).toLowerCase());
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.questionsTitle);
      await page.getByRole("radio", { name: w.householdTwo, exact: true }).first().check();
      await page.getByRole("checkbox", { name: w.coffee, exact: true }).check();
      await page.getByRole("button", { name: w.save }).click();

      await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.registered);
      await expect(page.getByText(displaySerial(serial), { exact: false })).toBeVisible();
      await expect(page.getByRole("heading", { name: w.couponHeading })).toBeVisible();
      const code = (await page.getByText(/WELCOME-[A-F0-9]{8}/).textContent())!.match(/WELCOME-[A-F0-9]{8}/)![0];
      await page.getByRole("button", { name: w.applyCoupon }).click();
      await expect(page).toHaveURL(/\/cart/);
      await expect(page.locator(`li[data-coupon="${code}"]`)).toBeVisible();

      await page.goto(`${store.base}/account/brewers`);
      await expect(page.getByRole("link", { name: w.accountTab })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText(displaySerial(serial))).toBeVisible();
      await expect(page.getByText(code)).toBeVisible();
    });

    test("the same serial again, a malformed serial, a typo and a serial of another model are refused with the reason", async ({ page }, testInfo) => {
      const { w } = store;
      const { model, other, serial, otherModelSerial } = await modelsAndSerial(page, store, testInfo, 1);
      await newAccount(page, store, uniqueEmail("refused", testInfo));
      await fillRegistration(page, store, model.name, serial);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.questionsTitle);

      const refusedWith = async (modelName: string, typed: string, message: string) => {
        await fillRegistration(page, store, modelName, typed);
        await expect(page.getByRole("alert").first()).toHaveText(message);
        await expect(page).toHaveURL(/\/register-brewer(\?|$)/);
      };
      await refusedWith(model.name, serial, w.refusals.registeredToYou);
      await refusedWith(model.name, "KB-12", w.refusals.malformed);
      await refusedWith(model.name, `${serial.slice(0, 12)}${(Number(serial[12]) + 1) % 10}`, w.refusals.checkDigit);
      await refusedWith(model.name, otherModelSerial, w.refusals.otherModel);
      expect(other.code).not.toBe(model.code);
    });

    test("a guest checks the serial, signs in on the page and the brewer is registered to them", async ({ browser, page }, testInfo) => {
      const { w } = store;
      const { model, serial } = await modelsAndSerial(page, store, testInfo, 2);
      const email = uniqueEmail("guest", testInfo);
      await newAccount(page, store, email);
      const guestContext = await browser.newContext();
      const guest = await guestContext.newPage();
      await ownAddress(guest);
      await fillRegistration(guest, store, model.name, serial);
      await expect(guest.getByRole("heading", { level: 2, name: w.found })).toBeVisible();
      const signIn = guest.locator("#sign-in");
      await signIn.getByLabel(w.email, { exact: true }).fill(email);
      await signIn.getByLabel(w.password, { exact: true }).fill(PASSWORD);
      await guest.getByRole("button", { name: w.signInAndRegister }).click();
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText(w.questionsTitle);
      const cookies = await guestContext.cookies();
      expect(cookies.find((c) => c.name === "brewerRegistrationSession")).toMatchObject({ value: "true", httpOnly: true });
      await guest.getByRole("button", { name: w.skip }).click();
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText(w.registered);
      await guestContext.close();
    });
  });
}
