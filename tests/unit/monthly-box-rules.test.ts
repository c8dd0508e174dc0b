import { describe, expect, it } from "vitest";
import { ProductSelectRequestSchema } from "../../commerce/contract/monthly-box";
import { monthlyBoxMessagesFor } from "../../commerce/domain/monthly-box-messages";
import {
  boxDayOf,
  boxDeliveryDate,
  boxesPerMonth,
  boxPriceMinor,
  fillBox,
  followingBoxDelivery,
  matchesWords,
  monthIndex,
  monthlySelection,
  monthOf,
  monthRefusal,
  nextMonth,
  pricePerPodMinor,
  selectableRefusal,
} from "../../commerce/domain/monthly-box-rules";
import { normalizeSearchText, queryWords } from "../../commerce/domain/search-text";
import { DEMO_MONTHLY_BOX } from "../../commerce/seed/campaigns";

/** The monthly fixed-price box's rules (decision 062), as the seeded box uses them. */

const BOX = { sites: ["usb2c", "cab2c"], packSize: 24, boxPods: 96 } as const;
const kcup = (
  productType: string,
  packSize: number | null = 24,
  extra: Partial<{ packType: string | null; isBundle: boolean; isAFHSubscriptionEligible: boolean }> = {},
) => ({
  productType,
  packType: "KCup",
  packSize,
  isBundle: false,
  isAFHSubscriptionEligible: false,
  ...extra,
});

describe("months: this month or next, counted in the store's calendar", () => {
  it("a day's month, the next month across a year's end, and consecutive months as consecutive numbers", () => {
    expect(monthOf("2026-11-28")).toBe("2026-11");
    expect(nextMonth("2026-11")).toBe("2026-12");
    expect(nextMonth("2026-12")).toBe("2027-01");
    expect(monthIndex("2027-01") - monthIndex("2026-12")).toBe(1);
  });
  it("this month and next may be read; a past month or one further ahead may not", () => {
    expect(monthRefusal("2026-11", "2026-11-28")).toBeNull();
    expect(monthRefusal("2026-12", "2026-11-28")).toBeNull();
    expect(monthRefusal("2027-01", "2026-12-31")).toBeNull();
    expect(monthRefusal("2026-10", "2026-11-01")).toBe("past");
    expect(monthRefusal("2027-01", "2026-11-30")).toBe("tooFar");
  });
});

describe("a box ships once a month, on the day the subscription started (at most the 28th)", () => {
  it("the box day is the start day, the 29th to the 31st falling back to the 28th", () => {
    expect(boxDayOf("2026-11-05")).toBe(5);
    expect(boxDayOf("2026-11-28")).toBe(28);
    expect(boxDayOf("2026-10-31")).toBe(28);
    expect(boxDeliveryDate("2027-02", 28)).toBe("2027-02-28");
    expect(boxDeliveryDate("2027-02", 31)).toBe("2027-02-28");
  });
  it("the following box is a month later on the same day, across a year's end", () => {
    expect(followingBoxDelivery("2026-11-05")).toBe("2026-12-05");
    expect(followingBoxDelivery("2026-12-28")).toBe("2027-01-28");
  });
});

describe("which products a store's box may offer", () => {
  it("a K-Cup box of coffee, tea or cocoa of the box's pack size, on a store the box is sold on", () => {
    for (const type of ["Coffee", "Tea", "Cocoa"]) expect(selectableRefusal(kcup(type), "usb2c", BOX), type).toBeNull();
    expect(selectableRefusal(kcup("Coffee"), "cab2c", BOX)).toBeNull();
  });
  it("not on the commercial store, which has no box, whatever the product", () => {
    expect(selectableRefusal(kcup("Coffee", 24, { isAFHSubscriptionEligible: true }), "usafh", BOX)).toBe("notOnThisStore");
  });
  it("not a brewer or an accessory, which never come by auto-delivery", () => {
    expect(selectableRefusal(kcup("Brewer"), "usb2c", BOX)).toBe("notForAutoDelivery");
    expect(selectableRefusal(kcup("Accessory"), "usb2c", BOX)).toBe("notForAutoDelivery");
  });
  it("not a bag or a can, nor a K-Cup box of another size, nor a bundle", () => {
    expect(selectableRefusal(kcup("Coffee", 12, { packType: "Bagged" }), "usb2c", BOX)).toBe("notPods");
    expect(selectableRefusal(kcup("Coffee", null), "usb2c", BOX)).toBe("notPods");
    expect(selectableRefusal(kcup("Coffee", 12), "usb2c", BOX)).toBe("wrongPackSize");
    expect(selectableRefusal(kcup("Coffee", 72), "usb2c", BOX)).toBe("wrongPackSize");
    expect(selectableRefusal(kcup("Coffee", 24, { isBundle: true }), "usb2c", BOX)).toBe("bundle");
  });
});

