import { timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import {
  type AddressVerification,
  type AddressVerificationReason,
  type AddressVerificationRequest,
  DEVELOPMENT_ADDRESS_SERVICE_KEY,
  type Geocode,
  GeocodeSchema,
  type VerifiedAddress,
} from "../contract/address-service";
import { lookUpPostalCode, POSTAL_REGIONS, type PostalCountry } from "../contract/postal-regions";
import { REGION_CENTRES } from "./region-centres";

/**
 * The embedded address service (decision 081): verification and geocoding from the postal tables
 * the store ships (postal-regions.ts, region-centres.ts). It checks what those tables know — the
 * postal code's shape, the state or province it belongs to — and writes the street line the way
 * the post office does; it never adds, removes or guesses a street, a number or a town.
 */

/** USPS Publication 28, appendix C1: common street suffixes (and their usual misspellings) and the standard abbreviation. */
const US_SUFFIXES: Readonly<Record<string, string>> = {
  ALLEY: "Aly",
  ALLY: "Aly",
  AVENUE: "Ave",
  AV: "Ave",
  AVEN: "Ave",
  AVENU: "Ave",
  AVN: "Ave",
  AVNUE: "Ave",
  BOULEVARD: "Blvd",
  BOULV: "Blvd",
  BOUL: "Blvd",
  CIRCLE: "Cir",
  CIRC: "Cir",
  CIRCL: "Cir",
  CRCL: "Cir",
  COURT: "Ct",
  CRT: "Ct",
  COVE: "Cv",
  CRESCENT: "Cres",
  DRIVE: "Dr",
  DRIV: "Dr",
  DRV: "Dr",
  EXPRESSWAY: "Expy",
  FREEWAY: "Fwy",
  HIGHWAY: "Hwy",
  HIGHWY: "Hwy",
  HIWAY: "Hwy",
  LANE: "Ln",
  PARKWAY: "Pkwy",
  PARKWY: "Pkwy",
  PKWAY: "Pkwy",
  PLACE: "Pl",
  PLAZA: "Plz",
  ROAD: "Rd",
  SQUARE: "Sq",
  STREET: "St",
  STRT: "St",
  STR: "St",
  TERRACE: "Ter",
  TRAIL: "Trl",
  TURNPIKE: "Tpke",
  WAY: "Way",
};

/** Canada Post's English street types after the name (Canadian Addressing Guide). */
const CA_SUFFIXES: Readonly<Record<string, string>> = {
  AVENUE: "Ave",
  BOULEVARD: "Blvd",
  CIRCLE: "Cir",
  COURT: "Crt",
  CRESCENT: "Cres",
  DRIVE: "Dr",
  EXPRESSWAY: "Expy",
  HIGHWAY: "Hwy",
  LANE: "Lane",
  PARKWAY: "Pky",
  PLACE: "Pl",
  ROAD: "Rd",
  SQUARE: "Sq",
  STREET: "St",
  TERRACE: "Terr",
  TRAIL: "Trail",
};

/** Canada Post's French street types, written before the name. */
const CA_FRENCH_TYPES: Readonly<Record<string, string>> = { AVENUE: "av", BOULEVARD: "boul", CHEMIN: "ch", ROUTE: "rte" };

/** USPS Publication 28, appendix C2: secondary unit designators. */
const US_UNITS: Readonly<Record<string, string>> = {
  APARTMENT: "Apt",
  APT: "Apt",
  BUILDING: "Bldg",
  BLDG: "Bldg",
  DEPARTMENT: "Dept",
  DEPT: "Dept",
  FLOOR: "Fl",
  FL: "Fl",
  ROOM: "Rm",
  RM: "Rm",
  SUITE: "Ste",
  STE: "Ste",
  UNIT: "Unit",
};

/** Canada Post's unit designators (English and French). */
const CA_UNITS: Readonly<Record<string, string>> = {
  APARTMENT: "Apt",
  APT: "Apt",
  APPARTEMENT: "App",
  APP: "App",
  SUITE: "Suite",
  UNIT: "Unit",
  BUREAU: "Bureau",
};

/** A table that also knows its own abbreviations (so "St." is read as St). */
const withAbbreviations = (table: Readonly<Record<string, string>>): Readonly<Record<string, string>> => ({
  ...Object.fromEntries(Object.values(table).map((v) => [v.toUpperCase(), v])),
  ...table,
});

const SUFFIXES: Record<PostalCountry, Readonly<Record<string, string>>> = { US: withAbbreviations(US_SUFFIXES), CA: withAbbreviations(CA_SUFFIXES) };
const UNITS: Record<PostalCountry, Readonly<Record<string, string>>> = { US: withAbbreviations(US_UNITS), CA: withAbbreviations(CA_UNITS) };

/** A direction after the street type (Queen Street West, Main St NE): the type is the word before it. */
const DIRECTIONS = new Set(["N", "S", "E", "W", "NE", "NW", "SE", "SW", "NORTH", "SOUTH", "EAST", "WEST", "NORD", "SUD", "EST", "OUEST"]);

/** A word's letters without the trailing period or comma a shopper may type after an abbreviation. */
const bare = (word: string) => word.replace(/[.,]+$/, "").toUpperCase();

/** Words of a line typed all in one case get capitals (main street → Main Street); mixed case is the shopper's own. */
function fixCase(text: string): string {
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (letters === "" || (letters !== letters.toLowerCase() && letters !== letters.toUpperCase())) return text;
  return text.toLowerCase().replace(/(^|[\s\-'])(\p{L})/gu, (_m, before: string, first: string) => `${before}${first.toUpperCase()}`);
}

const collapse = (text: string) => text.trim().replace(/\s+/g, " ");

interface LineResult {
  text: string;
  suffix: boolean;
  unit: boolean;
}

/**
 * One street or unit line as the post office writes it: spacing and case, the street type
 * abbreviated (after the name; in French, the type before it), and unit designators abbreviated.
 * Only whole words the tables know are replaced.
 */
function standardLine(line: string, country: PostalCountry): LineResult {
  const words = fixCase(collapse(line)).split(" ");
  const units = UNITS[country];
  const suffixes = SUFFIXES[country];
  let suffix = false;
  let unit = false;
  // A unit leads its own line (Apartment 4) or follows a number and a street name.
  const unitAt = words.findIndex((w, i) => (i === 0 || i >= 2) && Object.hasOwn(units, bare(w)));
  const streetEnd = unitAt === -1 ? words.length : unitAt;
  const out = [...words];
  // The street type is the last word of the street part (before a direction), after a name that is not a number.
  const last = streetEnd >= 4 && DIRECTIONS.has(bare(words[streetEnd - 1]!)) ? streetEnd - 2 : streetEnd - 1;
  if (last >= 2 && Object.hasOwn(suffixes, bare(out[last]!)) && !/^\d/.test(out[last - 1]!)) {
    const standard = suffixes[bare(out[last]!)]!;
    if (out[last] !== standard) suffix = true;
    out[last] = standard;
  } else if (country === "CA" && streetEnd >= 3 && /^\d/.test(out[0]!.replace(/,$/, "")) && Object.hasOwn(CA_FRENCH_TYPES, bare(out[1]!))) {
    const standard = CA_FRENCH_TYPES[bare(out[1]!)]!;
    if (out[1] !== standard) suffix = true;
    out[1] = standard;
  }
  if (unitAt !== -1 && unitAt + 1 < out.length) {
    const standard = units[bare(out[unitAt]!)]!;
    if (out[unitAt] !== standard) unit = true;
    out[unitAt] = standard;
  }
  return { text: out.join(" "), suffix, unit };
}

/** The address as the post office writes it, what that changed, or why it cannot be checked. */
export function verifyAddress(input: AddressVerificationRequest): AddressVerification {
  const country = input.country;
  const unverifiable = (reason: AddressVerificationReason): AddressVerification => ({ verdict: "unverifiable", suggestion: null, reasons: [reason] });
  const region = input.region.trim().toUpperCase();
  if (!POSTAL_REGIONS[country].includes(region)) return unverifiable("unknownRegion");
  const found = lookUpPostalCode(country, input.postalCode);
  if (!found.found) return unverifiable(found.reason === "malformed" ? "malformedPostalCode" : "unknownPostalCode");
  // A code serving towns on both sides of a line cannot say which side an address of a third region is on.
  if (!found.regions.includes(region) && found.regions.length > 1) return unverifiable("regionUnclear");
  const reasons = new Set<AddressVerificationReason>();
  const suggestedRegion = found.regions.includes(region) ? region : found.regions[0]!;
  if (suggestedRegion !== input.region.trim()) reasons.add(suggestedRegion === region ? "caseAndSpacing" : "region");
  if (found.postalCode !== input.postalCode.trim()) reasons.add("postalCodeFormat");
  const line1 = standardLine(input.line1, country);
  const line2 = input.line2?.trim() ? standardLine(input.line2, country) : undefined;
  for (const l of [line1, line2]) {
    if (l?.suffix) reasons.add("streetSuffix");
    if (l?.unit) reasons.add("unitDesignator");
  }
  const town = fixCase(collapse(input.town));
  const suggestion: VerifiedAddress = { line1: line1.text, town, region: suggestedRegion, postalCode: found.postalCode, country };
  if (line2) suggestion.line2 = line2.text;
  // Case and spacing count apart from the words replaced.
  for (const typed of [input.line1, input.line2 ?? "", input.town]) {
    if (typed.trim() !== fixCase(collapse(typed))) reasons.add("caseAndSpacing");
  }
  return { verdict: reasons.size === 0 ? "valid" : "corrected", suggestion, reasons: [...reasons] };
}

export type GeocodeLookup = { ok: true; place: Geocode } | { ok: false; reason: "malformed" | "unknownPrefix" | "noPlace"; message: string };

/**
 * The point a postal code is placed at: the centre of where its region's people live (the first
 * region, for a prefix that serves towns on both sides of a line). Military post offices have none.
 */
export function geocodePostalCode(country: PostalCountry, postalCode: string): GeocodeLookup {
  const found = lookUpPostalCode(country, postalCode);
  if (!found.found) return { ok: false, reason: found.reason, message: found.message };
  const region = found.regions[0]!;
  const centre = REGION_CENTRES[country][region];
  if (!centre) return { ok: false, reason: "noPlace", message: `Mail for ${region} goes through a military gateway: it has no place on the map.` };
  return { ok: true, place: { country, postalCode: found.postalCode, region, latitude: centre[0], longitude: centre[1], precision: "region" } };
}

/** Where a delivery goes, for its estimate; null when the geocoder does not know (or does not answer). */
export interface Geocoder {
  geocode(country: PostalCountry, postalCode: string): Promise<Geocode | null>;
}

/** The embedded geocoder, answering in this process. */
export const embeddedGeocoder: Geocoder = {
  geocode: (country, postalCode) => {
    const found = geocodePostalCode(country, postalCode);
    return Promise.resolve(found.ok ? found.place : null);
  },
};

/**
 * A geocoder reached by URL (GEOCODER_URL): GET {url}/geocode?postalCode=&country= with the key in
 * X-Api-Key. Answers are kept a day (postal codes do not move); a failure is logged and answers
 * null, so the estimate falls back to the region's rule instead of stopping a checkout.
 */
export class RemoteGeocoder implements Geocoder {
  private readonly cache = new LRUCache<string, Geocode | "none">({ max: 20_000, ttl: 86_400_000 });
  /** After a failure the geocoder is left alone this long: checkout pages do not each wait for a service that is down. */
  private static readonly RESTING_MS = 30_000;
  private restingUntil = 0;

  constructor(private readonly options: { url: string; apiKey: string; logger: Logger; timeoutMs?: number }) {}

  async geocode(country: PostalCountry, postalCode: string): Promise<Geocode | null> {
    const key = `${country}|${postalCode.trim().toUpperCase().replace(/\s+/g, "")}`;
    const kept = this.cache.get(key);
    if (kept !== undefined) return kept === "none" ? null : kept;
    if (Date.now() < this.restingUntil) return null;
    const url = new URL(`${this.options.url.replace(/\/+$/, "")}/geocode`);
    url.search = new URLSearchParams({ postalCode, country }).toString();
    try {
      const response = await fetch(url, {
        headers: { "X-Api-Key": this.options.apiKey, Accept: "application/json" },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3000),
      });
      if (response.status === 404) {
        this.cache.set(key, "none");
        return null;
      }
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      const place = GeocodeSchema.parse(await response.json());
      this.cache.set(key, place);
      return place;
    } catch (err) {
      this.restingUntil = Date.now() + RemoteGeocoder.RESTING_MS;
      this.options.logger.warn({ err, geocoder: url.origin }, "geocoder unavailable: delivery estimates by region for 30 s");
      return null;
    }
  }
}

/** The embedded address service behind its key (ADDRESS_SERVICE_API_KEY; the published development key by default). */
export class AddressService {
  private readonly key: Buffer;

  constructor(apiKey: string = DEVELOPMENT_ADDRESS_SERVICE_KEY) {
    this.key = Buffer.from(apiKey);
  }

  /** Whether a caller sent the service's key (compared in constant time). */
  acceptsKey(sent: string | undefined): boolean {
    if (sent === undefined) return false;
    const given = Buffer.from(sent);
    return given.length === this.key.length && timingSafeEqual(given, this.key);
  }

  verify(input: AddressVerificationRequest): AddressVerification {
    return verifyAddress(input);
  }

  geocode(country: PostalCountry, postalCode: string): GeocodeLookup {
    return geocodePostalCode(country, postalCode);
  }
}
