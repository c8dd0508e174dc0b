import { type APIRequestContext, type Browser, expect, type Page, test, type TestInfo } from "@playwright/test";
import { accessibilityViolations } from "./support/axe";
import { APPROVED_CARD, CHECKOUT_EN, CHECKOUT_FR, type CheckoutWords, fillCheckout } from "./support/checkout";
import { mailsFor } from "./support/mail";
import { newShopper, openAccount, type Shopper, signIn } from "./support/shoppers";
import { ownClientAddress } from "./support/client-address";

const port = Number(process.env.E2E_PORT ?? 3100);
const hosts = { usb2c: `http://localhost:${port}`, cab2c: `http://www.brewfront.ca.localhost:${port}` } as const;

test.describe.configure({ timeout: 150_000 });

interface Store {
  site: "usb2c" | "cab2c";
  lang: "en" | "fr";
  host: string;
  /** "" or "/fr": where the store's pages in this language are. */
  prefix: string;
  country: "US" | "CA";
  checkout: CheckoutWords;
  w: {
    tab: string;
    heading: string;
    friendEmail: string;
    send: string;
    sent: string;
    self: string;
    states: { sent: string; completed: string };
    inviteTitle: string;
    takeCoupon: string;
    pointsHistory: string;
  };
}

const STORES: Store[] = [
  {
    site: "usb2c",
    lang: "en",
    host: hosts.usb2c,
    prefix: "",
    country: "US",
    checkout: CHECKOUT_EN,
    w: {
      tab: "Refer a friend",
      heading: "Refer a friend",
      friendEmail: "Your friend's email address",
      send: "Send the invitation",
      sent: "Thanks! If your friend is new to us, they'll get an email with their coupon shortly.",
      self: "You can't refer yourself. Enter a friend's email address.",
      states: { sent: "Invitation sent", completed: "First order placed" },
      inviteTitle: "A friend invited you",
      takeCoupon: "Add the coupon to my cart",
      pointsHistory: "A friend you referred placed their first order",
    },
  },
  {
    site: "cab2c",
    lang: "fr",
    host: hosts.cab2c,
    prefix: "/fr",
    country: "CA",
    checkout: CHECKOUT_FR,
    w: {
      tab: "Parrainer un ami",
      heading: "Parrainer un ami",
      friendEmail: "Adresse courriel de votre ami",
      send: "Envoyer l’invitation",
      sent: "Merci! Si votre ami est nouveau chez nous, il recevra sous peu un courriel avec son code promo.",
      self: "Vous ne pouvez pas vous parrainer vous-même. Entrez l’adresse courriel d’un ami.",
      states: { sent: "Invitation envoyée", completed: "Première commande passée" },
      inviteTitle: "Un ami vous invite",
      takeCoupon: "Ajouter le code promo à mon panier",
      pointsHistory: "Un ami que vous avez parrainé a passé sa première commande",
    },
  },
];

/** The invitation link (path and query, /fr kept) mailed to the friend: read from the store's .eml outbox. */
async function mailedInvitation(address: string): Promise<string> {
  const pattern = /https?:\/\/[^\s/]+((?:\/fr)?\/referral\?token=[A-Za-z0-9_-]+)/;
  await expect.poll(() => mailsFor(address).some((m) => pattern.test(m)), { message: `an invitation to ${address}`, timeout: 10_000 }).toBe(true);
  return pattern.exec(mailsFor(address).find((m) => pattern.test(m))!)![1]!;
}

/** A coffee of the store in stock: its page, in the store's language. */
async function aCoffee(request: APIRequestContext, store: Store): Promise<string> {
  const query = store.lang === "fr" ? "café" : "coffee";
  const search = await request.get(`${hosts.usb2c}/rest/v2/${store.site}/products/search?query=${encodeURIComponent(query)}&pageSize=40&lang=${store.lang}`);
  const products = ((await search.json()) as { products: { url: string; productType: string; stock: { stockLevelStatus: string } }[] }).products;
  const coffee = products.find((p) => p.productType === "Coffee" && p.stock.stockLevelStatus !== "outOfStock");
  if (!coffee) throw new Error("no coffee in stock");
  return coffee.url.startsWith(store.prefix) || !store.prefix ? coffee.url : `${store.prefix}${coffee.url}`;
}

