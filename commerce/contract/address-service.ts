import { z } from "zod";
import { AddressSchema, CountrySchema } from "./address";

/**
 * The address service: verification (POST …/verify) and geocoding (GET …/geocode), each reachable
 * by URL so either can be replaced by an outside provider speaking these shapes. The embedded one
 * runs in the commerce service at /rest/address-service/v1 (decision 081).
 */

/**
 * The key callers send in X-Api-Key when none is configured, so the embedded service works out of
 * the box. It guards nobody's data (the service answers from public postal tables); a store that
 * moves the service outside sets its own.
 */
export const DEVELOPMENT_ADDRESS_SERVICE_KEY = "brewfront-development-address-service-key";

const line = z.string().trim().max(120);

/** POST verify: the address as the shopper typed it (names and phone are not the service's business). */
export const AddressVerificationRequestSchema = z.object({
  line1: line.min(1, "is required"),
  line2: line.optional(),
  town: z.string().trim().min(1, "is required").max(80),
  region: z.string().trim().min(1, "is required").max(3),
  postalCode: z.string().trim().min(1, "is required").max(12),
  country: CountrySchema,
});
export type AddressVerificationRequest = z.infer<typeof AddressVerificationRequestSchema>;

/** The postal part of an address, as the post office writes it. */
export const VerifiedAddressSchema = AddressSchema.pick({ line1: true, line2: true, town: true, region: true, postalCode: true, country: true });
export type VerifiedAddress = z.infer<typeof VerifiedAddressSchema>;

/** What a correction changed; the storefront says each in the shopper's language. */
export const ADDRESS_CORRECTIONS = ["region", "postalCodeFormat", "streetSuffix", "unitDesignator", "caseAndSpacing"] as const;
/** Why an address could not be checked. */
export const ADDRESS_DOUBTS = ["malformedPostalCode", "unknownPostalCode", "regionUnclear", "unknownRegion"] as const;

export const AddressVerificationSchema = z.object({
  /** valid: as the post office writes it; corrected: `suggestion` is how it would; unverifiable: the service cannot tell. */
  verdict: z.enum(["valid", "corrected", "unverifiable"]),
  /** The address as the post office writes it; null when unverifiable. */
  suggestion: VerifiedAddressSchema.nullable(),
  reasons: z.array(z.enum([...ADDRESS_CORRECTIONS, ...ADDRESS_DOUBTS])),
});
export type AddressVerification = z.infer<typeof AddressVerificationSchema>;
export type AddressVerificationReason = AddressVerification["reasons"][number];

/** GET geocode?postalCode=&country= */
export const GeocodeQuerySchema = z.object({
  postalCode: z.string({ error: "is required" }).trim().min(1, "is required").max(12, "is too long"),
  country: CountrySchema,
});
export type GeocodeQuery = z.infer<typeof GeocodeQuerySchema>;

export const GeocodeSchema = z.object({
  country: CountrySchema,
  /** As the post office writes it. */
  postalCode: z.string(),
  /** The state, province or territory the code belongs to. */
  region: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** How close the point is to the address; the embedded service answers `region`: the centre of where its region's people live. */
  precision: z.enum(["region", "postalCode", "address"]),
});
export type Geocode = z.infer<typeof GeocodeSchema>;
