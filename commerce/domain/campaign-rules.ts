import type { Campaign, CampaignRefusal, Commitment, PriceRule } from "../contract/campaigns";
import type { BrandId } from "../contract/common";
import type { EligibilityFlag, Product } from "../contract/product";
import { adEligible } from "../contract/auto-delivery";

/**
 * Brewer campaigns' rules that need no database (decision 061): which brewers a campaign offers,
 * which customers may take it, what the brewer costs in it, and the commitment's arithmetic. Every
 * amount is an integer in minor units (decision 006).
 */

/** Whether the campaign runs on `day` (YYYY-MM-DD, the store's calendar): from its first day to its last, inclusive. */
export function campaignStatusOn(campaign: Pick<Campaign, "startsOn" | "endsOn">, day: string): "running" | "notStarted" | "ended" {
  if (day < campaign.startsOn) return "notStarted";
  if (campaign.endsOn !== null && day > campaign.endsOn) return "ended";
  return "running";
}

/** Why a product is not offered in a campaign; null when it is. */
export type BrewerRefusal = "notOnThisStore" | "notABrewer" | "notFlagged" | "noCampaignPrice";

/**
 * Whether the campaign offers this product on this store: the campaign runs on the store, the
 * product is a brewer, carries the campaign's flag, and has a campaign price by its rule (a
 * `campaignPrice` campaign needs the catalog's seeded price).
 */
export function brewerRefusal(
  campaign: Pick<Campaign, "sites" | "eligibilityFlag" | "priceRule">,
  product: Pick<Product, "productType"> & Partial<Record<EligibilityFlag, boolean>>,
  site: BrandId,
  seededCampaignMinor: number | undefined,
): BrewerRefusal | null {
  if (!campaign.sites.includes(site)) return "notOnThisStore";
  if (product.productType !== "Brewer") return "notABrewer";
  if (product[campaign.eligibilityFlag] !== true) return "notFlagged";
  if (campaign.priceRule.kind === "campaignPrice" && seededCampaignMinor === undefined) return "noCampaignPrice";
  return null;
}

/**
 * The brewer's price in the campaign: nothing (free), the list price less the percentage (rounded
 * half up to the minor unit), or the catalog's seeded campaign price — never above the list price.
 * Null when a `campaignPrice` rule finds no seeded price.
 */
export function campaignPriceMinor(rule: PriceRule, listMinor: number, seededCampaignMinor: number | undefined): number | null {
  switch (rule.kind) {
    case "free":
      return 0;
    case "percentOff":
      return roundHalfUp(listMinor * (100 - rule.percent), 100);
    case "campaignPrice":
      return seededCampaignMinor === undefined ? null : Math.min(seededCampaignMinor, listMinor);
  }
}

/** numerator / denominator, rounded half up, for non-negative integers. */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Days in a month on average (365.25 / 12 = 1461 / 48), kept as a fraction so the arithmetic stays whole. */
const MONTH_DAYS_NUMERATOR = 1461;
const MONTH_DAYS_DENOMINATOR = 48;

/**
 * The deliveries a commitment takes at this frequency. A number of deliveries is itself; a number
 * of months counts the deliveries that fall in them, the first on day 0 and one every
 * `frequencyWeeks` after: ceil(months × 365.25/12 ÷ (7 × weeks)), never fewer than one.
 */
export function commitmentDeliveries(commitment: Pick<Commitment, "kind" | "count">, frequencyWeeks: number): number {
  if (commitment.kind === "deliveries") return commitment.count;
  const numerator = commitment.count * MONTH_DAYS_NUMERATOR;
  const denominator = MONTH_DAYS_DENOMINATOR * 7 * frequencyWeeks;
  return Math.max(1, Math.ceil(numerator / denominator));
}

/** Whether a box may carry the commitment: pods that can come by auto-delivery on this store, at least the minimum per delivery. */
export function boxRefusal(
  box: Pick<Product, "productType" | "isAFHSubscriptionEligible"> & { packType?: string; packSize?: number },
  qty: number,
  commitment: Pick<Commitment, "minBoxPods">,
  site: BrandId,
): "notForAutoDelivery" | "notPods" | "tooSmall" | null {
  if (!adEligible(box, site)) return "notForAutoDelivery";
  if (box.packType !== "KCup" || !box.packSize) return "notPods";
  if (box.packSize * qty < commitment.minBoxPods) return "tooSmall";
  return null;
}

/** The fewest boxes of `packSize` pods that reach the campaign's minimum a delivery (one when the pack size is unknown). */
export function fewestBoxes(minBoxPods: number, packSize: number | undefined): number {
  if (!packSize || packSize <= 0) return 1;
  return Math.max(1, Math.ceil(minBoxPods / packSize));
}

