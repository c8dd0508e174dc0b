import type { Router } from "express";
import { z } from "zod";
import { AffiliateReportQuerySchema, AffiliateReportSchema } from "../contract/affiliate";
import type { AffiliateReports } from "../domain/affiliates";
import { noStore } from "./carts";
import { requireOperatorKey } from "./operator-access";
import { apiRouter, BUSY } from "./operations";
import { siteOf } from "./site";

/**
 * The operators' report of orders placed through affiliates (decision 078). Where it answers and
 * how wrong keys are throttled is decided in front of this router (operator-access.ts).
 */
export function affiliatesRouter(reports: AffiliateReports, adminKey: string | undefined): Router {
  const api = apiRouter();

  api.get(
    "/operator/affiliate-orders",
    {
      summary:
        "Orders placed on this store through affiliates (the ranMID and ranSiteID the shopper landed with) between two days, UTC, both included: orders and revenue per merchant and referring site, and the orders themselves, newest first (operators: X-Admin-Key)",
      headers: z.object({ "X-Admin-Key": z.string() }),
      query: AffiliateReportQuerySchema,
      answers: { 200: AffiliateReportSchema },
      errors: {
        400: "Invalid input (ValidationError)",
        401: "A missing or wrong X-Admin-Key (UnauthorizedError)",
        404: "Not the operators' side (UnknownResourceError)",
        429: "Too many wrong keys from this address (TooManyRequestsError)",
        503: BUSY,
      },
    },
    async (req, res, input) => {
      requireOperatorKey(req, adminKey);
      noStore(res).json(await reports.report(siteOf(res), input.query()));
    },
  );

  return api.router;
}
