import { expect, type Page, type TestInfo } from "@playwright/test";
import { APPROVED_CARD, CHECKOUT_EN, chooseFirstDeliveryMode } from "./checkout";
import { waitForMailedLink } from "./mail";
import { ownClientAddress } from "./client-address";

const port = Number(process.env.E2E_PORT ?? 3100);
/** The store's API, reached through the US host (the service answers every brand by its path). */
const api = (path: string) => `http://localhost:${port}${path}`;

/**
 * A shopper of the test's own: from an address of their own (a documentation range the store's
 * loopback proxy relays), so their sign-ins do not count against the limits the suite shares, and
 * living on a street of their own, since one free brewer per household (or business address) is
 * a rule under test.
 */
export function newShopper(testInfo: TestInfo, who: { label: string; firstName: string; lastName: string; password: string; streetWord: string }) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    firstName: who.firstName,
    lastName: who.lastName,
    email: `${who.label}-${testInfo.project.name}-${suffix}@example.com`,
    password: who.password,
    clientAddress: ownClientAddress(),
    street: `${100 + Math.floor(Math.random() * 9000)} ${suffix} ${who.streetWord}`,
  };
}
export type Shopper = ReturnType<typeof newShopper>;

/** Opens the shopper's account on the store through its API and the mailed confirmation; answers an access token. */
export async function openAccount(person: Shopper, site: "usb2c" | "cab2c" | "usafh"): Promise<string> {
  const headers = { "Content-Type": "application/json", "X-Forwarded-For": person.clientAddress };
  const { firstName, lastName, email, password } = person;
  expect((await fetch(api(`/rest/v2/${site}/users`), { method: "POST", headers, body: JSON.stringify({ firstName, lastName, email, password }) })).status).toBe(
    202,
  );
  const token = new URL(await waitForMailedLink(person.email, "confirm"), api("/")).searchParams.get("token");
  expect((await fetch(api(`/rest/v2/${site}/users/confirmations`), { method: "POST", headers, body: JSON.stringify({ token }) })).status).toBe(200);
  const grant = await fetch(api("/authorizationserver/oauth/token"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": person.clientAddress },
    body: new URLSearchParams({ grant_type: "password", username: person.email, password: person.password, client_id: "storefront", site }).toString(),
  });
  expect(grant.status).toBe(200);
  return ((await grant.json()) as { access_token: string }).access_token;
}

/** Signs in on the store's sign-in page (`storeOrigin`) and lands on `returnTo`. */
export async function signIn(page: Page, person: Shopper, storeOrigin: string, returnTo: string) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": person.clientAddress });
  await page.goto(`${storeOrigin}/login?returnTo=${encodeURIComponent(returnTo)}`);
  const form = page.locator("form.account-form");
  await form.getByLabel("Email address").fill(person.email);
  await form.getByLabel("Password").fill(person.password);
  await form.getByRole("button", { name: "Sign in" }).click();
  // Signing in hashes the password: on a busy machine it takes longer than an assertion's usual wait.
  await expect(page).toHaveURL(`${storeOrigin}${returnTo}`, { timeout: 15_000 });
}

/** From the cart through the checkout's sections to the review, shipping to the shopper's own street in Albany, NY. */
export async function checkOutToReview(page: Page, person: Shopper) {
  const w = CHECKOUT_EN;
  await page.getByRole("link", { name: w.checkout }).click();
  await expect(page).toHaveURL(/\/checkout\/singlestep/);
  const address = page.locator("#delivery-address form").filter({ has: page.getByLabel(w.line1, { exact: true }) });
  await address.getByLabel(w.firstName, { exact: true }).fill(person.firstName);
  await address.getByLabel(w.lastName, { exact: true }).fill(person.lastName);
  await address.getByLabel(w.line1, { exact: true }).fill(person.street);
  await address.getByLabel(w.town, { exact: true }).fill("Albany");
  await address.getByLabel(w.region, { exact: true }).selectOption("NY");
  await address.getByLabel(w.postalCode, { exact: true }).fill("12207");
  await address.getByRole("button", { name: w.shipHere }).click();
  // The address check may write the street another way (Street → St, decision 081): the shopper keeps theirs.
  const keep = page.getByRole("button", { name: "Keep the address I entered" });
  const shipsTo = page.locator("#delivery-address .checkout-section__chosen address");
  await expect(keep.or(shipsTo)).toBeVisible();
  if (await keep.isVisible()) await keep.click();
  await expect(shipsTo).toContainText(person.street);
  await chooseFirstDeliveryMode(page, w);
  const card = page.locator("#payment form");
  await card.getByLabel(w.cardNumber, { exact: true }).fill(APPROVED_CARD);
  await card.getByLabel(w.holder, { exact: true }).fill(`${person.firstName} ${person.lastName}`);
  await card.getByLabel(w.expiry, { exact: true }).fill("12/30");
  await card.getByLabel(w.cvc, { exact: true }).fill("123");
  await card.getByRole("button", { name: w.useCard }).click();
  await expect(page.locator("#payment")).toContainText("4242");
}
