import { type DeliveryMode, type DeliveryModeCode, freeShippingGap } from "../contract/checkout-pricing";
import type { BrandId, Lang } from "../contract/common";
import { POSTAL_REGIONS, type PostalCountry } from "../contract/postal-regions";
import { findSiteConfig } from "../db/content";
import type { Db } from "../db/index";
import type { Geocoder } from "./address-service";
import { invalid } from "./errors";
import { distanceKm, type Point, WAREHOUSES } from "./region-centres";

/**
 * How each store delivers and what it charges. docs/decisions/019-taxes-and-delivery.md says why
 * these modes and costs. Orders placed by 2 p.m. Eastern on a business day leave the warehouse
 * that day (the stores' shipping pages promise it); later ones leave the next business day.
 */

interface ModeRule {
  code: DeliveryModeCode;
  costMinor: number;
  /** Business days after the parcel leaves: first and last possible day of arrival. */
  days: readonly [earliest: number, latest: number];
}

interface SiteDelivery {
  country: PostalCountry;
  /** Where the road network reaches (the usual case). */
  modes: readonly ModeRule[];
  /** Regions further away: slower, and without overnight. Military post offices take standard mail only. */
  remote: Readonly<Record<string, readonly ModeRule[]>>;
}

const US_REMOTE = (standardCost: number, expeditedCost: number): Record<string, readonly ModeRule[]> => {
  const offshore: readonly ModeRule[] = [
    { code: "standard", costMinor: standardCost, days: [5, 10] },
    { code: "expedited", costMinor: expeditedCost, days: [3, 5] },
  ];
  const military: readonly ModeRule[] = [{ code: "standard", costMinor: standardCost, days: [7, 15] }];
  return { AK: offshore, HI: offshore, PR: offshore, VI: offshore, GU: offshore, AS: offshore, MP: offshore, AA: military, AE: military, AP: military };
};

const NORTH: readonly ModeRule[] = [
  { code: "standard", costMinor: 995, days: [7, 14] },
  { code: "expedited", costMinor: 1995, days: [4, 7] },
];

const SITES: Record<BrandId, SiteDelivery> = {
  usb2c: {
    country: "US",
    modes: [
      { code: "standard", costMinor: 695, days: [2, 5] },
      { code: "expedited", costMinor: 1495, days: [1, 2] },
      { code: "overnight", costMinor: 2495, days: [1, 1] },
    ],
    remote: US_REMOTE(695, 1495),
  },
  // Cases of pods and brewers for offices: heavier parcels, no overnight air.
  usafh: {
    country: "US",
    modes: [
      { code: "standard", costMinor: 1295, days: [2, 5] },
      { code: "expedited", costMinor: 2995, days: [1, 2] },
    ],
    remote: US_REMOTE(1295, 2995),
  },
  cab2c: {
    country: "CA",
    modes: [
      { code: "standard", costMinor: 995, days: [3, 7] },
      { code: "expedited", costMinor: 1995, days: [1, 3] },
    ],
    remote: { NT: NORTH, NU: NORTH, YT: NORTH },
  },
};

/**
 * Ground transit by distance from the country's warehouse to the geocoded destination (decision
 * 081): business days, first and last, for standard delivery on the road network. Air modes
 * (expedited, overnight) keep their flat windows; far regions keep their own rules.
 */
const GROUND_BANDS: Readonly<Record<PostalCountry, readonly (readonly [upToKm: number, earliest: number, latest: number])[]>> = {
  US: [
    [500, 1, 2],
    [1000, 2, 3],
    [1800, 3, 4],
    [2800, 4, 5],
    [Number.POSITIVE_INFINITY, 5, 6],
  ],
  CA: [
    [500, 1, 3],
    [1000, 2, 4],
    [2000, 3, 5],
    [3000, 4, 6],
    [Number.POSITIVE_INFINITY, 5, 7],
  ],
};

/** Standard delivery's business days to a geocoded destination. */
export function groundDays(country: PostalCountry, destination: Point): readonly [earliest: number, latest: number] {
  const km = distanceKm(WAREHOUSES[country], destination);
  const band = GROUND_BANDS[country].find(([upTo]) => km <= upTo)!;
  return [band[1], band[2]];
}

const NAMES: Record<Lang, Record<DeliveryModeCode, string>> = {
  en: { standard: "Standard delivery", expedited: "Expedited delivery", overnight: "Overnight delivery" },
  fr: { standard: "Livraison standard", expedited: "Livraison accélérée", overnight: "Livraison le lendemain" },
};

const WAREHOUSE_TIME_ZONE = "America/New_York";
const SAME_DAY_CUTOFF_HOUR = 14;
const DAY_MS = 86_400_000;

const warehouseClock = new Intl.DateTimeFormat("en-US", {
  timeZone: WAREHOUSE_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  hourCycle: "h23",
});

