import { describe, expect, it } from "vitest";
import { OrderTaxesSchema } from "../../commerce/contract/checkout-pricing";
import { ShopError } from "../../commerce/domain/errors";
import { CANADA_SALES_TAX, US_SALES_TAX } from "../../commerce/domain/tax-rates";
import { taxAmount, taxFor } from "../../commerce/domain/taxes";

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ShopError) return { kind: err.kind, ...err.item };
    throw err;
  }
  throw new Error("expected a refusal");
};

describe("Canadian orders: GST, HST and the provincial taxes", () => {
  it("charges a Québec order GST 5% and QST 9.975%, both on the price before tax", () => {
    const taxes = taxFor({ country: "CA", region: "QC", taxableMinor: 10_000, deliveryMinor: 0 });
    // QST on the price including GST would be 1047.375 cents; Québec charges it on 100.00 only.
    expect(taxes).toEqual({
      totalMinor: 1498,
      lines: [
        { name: "GST", ratePercent: 5, amountMinor: 500 },
        { name: "QST", ratePercent: 9.975, amountMinor: 998 },
      ],
    });
    expect(OrderTaxesSchema.parse(taxes)).toEqual(taxes);
  });

  it("charges GST and QST on the delivery cost too", () => {
    const taxes = taxFor({ country: "CA", region: "QC", taxableMinor: 10_000, deliveryMinor: 995 });
    expect(taxes.lines.map((l) => l.amountMinor)).toEqual([550, 1097]);
    expect(taxes.totalMinor).toBe(1647);
  });

  it("charges an Ontario order one HST line of 13%", () => {
    expect(taxFor({ country: "CA", region: "ON", taxableMinor: 4999, deliveryMinor: 995 })).toEqual({
      totalMinor: 779,
      lines: [{ name: "HST", ratePercent: 13, amountMinor: 779 }],
    });
  });

  it("charges a British Columbia order GST and PST 7%", () => {
    expect(taxFor({ country: "CA", region: "BC", taxableMinor: 2000, deliveryMinor: 0 })).toEqual({
      totalMinor: 240,
      lines: [
        { name: "GST", ratePercent: 5, amountMinor: 100 },
        { name: "PST", ratePercent: 7, amountMinor: 140 },
      ],
    });
  });

  it("charges an Alberta order GST only", () => {
    expect(taxFor({ country: "CA", region: "AB", taxableMinor: 3000, deliveryMinor: 995 })).toEqual({
      totalMinor: 200,
      lines: [{ name: "GST", ratePercent: 5, amountMinor: 200 }],
    });
  });

  it("charges the HST of the Atlantic provinces: 15% in New Brunswick, 14% in Nova Scotia", () => {
    expect(taxFor({ country: "CA", region: "NB", taxableMinor: 10_000, deliveryMinor: 0 }).lines).toEqual([
      { name: "HST", ratePercent: 15, amountMinor: 1500 },
    ]);
    expect(taxFor({ country: "CA", region: "NS", taxableMinor: 10_000, deliveryMinor: 0 }).lines).toEqual([
      { name: "HST", ratePercent: 14, amountMinor: 1400 },
    ]);
  });

  it("leaves Manitoba's RST off the delivery cost while GST is charged on it", () => {
    expect(taxFor({ country: "CA", region: "MB", taxableMinor: 10_000, deliveryMinor: 1000 }).lines).toEqual([
      { name: "GST", ratePercent: 5, amountMinor: 550 },
      { name: "RST", ratePercent: 7, amountMinor: 700 },
    ]);
  });

  it("knows every province and territory", () => {
    expect(Object.keys(CANADA_SALES_TAX.regions).sort()).toEqual(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]);
  });
});

