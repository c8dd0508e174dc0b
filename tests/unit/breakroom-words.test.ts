import { describe, expect, it } from "vitest";
import { campaignMessages } from "../../app/brands/campaign-messages";
import { cartMessages } from "../../app/brands/cart-messages";
import { checkoutMessages } from "../../app/brands/checkout-messages";

describe("the commercial store's words for its breakroom plans", () => {
  it("names the plans and the business on the commercial store, the brewer offers and the household on the consumer stores", () => {
    expect(campaignMessages("en", "usafh").offersTitle).toBe("Breakroom plans");
    expect(campaignMessages("en", "usafh").refusal_freeBrewerTakenByAddress).toContain("one per business address");
    expect(campaignMessages("en", "usb2c").offersTitle).toBe("Brewer offers");
    expect(campaignMessages("en", "usb2c").refusal_freeBrewerTakenByAddress).toContain("one per household");
    expect(campaignMessages("en", "cab2c").offersTitle).toBe("Brewer offers");
  });

  it("says the plan and the office's commitment in the commercial store's cart and checkout only", () => {
    expect(cartMessages("en", "usafh").offerAdded).toBe("The plan's brewer and first pods are in your cart.");
    expect(cartMessages("en", "usb2c").offerAdded).toBe("The offer's brewer and first box are in your cart.");
    expect(checkoutMessages("en", "usafh").adCommitment).toContain("your office's commitment for the {name} plan");
    expect(checkoutMessages("en", "usb2c").adCommitment).toContain("your commitment for the {name} offer");
  });

  it("has every phrase of the consumer dictionary, so no page shows a missing text", () => {
    expect(Object.keys(campaignMessages("en", "usafh")).sort()).toEqual(Object.keys(campaignMessages("en", "usb2c")).sort());
    expect(Object.keys(campaignMessages("fr", "cab2c")).sort()).toEqual(Object.keys(campaignMessages("en", "usb2c")).sort());
  });
});
