import { describe, expect, it } from "vitest";
import type { Campaign } from "../../commerce/contract/campaigns";
import { ELIGIBILITY_FLAGS, type EligibilityFlag } from "../../commerce/contract/product";
import { campaignMessagesFor } from "../../commerce/domain/campaign-messages";
import {
  fewestBoxes,
  frequencyRefusal,
  boxRefusal,
  brewerRefusal,
  type CampaignTake,
  campaignPriceMinor,
  campaignStatusOn,
  commitmentDeliveries,
  commitmentTotalMinor,
  customerRefusals,
  earlyCancellationMinor,
  householdKey,
  roundHalfUp,
} from "../../commerce/domain/campaign-rules";
import { DEMO_CAMPAIGNS } from "../../commerce/seed/campaigns";

/** Brewer campaigns' rules (decision 061), as the seeded campaigns use them. */

const FREE = {
  campaignId: 160836,
  sites: ["usb2c", "cab2c"],
  eligibilityFlag: "isFreeCampaignEligible",
  priceRule: { kind: "free" },
  startsOn: "2026-01-01",
  endsOn: null,
  oncePerHousehold: true,
} as const satisfies Partial<Campaign>;
const HALF = {
  ...FREE,
  campaignId: 160834,
  eligibilityFlag: "isFiftyPercentCampaignEligible",
  priceRule: { kind: "percentOff", percent: 50 },
  oncePerHousehold: false,
} as const satisfies Partial<Campaign>;
const KSK = {
  ...FREE,
  campaignId: 162471,
  sites: ["usb2c"],
  eligibilityFlag: "isKskLiteCampaignEligible",
  priceRule: { kind: "campaignPrice" },
  oncePerHousehold: false,
} as const satisfies Partial<Campaign>;

const flagsOnly = (...flags: EligibilityFlag[]) => Object.fromEntries(ELIGIBILITY_FLAGS.map((f) => [f, flags.includes(f)])) as Record<EligibilityFlag, boolean>;
const brewer = (...flags: EligibilityFlag[]) => ({ productType: "Brewer", ...flagsOnly(...flags) });

describe("a campaign runs from its first day to its last, inclusive", () => {
  it("has not started the day before, runs on its first and last days, and has ended the day after", () => {
    const c = { startsOn: "2026-12-01", endsOn: "2026-12-31" };
    expect(campaignStatusOn(c, "2026-11-30")).toBe("notStarted");
    expect(campaignStatusOn(c, "2026-12-01")).toBe("running");
    expect(campaignStatusOn(c, "2026-12-31")).toBe("running");
    expect(campaignStatusOn(c, "2027-01-01")).toBe("ended");
  });
  it("runs for ever without a last day", () => {
    expect(campaignStatusOn({ startsOn: "2026-01-01", endsOn: null }, "2099-12-31")).toBe("running");
  });
});

describe("which brewers a campaign offers: its flag, on its stores, with a price", () => {
  it("offers a brewer carrying the campaign's flag on a store it runs on", () => {
    expect(brewerRefusal(FREE, brewer("isFreeCampaignEligible"), "usb2c", undefined)).toBeNull();
    expect(brewerRefusal(FREE, brewer("isFreeCampaignEligible", "isBBADCampaignEligible"), "cab2c", undefined)).toBeNull();
  });
  it("refuses a brewer without the flag, whatever other campaign flags it carries", () => {
    for (const flag of ELIGIBILITY_FLAGS.filter((f) => f !== "isFreeCampaignEligible")) {
      expect(brewerRefusal(FREE, brewer(flag), "usb2c", undefined), flag).toBe("notFlagged");
    }
    expect(brewerRefusal(FREE, brewer(), "usb2c", undefined)).toBe("notFlagged");
  });
  it("refuses on a store the campaign does not run on, before anything else", () => {
    expect(brewerRefusal(FREE, brewer("isFreeCampaignEligible"), "usafh", undefined)).toBe("notOnThisStore");
    expect(brewerRefusal(KSK, brewer("isKskLiteCampaignEligible"), "cab2c", 4499)).toBe("notOnThisStore");
  });
  it("refuses a product that is not a brewer even with the flag (coffee flagged for BBAD is the box, not the brewer)", () => {
    expect(
      brewerRefusal({ ...FREE, eligibilityFlag: "isBBADCampaignEligible" }, { productType: "Coffee", isBBADCampaignEligible: true }, "usb2c", undefined),
    ).toBe("notABrewer");
  });
  it("a campaign priced by the catalog's campaign price refuses a brewer without one", () => {
    expect(brewerRefusal(KSK, brewer("isKskLiteCampaignEligible"), "usb2c", undefined)).toBe("noCampaignPrice");
    expect(brewerRefusal(KSK, brewer("isKskLiteCampaignEligible"), "usb2c", 4500)).toBeNull();
  });
});

