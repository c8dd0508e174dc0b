import { describe, expect, it } from "vitest";
import type { Cart } from "../../commerce/contract/cart";
import type { Checkout, CheckoutStep } from "../../commerce/contract/checkout";
import type { StoredCard } from "../../commerce/domain/checkout-parts";
import { planOrder, type PricedCheckout } from "../../commerce/domain/place-order";
import { price } from "../../commerce/domain/pricing";
import type { ShopContext } from "../../commerce/domain/shop-context";

const ctx = { site: "usb2c", lang: "en", currency: "USD", userGroups: [] } as unknown as ShopContext;
const usd = (minor: number) => price(minor, "USD", "en");
const card: StoredCard = { token: "tok", provider: "test", brand: "visa", last4: "4242", expMonth: 4, expYear: 2030 };

/** A checkout priced at 30.00 with tax, of which gift cards pay `giftCardMinor`. */
function priced({ giftCardMinor = 0, missing = [] as CheckoutStep[], entries = 1 } = {}): PricedCheckout {
  const view = {
    cart: { entries: Array.from({ length: entries }, (_, i) => ({ entryNumber: i })) } as unknown as Cart,
    email: "shopper@example.com",
    deliveryAddress: { firstName: "Ada", lastName: "Lovelace", line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" },
    deliveryMode: { code: "standard", name: "Standard", cost: usd(0), estimate: { earliest: "2026-12-01", latest: "2026-12-03" } },
    totalPriceWithTax: usd(3000),
    giftCardAmount: usd(giftCardMinor),
    amountDue: usd(3000 - giftCardMinor),
    missing,
  } as unknown as Checkout;
  return { cartId: 7, view, card };
}
const request = (expectedTotal: number, expectedAmountDue?: number) => ({ checkoutKey: "a".repeat(32), expectedTotal, expectedAmountDue });
/** The error planning throws, so its kind and item can be compared. */
function refusal(planning: () => unknown): unknown {
  try {
    planning();
  } catch (err) {
    return err;
  }
  throw new Error("the order was planned");
}
const plan = (checkout: PricedCheckout, total = 3000, due?: number) =>
  planOrder({ ctx, owner: "anonymous", guid: "b".repeat(32), request: request(total, due) }, checkout);

describe("planning an order", () => {
  it("plans the reviewed checkout: a ten-digit order number, the card for what the gift cards leave", () => {
    const planned = plan(priced({ giftCardMinor: 1000 }), 3000, 2000);
    expect(planned.code).toMatch(/^\d{10}$/);
    expect(planned).toMatchObject({ checkoutKey: "a".repeat(32), email: "shopper@example.com", mode: { code: "standard" }, card: { last4: "4242" } });
  });

  it("asks no card for an order the gift cards pay in full", () => {
    expect(plan(priced({ giftCardMinor: 3000 })).card).toBeNull();
  });

  it("refuses an empty cart, and a checkout with a step still missing", () => {
    expect(refusal(() => plan(priced({ entries: 0 })))).toMatchObject({ kind: "invalid", item: { reason: "emptyCart" } });
    expect(refusal(() => plan(priced({ missing: ["deliveryMode"] })))).toMatchObject({
      kind: "invalid",
      item: { reason: "missing_deliveryMode", subject: "deliveryMode" },
    });
  });

  it("stops when the total or the gift cards' share changed since the review, naming the new total", () => {
    expect(refusal(() => plan(priced(), 2999))).toMatchObject({
      kind: "conflict",
      item: { reason: "totalChanged", message: expect.stringContaining("$30.00") },
    });
    expect(refusal(() => plan(priced({ giftCardMinor: 500 }), 3000, 2000))).toMatchObject({ kind: "conflict", item: { reason: "giftCardChanged" } });
  });
});