describe("the month's selection: the spec's 36, turning over month by month", () => {
  const codes = Array.from({ length: 45 }, (_, i) => `P${String(i).padStart(2, "0")}`);
  it("holds 36 distinct codes of those available, in code order, the same every time for the same month", () => {
    const nov = monthlySelection(codes, "2026-11", 36);
    expect(nov).toHaveLength(36);
    expect(new Set(nov).size).toBe(36);
    expect(nov).toEqual([...nov].sort());
    expect(nov.every((c) => codes.includes(c))).toBe(true);
    expect(monthlySelection([...codes].reverse(), "2026-11", 36)).toEqual(nov);
  });
  it("changes by (available − 36) products from one month to the next, and every product comes round within a year", () => {
    const nov = new Set(monthlySelection(codes, "2026-11", 36));
    const dec = monthlySelection(codes, "2026-12", 36);
    expect(dec.filter((c) => !nov.has(c))).toHaveLength(9);
    const year = new Set(Array.from({ length: 12 }, (_, m) => monthlySelection(codes, `2027-${String(m + 1).padStart(2, "0")}`, 36)).flat());
    expect(year.size).toBe(45);
  });
  it("spreads the ones left out over the code order: with the demo's 32 coffees, 8 teas and 5 cocoas, every month of three years keeps most of each", () => {
    const demo = [
      ...Array.from({ length: 32 }, (_, i) => `${5001 + i}-C-KC-24`),
      ...Array.from({ length: 8 }, (_, i) => `${6001 + i}-T-KC-24`),
      ...Array.from({ length: 5 }, (_, i) => `${7001 + i}-K-KC-24`),
    ];
    for (let m = 0; m < 36; m++) {
      const month = `${2026 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`;
      const picked = monthlySelection(demo, month, 36);
      expect(picked, month).toHaveLength(36);
      expect(picked.filter((c) => c.startsWith("6")).length, month).toBeGreaterThanOrEqual(6);
      expect(picked.filter((c) => c.startsWith("7")).length, month).toBeGreaterThanOrEqual(3);
    }
  });
  it("a product left out one month is back the next", () => {
    const left = (month: string) => codes.filter((c) => !monthlySelection(codes, month, 36).includes(c));
    for (const [a, b] of [
      ["2026-11", "2026-12"],
      ["2026-12", "2027-01"],
    ])
      expect(
        left(a).filter((c) => left(b).includes(c)),
        `${a} ${b}`,
      ).toEqual([]);
  });
  it("holds everything when there are no more than 36, and duplicates count once", () => {
    expect(monthlySelection(["B", "A", "A"], "2026-11", 36)).toEqual(["A", "B"]);
    expect(monthlySelection(codes.slice(0, 36), "2026-11", 36)).toHaveLength(36);
  });
});

describe("how a pick fills the box", () => {
  const pods = new Map([
    ["COFFEE-24", 24],
    ["TEA-24", 24],
    ["COCOA-24", 24],
  ]);
  it("four boxes of 24 fill the 96-pod box exactly: full and complete", () => {
    const fill = fillBox(
      [
        { code: "COFFEE-24", quantity: 2 },
        { code: "TEA-24", quantity: 1 },
        { code: "COCOA-24", quantity: 1 },
      ],
      pods,
      96,
    );
    expect(fill).toMatchObject({ pickedPods: 96, remainingPods: 0, excessPods: 0, state: "full", complete: true, refused: [] });
    expect(fill.entries).toEqual([
      { code: "COFFEE-24", quantity: 2, pods: 48 },
      { code: "TEA-24", quantity: 1, pods: 24 },
      { code: "COCOA-24", quantity: 1, pods: 24 },
    ]);
  });
  it("fewer is under, with the pods still to pick; more is over, with the pods too many", () => {
    expect(fillBox([{ code: "TEA-24", quantity: 3 }], pods, 96)).toMatchObject({
      pickedPods: 72,
      remainingPods: 24,
      excessPods: 0,
      state: "under",
      complete: false,
    });
    expect(fillBox([{ code: "TEA-24", quantity: 5 }], pods, 96)).toMatchObject({
      pickedPods: 120,
      remainingPods: 0,
      excessPods: 24,
      state: "over",
      complete: false,
    });
  });
  it("adds repeated codes together, in the order first given", () => {
    const fill = fillBox(
      [
        { code: "TEA-24", quantity: 1 },
        { code: "COFFEE-24", quantity: 2 },
        { code: "TEA-24", quantity: 1 },
      ],
      pods,
      96,
    );
    expect(fill.entries.map((e) => [e.code, e.quantity])).toEqual([
      ["TEA-24", 2],
      ["COFFEE-24", 2],
    ]);
    expect(fill.complete).toBe(true);
  });
  it("refuses codes outside the month's selection and does not count them: a box full without them is still not complete", () => {
    const fill = fillBox(
      [
        { code: "COFFEE-24", quantity: 4 },
        { code: "BREWER", quantity: 1 },
      ],
      pods,
      96,
    );
    expect(fill.refused).toEqual([{ code: "BREWER", reason: "notInSelection" }]);
    expect(fill).toMatchObject({ pickedPods: 96, state: "full", complete: false });
  });
});

