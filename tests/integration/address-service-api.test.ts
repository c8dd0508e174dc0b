import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddressVerificationSchema, DEVELOPMENT_ADDRESS_SERVICE_KEY, GeocodeSchema } from "../../commerce/contract/address-service";
import { CartModificationSchema } from "../../commerce/contract/cart";
import { CheckoutSchema } from "../../commerce/contract/checkout";
import { ApiErrorBodySchema } from "../../commerce/contract/common";
import pino from "pino";
import { RemoteGeocoder } from "../../commerce/domain/address-service";
import { deliveryModesFor } from "../../commerce/domain/delivery-modes";
import { commerceForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { guestToken } from "../support/customers";
import { NY_ADDRESS, plentifulCoffee, usStoreApi } from "../support/guest-checkout";

const KEY = { "X-Api-Key": DEVELOPMENT_ADDRESS_SERVICE_KEY };
const SERVICE = "/rest/address-service/v1";

/** An outside geocoder standing in on this suite's own port: it places every code at Los Angeles, in the state the caller's code names. */
const STAND_IN_PORT = 3421;
/** Nothing listens here: a geocoder that is down. */
const DEAD_PORT = 3422;
const standInCalls: { url: string; key: string | undefined }[] = [];
const standIn = http.createServer((req, res) => {
  standInCalls.push({ url: req.url ?? "", key: req.headers["x-api-key"] as string | undefined });
  const postalCode = new URL(req.url ?? "/", "http://stand-in").searchParams.get("postalCode") ?? "";
  if (req.url?.startsWith("/broken/")) {
    res.writeHead(500).end();
    return;
  }
  if (postalCode === "09001") {
    res.writeHead(404).end();
    return;
  }
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify({ country: "US", postalCode, region: "NY", latitude: 34.05, longitude: -118.24, precision: "postalCode" }));
});
beforeAll(() => new Promise<void>((resolve) => standIn.listen(STAND_IN_PORT, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

/** A guest's US cart of one coffee, delivered to `address`: the delivery modes checkout offers. */
async function offeredModes(origin: string, guestClient: { id: string; secret: string }, productCode: string, address: Record<string, string>) {
  const call = usStoreApi(() => origin);
  const guest = await guestToken(origin, guestClient);
  const guid = CartModificationSchema.parse((await call("POST", "/users/anonymous/addProductToCart", undefined, { productCode, qty: 1 })).body).cartGuid;
  const answer = await call("POST", `/users/anonymous/carts/${guid}/addresses/delivery`, guest, { address });
  expect(answer.status).toBe(200);
  return { modes: CheckoutSchema.parse(answer.body).deliveryModes, at: new Date() };
}

const standardOf = (modes: { code: string; estimate: { earliest: string; latest: string } }[]) => modes.find((m) => m.code === "standard")!.estimate;

/** What the store promises for standard delivery to `region`, placed at `destination` (or by the region's rule), at `at`. */
const promised = (region: string, destination: { latitude: number; longitude: number } | null, at: Date) =>
  standardOf(
    deliveryModesFor({ site: "usb2c", lang: "en", subtotalMinor: 100, freeShippingMinimumMinor: 4900, country: "US", region, destination, today: at }),
  );

const LA_ADDRESS = { ...NY_ADDRESS, line1: "200 N Spring St", town: "Los Angeles", region: "CA", postalCode: "90012" };

describe.each(DIALECTS)("address service on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const verify = (body: unknown, headers: Record<string, string> = KEY) => suite.send("POST", `${SERVICE}/verify`, body, headers);
  const geocode = (query: string, headers: Record<string, string> = KEY) => fetch(`${suite.api().baseUrl}${SERVICE}/geocode?${query}`, { headers });

  describe("POST verify (address validation)", () => {
    it("suggests the state the ZIP code belongs to and the street as the post office writes it", async () => {
      const res = await verify({ line1: "12 main street apartment 4", town: "New York", region: "NJ", postalCode: "10001", country: "US" });
      expect(res.status).toBe(200);
      expect(AddressVerificationSchema.parse(await res.json())).toEqual({
        verdict: "corrected",
        suggestion: { line1: "12 Main St Apt 4", town: "New York", region: "NY", postalCode: "10001", country: "US" },
        reasons: ["region", "streetSuffix", "unitDesignator", "caseAndSpacing"],
      });
    });

    it("answers valid for an address already written that way, and unverifiable for a code nobody uses", async () => {
      expect(await (await verify({ line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" })).json()).toMatchObject({
        verdict: "valid",
      });
      expect(await (await verify({ line1: "1 Main St", town: "Albany", region: "NY", postalCode: "00012", country: "US" })).json()).toEqual({
        verdict: "unverifiable",
        suggestion: null,
        reasons: ["unknownPostalCode"],
      });
    });

    it("writes a Canadian address the way Canada Post does", async () => {
      const res = await verify({ line1: "1234 boulevard René-Lévesque", town: "Montréal", region: "ON", postalCode: "h3b1a1", country: "CA" });
      expect(await res.json()).toMatchObject({ verdict: "corrected", suggestion: { line1: "1234 boul René-Lévesque", region: "QC", postalCode: "H3B 1A1" } });
    });

    it("refuses callers without the key", async () => {
      for (const headers of [{}, { "X-Api-Key": "not-the-key-at-all-000" }] as Record<string, string>[]) {
        const res = await verify({ line1: "1 Main St", town: "Albany", region: "NY", postalCode: "12207", country: "US" }, headers);
        expect(res.status).toBe(401);
        expect(ApiErrorBodySchema.parse(await res.json()).errors[0]).toMatchObject({ type: "UnauthorizedError" });
      }
    });

    it("answers 400 with the field named for an address it cannot read", async () => {
      for (const body of [
        {},
        { line1: "", town: "Albany", region: "NY", postalCode: "12207", country: "US" },
        { line1: "1 Main", town: "X", region: "NY", postalCode: "1", country: "MX" },
        "not json",
      ]) {
        const res = await verify(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(ApiErrorBodySchema.parse(await res.json()).errors[0]!.message.length).toBeGreaterThan(5);
      }
    });
  });

  describe("GET geocode (the maps service)", () => {
    it("places a postal code at its region's centre", async () => {
      const res = await geocode("postalCode=h2y1c6&country=CA");
      expect(res.status).toBe(200);
      expect(GeocodeSchema.parse(await res.json())).toEqual({
        country: "CA",
        postalCode: "H2Y 1C6",
        region: "QC",
        latitude: 46.0,
        longitude: -72.8,
        precision: "region",
      });
    });

    it("answers 404 for military post offices and unused prefixes, 400 for a malformed code, 401 without the key", async () => {
      expect((await geocode("postalCode=09001&country=US")).status).toBe(404);
      const unused = await geocode("postalCode=00012&country=US");
      expect(unused.status).toBe(404);
      expect(ApiErrorBodySchema.parse(await unused.json()).errors[0]).toMatchObject({ type: "UnknownIdentifierError", subject: "postalCode" });
      const malformed = await geocode("postalCode=W1A%201A1&country=CA");
      expect(malformed.status).toBe(400);
      expect(ApiErrorBodySchema.parse(await malformed.json()).errors[0]).toMatchObject({
        subject: "postalCode",
        message: "Enter a postal code such as K1A 0B1.",
      });
      expect((await geocode("postalCode=12207")).status).toBe(400);
      expect((await geocode("postalCode=12207&country=US", {})).status).toBe(401);
    });
  });

  describe("delivery estimates by the geocoded region", () => {
    it("promises standard delivery to New York sooner than to California, by their distance from the warehouse", async () => {
      const coffee = await plentifulCoffee(suite.api().db);
      const ny = await offeredModes(suite.api().baseUrl, suite.api().config.auth.guestClient, coffee, NY_ADDRESS);
      const la = await offeredModes(suite.api().baseUrl, suite.api().config.auth.guestClient, coffee, LA_ADDRESS);
      expect(standardOf(ny.modes)).toEqual(promised("NY", { latitude: 41.5, longitude: -74.6 }, ny.at));
      expect(standardOf(la.modes)).toEqual(promised("CA", { latitude: 35.5, longitude: -119.4 }, la.at));
      expect(standardOf(la.modes).latest > standardOf(ny.modes).latest).toBe(true);
    });
  });
});

describe.each(DIALECTS)("a geocoder reached by GEOCODER_URL on %s", (dialect) => {
  const outside = commerceForSuite(dialect, {
    GEOCODER_URL: `http://127.0.0.1:${STAND_IN_PORT}/maps/v1`,
    ADDRESS_SERVICE_API_KEY: "a-key-of-our-own-for-the-maps",
  });
  const down = commerceForSuite(dialect, { GEOCODER_URL: `http://127.0.0.1:${DEAD_PORT}/maps/v1` });

  it("is asked, with the store's key, and its place decides the estimate", async () => {
    standInCalls.length = 0;
    const coffee = await plentifulCoffee(outside.api().db);
    const ny = await offeredModes(outside.api().baseUrl, outside.api().config.auth.guestClient, coffee, NY_ADDRESS);
    // The stand-in puts Albany where Los Angeles is: the estimate is California's.
    expect(standardOf(ny.modes)).toEqual(promised("NY", { latitude: 34.05, longitude: -118.24 }, ny.at));
    expect(standInCalls[0]).toEqual({ url: "/maps/v1/geocode?postalCode=12207&country=US", key: "a-key-of-our-own-for-the-maps" });
  });

  it("that is down never stops a checkout: the estimate goes by the region's rule", async () => {
    const coffee = await plentifulCoffee(down.api().db);
    const ny = await offeredModes(down.api().baseUrl, down.api().config.auth.guestClient, coffee, NY_ADDRESS);
    expect(standardOf(ny.modes)).toEqual(promised("NY", null, ny.at));
  });
});

describe("the geocoder client (GEOCODER_URL)", () => {
  const client = (base: string) =>
    new RemoteGeocoder({ url: `http://127.0.0.1:${STAND_IN_PORT}${base}`, apiKey: "the-maps-key-0000", logger: pino({ level: "silent" }) });

  it("keeps what it was told: a place, and that a code has none", async () => {
    const geocoder = client("/kept/");
    standInCalls.length = 0;
    expect(await geocoder.geocode("US", "12207")).toMatchObject({ region: "NY", latitude: 34.05 });
    expect(await geocoder.geocode("US", "12207")).toMatchObject({ region: "NY" });
    expect(await geocoder.geocode("US", "09001")).toBeNull();
    expect(await geocoder.geocode("US", "09001")).toBeNull();
    expect(standInCalls.map((c) => c.url)).toEqual(["/kept/geocode?postalCode=12207&country=US", "/kept/geocode?postalCode=09001&country=US"]);
  });

  it("leaves a failing geocoder alone for a while instead of asking at every checkout page", async () => {
    const geocoder = client("/broken/");
    standInCalls.length = 0;
    expect(await geocoder.geocode("US", "12207")).toBeNull();
    expect(await geocoder.geocode("US", "90012")).toBeNull();
    expect(standInCalls).toHaveLength(1);
  });
});
