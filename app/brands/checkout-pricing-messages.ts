import type { DeliveryMode, DeliveryModeCode, TaxLine } from "../../commerce/contract/checkout-pricing";
import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeFor } from "../../commerce/contract/money";
import { localeOf } from "./locale";
import { deliveryEstimateText, type PricingLabelTexts, taxLineText } from "./pricing-labels";

/**
 * The words checkout needs around its prices: tax lines, delivery modes and their arrival dates,
 * the names of states and provinces, and what to say when a postal code and a region disagree.
 */
export interface CheckoutPricingMessages extends PricingLabelTexts {
  taxesHeading: string;
  /** Shown where the delivery region charges no sales tax. */
  noTax: string;
  deliveryHeading: string;
  deliveryModes: Record<DeliveryModeCode, string>;
  free: string;
  /** The region field's label, by country. */
  regionLabel: Record<"US" | "CA", string>;
  postalCodeLabel: Record<"US" | "CA", string>;
  /** The postal code belongs to another region than the one chosen. */
  postalCodeOtherRegion: string;
  postalCodeUnknown: string;
  postalCodeMalformed: Record<"US" | "CA", string>;
}

const enUS: CheckoutPricingMessages = {
  taxesHeading: "Taxes",
  taxNames: { "Sales tax": "Sales tax", GST: "GST", HST: "HST", PST: "PST", RST: "RST", QST: "QST" },
  taxLine: "{name} ({rate})",
  noTax: "No sales tax",
  deliveryHeading: "Delivery method",
  deliveryModes: { standard: "Standard delivery", expedited: "Expedited delivery", overnight: "Overnight delivery" },
  free: "Free",
  arrivesOn: "Arrives {date}",
  arrivesBetween: "Arrives {dates}",
  regionLabel: { US: "State", CA: "Province" },
  postalCodeLabel: { US: "ZIP code", CA: "Postal code" },
  postalCodeOtherRegion: "This ZIP code is in {region}. Check the ZIP code or the state.",
  postalCodeUnknown: "We can't find this ZIP code. Please check it.",
  postalCodeMalformed: { US: "Enter a 5-digit ZIP code, such as 12207.", CA: "Enter a postal code such as K1A 0B1." },
};

const enCA: CheckoutPricingMessages = {
  ...enUS,
  noTax: "No tax",
  regionLabel: { US: "State", CA: "Province or territory" },
  postalCodeOtherRegion: "This postal code is in {region}. Check the postal code or the province.",
  postalCodeUnknown: "We can't find this postal code. Please check it.",
};

const fr: CheckoutPricingMessages = {
  taxesHeading: "Taxes",
  taxNames: { "Sales tax": "Taxe de vente", GST: "TPS", HST: "TVH", PST: "TVP", RST: "TVD", QST: "TVQ" },
  taxLine: "{name} ({rate})",
  noTax: "Aucune taxe",
  deliveryHeading: "Mode de livraison",
  deliveryModes: { standard: "Livraison standard", expedited: "Livraison accélérée", overnight: "Livraison le lendemain" },
  free: "Gratuite",
  arrivesOn: "Livraison prévue le {date}",
  arrivesBetween: "Livraison prévue\u202f: {dates}",
  regionLabel: { US: "État", CA: "Province ou territoire" },
  postalCodeLabel: { US: "Code ZIP", CA: "Code postal" },
  postalCodeOtherRegion: "Ce code postal appartient à une autre province ou à un autre territoire\u202f: {region}. Vérifiez le code postal ou la province.",
  postalCodeUnknown: "Nous ne trouvons pas ce code postal. Veuillez le vérifier.",
  postalCodeMalformed: { US: "Entrez un code ZIP à 5 chiffres, par exemple 12207.", CA: "Entrez un code postal comme K1A 0B1." },
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function checkoutPricingMessages(lang: Lang, brand?: BrandId): CheckoutPricingMessages {
  return dictionaries[localeOf(lang, brand)];
}

/** The Intl locale the store's language formats numbers and dates in (en-US, en-CA, fr-CA). */
const intlLocale = (lang: Lang, brand?: BrandId) => localeFor(brand === "cab2c" ? "CAD" : "USD", lang);

/** "QST (9.975%)", "TVQ (9,975 %)". */
export function taxLineLabel(line: Pick<TaxLine, "name" | "ratePercent">, lang: Lang, brand?: BrandId): string {
  return taxLineText(line, checkoutPricingMessages(lang, brand), intlLocale(lang, brand));
}

/** "Arrives Tue, Dec 8 – Fri, Dec 11", or one date when the window is a single day. */
export function deliveryEstimateLabel(estimate: DeliveryMode["estimate"], lang: Lang, brand?: BrandId): string {
  return deliveryEstimateText(estimate, checkoutPricingMessages(lang, brand), intlLocale(lang, brand));
}

const US_REGION_NAMES: Readonly<Record<string, string>> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado", CT: "Connecticut", DE: "Delaware",
  DC: "District of Columbia", FL: "Florida", GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois", IN: "Indiana", IA: "Iowa",
  KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland", MA: "Massachusetts", MI: "Michigan", MN: "Minnesota",
  MS: "Mississippi", MO: "Missouri", MT: "Montana", NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey",
  NM: "New Mexico", NY: "New York", NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma", OR: "Oregon",
  PA: "Pennsylvania", RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah",
  VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming", PR: "Puerto Rico",
  GU: "Guam", VI: "U.S. Virgin Islands", AS: "American Samoa", MP: "Northern Mariana Islands",
  AA: "Armed Forces Americas", AE: "Armed Forces Europe", AP: "Armed Forces Pacific",
}; // prettier-ignore

const CA_REGION_NAMES: Record<"en" | "fr", Readonly<Record<string, string>>> = {
  en: {
    AB: "Alberta", BC: "British Columbia", MB: "Manitoba", NB: "New Brunswick", NL: "Newfoundland and Labrador",
    NS: "Nova Scotia", NT: "Northwest Territories", NU: "Nunavut", ON: "Ontario", PE: "Prince Edward Island",
    QC: "Quebec", SK: "Saskatchewan", YT: "Yukon",
  },
  fr: {
    AB: "Alberta", BC: "Colombie-Britannique", MB: "Manitoba", NB: "Nouveau-Brunswick", NL: "Terre-Neuve-et-Labrador",
    NS: "Nouvelle-Écosse", NT: "Territoires du Nord-Ouest", NU: "Nunavut", ON: "Ontario", PE: "Île-du-Prince-Édouard",
    QC: "Québec", SK: "Saskatchewan", YT: "Yukon",
  },
}; // prettier-ignore

/** A state's or province's name for the address form and messages; the code itself when unknown. */
export function regionName(country: "US" | "CA", code: string, lang: Lang): string {
  const names = country === "CA" ? CA_REGION_NAMES[lang] : US_REGION_NAMES;
  return Object.hasOwn(names, code) ? names[code]! : code;
}

/** The regions of a country as the address form lists them: code and name, sorted by name in the language. */
export function regionOptions(country: "US" | "CA", lang: Lang): { code: string; name: string }[] {
  const names = country === "CA" ? CA_REGION_NAMES[lang] : US_REGION_NAMES;
  const collator = new Intl.Collator(lang === "fr" ? "fr-CA" : "en-US");
  return Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
