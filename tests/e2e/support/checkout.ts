import { expect, type Page } from "@playwright/test";

/** The words a shopper reads on the way from a product to a placed order. */
export interface CheckoutWords {
  addToCart: string;
  added: string;
  checkout: string;
  email: string;
  saveAndContinue: string;
  firstName: string;
  lastName: string;
  line1: string;
  town: string;
  region: string;
  postalCode: string;
  shipHere: string;
  chooseDelivery: string;
  cardNumber: string;
  holder: string;
  expiry: string;
  cvc: string;
  useCard: string;
  placeOrder: string;
  thanks: string;
  /** What a section's heading says once the service has taken its step. */
  stepDone: string;
}

export const CHECKOUT_EN: CheckoutWords = {
  addToCart: "Add to cart",
  added: "Added to your cart.",
  checkout: "Check out",
  email: "Email address",
  saveAndContinue: "Save and continue",
  firstName: "First name",
  lastName: "Last name",
  line1: "Street address",
  town: "City",
  region: "State",
  postalCode: "ZIP code",
  shipHere: "Ship here",
  chooseDelivery: "Use this delivery method",
  cardNumber: "Card number",
  holder: "Name on card",
  expiry: "Expiry (MM/YY)",
  cvc: "Security code",
  useCard: "Use this card",
  placeOrder: "Place order",
  thanks: "Thank you for your order",
  stepDone: "Done",
};

export const CHECKOUT_EN_CA: CheckoutWords = { ...CHECKOUT_EN, region: "Province", postalCode: "Postal code" };

export const CHECKOUT_FR: CheckoutWords = {
  addToCart: "Ajouter au panier",
  added: "Ajouté à votre panier.",
  checkout: "Passer à la caisse",
  email: "Adresse courriel",
  saveAndContinue: "Enregistrer et continuer",
  firstName: "Prénom",
  lastName: "Nom",
  line1: "Adresse",
  town: "Ville",
  region: "Province",
  postalCode: "Code postal",
  shipHere: "Livrer ici",
  chooseDelivery: "Choisir ce mode de livraison",
  cardNumber: "Numéro de carte",
  holder: "Nom sur la carte",
  expiry: "Expiration (MM/AA)",
  cvc: "Code de sécurité",
  useCard: "Utiliser cette carte",
  placeOrder: "Passer la commande",
  thanks: "Merci de votre commande",
  stepDone: "Terminé",
};

export const ADDRESSES = {
  US: { line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207" },
  CA: { line1: "100 rue Sainte-Catherine", town: "Montréal", region: "QC", postalCode: "H2X 1Y4" },
};

export const APPROVED_CARD = "4242 4242 4242 4242";

/**
 * From the cart page through every section of the single-step checkout (contact for a guest,
 * address, delivery, card) up to the review, the card kept; without a card, up to the payment.
 */
export async function fillCheckout(page: Page, w: CheckoutWords, options: { email?: string; country: "US" | "CA"; card?: string }) {
  await page.getByRole("link", { name: w.checkout }).click();
  await expect(page).toHaveURL(/\/checkout\/singlestep/);
  if (options.email) {
    const contact = page.locator("#contact");
    await contact.getByLabel(w.email, { exact: true }).fill(options.email);
    await contact.getByRole("button", { name: w.saveAndContinue }).click();
    await expectStepDone(page, "contact", w);
  }
  const address = page.locator("#delivery-address form").filter({ has: page.getByLabel(w.line1, { exact: true }) });
  const a = ADDRESSES[options.country];
  await address.getByLabel(w.firstName, { exact: true }).fill("Robin");
  await address.getByLabel(w.lastName, { exact: true }).fill("Roaster");
  await address.getByLabel(w.line1, { exact: true }).fill(a.line1);
  await address.getByLabel(w.town, { exact: true }).fill(a.town);
  await address.getByLabel(w.region, { exact: true }).selectOption(a.region);
  await address.getByLabel(w.postalCode, { exact: true }).fill(a.postalCode);
  await address.getByRole("button", { name: w.shipHere }).click();
  await expect(page.locator("#delivery-address address").first()).toContainText(a.town);

  await chooseFirstDeliveryMode(page, w);
  if (!options.card) return;

  const card = page.locator("#payment form");
  await card.getByLabel(w.cardNumber, { exact: true }).fill(options.card);
  await card.getByLabel(w.holder, { exact: true }).fill("Robin Roaster");
  await card.getByLabel(w.expiry, { exact: true }).fill("12/30");
  await card.getByLabel(w.cvc, { exact: true }).fill("123");
  await card.getByRole("button", { name: w.useCard }).click();
  await expect(page.locator("#payment")).toContainText(options.card.replace(/\s/g, "").slice(-4));
}

/**
 * A section's step as the service took it. The shopper's own click checks the radio or fills the
 * field at once, so waiting for that would let the next section's post start while this one is
 * still on its way; with JavaScript the newer post cancels the older, and the order then lacks the step.
 */
export async function expectStepDone(page: Page, section: "contact" | "delivery-address" | "delivery-mode" | "payment", w: CheckoutWords) {
  await expect(page.locator(`#${section} .checkout-section__state`)).toHaveText(w.stepDone);
}

/** Chooses the first delivery method the address allows and waits until the checkout has it. */
export async function chooseFirstDeliveryMode(page: Page, w: CheckoutWords) {
  const modes = page.locator("#delivery-mode");
  await modes.getByRole("radio").first().check();
  await modes.getByRole("button", { name: w.chooseDelivery }).click();
  await expectStepDone(page, "delivery-mode", w);
}