describe("the brewer's campaign price, in minor units", () => {
  it("is nothing for the free brewer", () => {
    expect(campaignPriceMinor({ kind: "free" }, 11999, undefined)).toBe(0);
  });
  it("is the list price less the percentage, rounded half up to the cent", () => {
    expect(campaignPriceMinor({ kind: "percentOff", percent: 50 }, 6999, undefined)).toBe(3500);
    expect(campaignPriceMinor({ kind: "percentOff", percent: 50 }, 8999, undefined)).toBe(4500);
    expect(campaignPriceMinor({ kind: "percentOff", percent: 20 }, 11999, undefined)).toBe(9599);
    expect(campaignPriceMinor({ kind: "percentOff", percent: 50 }, 1, undefined)).toBe(1);
  });
  it("agrees with the catalog's seeded 50 % campaign prices", () => {
    for (const list of [6999, 8999, 9449, 12149]) expect(campaignPriceMinor(HALF.priceRule, list, undefined)).toBe(Math.round(list * 0.5));
  });
  it("is the seeded campaign price, never above the list price, or none without one", () => {
    expect(campaignPriceMinor({ kind: "campaignPrice" }, 8999, 4500)).toBe(4500);
    expect(campaignPriceMinor({ kind: "campaignPrice" }, 8999, 9999)).toBe(8999);
    expect(campaignPriceMinor({ kind: "campaignPrice" }, 8999, undefined)).toBeNull();
  });
  it("rounds halves up and stays whole", () => {
    expect(roundHalfUp(5, 2)).toBe(3);
    expect(roundHalfUp(4, 3)).toBe(1);
    expect(roundHalfUp(5, 3)).toBe(2);
    expect(roundHalfUp(0, 7)).toBe(0);
  });
});

describe("the commitment in deliveries", () => {
  it("a number of deliveries is itself, at any frequency", () => {
    expect(commitmentDeliveries({ kind: "deliveries", count: 6 }, 1)).toBe(6);
    expect(commitmentDeliveries({ kind: "deliveries", count: 6 }, 26)).toBe(6);
  });
  it("months count the deliveries falling in them, the first on day 0", () => {
    // 3 months ≈ 91.3 days: days 0, 28, 56 and 84 at every 4 weeks.
    expect(commitmentDeliveries({ kind: "months", count: 3 }, 4)).toBe(4);
    // 6 months ≈ 182.6 days: every 4 weeks, days 0 … 168 (7); every 2 weeks, 0 … 182 (14).
    expect(commitmentDeliveries({ kind: "months", count: 6 }, 4)).toBe(7);
    expect(commitmentDeliveries({ kind: "months", count: 6 }, 2)).toBe(14);
    // 6 months at every 26 weeks: days 0 and 182.
    expect(commitmentDeliveries({ kind: "months", count: 6 }, 26)).toBe(2);
    expect(commitmentDeliveries({ kind: "months", count: 1 }, 26)).toBe(1);
  });
});

describe("what the commitment costs", () => {
  it("is the first delivery and each later one at the subscriber's price", () => {
    expect(commitmentTotalMinor(6, 1709, 1619)).toBe(1709 + 5 * 1619);
    expect(commitmentTotalMinor(1, 1709, 1619)).toBe(1709);
  });
});

