import { adEligible } from "../../commerce/contract/auto-delivery";
import {
  type AddCampaignBundleRequest,
  BrewersAnswerSchema,
  type CartEstimationQuery,
  CartEstimationSchema,
  UserCampaignInfoSchema,
} from "../../commerce/contract/campaigns";
import { CampaignBundleAnswerSchema } from "../../commerce/contract/cart";
import { CategoryPageSchema } from "../../commerce/contract/search";
import { type ApiClientContext, ApiError, callApi } from "../lib/api-client.server";

/**
 * Brewer campaigns through the commerce API (decisions 061 and 065): the landing pages' reads
 * (the brewers, what the commitment costs, whether this customer may take it) and the sale
 * (addCampaignBundle: the brewer and the first auto-delivery box in one add).
 */
const customer = (ctx: ApiClientContext) => encodeURIComponent(ctx.shopper?.userPathId ?? "anonymous");

/** The campaign's brewers on this store, or null when the store does not run it (the service answers 404 as for an unknown id). */
export async function getCampaignBrewers(ctx: ApiClientContext, campaignId: number) {
  try {
    return await callApi(ctx, { path: "getBrewers", query: { campaignId }, schema: BrewersAnswerSchema, withCurrency: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** What the commitment costs with this brewer and box; the service refuses (400 CampaignError, with a reason) a box the campaign does not take. */
export function getCartEstimation(ctx: ApiClientContext, query: CartEstimationQuery) {
  return callApi(ctx, { path: "getCartEstimationData", query: { ...query }, schema: CartEstimationSchema, withCurrency: true });
}

/** Whether the signed-in customer (or the customer an agent serves) may take the campaign now, and every reason when not. */
export function getUserCampaignInfo(ctx: ApiClientContext, campaignId: number) {
  return callApi(ctx, { path: `users/${customer(ctx)}/getUserCampaignInfo`, query: { campaignId }, schema: UserCampaignInfoSchema, auth: "required" });
}

/** The brewer at its campaign price and the first box of its auto-delivery into the customer's cart (one bundle a cart; a new one replaces it). */
export function addCampaignBundle(ctx: ApiClientContext, request: AddCampaignBundleRequest) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${customer(ctx)}/carts/current/addCampaignBundle`,
    json: request,
    schema: CampaignBundleAnswerSchema,
    auth: "required",
  });
}

/** A box the landing page offers: a K-Cup coffee's default pack (what the listing links to). */
export interface CampaignBoxChoice {
  code: string;
  name: string;
}

const BOX_CATEGORY = "k-cup-pods";
const BOX_CHOICES = 40;

/**
 * The boxes to choose from: the store's K-Cup pods listing (one listing call, cached like any
 * listing), each family's default pack where auto-delivery may carry it. The pods' minimum is
 * the estimate's to check: a pack below it is refused there with the reason.
 */
export async function getCampaignBoxChoices(ctx: ApiClientContext): Promise<CampaignBoxChoice[]> {
  const page = await callApi(ctx, {
    path: `c/${BOX_CATEGORY}/categoryData`,
    query: { query: ":relevance:packType:KCup", currentPage: 0, pageSize: BOX_CHOICES, fields: "BASIC" },
    schema: CategoryPageSchema,
    withCurrency: true,
  });
  return page.products
    .filter((p) => p.defaultVariantCode && p.stock.stockLevelStatus !== "outOfStock" && adEligible(p, ctx.brand.id))
    .map((p) => ({ code: p.defaultVariantCode!, name: p.name }));
}
