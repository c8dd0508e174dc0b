import type { OrderTaxes, TaxLine } from "../contract/checkout-pricing";
import { invalid } from "./errors";
import { CANADA_SALES_TAX, type TaxTable, US_SALES_TAX } from "./tax-rates";

export interface TaxInput {
  country: "US" | "CA";
  /** The delivery address's state, province or territory code, e.g. NY or QC. */
  region: string;
  /** What the taxes are charged on: the goods after discounts, in minor units. */
  taxableMinor: number;
  /** The delivery cost charged, in minor units (0 when delivery is free). */
  deliveryMinor: number;
}

const TABLES: Record<TaxInput["country"], TaxTable> = { US: US_SALES_TAX, CA: CANADA_SALES_TAX };

/** Rates are published with at most three decimals, so thousandths of a percent are exact integers. */
const RATE_SCALE = 1000;
const PERCENT = 100 * RATE_SCALE;

/** amount × rate% rounded half up to the minor unit, in integer arithmetic (no 0.1 + 0.2 drift). */
export function taxAmount(baseMinor: number, ratePercent: number): number {
  const rate = Math.round(ratePercent * RATE_SCALE);
  return Math.floor((baseMinor * rate + PERCENT / 2) / PERCENT);
}

const wholeMinor = (subject: string, value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw invalid(subject, `${subject} must be a whole, non-negative amount in minor units.`);
};

/**
 * The taxes on an order delivered to `region`: each tax its own line, rounded half up, and their
 * sum. Both Canadian taxes of a province apply to the same price before tax (QST is not charged on
 * GST). A region without sales tax gives no lines and 0.
 */
export function taxFor(input: TaxInput): OrderTaxes {
  wholeMinor("taxableMinor", input.taxableMinor);
  wholeMinor("deliveryMinor", input.deliveryMinor);
  const table = TABLES[input.country];
  if (!table) throw invalid("country", "We deliver to the US (US) and Canada (CA) only.");
  const region = input.region.trim().toUpperCase();
  const taxes = Object.hasOwn(table.regions, region) ? table.regions[region] : undefined;
  if (!taxes) {
    const where = input.country === "US" ? "a US state (two-letter code such as NY)" : "a Canadian province or territory (two-letter code such as ON)";
    throw invalid("region", `No tax rates for '${input.region}': the delivery region must be ${where}.`);
  }
  const lines: TaxLine[] = taxes.map((tax) => ({
    name: tax.name,
    ratePercent: tax.ratePercent,
    amountMinor: taxAmount(input.taxableMinor + (tax.onDelivery ? input.deliveryMinor : 0), tax.ratePercent),
  }));
  return { totalMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0), lines };
}
