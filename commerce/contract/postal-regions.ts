import { z } from "zod";

/**
 * Which state or province a postal code belongs to, from its first characters: a US ZIP code's
 * first three digits (its sectional center) and a Canadian postal code's first letter (its postal
 * district). Enough to catch a ZIP typed for the wrong state; an address-verification service
 * would check the street too.
 */

export type PostalCountry = "US" | "CA";

export const US_ZIP_PATTERN = /^\d{5}(?:-?\d{4})?$/;
// Letters D, F, I, O, Q and U never appear in Canadian postal codes; W and Z never lead.
export const CA_POSTAL_PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/;

/**
 * ZIP3 ranges, inclusive, and the states (or territories and military post offices: AA, AE, AP)
 * they serve. A few prefixes serve towns that straddle a state line and name both states. Gaps
 * between ranges are prefixes the Postal Service has never assigned.
 */
const ZIP3_RANGES: readonly (readonly [from: number, to: number, regions: readonly string[]])[] = [
  [5, 5, ["NY"]],
  [6, 7, ["PR"]],
  [8, 8, ["VI"]],
  [9, 9, ["PR"]],
  [10, 27, ["MA"]],
  [28, 29, ["RI"]],
  [30, 38, ["NH"]],
  [39, 49, ["ME"]],
  [50, 54, ["VT"]],
  [55, 55, ["MA"]],
  [56, 59, ["VT"]],
  [60, 69, ["CT"]],
  [70, 89, ["NJ"]],
  [90, 98, ["AE"]],
  [100, 149, ["NY"]],
  [150, 196, ["PA"]],
  [197, 199, ["DE"]],
  [200, 200, ["DC"]],
  [201, 201, ["VA"]],
  [202, 205, ["DC"]],
  [206, 219, ["MD"]],
  [220, 246, ["VA"]],
  [247, 268, ["WV"]],
  [270, 289, ["NC"]],
  [290, 299, ["SC"]],
  [300, 319, ["GA"]],
  [320, 339, ["FL"]],
  [340, 340, ["AA"]],
  [341, 349, ["FL"]],
  [350, 369, ["AL"]],
  [370, 385, ["TN"]],
  [386, 397, ["MS"]],
  [398, 399, ["GA"]],
  [400, 421, ["KY"]],
  // Fort Campbell (42223) lies in Kentucky and Tennessee.
  [422, 422, ["KY", "TN"]],
  [423, 427, ["KY"]],
  [430, 459, ["OH"]],
  [460, 479, ["IN"]],
  [480, 499, ["MI"]],
  [500, 528, ["IA"]],
  [530, 549, ["WI"]],
  [550, 567, ["MN"]],
  [569, 569, ["DC"]],
  [570, 577, ["SD"]],
  [580, 588, ["ND"]],
  [590, 599, ["MT"]],
  [600, 629, ["IL"]],
  [630, 658, ["MO"]],
  [660, 679, ["KS"]],
  [680, 693, ["NE"]],
  [700, 714, ["LA"]],
  [716, 716, ["AR"]],
  // Junction City (71749) lies in Arkansas and Louisiana.
  [717, 717, ["AR", "LA"]],
  [718, 729, ["AR"]],
  [730, 731, ["OK"]],
  [733, 733, ["TX"]],
  [734, 738, ["OK"]],
  // Texhoma has a ZIP code on each side of the Oklahoma-Texas line, both in 739.
  [739, 739, ["OK", "TX"]],
  [740, 749, ["OK"]],
  [750, 799, ["TX"]],
  [800, 816, ["CO"]],
  [820, 831, ["WY"]],
  [832, 833, ["ID"]],
  // Alta, Wyoming (83414) is served from Idaho.
  [834, 834, ["ID", "WY"]],
  [835, 838, ["ID"]],
  [840, 847, ["UT"]],
  [850, 865, ["AZ"]],
  [870, 884, ["NM"]],
  [885, 885, ["TX"]],
  [889, 898, ["NV"]],
  [900, 961, ["CA"]],
  [962, 966, ["AP"]],
  // American Samoa (96799) shares Hawaii's 967.
  [967, 967, ["HI", "AS"]],
  [968, 968, ["HI"]],
  [969, 969, ["GU", "MP"]],
  [970, 975, ["OR"]],
  // New Pine Creek (97635) lies in Oregon and California.
  [976, 976, ["OR", "CA"]],
  [977, 979, ["OR"]],
  [980, 994, ["WA"]],
  [995, 999, ["AK"]],
];

const ZIP3_REGIONS: ReadonlyMap<string, readonly string[]> = new Map(
  ZIP3_RANGES.flatMap(([from, to, regions]) => Array.from({ length: to - from + 1 }, (_, i) => [String(from + i).padStart(3, "0"), regions] as const)),
);

/** Each province's postal codes begin with these letters (Canada Post's postal districts). */
export const CA_PROVINCE_POSTAL_LETTERS: Readonly<Record<string, string>> = {
  NL: "A",
  NS: "B",
  PE: "C",
  NB: "E",
  QC: "GHJ",
  ON: "KLMNP",
  MB: "R",
  SK: "S",
  AB: "T",
  BC: "V",
  NU: "X",
  NT: "X",
  YT: "Y",
};