/**
 * Whether the frequency may carry the commitment: a commitment in months must take more than the
 * first delivery at it, or a customer could meet it by ordering once (decision 065). A commitment
 * in deliveries is the same at any frequency the auto-delivery offers.
 */
export function frequencyRefusal(commitment: Pick<Commitment, "kind" | "count">, frequencyWeeks: number): "frequencyNotAllowed" | null {
  if (commitment.kind === "months" && commitmentDeliveries(commitment, frequencyWeeks) < 2) return "frequencyNotAllowed";
  return null;
}

/** The commitment's whole cost: the first delivery (it ships with the brewer) and every later one at the subscriber's price. */
export function commitmentTotalMinor(deliveries: number, firstDeliveryMinor: number, laterDeliveryMinor: number): number {
  return firstDeliveryMinor + Math.max(0, deliveries - 1) * laterDeliveryMinor;
}

/**
 * What cancelling auto-delivery charges before the commitment is met: the brewer's saving (its
 * regular price less its campaign price) prorated by the deliveries not yet made,
 * saving × (required − made) ÷ required, rounded half up. Nothing once the commitment is met.
 */
export function earlyCancellationMinor(p: { regularMinor: number; campaignMinor: number; deliveriesRequired: number; deliveriesMade: number }): number {
  const saving = Math.max(0, p.regularMinor - p.campaignMinor);
  const remaining = Math.max(0, p.deliveriesRequired - p.deliveriesMade);
  if (remaining === 0 || saving === 0) return 0;
  return roundHalfUp(saving * remaining, p.deliveriesRequired);
}

/** An earlier take of a campaign, as eligibility reads it. */
export interface CampaignTake {
  campaignId: number;
  customerId: string;
  householdKey: string;
  status: "active" | "met" | "cancelled";
  oncePerHousehold: boolean;
}

/**
 * Why this customer may not take the campaign today (empty: they may). A campaign that has not
 * started or has ended refuses everyone; a customer whose commitment on the same campaign is not
 * met yet may not take it again; a once-per-household campaign (the free brewer) is refused to an
 * account that ever took one, and to any account whose household address already received one.
 * `householdKey` null: the customer has no address yet, so the household is checked when they buy.
 */
export function customerRefusals(
  campaign: Pick<Campaign, "campaignId" | "startsOn" | "endsOn" | "oncePerHousehold">,
  customer: { customerId: string; householdKey: string | null },
  takes: readonly CampaignTake[],
  day: string,
): CampaignRefusal[] {
  const reasons: CampaignRefusal[] = [];
  const status = campaignStatusOn(campaign, day);
  if (status !== "running") reasons.push(status);
  if (takes.some((t) => t.campaignId === campaign.campaignId && t.customerId === customer.customerId && t.status === "active"))
    reasons.push("activeCommitment");
  if (campaign.oncePerHousehold) {
    const free = takes.filter((t) => t.oncePerHousehold);
    if (free.some((t) => t.customerId === customer.customerId)) reasons.push("freeBrewerTakenByAccount");
    else if (customer.householdKey !== null && free.some((t) => t.householdKey === customer.householdKey)) reasons.push("freeBrewerTakenByAddress");
  }
  return reasons;
}

/** Words an address writes in more than one way, to one spelling (lower case, after punctuation goes). */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  street: "st",
  avenue: "ave",
  av: "ave",
  road: "rd",
  boulevard: "blvd",
  drive: "dr",
  lane: "ln",
  court: "ct",
  place: "pl",
  terrace: "ter",
  highway: "hwy",
  parkway: "pkwy",
  square: "sq",
  north: "n",
  south: "s",
  east: "e",
  west: "w",
  apartment: "apt",
  suite: "ste",
  unit: "apt",
  chemin: "ch",
};

function normaliseWords(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/#/g, " apt ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join(" ");
}

/**
 * The household an address is: street lines, town, region, postal code and country, written one
 * way (accents, case, punctuation and common street words such as Street/St., Apartment/Apt/#
 * folded; a Canadian postal code without its space, a US ZIP+4 as its five digits). Names and
 * phone numbers are not part of it: two accounts at one address are one household.
 */
export function householdKey(address: { line1: string; line2?: string | null; town: string; region: string; postalCode: string; country: string }): string {
  const postal = address.postalCode.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const country = address.country.toUpperCase();
  return [
    normaliseWords(`${address.line1} ${address.line2 ?? ""}`),
    normaliseWords(address.town),
    address.region.trim().toUpperCase(),
    country === "US" ? postal.slice(0, 5) : postal,
    country,
  ].join("|");
}