describe("cancelling before the commitment is met", () => {
  const free = { regularMinor: 11999, campaignMinor: 0, deliveriesRequired: 6 };
  it("charges the brewer's saving prorated by the deliveries not yet made, rounded half up", () => {
    expect(earlyCancellationMinor({ ...free, deliveriesMade: 1 })).toBe(9999); // 11999 × 5/6 = 9999.17
    expect(earlyCancellationMinor({ ...free, deliveriesMade: 3 })).toBe(6000); // 5999.5 rounds up
    expect(earlyCancellationMinor({ ...free, deliveriesMade: 5 })).toBe(2000); // 1999.83
    expect(earlyCancellationMinor({ ...free, deliveriesMade: 0 })).toBe(11999);
  });
  it("charges only the saving, not the campaign price already paid", () => {
    expect(earlyCancellationMinor({ regularMinor: 8999, campaignMinor: 4500, deliveriesRequired: 4, deliveriesMade: 2 })).toBe(2250); // 4499 × 2/4 = 2249.5
  });
  it("charges nothing once the commitment is met, or when there was no saving", () => {
    expect(earlyCancellationMinor({ ...free, deliveriesMade: 6 })).toBe(0);
    expect(earlyCancellationMinor({ ...free, deliveriesMade: 9 })).toBe(0);
    expect(earlyCancellationMinor({ regularMinor: 5000, campaignMinor: 5000, deliveriesRequired: 4, deliveriesMade: 1 })).toBe(0);
  });
  it("never charges more than the saving, and charges less after each delivery", () => {
    let before = Number.POSITIVE_INFINITY;
    for (let made = 0; made <= 6; made++) {
      const charge = earlyCancellationMinor({ ...free, deliveriesMade: made });
      expect(charge).toBeLessThanOrEqual(11999);
      expect(charge).toBeLessThan(before);
      expect(Number.isInteger(charge)).toBe(true);
      before = charge === 0 ? -1 : charge;
    }
  });
});

describe("the box that carries the commitment", () => {
  const pods = (size: number, productType = "Coffee") => ({ productType, isAFHSubscriptionEligible: false, packType: "KCup", packSize: size });
  it("is pods that come by auto-delivery, at least the minimum per delivery", () => {
    expect(boxRefusal(pods(24), 1, { minBoxPods: 24 }, "usb2c")).toBeNull();
    expect(boxRefusal(pods(12), 2, { minBoxPods: 24 }, "usb2c")).toBeNull();
    expect(boxRefusal(pods(24, "Tea"), 1, { minBoxPods: 24 }, "cab2c")).toBeNull();
  });
  it("refuses too few pods a delivery", () => {
    expect(boxRefusal(pods(12), 1, { minBoxPods: 24 }, "usb2c")).toBe("tooSmall");
  });
  it("refuses bags and cans, and what never comes by auto-delivery", () => {
    expect(boxRefusal({ ...pods(12), packType: "Bagged" }, 4, { minBoxPods: 24 }, "usb2c")).toBe("notPods");
    expect(boxRefusal({ productType: "Brewer", isAFHSubscriptionEligible: false }, 1, { minBoxPods: 24 }, "usb2c")).toBe("notForAutoDelivery");
    expect(boxRefusal(pods(24), 1, { minBoxPods: 24 }, "usafh")).toBe("notForAutoDelivery");
  });
});