describe("the box's price, in minor units", () => {
  it("is the price seeded for the store's currency, none in another", () => {
    expect(boxPriceMinor(DEMO_MONTHLY_BOX.prices, "USD")).toBe(5999);
    expect(boxPriceMinor(DEMO_MONTHLY_BOX.prices, "CAD")).toBe(7899);
    expect(boxPriceMinor(DEMO_MONTHLY_BOX.prices, "EUR")).toBeNull();
    expect(boxPriceMinor({ USD: 0 }, "USD")).toBeNull();
  });
  it("per pod, rounded half up to the cent", () => {
    expect(pricePerPodMinor(5999, 96)).toBe(62); // 62.49
    expect(pricePerPodMinor(7899, 96)).toBe(82); // 82.28
    expect(pricePerPodMinor(60, 96)).toBe(1); // 0.625
    expect(pricePerPodMinor(48, 96)).toBe(1); // 0.5, half up
  });
  it("the seeded box is four K-Cup boxes of 24, and its CAD price follows the shelf's USD × 1.32 ending in .99", () => {
    expect(boxesPerMonth({ boxPods: DEMO_MONTHLY_BOX.box_pods, packSize: DEMO_MONTHLY_BOX.pack_size })).toBe(4);
    expect(DEMO_MONTHLY_BOX.box_pods % DEMO_MONTHLY_BOX.pack_size).toBe(0);
    expect(DEMO_MONTHLY_BOX.select_count).toBe(36);
    expect(DEMO_MONTHLY_BOX.prices.CAD).toBe(Math.round((DEMO_MONTHLY_BOX.prices.USD! * 1.32) / 100) * 100 - 1);
  });
});

describe("searching the month's products", () => {
  const text = normalizeSearchText("Café Lumière Ethiopia Yirgacheffe Coffee");
  it("every word of the query begins a word of the product's text, accents and case folded", () => {
    expect(matchesWords(queryWords("en", "ethiop"), text)).toBe(true);
    expect(matchesWords(queryWords("en", "cafe lum"), text)).toBe(true);
    expect(matchesWords(queryWords("fr", "CAFÉ"), text)).toBe(true);
    expect(matchesWords(queryWords("en", "ethiopia tea"), text)).toBe(false);
    expect(matchesWords(queryWords("en", "opia"), text)).toBe(false);
  });
  it("a query of stop words alone finds nothing", () => {
    expect(matchesWords(queryWords("en", "the and"), text)).toBe(false);
  });
});

describe("a pick's shape and the box's words", () => {
  it("a pick is 1 to 36 lines of a product code and a whole quantity from 1 to 24; form text quantities are read", () => {
    expect(ProductSelectRequestSchema.safeParse({ entries: [{ code: "5001-SMRG-KC-24", quantity: "2" }] }).data?.entries[0]?.quantity).toBe(2);
    for (const entries of [
      [],
      [{ code: "x y", quantity: 1 }],
      [{ code: "A", quantity: 0 }],
      [{ code: "A", quantity: 1.5 }],
      [{ code: "A", quantity: 25 }],
      "A",
    ])
      expect(ProductSelectRequestSchema.safeParse({ entries }).success, JSON.stringify(entries)).toBe(false);
    expect(ProductSelectRequestSchema.safeParse({ entries: [{ code: "A", quantity: 1 }], month: "2026-13" }).success).toBe(false);
  });
  it("says what the box needs in US English, Canadian English and French", () => {
    expect(monthlyBoxMessagesFor("en", "usb2c").box.under({ remaining: 24, excess: 0, boxPods: 96 })).toBe("Pick 24 more pods to fill your box.");
    expect(monthlyBoxMessagesFor("en", "cab2c").box.full({ remaining: 0, excess: 0, boxPods: 96 })).toBe("Your box is full: 96 pods.");
    expect(monthlyBoxMessagesFor("fr", "cab2c").box.over({ remaining: 0, excess: 1, boxPods: 96 })).toBe(
      "Votre boîte contient 1 dosette de trop\u00a0; retirez-en pour continuer.",
    );
    for (const [lang, site] of [
      ["en", "usb2c"],
      ["en", "cab2c"],
      ["fr", "cab2c"],
    ] as const) {
      const words = monthlyBoxMessagesFor(lang, site);
      expect(words.includes({ boxPods: 96, boxes: 4, packSize: 24, selectCount: 36 })).toHaveLength(4);
      expect(words.refusals.notInSelection.length).toBeGreaterThan(10);
    }
  });
});
