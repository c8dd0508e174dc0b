import { expect, type Page, test, type TestInfo } from "@playwright/test";
import { accessibilityViolations } from "./support/axe";

const port = Number(process.env.E2E_PORT ?? 3100);
const us = (path: string) => `http://localhost:${port}${path}`;
const ca = (path: string) => `http://www.brewfront.ca.localhost:${port}${path}`;

/** The seeded demo accounts' password (commerce/seed/accounts.ts); the e2e server allows it. */
const DEMO_PASSWORD = "Brewfront-demo-2026";
/** One account per project, so the two projects never overwrite each other's saved answers. */
const accountFor = (testInfo: TestInfo) => (testInfo.project.name === "js" ? "demo.employee@example.com" : "demo.perks@example.com");

interface Store {
  name: string;
  url: (path: string) => string;
  /** Path prefix of the quiz pages' language. */
  prefix: string;
  text: {
    drink: [string, string];
    roast: [string, string];
    flavour: [string, string];
    caffeine: [string, string];
    format: [string, string];
    tea: string;
    herbal: string;
    submit: string;
    resultsTitle: string;
    dark: string;
    light: string;
    /** What the results say when no product fits every answer, and the answer they name. */
    noExactMatch: string;
    flavourSetAside: string;
    added: string;
    retake: string;
    herbalProfile: string;
    noRoastProfile: string;
    savedNotice: string;
    brewerQuestion1: string;
    brewerAnswer1: string;
    brewerQuestion2: string;
    brewerAnswer2: string;
    brewerQuestion3: string;
    otherAnswers: [string, string][];
    next: string;
    back: string;
    progress: (n: number) => string;
    brewers: string[];
    ourPick: string;
    beverageTitle: string;
    brewerTitle: string;
  };
}

const STORES: Store[] = [
  {
    name: "US store",
    url: us,
    prefix: "",
    text: {
      drink: ["What do you like to drink?", "Coffee"],
      roast: ["How dark do you like your coffee?", "Dark"],
      flavour: ["Which flavors do you enjoy?", "Bold and smoky"],
      caffeine: ["How much caffeine?", "Regular"],
      format: ["How do you brew?", "Pods in a single-serve brewer"],
      tea: "Tea",
      herbal: "Herbal",
      submit: "Show my cups",
      resultsTitle: "Your perfect cups",
      dark: "Dark",
      light: "Light",
      noExactMatch: "No coffee we carry matches all your answers.",
      flavourSetAside: "Flavor: Bold and smoky",
      added: "Added to your cart.",
      retake: "Retake the quiz",
      herbalProfile: "Flavor: Herbal",
      noRoastProfile: "Roast: No roast (tea or cocoa)",
      savedNotice: "These are the answers saved to your account.",
      brewerQuestion1: "How many coffee drinkers live with you?",
      brewerAnswer1: "Two of us",
      brewerQuestion2: "How many cups do you brew a day, all together?",
      brewerAnswer2: "Three to five",
      brewerQuestion3: "What do you like to brew?",
      otherAnswers: [
        ["What do you like to brew?", "Hot coffee and tea"],
        ["How much counter space can the brewer have?", "Plenty"],
        ["What would you like to spend?", "Mid-range"],
      ],
      next: "Next",
      back: "Back",
      progress: (n) => `Question ${n} of 5`,
      brewers: ["Select Brewer", "Classic Brewer", "Compact Brewer"],
      ourPick: "Our pick",
      beverageTitle: "Find your perfect cup",
      brewerTitle: "Find your brewer",
    },
  },
  {
    name: "Canadian French store",
    url: ca,
    prefix: "/fr",
    text: {
      drink: ["Qu’aimez-vous boire\u202f?", "Café"],
      roast: ["Quelle torréfaction préférez-vous\u202f?", "Foncée"],
      flavour: ["Quelles saveurs aimez-vous\u202f?", "Corsé et fumé"],
      caffeine: ["Combien de caféine\u202f?", "Normale"],
      format: ["Comment préparez-vous votre boisson\u202f?", "En dosettes, cafetière à portion individuelle"],
      tea: "Thé",
      herbal: "Herbes",
      submit: "Voir mes tasses",
      resultsTitle: "Vos tasses parfaites",
      dark: "Foncée",
      light: "Légère",
      noExactMatch: "Aucun café de notre sélection ne correspond à toutes vos réponses.",
      flavourSetAside: "Saveur\u202f: Corsé et fumé",
      added: "Ajouté à votre panier.",
      retake: "Refaire le quiz",
      herbalProfile: "Saveur\u202f: Herbes",
      noRoastProfile: "Torréfaction\u202f: Aucune (thé ou chocolat)",
      savedNotice: "Voici les réponses enregistrées dans votre compte.",
      brewerQuestion1: "Combien d’amateurs de café vivent chez vous?",
      brewerAnswer1: "Nous sommes deux",
      brewerQuestion2: "Combien de tasses préparez-vous par jour, en tout?",
      brewerAnswer2: "De trois à cinq",
      brewerQuestion3: "Qu’aimez-vous préparer?",
      otherAnswers: [
        ["Qu’aimez-vous préparer?", "Café et thé chauds"],
        ["Combien d’espace de comptoir la cafetière peut-elle occuper?", "Beaucoup"],
        ["Quel budget prévoyez-vous?", "Milieu de gamme"],
      ],
      next: "Suivant",
      back: "Retour",
      progress: (n) => `Question ${n} sur 5`,
      brewers: ["Cafetière Select", "Cafetière classique", "Cafetière compacte"],
      ourPick: "Notre choix",
      beverageTitle: "Trouvez votre tasse parfaite",
      brewerTitle: "Trouvez votre cafetière",
    },
  },
];