describe("one free brewer per household address and per account", () => {
  const day = "2026-11-28";
  const home = householdKey({ line1: "350 Fifth Avenue", line2: "Apt 4", town: "New York", region: "NY", postalCode: "10118", country: "US" });
  const take = (t: Partial<CampaignTake>): CampaignTake => ({
    campaignId: 160836,
    customerId: "someone",
    householdKey: home,
    status: "active",
    oncePerHousehold: true,
    ...t,
  });

  it("a customer with no history may take any running campaign", () => {
    expect(customerRefusals(FREE, { customerId: "me", householdKey: home }, [], day)).toEqual([]);
    expect(customerRefusals(HALF, { customerId: "me", householdKey: home }, [], day)).toEqual([]);
  });
  it("refuses a second free brewer to an address that had one, whoever the account", () => {
    expect(customerRefusals(FREE, { customerId: "me", householdKey: home }, [take({ status: "met" })], day)).toEqual(["freeBrewerTakenByAddress"]);
    expect(customerRefusals(FREE, { customerId: "me", householdKey: home }, [take({ status: "cancelled" })], day)).toEqual(["freeBrewerTakenByAddress"]);
  });
  it("refuses a second free brewer to an account that had one, at any address", () => {
    expect(customerRefusals(FREE, { customerId: "me", householdKey: "elsewhere" }, [take({ customerId: "me", status: "met" })], day)).toEqual([
      "freeBrewerTakenByAccount",
    ]);
    expect(customerRefusals(FREE, { customerId: "me", householdKey: null }, [take({ customerId: "me", status: "met" })], day)).toEqual([
      "freeBrewerTakenByAccount",
    ]);
  });
  it("lets another household, and other campaigns, go ahead", () => {
    expect(customerRefusals(FREE, { customerId: "me", householdKey: "elsewhere" }, [take({})], day)).toEqual([]);
    expect(customerRefusals(HALF, { customerId: "me", householdKey: home }, [take({ status: "met" })], day)).toEqual([]);
  });
  it("refuses a campaign while the customer's commitment on it is not met, and allows it again after", () => {
    const half = (status: CampaignTake["status"]) => take({ campaignId: 160834, customerId: "me", status, oncePerHousehold: false });
    expect(customerRefusals(HALF, { customerId: "me", householdKey: home }, [half("active")], day)).toEqual(["activeCommitment"]);
    expect(customerRefusals(HALF, { customerId: "me", householdKey: home }, [half("met")], day)).toEqual([]);
    expect(customerRefusals(HALF, { customerId: "me", householdKey: home }, [half("cancelled")], day)).toEqual([]);
    // Someone else's commitment at the same address does not stop a 50 % brewer.
    expect(customerRefusals(HALF, { customerId: "me", householdKey: home }, [{ ...half("active"), customerId: "partner" }], day)).toEqual([]);
  });
  it("gives every reason at once, the campaign's dates first", () => {
    const ended = { ...FREE, endsOn: "2026-10-31" };
    expect(customerRefusals(ended, { customerId: "me", householdKey: home }, [take({ customerId: "me" })], day)).toEqual([
      "ended",
      "activeCommitment",
      "freeBrewerTakenByAccount",
    ]);
    expect(customerRefusals({ ...FREE, startsOn: "2027-01-01" }, { customerId: "me", householdKey: home }, [], day)).toEqual(["notStarted"]);
  });
});

describe("a household address is written one way", () => {
  const base = { line1: "350 Fifth Avenue", line2: "Apt 4", town: "New York", region: "NY", postalCode: "10118", country: "US" };
  it("folds case, punctuation, accents, street words and unit markers", () => {
    const key = householdKey(base);
    expect(householdKey({ ...base, line1: "350 fifth ave.", line2: "#4" })).toBe(key);
    expect(householdKey({ ...base, line1: "350  FIFTH  AVE", line2: "Unit 4", town: " new york " })).toBe(key);
    expect(householdKey({ ...base, line1: "350 Fifth Avenue, Apartment 4", line2: null })).toBe(key);
    expect(householdKey({ ...base, postalCode: "10118-0110" })).toBe(key);
  });
  it("keeps different flats, streets and towns apart", () => {
    const key = householdKey(base);
    expect(householdKey({ ...base, line2: "Apt 5" })).not.toBe(key);
    expect(householdKey({ ...base, line1: "351 Fifth Avenue" })).not.toBe(key);
    expect(householdKey({ ...base, town: "Brooklyn" })).not.toBe(key);
  });
  it("reads Canadian postal codes with or without their space, and French accents", () => {
    const ca = { line1: "1 rue Sainte-Catherine", town: "Montréal", region: "QC", postalCode: "H2X 1Z4", country: "CA" };
    expect(householdKey({ ...ca, postalCode: "h2x1z4", town: "MONTREAL" })).toBe(householdKey(ca));
  });
});

