import type { Router } from "express";
import { DataLayerSchema, TealiumTagsRequestSchema } from "../contract/analytics";
import type { AssistedService } from "../domain/agents";
import type { TealiumTagService } from "../domain/tealium-tags";
import { callerOf } from "./auth";
import { noStore, ownerFor } from "./carts";
import { ApiProblem } from "./errors";
import { apiRouter, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

/**
 * POST /rest/v2/{brand}/getTealiumTags (decision 080): a page's analytics data layer. The caller's
 * token says whose cart and order may be described: a customer's own, or a guest's by the guid of
 * the cart (the order's cart for a confirmation, with the guest token as for the order itself).
 */
export function tealiumTagsRouter(tags: TealiumTagService, agents: AssistedService): Router {
  const api = apiRouter();

  api.post(
    "/getTealiumTags",
    {
      summary:
        "A page's analytics data layer (utag_data): page type, brand, language, currency, the products' codes, names, prices and first categories (an order's or a cart's lines with quantities), the category, the cart's guid and units, an order's revenue, tax, delivery and currency (its owner only) and the segment codes (RV/NV, SI, PK, EMP, F:{flag}, B:{BADGE})",
      auth: "optional",
      body: TealiumTagsRequestSchema,
      answers: { 200: DataLayerSchema },
      errors: {
        400: "Invalid input (ValidationError, the field named)",
        401: UNAUTHORIZED,
        404: "No such category, or a cart or order that is not the caller's (UnknownIdentifierError, CartError notFound)",
      },
    },
    async (req, res, input) => {
      const { owner } = await ownerFor(req, res, agents);
      const request = input.body();
      // A guest's order is read as the order call reads it: with the guest token and the cart's guid.
      if (request.orderCode && owner === "anonymous" && callerOf(res)?.role !== "guest") {
        throw new ApiProblem(401, { type: "UnauthorizedError", message: "A guest's order needs a guest access token (client_credentials)." });
      }
      noStore(res).json(await tags.tags(siteOf(res), owner, request));
    },
  );

  return api.router;
}
