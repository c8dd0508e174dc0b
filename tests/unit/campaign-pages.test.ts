import { describe, expect, it } from "vitest";
import { CAMPAIGN_PAGES, campaignPageBySlug, campaignPageForFlag, campaignPagesOf, offerPagesOf } from "../../app/lib/campaign-pages";
import type { EligibilityFlag } from "../../commerce/contract/product";

describe("which offer page a product's flag links to", () => {
  it("links a free-brewer brewer to the free-brewer offer and a half-price one to its offer, on both consumer stores", () => {
    for (const brand of ["usb2c", "cab2c"] as const) {
      expect(campaignPageForFlag("isFreeCampaignEligible", brand, "Brewer")).toBe("/offers/free-brewer");
      expect(campaignPageForFlag("isFiftyPercentCampaignEligible", brand, "Brewer")).toBe("/offers/half-price-brewer");
    }
  });

  it("links the starter kit's flag to the starter kit every consumer store runs, not the US-only lite one", () => {
    expect(campaignPageForFlag("isKskLiteCampaignEligible", "cab2c", "Brewer")).toBe("/offers/starter-kit");
  });

  it("links BBAD's flag from a brewer only: on coffee it marks a box, not a brewer", () => {
    expect(campaignPageForFlag("isBBADCampaignEligible", "usb2c", "Brewer")).toBe("/offers/brew-better");
    expect(campaignPageForFlag("isBBADCampaignEligible", "usb2c", "Coffee")).toBeUndefined();
  });

  it("links a premium brewer to the trial, its one page, on both consumer stores", () => {
    for (const brand of ["usb2c", "cab2c"] as const) {
      expect(campaignPageForFlag("isPremiumBrewerCampaignEligible", brand, "Brewer")).toBe("/offers/try-auto-delivery");
    }
    expect(CAMPAIGN_PAGES.filter((c) => c.flag === "isPremiumBrewerCampaignEligible").map((c) => c.slug)).toEqual(["try-auto-delivery"]);
    expect(campaignPageForFlag("isPremiumBrewerCampaignEligible", "usafh", "Brewer")).toBeUndefined();
  });

  it("links nothing for flags that are not brewer campaigns", () => {
    expect(campaignPageForFlag("isProductBMSMEligible", "usb2c", "Coffee")).toBeUndefined();
  });

  it("links the commercial store's Pro to the free breakroom brewer and the Pro Max to the platinum plan, never to a consumer offer", () => {
    expect(campaignPageForFlag("isAFHKbbFreeEligible", "usafh", "Brewer")).toBe("/offers/breakroom-free-brewer");
    expect(campaignPageForFlag("isAFHKbbPlatinumEligible", "usafh", "Brewer")).toBe("/offers/breakroom-platinum");
    expect(campaignPageForFlag("isFreeCampaignEligible", "usafh", "Brewer")).toBeUndefined();
  });

  it("links the breakroom subscription's flag from a brewer only: on coffee it marks pods, not a brewer", () => {
    expect(campaignPageForFlag("isAFHSubscriptionEligible", "usafh", "Brewer")).toBe("/offers/breakroom-plan");
    expect(campaignPageForFlag("isAFHSubscriptionEligible", "usafh", "Coffee")).toBeUndefined();
  });

  it("links a breakroom flag nowhere on a consumer store", () => {
    for (const brand of ["usb2c", "cab2c"] as const) {
      expect(campaignPageForFlag("isAFHKbbFreeEligible", brand, "Brewer")).toBeUndefined();
      expect(campaignPageForFlag("isAFHSubscriptionEligible", brand, "Brewer")).toBeUndefined();
    }
  });
});

describe("the offer pages' slugs", () => {
  it("name each of the spec's campaign ids, BBAD's, the trial's and the three breakroom plans' once, and an unknown slug names none", () => {
    expect(CAMPAIGN_PAGES.map((c) => c.campaignId).sort()).toEqual([160834, 160836, 162471, 162883, 170001, 170003, 170004, 170005, 170006]);
    expect(new Set(CAMPAIGN_PAGES.map((c) => c.slug)).size).toBe(CAMPAIGN_PAGES.length);
    expect(campaignPageBySlug("free-brewer", "usb2c")?.campaignId).toBe(160836);
    expect(campaignPageBySlug("no-such-offer", "usb2c")).toBeUndefined();
  });

  it("give the consumer stores the brewer offers and the commercial store its breakroom plans, each store none of the other's", () => {
    for (const brand of ["usb2c", "cab2c"] as const) {
      expect(campaignPagesOf(brand).map((c) => c.slug)).toEqual([
        "free-brewer",
        "half-price-brewer",
        "starter-kit",
        "starter-kit-lite",
        "brew-better",
        "try-auto-delivery",
      ]);
      expect(campaignPageBySlug("breakroom-free-brewer", brand)).toBeUndefined();
    }
    expect(campaignPagesOf("usafh").map((c) => [c.slug, c.campaignId])).toEqual([
      ["breakroom-free-brewer", 170003],
      ["breakroom-platinum", 170004],
      ["breakroom-plan", 170005],
    ]);
    expect(campaignPageBySlug("free-brewer", "usafh")).toBeUndefined();
  });
});

describe("the product page's offer links", () => {
  const product = (productType: string, flags: EligibilityFlag[]) =>
    ({ productType, ...Object.fromEntries(flags.map((flag) => [flag, true])) }) as Parameters<typeof offerPagesOf>[0];

  it("link each flag the product carries to its page on this store, once, and nothing for flags it lacks", () => {
    expect(offerPagesOf(product("Brewer", ["isFreeCampaignEligible", "isKskLiteCampaignEligible"]), "cab2c")).toEqual({
      isFreeCampaignEligible: "/offers/free-brewer",
      isKskLiteCampaignEligible: "/offers/starter-kit",
    });
    expect(offerPagesOf(product("Brewer", []), "usb2c")).toEqual({});
  });

  it("link nothing from coffee for a brewer-only flag, nor to another store's campaigns", () => {
    expect(offerPagesOf(product("Coffee", ["isBBADCampaignEligible"]), "usb2c")).toEqual({});
    expect(offerPagesOf(product("Brewer", ["isFreeCampaignEligible"]), "usafh")).toEqual({});
  });
});
