import { describe, expect, it } from "vitest";
import { campaignGuideMessagesFor } from "../../commerce/domain/campaign-guide-messages";
import { boxesPerDelivery, neighbouringRoasts, type PodCandidate, podScore, suggestPods } from "../../commerce/domain/campaign-guide-rules";
import { punctuate } from "../../lib/format";

/** Help-me-choose pods' rules and the landing words (decision 069). */

const pod = (over: Partial<PodCandidate> & Pick<PodCandidate, "code">): PodCandidate => ({
  baseCode: over.code.split("-KC-")[0]!,
  productType: "Coffee",
  isAFHSubscriptionEligible: false,
  packType: "KCup",
  packSize: 24,
  roast: "medium",
  flavour: "Balanced",
  caffeine: "caffeinated",
  salesRank: 50,
  inStock: true,
  listMinor: 1799,
  ...over,
});

describe("boxes a delivery takes", () => {
  it("is the fewest boxes that hold the commitment's pods", () => {
    expect(boxesPerDelivery(24, 24)).toBe(1);
    expect(boxesPerDelivery(24, 96)).toBe(4);
    expect(boxesPerDelivery(72, 96)).toBe(2);
    expect(boxesPerDelivery(96, 96)).toBe(1);
    expect(boxesPerDelivery(96, 192)).toBe(2);
    expect(boxesPerDelivery(12, 24)).toBe(2);
  });
});

describe("how a box meets the answers", () => {
  it("scores an exact roast and flavour 2 each, a neighbouring roast 1, and names what matched", () => {
    expect(podScore(pod({ code: "a" }), { roast: "medium", flavour: "balanced" })).toEqual({ score: 4, matches: ["roast", "flavour"] });
    expect(podScore(pod({ code: "a", roast: "dark" }), { roast: "medium" })).toEqual({ score: 1, matches: [] });
    expect(podScore(pod({ code: "a", roast: "light" }), { roast: "dark" })).toEqual({ score: 0, matches: [] });
    expect(podScore(pod({ code: "a" }), {})).toEqual({ score: 0, matches: [] });
  });
  it("counts the roasts one step away as neighbours", () => {
    expect(neighbouringRoasts("dark")).toEqual(["medium"]);
    expect(neighbouringRoasts("medium")).toEqual(["light", "dark"]);
    expect(neighbouringRoasts("light")).toEqual(["medium"]);
  });
  it("never offers another kind or another caffeine than asked", () => {
    expect(podScore(pod({ code: "a" }), { caffeine: "decaf" })).toBeNull();
    expect(podScore(pod({ code: "a", caffeine: "decaf" }), { caffeine: "decaf" })).toEqual({ score: 0, matches: ["caffeine"] });
    expect(podScore(pod({ code: "a", productType: "Tea", roast: null }), { kind: "coffee" })).toBeNull();
    expect(podScore(pod({ code: "a", productType: "Tea", roast: null }), { kind: "tea", roast: "dark" })).toEqual({ score: 0, matches: ["kind"] });
  });
});

