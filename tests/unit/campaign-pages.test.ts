import { describe, expect, it } from "vitest";
import { CAMPAIGN_PAGES, campaignPageBySlug, campaignPageForFlag } from "../../app/lib/campaign-pages";

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

  it("links nothing on the commercial store, and nothing for flags that are not brewer campaigns", () => {
    expect(campaignPageForFlag("isFreeCampaignEligible", "usafh", "Brewer")).toBeUndefined();
    expect(campaignPageForFlag("isProductBMSMEligible", "usb2c", "Coffee")).toBeUndefined();
  });
});

describe("the offer pages' slugs", () => {
  it("name each of the spec's campaign ids and BBAD's once, and an unknown slug names none", () => {
    expect(CAMPAIGN_PAGES.map((c) => c.campaignId).sort()).toEqual([160834, 160836, 162471, 162883, 170001]);
    expect(new Set(CAMPAIGN_PAGES.map((c) => c.slug)).size).toBe(CAMPAIGN_PAGES.length);
    expect(campaignPageBySlug("free-brewer")?.campaignId).toBe(160836);
    expect(campaignPageBySlug("no-such-offer")).toBeUndefined();
  });
});
