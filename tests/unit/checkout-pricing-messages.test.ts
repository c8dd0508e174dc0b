import { describe, expect, it } from "vitest";
import { checkoutPricingMessages, deliveryEstimateLabel, regionName, regionOptions, taxLineLabel } from "../../app/brands/checkout-pricing-messages";
import { DeliveryModeCodeSchema, TaxNameSchema } from "../../commerce/contract/checkout-pricing";
import { POSTAL_REGIONS } from "../../commerce/contract/postal-regions";
import { messagesFor } from "../../commerce/domain/messages";

describe("checkout's tax lines in the shopper's language", () => {
  it("prints Québec's taxes as TPS and TVQ in French, with the French decimal comma", () => {
    expect(taxLineLabel({ name: "GST", ratePercent: 5 }, "fr", "cab2c")).toBe("TPS (5\u202f%)");
    expect(taxLineLabel({ name: "QST", ratePercent: 9.975 }, "fr", "cab2c")).toBe("TVQ (9,975\u202f%)");
  });

  it("prints them as GST and QST in Canadian English, and US sales tax by its rate", () => {
    expect(taxLineLabel({ name: "QST", ratePercent: 9.975 }, "en", "cab2c")).toBe("QST (9.975%)");
    expect(taxLineLabel({ name: "HST", ratePercent: 13 }, "en", "cab2c")).toBe("HST (13%)");
    expect(taxLineLabel({ name: "Sales tax", ratePercent: 7.25 }, "en", "usb2c")).toBe("Sales tax (7.25%)");
  });

  it("names every tax in the order mail as the checkout and confirmation pages do", () => {
    for (const [lang, brand] of [
      ["en", "usb2c"],
      ["en", "cab2c"],
      ["fr", "cab2c"],
    ] as const) {
      for (const name of TaxNameSchema.options) expect(messagesFor(lang, brand).taxNames[name]).toBe(checkoutPricingMessages(lang, brand).taxNames[name]);
    }
    expect(messagesFor("fr", "cab2c").taxNames.QST).toBe("TVQ");
  });

  it("has a label for every tax and delivery mode in every language", () => {
    for (const [lang, brand] of [
      ["en", "usb2c"],
      ["en", "cab2c"],
      ["fr", "cab2c"],
    ] as const) {
      const t = checkoutPricingMessages(lang, brand);
      for (const name of TaxNameSchema.options) expect(t.taxNames[name]).toBeTruthy();
      for (const code of DeliveryModeCodeSchema.options) expect(t.deliveryModes[code]).toBeTruthy();
    }
    expect(checkoutPricingMessages("fr", "cab2c").deliveryModes.expedited).toBe("Livraison accélérée");
  });
});

/** Intl puts thin and no-break spaces around dashes and before French colons; the words are what matter here. */
const spaced = (text: string) => text.replace(/\s/g, " ");

describe("arrival estimates", () => {
  it("shows the window as two dates, or one when it is a single day", () => {
    expect(spaced(deliveryEstimateLabel({ earliest: "2026-12-08", latest: "2026-12-11" }, "en", "usb2c"))).toBe("Arrives Tue, Dec 8 – Fri, Dec 11");
    expect(deliveryEstimateLabel({ earliest: "2026-12-07", latest: "2026-12-07" }, "en", "usb2c")).toBe("Arrives Mon, Dec 7");
  });

  it("writes the dates in French on the French pages", () => {
    expect(deliveryEstimateLabel({ earliest: "2026-12-07", latest: "2026-12-07" }, "fr", "cab2c")).toBe("Livraison prévue le lun. 7 déc.");
    expect(spaced(deliveryEstimateLabel({ earliest: "2026-12-09", latest: "2026-12-15" }, "fr", "cab2c"))).toBe(
      "Livraison prévue : mer. 9 déc. – mar. 15 déc.",
    );
  });
});

describe("state and province names", () => {
  it("names every region the postal tables know, in each language", () => {
    for (const code of POSTAL_REGIONS.US) expect(regionName("US", code, "en")).not.toBe(code);
    for (const code of POSTAL_REGIONS.CA) {
      expect(regionName("CA", code, "en")).not.toBe(code);
      expect(regionName("CA", code, "fr")).not.toBe(code);
    }
    expect(regionName("CA", "QC", "fr")).toBe("Québec");
    expect(regionName("CA", "QC", "en")).toBe("Quebec");
    expect(regionName("CA", "ZZ", "en")).toBe("ZZ");
  });

  it("lists the provinces sorted by their name in the language", () => {
    const french = regionOptions("CA", "fr").map((o) => o.name);
    expect(french.indexOf("Île-du-Prince-Édouard")).toBeLessThan(french.indexOf("Manitoba"));
    expect(regionOptions("CA", "en")[0]).toEqual({ code: "AB", name: "Alberta" });
  });
});
