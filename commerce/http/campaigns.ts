import type { Router } from "express";
import {
  BrewersAnswerSchema,
  BrewersQuerySchema,
  CartEstimationQuerySchema,
  CartEstimationSchema,
  UserCampaignInfoQuerySchema,
  UserCampaignInfoSchema,
} from "../contract/campaigns";
import type { AssistedService } from "../domain/agents";
import type { CampaignService } from "../domain/campaigns";
import { actorFor, NO_AGENT_SESSION, refuseAnonymous } from "./auth";
import { noStore } from "./carts";
import { apiRouter, BUSY, NO_SUCH_USER, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

/** How campaign calls refuse. */
const CAMPAIGN_ERRORS = {
  400: "Invalid input (ValidationError: a campaign id that is not a whole number, a product code or quantity out of shape); CampaignError: the campaign has not started or has ended, the brewer is not in the campaign, the box is not pods for auto-delivery or holds fewer pods than the commitment asks",
  401: UNAUTHORIZED,
  403: NO_AGENT_SESSION,
  404: `${NO_SUCH_USER}; no such campaign on this store (UnknownIdentifierError: another store's campaign answers the same), product or address`,
  503: BUSY,
};

/**
 * Brewer campaigns' reads under /rest/v2/{brand}/ (decision 061): getBrewers and
 * getCartEstimationData answer guests and customers alike; getUserCampaignInfo is the signed-in
 * customer's (or, for an agent in an assisted session, the customer's, audited).
 */
export function campaignsRouter(campaigns: CampaignService, agents: AssistedService): Router {
  const api = apiRouter();

  api.get(
    "/getBrewers",
    {
      summary: "The campaign's brewers on this store, each with the campaign's price (campaignPriceData) on it and on each variant the campaign offers",
      auth: "optional",
      query: BrewersQuerySchema,
      answers: { 200: BrewersAnswerSchema },
      errors: CAMPAIGN_ERRORS,
    },
    async (req, res, input) => {
      noStore(res).json(await campaigns.brewers(siteOf(res), input.query().campaignId));
    },
  );

  api.get(
    "/users/:user/getUserCampaignInfo",
    {
      summary:
        "Which of the store's campaigns (or campaignId) the customer may take now and, for each refused, why: dates, a commitment not yet met, one free brewer per account and per household address (addressId's, else the default address's)",
      auth: "required",
      query: UserCampaignInfoQuerySchema,
      answers: { 200: UserCampaignInfoSchema },
      errors: CAMPAIGN_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const answer = await campaigns.userInfo(siteOf(res), actor.customerId, input.query());
      await agents.record(
        siteOf(res).site,
        actor,
        "viewed campaign eligibility",
        answer.campaigns.map((c) => `${c.campaign.code}: ${c.eligible ? "yes" : "no"}`).join(", "),
      );
      noStore(res).json(answer);
    },
  );

  api.get(
    "/getCartEstimationData",
    {
      summary:
        "For a campaign brewer and a box of pods (boxQty of them, every frequencyWeeks): the brewer's regular and campaign prices, the first and later deliveries' prices, the commitment's deliveries and total, what is due now, and what cancelling early would charge after each delivery",
      auth: "optional",
      query: CartEstimationQuerySchema,
      answers: { 200: CartEstimationSchema },
      errors: CAMPAIGN_ERRORS,
    },
    async (req, res, input) => {
      noStore(res).json(await campaigns.estimate(siteOf(res), input.query()));
    },
  );

  return api.router;
}
