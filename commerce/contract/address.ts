import { z } from "zod";
import { CA_POSTAL_PATTERN, CA_PROVINCE_POSTAL_LETTERS, US_ZIP_PATTERN, addressRegionProblem } from "./postal-regions";

/**
 * The postal rules a shipping address must meet before it is stored: the state or province is a
 * real one of its country, and the postal code has the country's shape and belongs to that state
 * or province (postal-regions.ts). Loose on purpose: an address-verification service does the
 * strict check at checkout; this catches typos the shopper can fix at once.
 */
export const US_STATES = [
  "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD",
  "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD",
  "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "PR", "GU", "VI", "AS", "MP", "AA", "AE", "AP",
] as const; // prettier-ignore

export const CountrySchema = z.enum(["US", "CA"]);
export type Country = z.infer<typeof CountrySchema>;

export type AddressProblem = { field: "region" | "postalCode"; message: string };

/** The first thing wrong with the region and postal code of an address in `country`, or null. */
export function addressProblem(country: Country, region: string, postalCode: string): AddressProblem | null {
  const code = region.trim().toUpperCase();
  const postal = postalCode.trim().toUpperCase();
  if (country === "US") {
    if (!(US_STATES as readonly string[]).includes(code)) return { field: "region", message: "Choose a US state (two-letter code such as NY)." };
    if (!US_ZIP_PATTERN.test(postal)) return { field: "postalCode", message: "Enter a 5-digit ZIP code (or ZIP+4, such as 12345-6789)." };
    return addressRegionProblem(country, code, postal);
  }
  const letters = CA_PROVINCE_POSTAL_LETTERS[code];
  if (!letters) return { field: "region", message: "Choose a Canadian province or territory (two-letter code such as ON)." };
  if (!CA_POSTAL_PATTERN.test(postal)) return { field: "postalCode", message: "Enter a postal code such as K1A 0B1." };
  return addressRegionProblem(country, code, postal);
}

/** Stored the way the post office writes it: upper case, Canadian codes with their space. */
export function normalPostalCode(country: Country, postalCode: string): string {
  const postal = postalCode.trim().toUpperCase().replace(/\s+/g, "");
  return country === "CA" ? `${postal.slice(0, 3)} ${postal.slice(3)}` : postal;
}

const name = z.string().trim().min(1).max(60);
const line = z.string().trim().max(120);
const phone = z
  .string()
  .trim()
  .max(30)
  .regex(/^[0-9+().\s-]*$/, "digits, spaces and + ( ) - . only");

const AddressFieldsSchema = z.object({
  firstName: name,
  lastName: name,
  line1: line.min(1),
  line2: line.optional(),
  town: z.string().trim().min(1).max(80),
  /** State (US) or province (CA) code, e.g. NY or ON. */
  region: z.string().trim().min(2).max(3),
  postalCode: z.string().trim().min(3).max(10),
  country: CountrySchema,
  phone: phone.optional(),
  isDefault: z.boolean().optional(),
});

function checkPostal(address: { country?: Country; region?: string; postalCode?: string }, ctx: z.RefinementCtx) {
  if (!address.country || address.region === undefined || address.postalCode === undefined) return;
  const problem = addressProblem(address.country, address.region, address.postalCode);
  if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
}

/** A new address (POST users/{user}/addresses). The first address a customer saves becomes the default. */
export const AddressInputSchema = AddressFieldsSchema.superRefine(checkPostal);
export type AddressInput = z.infer<typeof AddressInputSchema>;

/**
 * Changes to an address (PATCH users/{user}/addresses/{id}): any of the fields. The merged address
 * is checked again, so a new postal code must still agree with the stored province.
 */
export const AddressPatchSchema = AddressFieldsSchema.partial();
export type AddressPatch = z.infer<typeof AddressPatchSchema>;

export const AddressSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  town: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: CountrySchema,
  phone: z.string().optional(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

/** The spec's address list fetch: page 0, 4 records. */
export const ADDRESS_PAGE_SIZE = 4;

export const AddressListQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(0).max(1000).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(ADDRESS_PAGE_SIZE),
});
export type AddressListQuery = z.infer<typeof AddressListQuerySchema>;

/** Default address first, then the newest. */
export const AddressListSchema = z.object({
  addresses: z.array(AddressSchema),
  pagination: z.object({
    currentPage: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  }),
});
export type AddressList = z.infer<typeof AddressListSchema>;
