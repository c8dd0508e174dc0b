import type { Router } from "express";
import { lookUpPostalCode, PostalRegionQuerySchema, type PostalRegions, PostalRegionsSchema } from "../contract/postal-regions";
import { ApiProblem, invalid } from "./errors";
import { apiRouter } from "./operations";
import { siteOf } from "./site";

/**
 * GET shipping/fetch/postal?postalCode=&country=: the state or province a postal code belongs to,
 * so checkout can fill in or check the region. The country defaults to the one the store sells in.
 */
export function shippingRouter(): Router {
  const api = apiRouter();

  api.get(
    "/shipping/fetch/postal",
    {
      summary: "The state or province a postal code belongs to (US ZIP3 prefix, Canadian first letter); country defaults to the store's",
      query: PostalRegionQuerySchema,
      answers: { 200: { description: "Regions (more than one only where a prefix straddles a state line)", schema: PostalRegionsSchema } },
      errors: { 400: "Malformed postal code or country (ValidationError)", 404: "No region uses this prefix (UnknownIdentifierError)" },
    },
    async (_req, res, input) => {
      const query = input.query();
      const country = query.country ?? (siteOf(res).currency === "CAD" ? "CA" : "US");
      const found = lookUpPostalCode(country, query.postalCode);
      if (!found.found && found.reason === "malformed") throw invalid("postalCode", found.message);
      if (!found.found) {
        throw new ApiProblem(404, { type: "UnknownIdentifierError", message: found.message, subject: "postalCode", subjectType: "postalCode" });
      }
      // The tables change only with a release; shoppers typing the same code need not ask again.
      res.set("Cache-Control", "public, max-age=3600");
      res.json({ country: found.country, postalCode: found.postalCode, prefix: found.prefix, regions: [...found.regions] } satisfies PostalRegions);
    },
  );

  return api.router;
}
