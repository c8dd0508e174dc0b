import { Router } from "express";
import { z } from "zod";
import {
  type AddressVerification,
  AddressVerificationRequestSchema,
  AddressVerificationSchema,
  type Geocode,
  GeocodeQuerySchema,
  GeocodeSchema,
} from "../contract/address-service";
import type { AddressService } from "../domain/address-service";
import { ApiProblem, invalid } from "./errors";
import { apiRouter } from "./operations";

const noKey = () => new ApiProblem(401, { type: "UnauthorizedError", message: "Send a valid API key in the X-Api-Key header." });

const KEY_HEADER = z.object({ "X-Api-Key": z.string() });

/**
 * The address service, mounted at /rest/address-service/v1 (a service of its own that runs here;
 * the storefront and the delivery estimates reach it, or a replacement, by configured URL):
 * POST verify and GET geocode, with the key in X-Api-Key. Decision 081.
 */
export function addressServiceRouter(addresses: AddressService): Router {
  const api = apiRouter(Router());

  api.post(
    "/verify",
    {
      summary:
        "Address verification: the address as the post office writes it (state or province of its postal code, postal code format, street type and unit abbreviations), valid, corrected (with the suggestion and what changed) or unverifiable; it never adds or guesses a street",
      headers: KEY_HEADER,
      body: AddressVerificationRequestSchema,
      answers: { 200: { description: "The verdict", schema: AddressVerificationSchema } },
      errors: { 400: "Invalid input (ValidationError)", 401: "No valid API key (UnauthorizedError)" },
    },
    async (req, res, input) => {
      if (!addresses.acceptsKey(req.get("x-api-key"))) throw noKey();
      res.set("Cache-Control", "no-store").json(addresses.verify(input.body()) satisfies AddressVerification);
    },
  );

  api.get(
    "/geocode",
    {
      summary: "Geocode lookup: the point a postal code is placed at (the centre of where its state's or province's people live) and its region",
      headers: KEY_HEADER,
      query: GeocodeQuerySchema,
      answers: { 200: { description: "The place", schema: GeocodeSchema } },
      errors: {
        400: "Malformed postal code or country (ValidationError)",
        401: "No valid API key (UnauthorizedError)",
        404: "No region uses this prefix, or its mail goes through a military gateway (UnknownIdentifierError)",
      },
    },
    async (req, res, input) => {
      if (!addresses.acceptsKey(req.get("x-api-key"))) throw noKey();
      const { country, postalCode } = input.query();
      const found = addresses.geocode(country, postalCode);
      if (!found.ok && found.reason === "malformed") throw invalid("postalCode", found.message);
      if (!found.ok) throw new ApiProblem(404, { type: "UnknownIdentifierError", message: found.message, subject: "postalCode", subjectType: "postalCode" });
      // The tables change only with a release.
      res.set("Cache-Control", "private, max-age=3600").json(found.place satisfies Geocode);
    },
  );

  return api.router;
}