const choose = async (page: Page, [legend, answer]: [string, string]) => {
  await page.getByRole("group", { name: legend }).getByLabel(answer, { exact: true }).check();
};

/** Answers the beverage quiz: dark, bold, caffeinated coffee in pods (or the given drink, flavour and roast). */
async function takeBeverageQuiz(page: Page, store: Store, drink = store.text.drink[1], flavour = store.text.flavour[1], roast = store.text.roast[1]) {
  const t = store.text;
  await choose(page, [t.drink[0], drink]);
  await choose(page, [t.roast[0], roast]);
  await choose(page, [t.flavour[0], flavour]);
  await choose(page, t.caffeine);
  await choose(page, t.format);
  await page.getByRole("button", { name: t.submit }).click();
  await expect(page.getByRole("heading", { level: 1, name: t.resultsTitle })).toBeVisible();
}

/** Signs in on the store's English sign-in page (the session is the store's, whatever the language). */
async function signIn(page: Page, store: Store, email: string) {
  await page.goto(store.url("/login"));
  const form = page.locator("form.account-form");
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator(".site-header").getByRole("button", { name: "Sign out" })).toBeVisible();
}

async function signOut(page: Page, store: Store) {
  await page.goto(store.url("/"));
  await page.locator(".site-header").getByRole("button", { name: "Sign out" }).click();
  await expect(page.locator(".site-header").getByRole("link", { name: "Sign in" })).toBeVisible();
}

