import type { Router } from "express";
import { CampaignBuyingGuideSchema, CampaignGuideQuerySchema, HelpMePodsQuerySchema, HelpMePodsSchema, MiscCampaignDataSchema } from "../contract/campaigns";
import type { CampaignGuideService } from "../domain/campaign-guides";
import { CATALOG_CACHE_CONTROL } from "./handle";
import { apiRouter, BUSY } from "./operations";
import { siteOf } from "./site";

/** How the campaign guides refuse. */
const GUIDE_ERRORS = {
  400: "Invalid input (ValidationError naming the field: a campaign id that is not a whole number, an answer that is not one of the listed values, a pageSize out of 1–12)",
  404: "No such campaign on this store (UnknownIdentifierError: another store's campaign answers the same)",
  503: BUSY,
};

/**
 * A campaign landing page's reads under /rest/v2/{brand}/ (decision 069), for guests and customers
 * alike. The suggestions and the buying guide are catalog answers priced for the shopper (their
 * price groups), cached as the catalog's are; the landing texts are the same for every shopper of a
 * store and language, so a browser may keep them a minute.
 */
export function campaignGuidesRouter(guides: CampaignGuideService): Router {
  const api = apiRouter();

  api.get(
    "/fetchHelpMePods",
    {
      summary:
        "Help-me-choose pods: for a few answers (kind, roast, flavour, caffeine; kind and caffeine are firm, roast and flavour rank), the boxes that can carry the campaign's commitment, one per product, best matches first, with how many a delivery takes and their subscriber's prices",
      auth: "optional",
      query: HelpMePodsQuerySchema,
      answers: { 200: HelpMePodsSchema },
      errors: GUIDE_ERRORS,
    },
    async (req, res, input) => {
      res.set("Cache-Control", CATALOG_CACHE_CONTROL).json(await guides.helpMePods(siteOf(res), input.query()));
    },
  );

  api.get(
    "/getMiscCampaignData",
    {
      summary:
        "The campaign's landing texts in the request's language: headline, introduction, what you get, the commitment and the early-cancellation rule in words, terms and questions",
      auth: "optional",
      query: CampaignGuideQuerySchema,
      answers: { 200: MiscCampaignDataSchema },
      errors: GUIDE_ERRORS,
    },
    async (req, res, input) => {
      res.set("Cache-Control", "private, max-age=60").json(await guides.miscData(siteOf(res), input.query().campaignId));
    },
  );

  api.get(
    "/getCampaignBuyingGuideComponent",
    {
      summary:
        "The campaign's brewers side by side: each brewer's regular and campaign prices and saving, and one row per product fact (colours, series, reservoir, brew sizes…)",
      auth: "optional",
      query: CampaignGuideQuerySchema,
      answers: { 200: CampaignBuyingGuideSchema },
      errors: GUIDE_ERRORS,
    },
    async (req, res, input) => {
      res.set("Cache-Control", CATALOG_CACHE_CONTROL).json(await guides.buyingGuide(siteOf(res), input.query().campaignId));
    },
  );

  return api.router;
}
