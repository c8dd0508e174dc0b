import type { Router } from "express";
import { AddCampaignBundleRequestSchema, CampaignSubscriptionCartSchema } from "../contract/campaigns";
import { CampaignBundleAnswerSchema, CampaignSubscriptionCartQuerySchema } from "../contract/cart";
import type { AssistedService } from "../domain/agents";
import { campaignMessagesFor } from "../domain/campaign-messages";
import type { CampaignSaleService } from "../domain/campaign-sale";
import { cartNotFound } from "../domain/carts";
import { callerOf, NO_AGENT_SESSION } from "./auth";
import { guidParam, noStore, ownerFor } from "./carts";
import { ApiProblem } from "./errors";
import { apiRouter, BUSY, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

/** How the campaign sale's calls refuse. */
const SALE_ERRORS = {
  400: "Invalid input (ValidationError); CampaignError with a reason: the campaign has not started or has ended, the customer's refusals (a commitment not met yet, one free brewer per account and per household), the brewer is not in the campaign, the box is not pods for auto-delivery or too small, the frequency cannot carry a months commitment; InsufficientStockError",
  401: `${UNAUTHORIZED}; CampaignError signInRequired: a guest's cart (the offer comes with an auto-delivery subscription)`,
  403: NO_AGENT_SESSION,
  404: "No such cart for this customer (another customer's answers the same, and nothing changes), no such campaign on this store (another store's answers the same), no such product",
  503: BUSY,
};

/**
 * Selling brewer campaigns under /rest/v2/{brand}/ (decision 065): the bundle into the customer's
 * cart, and the cart's bundle as the commitment page shows it. The signed-in customer's, or an
 * agent's inside an assisted session (audited).
 */
export function campaignSaleRouter(sale: CampaignSaleService, agents: AssistedService): Router {
  const api = apiRouter();

  api.post(
    "/users/:user/carts/:cartGuid/addCampaignBundle",
    {
      summary:
        "Put a campaign's brewer (one, at its campaign price, STD) and a box of pods for its auto-delivery (ADC, boxQty boxes, absent: the fewest reaching the campaign's minimum pods; every frequencyWeeks, absent: 4) in the customer's cart, in one transaction. A cart holds one bundle: another replaces it (answered as replaced); the same bundle again changes nothing. Signed-in customers only; cartGuid `current` is the customer's open cart (made when they have none)",
      auth: "optional",
      body: AddCampaignBundleRequestSchema,
      answers: { 200: CampaignBundleAnswerSchema },
      errors: SALE_ERRORS,
    },
    async (req, res, input) => {
      const caller = callerOf(res);
      if (req.params.user === "anonymous" || !caller || caller.role === "guest") {
        const words = campaignMessagesFor(siteOf(res).lang, siteOf(res).site);
        throw new ApiProblem(401, { type: "CampaignError", reason: "signInRequired", subject: "user", message: words.sale.signInRequired });
      }
      const { owner, actor } = await ownerFor(req, res, agents);
      if (owner === "anonymous") throw cartNotFound();
      const request = input.body();
      // users/{user}/carts/current/…: the customer's open cart, made when they have none.
      const guid = req.params.cartGuid === "current" ? undefined : guidParam(req);
      const answer = await sale.addBundle(siteOf(res), owner.customerId, guid, request);
      await agents.record(
        siteOf(res).site,
        actor,
        "added a campaign bundle",
        `campaign ${request.campaignId}: ${request.brewerCode} and ${request.boxCode}${answer.replaced ? ` (replacing campaign ${answer.replaced.campaignId})` : ""}`,
      );
      noStore(res).json(answer);
    },
  );

  api.get(
    "/users/:user/getCampaignSubscriptionCart",
    {
      summary:
        "The cart's campaign bundle priced now: the campaign, the brewer's regular and campaign prices, the box, the frequency, the commitment's deliveries and total, what is due now and what cancelling early would charge after each delivery; bundle null when the cart holds none",
      auth: "required",
      query: CampaignSubscriptionCartQuerySchema,
      answers: { 200: CampaignSubscriptionCartSchema },
      errors: SALE_ERRORS,
    },
    async (req, res, input) => {
      const { owner, actor } = await ownerFor(req, res, agents);
      const answer = await sale.subscriptionCart(siteOf(res), owner, input.query().cartGuid);
      await agents.record(siteOf(res).site, actor, "viewed a campaign bundle", answer.bundle ? `campaign ${answer.bundle.campaignId}` : "none");
      noStore(res).json(answer);
    },
  );

  return api.router;
}