/** The warehouse's calendar day (as midnight UTC of that date) and hour at `instant`. */
function warehouseDay(instant: Date): { day: number; hour: number } {
  const parts = Object.fromEntries(warehouseClock.formatToParts(instant).map((p) => [p.type, p.value]));
  return { day: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)), hour: Number(parts.hour) };
}

const isWeekend = (day: number) => {
  const weekday = new Date(day).getUTCDay();
  return weekday === 0 || weekday === 6;
};

function addBusinessDays(day: number, count: number): number {
  let result = day;
  for (let left = count; left > 0;) {
    result += DAY_MS;
    if (!isWeekend(result)) left -= 1;
  }
  return result;
}

/** The business day an order placed at `instant` leaves the warehouse. */
export function shipDay(instant: Date): number {
  const { day, hour } = warehouseDay(instant);
  return isWeekend(day) || hour >= SAME_DAY_CUTOFF_HOUR ? addBusinessDays(day, 1) : day;
}

const isoDate = (day: number) => new Date(day).toISOString().slice(0, 10);

export { freeShippingGap };

export interface DeliveryModesInput {
  site: BrandId;
  lang: Lang;
  /** The goods after discounts, in minor units: what the free-shipping minimum is compared with. */
  subtotalMinor: number;
  /** The site configuration's `freeShipping.minimumPrice`, in minor units. */
  freeShippingMinimumMinor: number;
  country: PostalCountry;
  /** The delivery address's state or province, once known; estimates for far regions are longer. */
  region?: string;
  /** Where the geocoder places the delivery address; standard delivery's estimate follows its distance. Without it, the region's rule. */
  destination?: Point | null;
  /** Now: when the order would be placed. */
  today: Date;
}

/**
 * The delivery modes a shopper may choose, cheapest first, each with its cost and arrival window.
 * Standard delivery is free once the subtotal reaches the free-shipping minimum; the faster modes
 * always cost their price.
 */
export function deliveryModesFor(input: DeliveryModesInput): DeliveryMode[] {
  const site = Object.hasOwn(SITES, input.site) ? SITES[input.site] : undefined;
  if (!site) throw invalid("site", `Unknown store '${input.site}'.`);
  if (input.country !== site.country) throw invalid("country", `This store delivers to ${site.country === "US" ? "the United States" : "Canada"} only.`);
  if (!Number.isSafeInteger(input.subtotalMinor) || input.subtotalMinor < 0) {
    throw invalid("subtotalMinor", "subtotalMinor must be a whole, non-negative amount in minor units.");
  }
  if (Number.isNaN(input.today.getTime())) throw invalid("today", "today must be a valid date.");
  const region = input.region?.trim().toUpperCase();
  if (region !== undefined && !POSTAL_REGIONS[site.country].includes(region)) {
    throw invalid("region", `We do not deliver to '${input.region}': choose a ${site.country === "US" ? "US state" : "Canadian province or territory"}.`);
  }
  const remote = region !== undefined ? site.remote[region] : undefined;
  const ground = !remote && input.destination ? groundDays(site.country, input.destination) : undefined;
  const rules = (remote ?? site.modes).map((rule) => (ground && rule.code === "standard" ? { ...rule, days: ground } : rule));
  // Without a configured minimum there is no free shipping (rather than free shipping for all).
  const minimum = input.freeShippingMinimumMinor;
  const freeStandard = Number.isSafeInteger(minimum) && minimum >= 0 && freeShippingGap(input.subtotalMinor, minimum) === 0;
  const leaves = shipDay(input.today);
  return rules.map((rule) => {
    const free = rule.code === "standard" && freeStandard;
    return {
      code: rule.code,
      name: NAMES[input.lang][rule.code],
      costMinor: free ? 0 : rule.costMinor,
      estimate: { earliest: isoDate(addBusinessDays(leaves, rule.days[0])), latest: isoDate(addBusinessDays(leaves, rule.days[1])) },
      free,
    };
  });
}

/**
 * Where the geocoder places an address, for its estimate: null without a geocoder, when it does
 * not know the code or does not answer, or when it places the code in another region than the
 * address's (a prefix serving both sides of a line), so the region's own rule applies.
 */
export async function placeOf(geocoder: Geocoder | undefined, address: { country: PostalCountry; region: string; postalCode: string }): Promise<Point | null> {
  const place = await geocoder?.geocode(address.country, address.postalCode);
  return place && place.region === address.region.toUpperCase() ? place : null;
}

/** The goods total from which the site delivers free (minor units); without the setting, never. */
export async function freeShippingMinimum(db: Db, site: BrandId): Promise<number> {
  const rows = await findSiteConfig(db, site);
  return Number(rows.find((r) => r.config_key === "freeShipping.minimumPrice")?.value ?? Number.POSITIVE_INFINITY);
}