describe("the boxes suggested", () => {
  const commitment = { minBoxPods: 24 };
  it("puts the best matches first, then best sellers, at most the limit", () => {
    const pods = [
      pod({ code: "1-KC-24", roast: "dark", salesRank: 1 }),
      pod({ code: "2-KC-24", roast: "medium", salesRank: 9 }),
      pod({ code: "3-KC-24", roast: "light", salesRank: 2 }),
      pod({ code: "4-KC-24", roast: "medium", flavour: "Smoky", salesRank: 5 }),
    ];
    expect(suggestPods(pods, { roast: "medium", flavour: "smoky" }, commitment, "usb2c", 3)).toEqual([
      { code: "4-KC-24", boxQty: 1, matches: ["roast", "flavour"] },
      { code: "2-KC-24", boxQty: 1, matches: ["roast"] },
      { code: "1-KC-24", boxQty: 1, matches: [] },
    ]);
  });
  it("offers each product once, in the size that fills a delivery for the least", () => {
    const pods = [
      pod({ code: "1-KC-24", packSize: 24, listMinor: 1799 }),
      pod({ code: "1-KC-72", packSize: 72, listMinor: 4799 }),
      pod({ code: "1-KC-96", packSize: 96, listMinor: 6199 }),
    ];
    // 96 pods: four 24s 71.96, two 72s 95.98, one 96 61.99.
    expect(suggestPods(pods, {}, { minBoxPods: 96 }, "usb2c", 6)).toEqual([{ code: "1-KC-96", boxQty: 1, matches: [] }]);
  });
  it("leaves out boxes that cannot carry the commitment: sold out, not pods, not for auto-delivery on the store", () => {
    const pods = [
      pod({ code: "1-KC-24", inStock: false }),
      pod({ code: "2-BG-12", packType: "Bagged", packSize: 12 }),
      pod({ code: "3-KC-24", productType: "Brewer" }),
      pod({ code: "4-KC-24" }),
      pod({ code: "5-KC-24", isAFHSubscriptionEligible: true }),
    ];
    expect(suggestPods(pods, {}, commitment, "usb2c", 6).map((s) => s.code)).toEqual(["4-KC-24", "5-KC-24"]);
    // The commercial store subscribes only its breakroom-subscription products.
    expect(suggestPods(pods, {}, { minBoxPods: 96 }, "usafh", 6)).toEqual([{ code: "5-KC-24", boxQty: 4, matches: [] }]);
  });
  it("does not suggest a box a delivery would need more than 24 of", () => {
    expect(suggestPods([pod({ code: "1-KC-8", packSize: 8 })], {}, { minBoxPods: 200 }, "usb2c", 6)).toEqual([]);
    expect(suggestPods([pod({ code: "1-KC-12", packSize: 12 })], {}, { minBoxPods: 192 }, "usb2c", 6)).toEqual([{ code: "1-KC-12", boxQty: 16, matches: [] }]);
  });
});

describe("the landing words", () => {
  const free = {
    name: "Free breakroom brewer with a pod subscription",
    priceRule: { kind: "free" } as const,
    commitment: { kind: "deliveries", count: 12, minBoxPods: 96 } as const,
    commitmentText: "12 breakroom pod deliveries of at least 96 pods each",
    oncePerHousehold: true,
    endsOn: null,
  };
  it("speak to an office on the commercial store, one per business address", () => {
    const landing = campaignGuideMessagesFor("en", "usafh").landing(free);
    expect(landing.headline).toBe("A free breakroom brewer for your office");
    expect(landing.terms).toContain("One per business address and per account.");
    expect(landing.benefits.join(" ")).toContain("your breakroom");
  });
  it("speak to a household on the consumer stores", () => {
    const landing = campaignGuideMessagesFor("en", "usb2c").landing({ ...free, priceRule: { kind: "percentOff", percent: 50 } });
    expect(landing.headline).toBe("Save 50% on a brewer when you subscribe to pods");
    expect(landing.terms).toContain("One per household address and per account.");
    expect(campaignGuideMessagesFor("en", "cab2c").colours).toBe("Colours");
    expect(campaignGuideMessagesFor("en", "usb2c").colours).toBe("Colors");
  });
  it("say an end date in the shopper's language", () => {
    expect(campaignGuideMessagesFor("en", "usb2c").landing({ ...free, endsOn: "2026-12-31" }).terms).toContain("The offer ends December 31, 2026.");
    expect(campaignGuideMessagesFor("fr", "cab2c").landing({ ...free, endsOn: "2026-12-31" }).terms).toContain("L’offre prend fin le 31 décembre 2026.");
  });
  it("set off French punctuation with a narrow no-break space", () => {
    const words = campaignGuideMessagesFor("fr", "cab2c");
    for (const rule of [{ kind: "free" } as const, { kind: "percentOff", percent: 20 } as const, { kind: "campaignPrice" } as const]) {
      const landing = words.landing({ ...free, priceRule: rule, commitmentText: "6 livraisons", endsOn: "2026-12-31" });
      const phrases = [landing.headline, landing.intro, ...landing.benefits, ...landing.terms, ...landing.faq.flatMap((f) => [f.question, f.answer])];
      for (const text of [...phrases, words.guideTitle("Offre"), words.guideIntro, words.earlyCancellationRule({ kind: "months", count: 3 })])
        expect(punctuate(text, "fr-CA")).toBe(text);
    }
  });
});
