import type { TaxName } from "../contract/checkout-pricing";

/**
 * The tax rates the shop charges, kept as data so a rate change is a one-line edit reviewed against
 * its source. docs/tax-rates.md says what is modelled and what is not.
 */

export interface TaxComponent {
  name: TaxName;
  /** As published, e.g. 9.975. At most three decimals (the finest rate in the tables). */
  ratePercent: number;
  /** Whether this tax is charged on the delivery cost too, when delivery is billed separately. */
  onDelivery: boolean;
}

export interface TaxTable {
  /** Where the rates were taken from. */
  source: string;
  /** The day the rates are known to be in force, YYYY-MM-DD. */
  asOf: string;
  /** By state, province or territory code (the address's `region`). */
  regions: Readonly<Record<string, readonly TaxComponent[]>>;
}

const salesTax = (ratePercent: number, onDelivery: boolean): readonly TaxComponent[] =>
  ratePercent === 0 ? [] : [{ name: "Sales tax", ratePercent, onDelivery }];

/**
 * State-level base rates only: county, city and district rates come on top in most states and are
 * not charged here. Delivery: taxed where the state taxes a separately stated delivery charge by
 * common carrier (simplified from the Sales Tax Institute's chart; several states have conditions).
 */
export const US_SALES_TAX: TaxTable = {
  source:
    "State revenue departments' published state rates, as summarised by the Sales Tax Institute (State Sales Tax Rates) and its Shipping and Handling chart",
  asOf: "2025-07-01",
  regions: {
    AL: salesTax(4, false),
    AK: salesTax(0, false),
    AZ: salesTax(5.6, false),
    AR: salesTax(6.5, true),
    CA: salesTax(7.25, false),
    CO: salesTax(2.9, false),
    CT: salesTax(6.35, true),
    DE: salesTax(0, false),
    DC: salesTax(6, true),
    FL: salesTax(6, true),
    GA: salesTax(4, true),
    HI: salesTax(4, true),
    ID: salesTax(6, false),
    IL: salesTax(6.25, false),
    IN: salesTax(7, true),
    IA: salesTax(6, false),
    KS: salesTax(6.5, true),
    KY: salesTax(6, true),
    LA: salesTax(5, false),
    ME: salesTax(5.5, false),
    MD: salesTax(6, false),
    MA: salesTax(6.25, false),
    MI: salesTax(6, false),
    MN: salesTax(6.875, true),
    MS: salesTax(7, true),
    MO: salesTax(4.225, false),
    MT: salesTax(0, false),
    NE: salesTax(5.5, true),
    NV: salesTax(6.85, false),
    NH: salesTax(0, false),
    NJ: salesTax(6.625, true),
    NM: salesTax(4.875, true),
    NY: salesTax(4, true),
    NC: salesTax(4.75, true),
    ND: salesTax(5, true),
    OH: salesTax(5.75, true),
    OK: salesTax(4.5, false),
    OR: salesTax(0, false),
    PA: salesTax(6, true),
    RI: salesTax(7, true),
    SC: salesTax(6, true),
    SD: salesTax(4.2, true),
    TN: salesTax(7, true),
    TX: salesTax(6.25, true),
    UT: salesTax(4.85, false),
    VT: salesTax(6, true),
    VA: salesTax(4.3, false),
    WA: salesTax(6.5, true),
    WV: salesTax(6, true),
    WI: salesTax(5, true),
    WY: salesTax(4, false),
    // Addresses the address book accepts besides the states: Puerto Rico's IVU (its 10.5% state
    // part; the 1% municipal part is local), territories without a sales tax a remote seller
    // collects, and military post offices, where no state sales tax applies.
    PR: salesTax(10.5, false),
    GU: salesTax(0, false),
    VI: salesTax(0, false),
    AS: salesTax(0, false),
    MP: salesTax(0, false),
    AA: salesTax(0, false),
    AE: salesTax(0, false),
    AP: salesTax(0, false),
  },
};

const GST: TaxComponent = { name: "GST", ratePercent: 5, onDelivery: true };
const hst = (ratePercent: number): readonly TaxComponent[] => [{ name: "HST", ratePercent, onDelivery: true }];

/**
 * GST or HST everywhere, plus a provincial tax in four provinces. Delivery follows the goods for
 * GST/HST and QST; Manitoba's RST is not charged on delivery a common carrier makes.
 */
export const CANADA_SALES_TAX: TaxTable = {
  source:
    "Canada Revenue Agency, GST/HST rates (canada.ca, 'GST/HST provincial rates table'); Revenu Québec, QST rate; British Columbia, Saskatchewan and Manitoba finance ministries, PST/RST rates",
  asOf: "2025-07-01",
  regions: {
    AB: [GST],
    BC: [GST, { name: "PST", ratePercent: 7, onDelivery: true }],
    MB: [GST, { name: "RST", ratePercent: 7, onDelivery: false }],
    NB: hst(15),
    NL: hst(15),
    // 15% until 31 March 2025.
    NS: hst(14),
    NT: [GST],
    NU: [GST],
    ON: hst(13),
    PE: hst(15),
    // QST is charged on the price before GST, as Québec has done since 2013.
    QC: [GST, { name: "QST", ratePercent: 9.975, onDelivery: true }],
    SK: [GST, { name: "PST", ratePercent: 6, onDelivery: true }],
    YT: [GST],
  },
};