describe("US orders: the delivery state's sales tax", () => {
  it("charges a California order 7.25%, not on the separately billed delivery", () => {
    expect(taxFor({ country: "US", region: "CA", taxableMinor: 10_000, deliveryMinor: 695 })).toEqual({
      totalMinor: 725,
      lines: [{ name: "Sales tax", ratePercent: 7.25, amountMinor: 725 }],
    });
  });

  it("charges an Oregon order nothing, and shows no tax line", () => {
    expect(taxFor({ country: "US", region: "OR", taxableMinor: 10_000, deliveryMinor: 695 })).toEqual({ totalMinor: 0, lines: [] });
  });

  it("charges New York's 4% on the delivery cost as well, as New York taxes shipping", () => {
    expect(taxFor({ country: "US", region: "NY", taxableMinor: 10_000, deliveryMinor: 695 }).totalMinor).toBe(428);
  });

  it("knows all 50 states and DC, with no sales tax in Alaska, Delaware, Montana, New Hampshire and Oregon", () => {
    const states = Object.keys(US_SALES_TAX.regions).filter((code) => !["PR", "GU", "VI", "AS", "MP", "AA", "AE", "AP"].includes(code));
    expect(states).toHaveLength(51);
    const untaxed = states.filter((code) => US_SALES_TAX.regions[code]!.length === 0).sort();
    expect(untaxed).toEqual(["AK", "DE", "MT", "NH", "OR"]);
  });

  it("reads the region code in any case and with spaces around it", () => {
    expect(taxFor({ country: "US", region: " tx ", taxableMinor: 1000, deliveryMinor: 0 }).totalMinor).toBe(63);
  });
});

describe("rounding: half up, per tax line, in cents", () => {
  it("rounds exactly half a cent up and less than half down", () => {
    expect(taxAmount(50, 13)).toBe(7); // 6.5
    expect(taxAmount(9, 5)).toBe(0); // 0.45
    expect(taxAmount(10, 5)).toBe(1); // 0.5
    expect(taxAmount(200, 9.975)).toBe(20); // 19.95
    expect(taxAmount(0, 9.975)).toBe(0);
  });

  it("rounds each line on its own before adding them up", () => {
    // On 25 cents: GST 1.25 → 1 and QST 2.49375 → 2 make 3, where rounding the sum (3.74375) would give 4.
    expect(taxFor({ country: "CA", region: "QC", taxableMinor: 25, deliveryMinor: 0 })).toMatchObject({
      totalMinor: 3,
      lines: [{ amountMinor: 1 }, { amountMinor: 2 }],
    });
  });

  it("stays exact on large orders", () => {
    expect(taxAmount(123_456_789, 6.875)).toBe(8_487_654); // 8,487,654.24...
  });
});

describe("what taxFor refuses", () => {
  it("refuses a region it has no rates for, saying what it expects", () => {
    expect(refusal(() => taxFor({ country: "US", region: "ZZ", taxableMinor: 1000, deliveryMinor: 0 }))).toMatchObject({
      kind: "invalid",
      subject: "region",
      message: expect.stringContaining("US state"),
    });
    expect(refusal(() => taxFor({ country: "US", region: "QC", taxableMinor: 1000, deliveryMinor: 0 }))).toMatchObject({ subject: "region" });
    expect(refusal(() => taxFor({ country: "CA", region: "NY", taxableMinor: 1000, deliveryMinor: 0 }))).toMatchObject({
      subject: "region",
      message: expect.stringContaining("Canadian province"),
    });
    expect(refusal(() => taxFor({ country: "CA", region: "constructor", taxableMinor: 1000, deliveryMinor: 0 }))).toMatchObject({ subject: "region" });
  });

  it("refuses amounts that are not whole, non-negative minor units", () => {
    expect(refusal(() => taxFor({ country: "CA", region: "ON", taxableMinor: -1, deliveryMinor: 0 }))).toMatchObject({ subject: "taxableMinor" });
    expect(refusal(() => taxFor({ country: "CA", region: "ON", taxableMinor: 10.5, deliveryMinor: 0 }))).toMatchObject({ subject: "taxableMinor" });
    expect(refusal(() => taxFor({ country: "CA", region: "ON", taxableMinor: 100, deliveryMinor: Number.NaN }))).toMatchObject({ subject: "deliveryMinor" });
  });
});
