import { describe, expect, it } from "vitest";
import type { AddressVerificationRequest } from "../../commerce/contract/address-service";
import { POSTAL_REGIONS } from "../../commerce/contract/postal-regions";
import { embeddedGeocoder, geocodePostalCode, verifyAddress } from "../../commerce/domain/address-service";
import { deliveryModesFor, type DeliveryModesInput, groundDays, placeOf } from "../../commerce/domain/delivery-modes";
import { usOrder } from "../support/delivery-orders";
import { distanceKm, REGION_CENTRES, WAREHOUSES } from "../../commerce/domain/region-centres";

const us = (over: Partial<AddressVerificationRequest> = {}): AddressVerificationRequest => ({
  line1: "12 Main St",
  town: "New York",
  region: "NY",
  postalCode: "10001",
  country: "US",
  ...over,
});

const ca = (over: Partial<AddressVerificationRequest> = {}): AddressVerificationRequest => ({
  line1: "100 Queen St W",
  town: "Toronto",
  region: "ON",
  postalCode: "M5H 2N2",
  country: "CA",
  ...over,
});

describe("an address already written as the post office writes it", () => {
  it("is valid, and the suggestion is the address itself", () => {
    expect(verifyAddress(us())).toEqual({
      verdict: "valid",
      suggestion: { line1: "12 Main St", town: "New York", region: "NY", postalCode: "10001", country: "US" },
      reasons: [],
    });
    expect(verifyAddress(ca({ line2: "Suite 400" })).verdict).toBe("valid");
  });

  it("keeps a street type that is part of the name (Avenue Road) and a direction after the type", () => {
    expect(verifyAddress(ca({ line1: "100 Avenue Road", postalCode: "M5R 2H4" })).suggestion?.line1).toBe("100 Avenue Rd");
    expect(verifyAddress(ca({ line1: "100 Queen Street West" })).suggestion?.line1).toBe("100 Queen St West");
  });
});

describe("a correction", () => {
  it("moves the state to the one the ZIP code belongs to, and says so", () => {
    const answer = verifyAddress(us({ region: "NJ" }));
    expect(answer.verdict).toBe("corrected");
    expect(answer.suggestion?.region).toBe("NY");
    expect(answer.reasons).toEqual(["region"]);
  });

  it("moves the province to the one the postal code belongs to", () => {
    expect(verifyAddress(ca({ region: "QC" }))).toMatchObject({ verdict: "corrected", suggestion: { region: "ON" }, reasons: ["region"] });
  });

  it("writes ZIP+4 with its hyphen and Canadian codes as A1A 1A1", () => {
    expect(verifyAddress(us({ postalCode: "100011234" }))).toMatchObject({ suggestion: { postalCode: "10001-1234" }, reasons: ["postalCodeFormat"] });
    expect(verifyAddress(ca({ postalCode: "m5h2n2" }))).toMatchObject({ suggestion: { postalCode: "M5H 2N2" }, reasons: ["postalCodeFormat"] });
  });

  it("abbreviates street types and unit designators the way USPS Publication 28 does", () => {
    const answer = verifyAddress(us({ line1: "12 Main Street Apartment 4", line2: "Suite 200" }));
    expect(answer.suggestion).toMatchObject({ line1: "12 Main St Apt 4", line2: "Ste 200" });
    expect(answer.reasons).toEqual(["streetSuffix", "unitDesignator"]);
    expect(verifyAddress(us({ line1: "12 Main St." })).suggestion?.line1).toBe("12 Main St");
    expect(verifyAddress(us({ line1: "400 Ocean Boulevard" })).suggestion?.line1).toBe("400 Ocean Blvd");
  });

  it("abbreviates a French street type before the name the way Canada Post does", () => {
    const answer = verifyAddress(ca({ line1: "1234 boulevard René-Lévesque", town: "Montréal", region: "QC", postalCode: "H3B 1A1" }));
    expect(answer.suggestion?.line1).toBe("1234 boul René-Lévesque");
    expect(answer.reasons).toEqual(["streetSuffix"]);
  });

  it("tidies a line typed all in one case and its spacing, and leaves mixed case alone", () => {
    expect(verifyAddress(us({ line1: "12  MAIN ST", town: "new york" }))).toMatchObject({
      suggestion: { line1: "12 Main St", town: "New York" },
      reasons: ["caseAndSpacing"],
    });
    expect(verifyAddress(us({ line1: "12 McDonald St" })).verdict).toBe("valid");
  });

  it("never adds, removes or guesses a street, a number or a town", () => {
    const answer = verifyAddress(us({ line1: "Rural Route", town: "Nowhere", region: "NJ" }));
    expect(answer.suggestion).toMatchObject({ line1: "Rural Route", town: "Nowhere" });
    expect(verifyAddress(us({ line1: "12 Street" })).suggestion?.line1).toBe("12 Street");
  });
});

describe("an address the tables cannot check", () => {
  it("is unverifiable without a suggestion, with the reason", () => {
    expect(verifyAddress(us({ postalCode: "1234" }))).toEqual({ verdict: "unverifiable", suggestion: null, reasons: ["malformedPostalCode"] });
    expect(verifyAddress(us({ postalCode: "00001" }))).toEqual({ verdict: "unverifiable", suggestion: null, reasons: ["unknownPostalCode"] });
    expect(verifyAddress(us({ region: "ZZ" }))).toEqual({ verdict: "unverifiable", suggestion: null, reasons: ["unknownRegion"] });
  });

  it("does not pick a side for a ZIP code serving two states when a third is named", () => {
    // Texhoma (739) lies in Oklahoma and Texas.
    expect(verifyAddress(us({ postalCode: "73949", region: "KS" }))).toMatchObject({ verdict: "unverifiable", reasons: ["regionUnclear"] });
    expect(verifyAddress(us({ postalCode: "73949", region: "TX" })).verdict).toBe("valid");
  });
});

