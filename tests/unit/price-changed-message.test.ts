import { describe, expect, it } from "vitest";
import { BRAND_DEFAULTS } from "../../commerce/contract/brands";
import { ApiError } from "../../app/lib/api-client.server";
import { checkoutApiProblem } from "../../app/lib/checkout-forms.server";
import type { StorefrontContext } from "../../app/lib/context";

const usStore = { brand: BRAND_DEFAULTS.usb2c, lang: "en" } as StorefrontContext;
const frenchStore = { brand: BRAND_DEFAULTS.cab2c, lang: "fr" } as StorefrontContext;
const CODE = "5001-SMRG-KC-24";

/** What the checkout page says when the service refuses an order reviewed before an operator's price change. */
function refusalText(context: StorefrontContext, name: string) {
  const refused = new ApiError(
    409,
    [{ type: "CheckoutError", reason: "priceChanged", subject: CODE, message: "The price changed." }],
    "/users/anonymous/orders",
  );
  const answer = checkoutApiProblem(context, refused, { intent: "place" }, new Map([[CODE, name]]));
  return { status: answer.init?.status, error: answer.data.error };
}

describe("an order refused because a price changed since the review", () => {
  it("names the product and says the cart was re-priced, in the shopper's language", () => {
    expect(refusalText(usStore, "Breakfast Blend")).toEqual({
      status: 409,
      error:
        "The price of Breakfast Blend has changed since you reviewed your order. Your cart has been re-priced: check the new total below and place your order again.",
    });
    expect(refusalText(frenchStore, "Mélange déjeuner").error).toBe(
      "Le prix de Mélange déjeuner a changé depuis que vous avez vérifié votre commande. Votre panier a été recalculé\u202f: vérifiez le nouveau total ci-dessous et passez votre commande de nouveau.",
    );
  });
});
