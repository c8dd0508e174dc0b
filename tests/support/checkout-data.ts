/** What test checkouts fill in (no test runner here: Playwright specs import it too). */
export const NY_ADDRESS = { firstName: "Ada", lastName: "Lovelace", line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" };
export const APPROVED_CARD = {
  cardNumber: "4242424242424242",
  expiryMonth: 12,
  expiryYear: 2030,
  cvc: "123",
  accountHolderName: "Ada Lovelace",
  billingPostalCode: "12207",
};
export const randomHex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join("");