describe("geocoding a postal code", () => {
  it("places it at the centre of its region, with the code as the post office writes it", () => {
    expect(geocodePostalCode("US", "94103")).toEqual({
      ok: true,
      place: { country: "US", postalCode: "94103", region: "CA", latitude: 35.5, longitude: -119.4, precision: "region" },
    });
    expect(geocodePostalCode("CA", "x0a0h0")).toMatchObject({ ok: true, place: { region: "NU", postalCode: "X0A 0H0" } });
  });

  it("has no place for military post offices, and refuses codes the tables do not know", () => {
    expect(geocodePostalCode("US", "09001")).toMatchObject({ ok: false, reason: "noPlace" });
    expect(geocodePostalCode("US", "00001")).toMatchObject({ ok: false, reason: "unknownPrefix" });
    expect(geocodePostalCode("CA", "W1A 1A1")).toMatchObject({ ok: false, reason: "malformed" });
  });

  it("knows a centre on the map for every state, province and territory the postal tables name, military post offices apart", () => {
    for (const country of ["US", "CA"] as const) {
      const missing = POSTAL_REGIONS[country].filter((r) => !REGION_CENTRES[country][r] && !["AA", "AE", "AP"].includes(r));
      expect(missing, country).toEqual([]);
      for (const [lat, lon] of Object.values(REGION_CENTRES[country])) {
        expect(Math.abs(lat)).toBeLessThanOrEqual(90);
        expect(Math.abs(lon)).toBeLessThanOrEqual(180);
      }
    }
  });

  it("puts regions at the distances a map shows from the warehouses", () => {
    // New York about 130 km from the Lehigh Valley; California about 3,800 km; Toronto next to Mississauga, Vancouver about 3,350 km.
    expect(distanceKm(WAREHOUSES.US, { latitude: 41.5, longitude: -74.6 })).toBeGreaterThan(100);
    expect(distanceKm(WAREHOUSES.US, { latitude: 41.5, longitude: -74.6 })).toBeLessThan(160);
    expect(distanceKm(WAREHOUSES.US, { latitude: 35.5, longitude: -119.4 })).toBeGreaterThan(3600);
    expect(distanceKm(WAREHOUSES.US, { latitude: 35.5, longitude: -119.4 })).toBeLessThan(4000);
    expect(distanceKm(WAREHOUSES.CA, { latitude: 49.7, longitude: -122.6 })).toBeGreaterThan(3100);
    expect(distanceKm(WAREHOUSES.CA, { latitude: 49.7, longitude: -122.6 })).toBeLessThan(3500);
  });
});

const standard = (input: DeliveryModesInput) => deliveryModesFor(input).find((m) => m.code === "standard")!.estimate;
const place = async (country: "US" | "CA", region: string, postalCode: string) => placeOf(embeddedGeocoder, { country, region, postalCode });

describe("delivery estimates use the geocoded region", () => {
  it("promises standard delivery sooner near the warehouse and later across the country", async () => {
    expect(standard(usOrder({ region: "NY", destination: await place("US", "NY", "10001") }))).toEqual({ earliest: "2026-12-07", latest: "2026-12-08" });
    expect(standard(usOrder({ region: "CA", destination: await place("US", "CA", "94103") }))).toEqual({ earliest: "2026-12-11", latest: "2026-12-14" });
    expect(groundDays("US", { latitude: 30.9, longitude: -97.4 })).toEqual([4, 5]);
  });

  it("does the same from the Canadian warehouse", async () => {
    const canada = usOrder({ site: "cab2c", country: "CA", freeShippingMinimumMinor: 5900 });
    expect(standard({ ...canada, region: "ON", destination: await place("CA", "ON", "M5H 2N2") })).toEqual({ earliest: "2026-12-07", latest: "2026-12-09" });
    expect(standard({ ...canada, region: "BC", destination: await place("CA", "BC", "V6B 1A1") })).toEqual({ earliest: "2026-12-11", latest: "2026-12-15" });
  });

  it("keeps the region's rule without a place: the store's window, and far regions' own", async () => {
    expect(standard(usOrder({ region: "NY", destination: null }))).toEqual({ earliest: "2026-12-08", latest: "2026-12-11" });
    // Alaska keeps its longer window whatever the distance band would say.
    expect(standard(usOrder({ region: "AK", destination: await place("US", "AK", "99501") }))).toEqual({ earliest: "2026-12-11", latest: "2026-12-18" });
    expect(await place("US", "AE", "09001")).toBeNull();
  });

  it("leaves the air modes' windows alone", async () => {
    const near = deliveryModesFor(usOrder({ region: "CA", destination: await place("US", "CA", "94103") }));
    expect(near.find((m) => m.code === "expedited")!.estimate).toEqual({ earliest: "2026-12-07", latest: "2026-12-08" });
  });

  it("does not use a place in another region than the address's (a ZIP code on a state line)", async () => {
    // 739 is placed in Oklahoma, its first region; a Texas address there keeps the region's rule.
    expect(await place("US", "TX", "73949")).toBeNull();
    expect(await place("US", "OK", "73949")).toMatchObject({ region: "OK" });
  });
});