/** The referrer: an account of their own on the store, in perks. */
async function perksMember(store: Store, testInfo: TestInfo): Promise<Shopper> {
  const member = newShopper(testInfo, {
    label: "referrer",
    firstName: "Ada",
    lastName: "Referrer",
    password: "Referrals-e2e-password-1",
    streetWord: "Referral",
  });
  const token = await openAccount(member, store.site);
  const joined = await fetch(`${hosts.usb2c}/rest/v1/lms/${store.site}/loyaltyProgramSignup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "X-Forwarded-For": member.clientAddress },
    body: JSON.stringify({ loyaltyProgramOptIn: true }),
  });
  expect(joined.status).toBe(200);
  return member;
}

/** The friend, in a browser of their own (no cookie of the member's), JavaScript as the project runs it. */
async function freshBrowser(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
    extraHTTPHeaders: { "X-Forwarded-For": ownClientAddress() },
  });
  return context.newPage();
}

for (const store of STORES) {
  test.describe(`referrals on ${store.site} (${store.lang})`, () => {
    test("a member refers a friend; the friend opens the mailed link in a fresh browser, orders with the coupon, and the member sees the points", async ({
      page,
      browser,
    }, testInfo) => {
      const member = await perksMember(store, testInfo);
      const referrals = `${store.prefix}/account/referrals`;
      await signIn(page, member, store.host, referrals);
      await expect(page.getByRole("navigation", { name: store.lang === "fr" ? "Compte" : "Account" }).getByRole("link", { name: store.w.tab })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: store.w.heading })).toBeVisible();

      // Oneself: refused, saying why.
      const form = page.locator("form.account-form");
      await form.getByLabel(store.w.friendEmail).fill(member.email);
      await form.getByRole("button", { name: store.w.send }).click();
      await expect(page.getByRole("alert").first()).toHaveText(store.w.self);

      // An address that has an account: the same answer as any other, listed alike, and no invitation mailed to it.
      const customer = newShopper(testInfo, {
        label: "customer",
        firstName: "Grace",
        lastName: "Customer",
        password: "Referrals-e2e-password-2",
        streetWord: "Customer",
      });
      await openAccount(customer, store.site);
      await form.getByLabel(store.w.friendEmail).fill(customer.email);
      await form.getByRole("button", { name: store.w.send }).click();
      await expect(page).toHaveURL(`${store.host}${referrals}?sent=1`);
      await expect(page.locator(".notice")).toHaveText(store.w.sent);
      await expect(page.locator(".referral-list tbody tr").filter({ hasText: customer.email })).toContainText(store.w.states.sent);

      const friend = `friend-${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
      await form.getByLabel(store.w.friendEmail).fill(friend);
      await form.getByRole("button", { name: store.w.send }).click();
      await expect(page).toHaveURL(`${store.host}${referrals}?sent=1`);
      await expect(page.locator(".notice")).toHaveText(store.w.sent);
      await expect(page.locator(".referral-list tbody tr").filter({ hasText: friend })).toContainText(store.w.states.sent);

      const friendPage = await freshBrowser(browser, testInfo);
      await friendPage.goto(`${store.host}${await mailedInvitation(friend)}`);
      await expect(friendPage.getByRole("heading", { level: 1, name: store.w.inviteTitle })).toBeVisible();
      await friendPage.getByRole("button", { name: store.w.takeCoupon }).click();
      await expect(friendPage).toHaveURL(new RegExp(`${store.prefix}/cart\\?`));
      await expect(friendPage.getByText(/FRIEND-[0-9A-F]{12}/).first()).toBeVisible();

      await friendPage.goto(`${store.host}${await aCoffee(friendPage.request, store)}`);
      await friendPage.locator("form.add-to-cart").first().getByRole("button", { name: store.checkout.addToCart }).click();
      await expect(friendPage.getByText(store.checkout.added).first()).toBeVisible();
      await friendPage.goto(`${store.host}${store.prefix}/cart`);
      await expect(friendPage.locator(".cart-summary, main").first()).toContainText(/FRIEND-[0-9A-F]{12}/);
      await fillCheckout(friendPage, store.checkout, { email: friend, country: store.country, card: APPROVED_CARD });
      // The coupon's discount is on the order the friend reviews.
      await expect(friendPage.locator("main")).toContainText(store.lang === "fr" ? /Rabais\s*−\d+,\d\d/ : /Discounts\s*−\$\d+\.\d\d/);
      await friendPage.locator("#review").getByRole("button", { name: store.checkout.placeOrder }).click();
      await expect(friendPage.getByRole("heading", { level: 1, name: store.checkout.thanks })).toBeVisible();
      await friendPage.context().close();
      expect(mailsFor(customer.email).some((m) => m.includes("/referral?token="))).toBe(false);

      await page.goto(`${store.host}${referrals}`);
      const row = page.locator(".referral-list tbody tr").filter({ hasText: friend });
      await expect(row).toContainText(store.w.states.completed);
      await expect(row.locator("td").last()).toHaveText("500");
      if (testInfo.project.name === "js") expect((await accessibilityViolations(page)).violations.map((v) => v.id)).toEqual([]);
      await page.goto(`${store.host}${store.prefix}/account/perks`);
      await expect(page.getByTestId("perks-balance")).toContainText("500");
      await expect(page.getByText(store.w.pointsHistory)).toBeVisible();
    });
  });
}