describe("the seeded campaigns", () => {
  it("map the spec's ids to its alert codes in the order both lists give them, BBAD, the breakroom plans and the trial with ids of ours", () => {
    expect(DEMO_CAMPAIGNS.map((c) => [c.id, c.code])).toEqual([
      [160836, "FREEBREWER"],
      [160834, "FIFTYPERCENTBREWER"],
      [162471, "KSKLITE"],
      [162883, "KSKBBAD"],
      [170001, "BBAD"],
      [170003, "AFHKBBFREE"],
      [170004, "AFHKBBPLATINUM"],
      [170005, "AFHSUBSCRIPTION"],
      [170006, "TRIAL"],
    ]);
  });
  it("run the consumer campaigns on the consumer stores and the breakroom plans on the commercial store only; only the free brewers are once per household", () => {
    for (const c of DEMO_CAMPAIGNS) {
      if (c.code.startsWith("AFH")) expect(c.sites).toEqual(["usafh"]);
      else expect(c.sites).not.toContain("usafh");
    }
    expect(DEMO_CAMPAIGNS.filter((c) => c.once_per_household).map((c) => c.code)).toEqual(["FREEBREWER", "AFHKBBFREE"]);
  });
  it("name every campaign and reason in US English, Canadian English and French", () => {
    for (const [lang, site] of [
      ["en", "usb2c"],
      ["en", "cab2c"],
      ["fr", "cab2c"],
      ["en", "usafh"],
    ] as const) {
      const words = campaignMessagesFor(lang, site);
      for (const c of DEMO_CAMPAIGNS) expect(words.names[c.code as keyof typeof words.names]).toBeTruthy();
      for (const text of Object.values(words.refusals)) expect(text.length).toBeGreaterThan(10);
    }
    expect(campaignMessagesFor("fr", "cab2c").commitment({ kind: "deliveries", count: 6, minBoxPods: 24 })).toBe(
      "6 livraisons automatiques d’au moins 24 dosettes chacune",
    );
    expect(campaignMessagesFor("en", "usb2c").commitment({ kind: "months", count: 3, minBoxPods: 12 })).toBe(
      "3 months of auto-delivery, at least 12 pods a shipment",
    );
  });
  it("speak to business buyers on the commercial store: the office's pod subscription, one free brewer per business address", () => {
    const words = campaignMessagesFor("en", "usafh");
    expect(words.commitment({ kind: "deliveries", count: 12, minBoxPods: 96 })).toBe("12 breakroom pod deliveries of at least 96 pods each");
    expect(words.refusals.freeBrewerTakenByAddress).toBe(
      "A free breakroom brewer has already been sent to this business address. The offer is one per business address.",
    );
    expect(words.earlyCancellation("$399.99", 12)).toContain("If your office cancels its pod subscription");
    expect(campaignMessagesFor("en", "usb2c").refusals.freeBrewerTakenByAddress).toContain("one per household");
  });
});

describe("the fewest boxes a campaign bundle takes when the customer names no quantity", () => {
  it("reaches the campaign's minimum pods a delivery with whole boxes", () => {
    expect(fewestBoxes(24, 24)).toBe(1);
    expect(fewestBoxes(24, 12)).toBe(2);
    expect(fewestBoxes(24, 10)).toBe(3);
    expect(fewestBoxes(12, 24)).toBe(1);
  });
  it("is one box when the pack size is unknown (the box is then refused as not pods)", () => {
    expect(fewestBoxes(24, undefined)).toBe(1);
  });
});

describe("which frequencies may carry a commitment", () => {
  it("a months commitment needs more than its first delivery at the frequency", () => {
    // 3 months is 91.3 days: every 13 weeks (91 days) still makes a second delivery, 14 weeks does not.
    expect(frequencyRefusal({ kind: "months", count: 3 }, 13)).toBeNull();
    expect(frequencyRefusal({ kind: "months", count: 3 }, 14)).toBe("frequencyNotAllowed");
    expect(frequencyRefusal({ kind: "months", count: 6 }, 4)).toBeNull();
  });
  it("a deliveries commitment takes any frequency", () => {
    expect(frequencyRefusal({ kind: "deliveries", count: 6 }, 26)).toBeNull();
  });
});
