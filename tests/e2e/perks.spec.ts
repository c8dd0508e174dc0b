import { type APIRequestContext, type BrowserContext, expect, type Page, test, type TestInfo } from "@playwright/test";
import { accessibilityViolations } from "./support/axe";
import { APPROVED_CARD, CHECKOUT_EN, CHECKOUT_FR, type CheckoutWords, fillCheckout } from "./support/checkout";
import { waitForMailedLink } from "./support/mail";

const port = Number(process.env.E2E_PORT ?? 3100);
const hosts = {
  usb2c: `http://localhost:${port}`,
  cab2c: `http://www.brewfront.ca.localhost:${port}`,
  usafh: `http://commercial.localhost:${port}`,
} as const;

const PASSWORD = "Perks-e2e-password-1";

// Two orders and a dozen rewards changes: well past the default 30 s on a busy machine.
test.describe.configure({ timeout: 180_000 });

const uniqueEmail = (label: string, testInfo: TestInfo) =>
  `${label}-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Functional cookies allowed, so the pages may remember membership (isPerksOptIn) and a walk-up join (perksWalkUpUser). */
async function allowFunctionalCookies(context: BrowserContext, origin: string) {
  await context.addCookies([{ name: "userConsent", value: "c1:0|c2:0|c9:1", url: `${origin}/` }]);
}

/** Functional and analytics cookies allowed: the cart's rewards changes then show in the page's data layer (decision 080). */
async function allowFunctionalAndAnalyticsCookies(context: BrowserContext, origin: string) {
  await context.addCookies([{ name: "userConsent", value: "c1:1|c2:0|c9:1", url: `${origin}/` }]);
}

/** The page's analytics data layer: the cart's units and the cart-changed events it says. */
async function cartInDataLayer(page: Page) {
  const layer = JSON.parse((await page.locator("script#utag-data").textContent()) ?? "{}") as {
    cart_quantity?: number;
    events?: { event: string; cartGuid?: string; quantity?: number }[];
  };
  return { units: layer.cart_quantity, cartChanges: (layer.events ?? []).filter((e) => e.event === "cart_changed") };
}

interface Store {
  site: "usb2c" | "cab2c";
  lang: "en" | "fr";
  /** Where the store's pages are: the host, and /fr for French. */
  base: string;
  country: "US" | "CA";
  w: CheckoutWords & {
    activate: string;
    joinPerks: string;
    joined: string;
    quantity: string;
    panel: string;
    chooseItem: string;
    choose: string;
    swap: string;
    remove: string;
    applied: string;
    swapped: string;
    removed: string;
    rewardItem: string;
    earnedOn: string;
    redeemedOn: string;
    productEarns: RegExp;
    orderEarns: RegExp;
    joinAtCheckout: RegExp;
    walkUpClaim: RegExp;
    createAccount: string;
    password: string;
    claimed: string;
  };
}

const EN: Store["w"] = {
  ...CHECKOUT_EN,
  activate: "Activate my account",
  joinPerks: "Join perks",
  joined: "Welcome to perks! You now earn points on every order.",
  quantity: "Quantity",
  panel: "Perks rewards",
  chooseItem: "Choose your item",
  choose: "Choose",
  swap: "Change item",
  remove: "Remove",
  applied: "Your reward is on your cart.",
  swapped: "Your reward's item is changed.",
  removed: "The reward is off your cart.",
  rewardItem: "Perks reward",
  earnedOn: "Earned on order",
  redeemedOn: "Rewards on order",
  productEarns: /^Earn \d+ perks points$/,
  orderEarns: /^This order earns \d+ perks points\.$/,
  joinAtCheckout: /^Join perks and earn \d+ points on this order$/,
  walkUpClaim: /^Create your account below to collect the (\d+) perks points this order earned\.$/,
  createAccount: "Create account",
  password: "Password",
  claimed: "Your perks points will be in your account once you confirm it.",
};

const FR: Store["w"] = {
  ...CHECKOUT_FR,
  activate: "Activer mon compte",
  joinPerks: "Adhérer à Avantages",
  joined: "Bienvenue dans Avantages\u202f! Vous obtenez maintenant des points sur chaque commande.",
  quantity: "Quantité",
  panel: "Récompenses Avantages",
  chooseItem: "Choisissez votre article",
  choose: "Choisir",
  swap: "Changer d’article",
  remove: "Retirer",
  applied: "Votre récompense est dans votre panier.",
  swapped: "L’article de votre récompense est changé.",
  removed: "La récompense est retirée de votre panier.",
  rewardItem: "Récompense Avantages",
  earnedOn: "Obtenus sur la commande",
  redeemedOn: "Récompenses sur la commande",
  productEarns: /^Obtenez \d+ points Avantages$/,
  orderEarns: /^Cette commande vous donne \d+ points Avantages\.$/,
  joinAtCheckout: /^Adhérez à Avantages et obtenez \d+ points sur cette commande$/,
  walkUpClaim: /^Créez votre compte ci-dessous pour recevoir les (\d+) points Avantages de cette commande\.$/,
  createAccount: "Créer le compte",
  password: "Mot de passe",
  claimed: "Vos points Avantages seront dans votre compte dès que vous l’aurez confirmé.",
};

const STORES: Store[] = [
  { site: "usb2c", lang: "en", base: hosts.usb2c, country: "US", w: EN },
  {
    site: "cab2c",
    lang: "fr",
    base: `${hosts.cab2c}/fr`,
    country: "CA",
    w: FR,
  },
];

/** The page of a 24-count box of an in-stock coffee (the sizes a free box comes in), in the store's language. */
async function boxPage(page: Page, store: Store): Promise<string> {
  const api = `${hosts.usb2c}/rest/v2/${store.site}`;
  const search = await page.request.get(`${api}/products/search?query=coffee&pageSize=40`);
  const products = ((await search.json()) as { products: { code: string }[] }).products;
  for (const { code } of products) {
    const full = (await (await page.request.get(`${api}/products/${code}?fields=FULL&lang=${store.lang}`)).json()) as {
      variantOptions: { url: string; packSize?: number; packType?: string; stock: { stockLevelStatus: string; stockLevel?: number } }[];
    };
    const box = full.variantOptions.find((v) => v.packSize === 24 && v.stock.stockLevelStatus === "inStock" && (v.stock.stockLevel ?? 100) >= 40);
    if (box) return `${store.base.replace(/\/fr$/, "")}${store.lang === "fr" ? "/fr" : ""}${box.url}`;
  }
  throw new Error("no 24-count coffee in stock");
}

/** A new account of the store, activated from its mailed link: the shopper is signed in. */
async function newAccount(page: Page, store: Store, email: string, extra: Record<string, unknown> = {}) {
  const answer = await page.request.post(`${hosts.usb2c}/rest/v2/${store.site}/users?lang=${store.lang}`, {
    data: { firstName: "Robin", lastName: "Roaster", email, password: PASSWORD, ...extra },
  });
  expect(answer.status()).toBe(202);
  const link = await waitForMailedLink(email, "confirm");
  await page.goto(`${store.base.replace(/\/fr$/, "")}${link}`);
  await page.getByRole("button", { name: store.w.activate }).click();
  await expect(page).toHaveURL(/\/account\?notice=welcome/);
}

async function addBoxes(page: Page, store: Store, url: string, quantity: string) {
  await page.goto(url);
  const form = page.locator("form.add-to-cart").first();
  await form.getByLabel(store.w.quantity).selectOption(quantity);
  await form.getByRole("button", { name: store.w.addToCart }).click();
  await expect(page.getByText(store.w.added).first()).toBeVisible();
}

/** From the cart page to the confirmation; a guest gives an e-mail and may join perks on the way. */
async function checkOut(page: Page, store: Store, options: { email?: string; joinPerks?: boolean } = {}) {
  const { w } = store;
  await fillCheckout(page, w, { email: options.email, country: store.country, card: APPROVED_CARD });
  // Every section done: the order button is enabled once the card is kept.
  await expect(page.locator("#review").getByRole("button", { name: w.placeOrder })).toBeEnabled();
  if (options.joinPerks) {
    await page.getByRole("button", { name: w.joinAtCheckout }).click();
    await expect(page.locator(".perks-join")).toContainText(/\d+/);
    await expect(page.getByRole("button", { name: w.joinAtCheckout })).toHaveCount(0);
  }
  await page.locator("#review").getByRole("button", { name: w.placeOrder }).click();
  await expect(page.getByRole("heading", { level: 1, name: w.thanks })).toBeVisible();
  return (await page.getByTestId("order-number").textContent())!;
}

/** With JavaScript (axe runs in the page), the page has no WCAG 2.1 AA violations. */
async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const results = await accessibilityViolations(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Picks a free box's item in the chooser (a modal dialog with JavaScript, a section of the cart page without). */
async function chooseBoxItem(page: Page, store: Store, nth: number) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: store.w.choose, exact: true }).nth(nth).click();
}

for (const store of STORES) {
  test.describe(`perks on ${store.site} (${store.lang})`, () => {
    test("a member opts in, earns on an order, applies a free box, swaps its item, removes it, applies it again, checks out and sees the points redeemed", async ({
      page,
      context,
      javaScriptEnabled,
    }, testInfo) => {
      const { w } = store;
      await allowFunctionalAndAnalyticsCookies(context, store.base.replace(/\/fr$/, ""));
      await newAccount(page, store, uniqueEmail(`member-${store.site}`, testInfo));

      await page.goto(`${store.base}/perks`);
      await page.getByRole("button", { name: w.joinPerks, exact: true }).click();
      await expect(page.getByText(w.joined)).toBeVisible();

      // Ten boxes of 24 earn enough for a free box.
      const box = await boxPage(page, store);
      await addBoxes(page, store, box, "10");
      await expect(page.locator(".price-block__perks")).toHaveText(w.productEarns);
      await page.goto(`${store.base}/cart`);
      await expect(page.locator(".perks-earns")).toHaveText(w.orderEarns);
      const firstOrder = await checkOut(page, store);
      await page.goto(`${store.base}/account/perks`);
      await expect(page.locator(".perks-history")).toContainText(`${w.earnedOn} ${firstOrder}`);
      await expectAccessible(page, javaScriptEnabled);

      await addBoxes(page, store, box, "1");
      await page.goto(`${store.base}/cart`);
      const panel = page.locator(".rewards-panel");
      await expect(panel.getByRole("heading", { name: w.panel })).toBeVisible();
      const before = (await cartInDataLayer(page)).units!;
      await panel.getByRole("link", { name: w.chooseItem }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, javaScriptEnabled);
      await chooseBoxItem(page, store, 0);
      await expect(page.getByText(w.applied)).toBeVisible();
      // Each rewards change says the cart-changed event (cartGuid, units after it) in the next page's data layer
      // (with JavaScript, the browser builds it a moment after the page updates).
      await expect
        .poll(async () => (await cartInDataLayer(page)).cartChanges)
        .toEqual([{ event: "cart_changed", cartGuid: expect.stringMatching(/^[0-9a-f]{32}$/), quantity: before + 1 }]);
      const rewardRow = page.locator(".cart-table tbody tr").filter({ hasText: w.rewardItem });
      await expect(rewardRow).toHaveCount(1);
      const firstItem = await rewardRow.locator("a").first().textContent();

      await page.locator(".rewards-panel").getByRole("link", { name: w.swap }).click();
      await chooseBoxItem(page, store, 1);
      await expect(page.getByText(w.swapped)).toBeVisible();
      await expect
        .poll(async () => (await cartInDataLayer(page)).cartChanges)
        .toEqual([expect.objectContaining({ event: "cart_changed", quantity: before + 1 })]);
      await expect(rewardRow.locator("a").first()).not.toHaveText(firstItem!);

      await page.locator(".rewards-panel__applied").getByRole("button", { name: w.remove }).click();
      await expect(page.getByText(w.removed)).toBeVisible();
      await expect.poll(async () => (await cartInDataLayer(page)).cartChanges).toEqual([expect.objectContaining({ event: "cart_changed", quantity: before })]);
      await expect(rewardRow).toHaveCount(0);

      await page.locator(".rewards-panel").getByRole("link", { name: w.chooseItem }).click();
      await chooseBoxItem(page, store, 0);
      await expect(page.getByText(w.applied)).toBeVisible();
      const secondOrder = await checkOut(page, store);
      await page.goto(`${store.base}/account/perks`);
      const redeemed = page.locator(".perks-history tr").filter({ hasText: `${w.redeemedOn} ${secondOrder}` });
      await expect(redeemed).toContainText(/[−-]1[\s,.\u202f]?500/);
    });

    test("a guest joins at checkout and collects the order's points by creating the account", async ({ page, context }, testInfo) => {
      const { w } = store;
      await allowFunctionalCookies(context, store.base.replace(/\/fr$/, ""));
      const email = uniqueEmail(`walkup-${store.site}`, testInfo);
      await addBoxes(page, store, await boxPage(page, store), "2");
      await page.goto(`${store.base}/cart`);
      const order = await checkOut(page, store, { email, joinPerks: true });
      const claim = page.locator(".perks-earns");
      await expect(claim).toHaveText(w.walkUpClaim);
      const points = Number(w.walkUpClaim.exec((await claim.textContent()) ?? "")?.[1]);
      expect(points).toBeGreaterThan(0);
      await page.getByLabel(w.password, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: w.createAccount }).click();
      await expect(page.getByText(w.claimed)).toBeVisible();

      const link = await waitForMailedLink(email, "confirm");
      await page.goto(`${store.base.replace(/\/fr$/, "")}${link}`);
      await page.getByRole("button", { name: w.activate }).click();
      await expect(page).toHaveURL(/\/account\?notice=welcome/);
      await page.goto(`${store.base}/account/perks`);
      await expect(page.getByTestId("perks-balance")).toContainText(String(points));
      await expect(page.locator(".perks-history")).toContainText(`${w.earnedOn} ${order}`);
    });
  });
}

/** A 24-count coffee of the US store with stock to spare. */
async function boxCode(request: APIRequestContext): Promise<string> {
  const api = `${hosts.usb2c}/rest/v2/usb2c`;
  const products = ((await (await request.get(`${api}/products/search?query=coffee&pageSize=40`)).json()) as { products: { code: string }[] }).products;
  for (const { code } of products) {
    const full = (await (await request.get(`${api}/products/${code}?fields=FULL`)).json()) as {
      variantOptions: { code: string; packSize?: number; stock: { stockLevelStatus: string; stockLevel?: number } }[];
    };
    const box = full.variantOptions.find((v) => v.packSize === 24 && v.stock.stockLevelStatus === "inStock" && (v.stock.stockLevel ?? 100) >= 40);
    if (box) return box.code;
  }
  throw new Error("no 24-count coffee in stock");
}

/** The customer's own order of three boxes, placed through the store's API as their device would. */
async function memberOrderThroughApi(request: APIRequestContext, email: string, productCode: string) {
  const tokenAnswer = await request.post(`${hosts.usb2c}/authorizationserver/oauth/token`, {
    form: { grant_type: "password", username: email, password: PASSWORD, client_id: "storefront", site: "usb2c" },
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const api = `${hosts.usb2c}/rest/v2/usb2c/users/current`;
  expect((await request.post(`${api}/addProductToCart`, { headers, data: { productCode, qty: 3 } })).status()).toBe(200);
  const cart = `${api}/carts/current`;
  const address = { firstName: "Casey", lastName: "Perks", line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" };
  expect((await request.post(`${cart}/addresses/delivery`, { headers, data: { address } })).status()).toBe(200);
  expect((await request.put(`${cart}/updateDeliveryDetails`, { headers, data: { deliveryModeId: "standard" } })).status()).toBe(200);
  const card = { cardNumber: "4242424242424242", expiryMonth: 12, expiryYear: 2030, cvc: "123", accountHolderName: "Casey Perks", billingPostalCode: "12207" };
  // Cards are kept per cart, named by its guid.
  const { guid } = (await (await request.get(cart, { headers })).json()) as { guid: string };
  expect((await request.post(`${api}/carts/${guid}/paymentdetails`, { headers, data: card })).status()).toBe(201);
  const checkout = (await (await request.get(`${cart}/checkout`, { headers })).json()) as {
    totalPriceWithTax: { minor: number };
    amountDue: { minor: number };
  };
  const key = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
  const placed = await request.post(`${api}/orders?cartId=current`, {
    headers,
    data: { checkoutKey: key, expectedTotal: checkout.totalPriceWithTax.minor, expectedAmountDue: checkout.amountDue.minor },
  });
  expect(placed.status()).toBe(201);
}

test.describe("a customer-service agent", () => {
  test("opts a customer in to perks from their account and applies a reward on their cart; the desk lists both", async ({ page, request }, testInfo) => {
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const customer = { firstName: "Casey", lastName: `Perks${testInfo.project.name.replace(/\W/g, "")}${suffix}`, email: `agent-perks-${suffix}@example.com` };
    expect((await request.post(`${hosts.usb2c}/rest/v2/usb2c/users`, { data: { ...customer, password: PASSWORD } })).status()).toBe(202);
    const token = new URL(await waitForMailedLink(customer.email, "confirm"), hosts.usb2c).searchParams.get("token");
    expect((await request.post(`${hosts.usb2c}/rest/v2/usb2c/users/confirmations`, { data: { token } })).status()).toBe(200);

    await page.goto(`${hosts.usb2c}/noboLogin`);
    const signIn = page.locator("form.account-form");
    await signIn.getByLabel("Email address").fill("demo.agent@example.com");
    await signIn.getByLabel("Password").fill("Brewfront-demo-2026");
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${hosts.usb2c}/agent`);
    const desk = page.locator(".agent-desk");
    await desk.getByLabel("Name or email address").fill(customer.email);
    await desk.getByRole("button", { name: "Search" }).click();
    await page.getByRole("button", { name: `Act for ${customer.firstName} ${customer.lastName}` }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: `Customer service: you are acting for ${customer.firstName} ${customer.lastName}.` }),
    ).toBeVisible();

    await page.goto(`${hosts.usb2c}/account/perks`);
    await page.getByRole("button", { name: "Join perks for this customer" }).click();
    await expect(page.getByText(EN.joined)).toBeVisible();
    await expect(page.getByRole("button", { name: "Leave perks" })).toBeVisible();

    // The customer orders on their own device (agents never take cards); its points pay for free shipping on the next cart.
    await memberOrderThroughApi(request, customer.email, await boxCode(request));
    await addBoxes(page, STORES[0]!, await boxPage(page, STORES[0]!), "1");
    await page.goto(`${hosts.usb2c}/cart`);
    const offers = page.locator(".rewards-panel__offers li").filter({ hasText: "Free shipping" });
    await offers.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(EN.applied)).toBeVisible();
    await expect(page.locator(".rewards-panel__applied")).toContainText("Free shipping");

    await page.goto(`${hosts.usb2c}/agent`);
    const log = page.locator("table.audit-log tbody");
    await expect(log).toContainText("Alex Agent opted the customer in to perks");
    await expect(log).toContainText("Alex Agent applied a reward");
  });
});

test.describe("the commercial store", () => {
  test("has no perks anywhere: no perks page, no points, no rewards, no join", async ({ page, context }) => {
    await allowFunctionalCookies(context, hosts.usafh);
    expect((await page.goto(`${hosts.usafh}/perks`))?.status()).toBe(404);
    await page.goto(`${hosts.usafh}/signup`);
    await expect(page.locator("form.account-form")).toBeVisible();
    await expect(page.getByText(/perks/i)).toHaveCount(0);
    await page.goto(`${hosts.usafh}/login`);
    const form = page.locator("form.account-form");
    await form.getByLabel("Email address").fill("demo.perks@example.com");
    await form.getByLabel("Password", { exact: true }).fill("Brewfront-demo-2026");
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/account/);
    await expect(page.locator(".account-nav")).not.toContainText(/perks/i);
    expect((await page.goto(`${hosts.usafh}/account/perks`))?.status()).toBe(404);
    await page.goto(`${hosts.usafh}/cart`);
    await expect(page.locator(".rewards-panel")).toHaveCount(0);
    await expect(page.getByText(/perks points/i)).toHaveCount(0);
  });
});