for (const store of STORES) {
  const t = store.text;
  const path = (p: string) => `${store.prefix}${p}`;

  test.describe(`the beverage quiz on the ${store.name}`, () => {
    test("a shopper takes the quiz, sees four dark, fitting products and adds one to the cart", async ({ page }, testInfo) => {
      await page.goto(store.url(path("/perfectcup")));
      await expect(page.getByRole("heading", { level: 1, name: t.beverageTitle })).toBeVisible();
      await takeBeverageQuiz(page, store);
      // Anonymous results carry the answers in their link, so they can be shared.
      expect(new URL(page.url()).searchParams.get("answers")).toBe("coffee.dark.bold.regular.pods");
      const items = page.locator(".quiz-results__item");
      await expect(items).toHaveCount(4);
      for (const item of await items.all()) await expect(item.locator(".quiz-results__facts")).toContainText(t.dark);
      // Dark, bold coffees exist: nothing was set aside, so nothing says so.
      await expect(page.locator(".quiz-relaxed")).toHaveCount(0);

      const first = items.first();
      const name = (await first.locator(".product-card__name").textContent())!.trim();
      await first.getByRole("button").click();
      if (testInfo.project.name === "js") await expect(first.getByRole("status")).toContainText(t.added);
      else await expect(page.locator(".notice[role=status]")).toContainText(t.added);
      await page.goto(store.url(path("/cart")));
      await expect(page.locator(".cart-table")).toContainText(name);
    });

    test("a customer's retaken answers are saved to the account and shown again after signing out and in", async ({ page }, testInfo) => {
      // Two sign-ins (argon2id each) and two quizzes: more than the default 30 s on a busy machine.
      test.slow();
      const email = accountFor(testInfo);
      await signIn(page, store, email);
      await page.goto(store.url(path("/perfectcup")));
      await takeBeverageQuiz(page, store);
      await page.getByRole("link", { name: t.retake }).click();
      await takeBeverageQuiz(page, store, t.tea, t.herbal);
      // Signed in, the results come from the account, not from the link.
      expect(new URL(page.url()).search).toBe("");
      await expect(page.locator(".quiz-profile")).toContainText(t.noRoastProfile);

      await signOut(page, store);
      await page.goto(store.url(path("/perfectcup/results")));
      await expect(page).toHaveURL(store.url(path("/perfectcup")));

      await signIn(page, store, email);
      await page.goto(store.url(path("/perfectcup/results")));
      await expect(page.getByRole("heading", { level: 1, name: t.resultsTitle })).toBeVisible();
      await expect(page.getByText(t.savedNotice)).toBeVisible();
      await expect(page.locator(".quiz-profile")).toContainText(t.herbalProfile);
      await expect(page.locator(".quiz-profile")).toContainText(t.noRoastProfile);
    });

    test("a shopper who asks for a light, bold and smoky coffee is told none is, and which answer the picks do without", async ({ page }) => {
      await page.goto(store.url(path("/perfectcup")));
      await takeBeverageQuiz(page, store, t.drink[1], t.flavour[1], t.light);
      const notice = page.locator(".quiz-relaxed");
      await expect(notice).toContainText(t.noExactMatch);
      await expect(notice.getByRole("listitem")).toHaveText([t.flavourSetAside]);
      // The picks keep the roast asked for: light coffees, none of them smoky.
      const items = page.locator(".quiz-results__item");
      await expect(items).toHaveCount(4);
      for (const item of await items.all()) await expect(item.locator(".quiz-results__facts")).toContainText(t.light);
    });

    test("the results page without answers leads to the quiz start", async ({ page }) => {
      await page.goto(store.url(path("/perfectcup/results")));
      await expect(page).toHaveURL(store.url(path("/perfectcup")));
      await expect(page.getByRole("heading", { level: 1, name: t.beverageTitle })).toBeVisible();
    });
  });

  test.describe(`the brewer quiz on the ${store.name}`, () => {
    test("a shopper answers the question service, goes back one question, finishes and sees the brewers with the default one second", async ({ page }) => {
      await page.goto(store.url(path("/coffeemakerquiz")));
      await expect(page.getByRole("heading", { level: 1, name: t.brewerTitle })).toBeVisible();
      await expect(page.getByText(t.progress(1))).toBeVisible();
      await choose(page, [t.brewerQuestion1, t.brewerAnswer1]);
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByText(t.progress(2))).toBeVisible();
      await choose(page, [t.brewerQuestion2, t.brewerAnswer2]);
      await page.getByRole("button", { name: t.next }).click();
      await expect(page.getByRole("group", { name: t.brewerQuestion3 })).toBeVisible();
      await expect(page.getByText(t.progress(3))).toBeVisible();

      await page.getByRole("button", { name: t.back }).click();
      await expect(page.getByText(t.progress(2))).toBeVisible();
      await expect(page.getByRole("group", { name: t.brewerQuestion2 })).toBeVisible();
      await choose(page, [t.brewerQuestion2, t.brewerAnswer2]);
      await page.getByRole("button", { name: t.next }).click();
      for (const answer of t.otherAnswers) {
        await choose(page, answer);
        await page.getByRole("button", { name: t.next }).click();
      }

      await expect(page).toHaveURL(store.url(path("/coffeemakerquiz/results")));
      const names = page.locator(".quiz-results__item .product-card__name");
      await expect(names).toHaveText(t.brewers);
      // The brand's default brewer, at its configured place (second).
      await expect(page.locator(".quiz-results__item").nth(1).locator(".quiz-results__pick")).toHaveText(t.ourPick);
      await expect(page.locator(".quiz-results__pick")).toHaveCount(1);
    });

    test("the results page without a result leads to the quiz start", async ({ page }) => {
      await page.goto(store.url(path("/coffeemakerquiz/results")));
      await expect(page).toHaveURL(store.url(path("/coffeemakerquiz")));
      await expect(page.getByRole("heading", { level: 1, name: t.brewerTitle })).toBeVisible();
    });
  });
}

// The quiz pages against WCAG 2.1 A and AA, as the shopping pages are (JavaScript project only).
test.describe("the quiz pages' accessibility @needs-js", () => {
  const pages = [
    { name: "beverage quiz", url: us("/perfectcup") },
    { name: "beverage results", url: us("/perfectcup/results?answers=coffee.dark.bold+chocolate.regular.pods") },
    { name: "French beverage results", url: ca("/fr/perfectcup/results?answers=tea.light.herbal.none.either") },
    { name: "brewer quiz", url: us("/coffeemakerquiz") },
    { name: "brewer results", url: us("/coffeemakerquiz/results?codes=8004-BFBR,8003-BFBR,8002-BFBR") },
  ];
  for (const { name, url } of pages) {
    test(`${name} has no violations`, async ({ page }) => {
      await page.goto(url);
      // The page itself, not the quiz start it would send a shopper without answers to.
      await expect(page).toHaveURL(url);
      const results = await accessibilityViolations(page);
      expect(results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      expect(results.passes.length).toBeGreaterThan(10);
    });
  }
});