/**
 * X serves both northern territories; its forward sortation areas tell them apart (Nunavut's
 * three regions X0A, X0B, X0C; the Northwest Territories X0E, X0G and Yellowknife's X1A).
 */
const X_FSA_TERRITORY: Readonly<Record<string, string>> = { X0A: "NU", X0B: "NU", X0C: "NU", X0E: "NT", X0G: "NT", X1A: "NT" };

const LETTER_PROVINCES: ReadonlyMap<string, readonly string[]> = (() => {
  const byLetter = new Map<string, string[]>();
  for (const [province, letters] of Object.entries(CA_PROVINCE_POSTAL_LETTERS)) {
    for (const letter of letters) byLetter.set(letter, [...(byLetter.get(letter) ?? []), province]);
  }
  return byLetter;
})();

/** The regions the tables know, per country (states, DC, territories and military post offices; provinces and territories). */
export const POSTAL_REGIONS: Readonly<Record<PostalCountry, readonly string[]>> = {
  US: [...new Set([...ZIP3_REGIONS.values()].flat())].sort(),
  CA: Object.keys(CA_PROVINCE_POSTAL_LETTERS).sort(),
};

export type PostalLookup =
  | { found: true; country: PostalCountry; postalCode: string; prefix: string; regions: readonly string[] }
  | { found: false; reason: "malformed" | "unknownPrefix"; message: string };

const MALFORMED: Record<PostalCountry, string> = {
  US: "Enter a 5-digit ZIP code (or ZIP+4, such as 12345-6789).",
  CA: "Enter a postal code such as K1A 0B1.",
};

/** The region or regions a postal code belongs to, or why none is known. */
export function lookUpPostalCode(country: PostalCountry, postalCode: string): PostalLookup {
  const postal = postalCode.trim().toUpperCase();
  if (country === "US") {
    if (!US_ZIP_PATTERN.test(postal)) return { found: false, reason: "malformed", message: MALFORMED.US };
    const prefix = postal.slice(0, 3);
    const regions = ZIP3_REGIONS.get(prefix);
    if (!regions) return { found: false, reason: "unknownPrefix", message: `No US ZIP code begins with ${prefix}.` };
    return { found: true, country, postalCode: postal.replace(/^(\d{5})-?(\d{4})$/, "$1-$2"), prefix, regions };
  }
  if (!CA_POSTAL_PATTERN.test(postal)) return { found: false, reason: "malformed", message: MALFORMED.CA };
  const compact = postal.replace(/\s+/g, "");
  const fsa = compact.slice(0, 3);
  const territory = X_FSA_TERRITORY[fsa];
  const regions = territory ? [territory] : LETTER_PROVINCES.get(fsa[0]!);
  if (!regions) return { found: false, reason: "unknownPrefix", message: `No Canadian postal code begins with ${fsa}.` };
  return { found: true, country, postalCode: `${fsa} ${compact.slice(3)}`, prefix: territory ? fsa : fsa[0]!, regions };
}

export type PostalRegionProblem = { field: "region" | "postalCode"; message: string };

/**
 * The first way the postal code and the region of an address disagree, or null when the code
 * belongs to the region: a ZIP code of another state, a postal code of another province.
 */
export function addressRegionProblem(country: PostalCountry, region: string, postalCode: string): PostalRegionProblem | null {
  const code = region.trim().toUpperCase();
  if (!POSTAL_REGIONS[country].includes(code)) {
    return country === "US"
      ? { field: "region", message: "Choose a US state (two-letter code such as NY)." }
      : { field: "region", message: "Choose a Canadian province or territory (two-letter code such as ON)." };
  }
  const found = lookUpPostalCode(country, postalCode);
  if (!found.found) return { field: "postalCode", message: found.message };
  if (found.regions.includes(code)) return null;
  if (country === "US") return { field: "postalCode", message: `ZIP codes beginning with ${found.prefix} are in ${found.regions.join(" or ")}, not ${code}.` };
  const fsas = Object.keys(X_FSA_TERRITORY).filter((fsa) => X_FSA_TERRITORY[fsa] === code);
  const starts = fsas.length > 0 ? fsas : CA_PROVINCE_POSTAL_LETTERS[code]!.split("");
  return { field: "postalCode", message: `Postal codes in ${code} begin with ${starts.join(" or ")}.` };
}

/** GET shipping/fetch/postal?postalCode=&country= (country defaults to the site's). */
export const PostalRegionQuerySchema = z.object({
  postalCode: z.string({ error: "is required" }).trim().min(1, "is required").max(12, "is too long"),
  country: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["US", "CA"], { error: "must be US or CA" }).optional()),
});
export type PostalRegionQuery = z.infer<typeof PostalRegionQuerySchema>;

export const PostalRegionsSchema = z.object({
  country: z.enum(["US", "CA"]),
  /** As the post office writes it: ZIP+4 with its hyphen, Canadian codes with their space. */
  postalCode: z.string(),
  /** The characters that decided it: a ZIP code's first three digits, a postal code's first letter (or, in the north, its first three characters). */
  prefix: z.string(),
  /** State, province or territory codes; more than one only where a prefix serves towns on both sides of a line. */
  regions: z.array(z.string()).min(1),
});
export type PostalRegions = z.infer<typeof PostalRegionsSchema>;
