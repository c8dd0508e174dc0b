import {
  AppliedRewardsSchema,
  LoyaltyDetailsSchema,
  LoyaltyHistorySchema,
  LoyaltyPointsSchema,
  PerksOptInAnswerSchema,
  RewardChoicesSchema,
  RewardDataSchema,
} from "../../commerce/contract/loyalty";
import { CheckoutSchema } from "../../commerce/contract/checkout";
import { type ApiClientContext, callApi } from "../lib/api-client.server";
import { type CheckoutCaller, checkoutCall } from "./checkout.server";

/**
 * Perks as the storefront sees it: the v1 loyalty calls (points, details, history, joining) and
 * the v2 rewards calls. `users/{user}` and `customerId` are the signed-in customer (`current`) or
 * the customer an agent serves, whose every call the service writes to its audit log.
 */

const lms = (ctx: ApiClientContext, call: string) => `/rest/v1/lms/${ctx.brand.id}/${call}`;
const customerId = (ctx: ApiClientContext) => ctx.shopper?.userPathId ?? "current";
/** v1 calls are outside /rest/v2/{brand}/, so they name the language themselves. */
const lmsQuery = (ctx: ApiClientContext, query: Record<string, string | number> = {}) => ({ lang: ctx.lang, customerId: customerId(ctx), ...query });
const rewards = (ctx: ApiClientContext, rest = "") => `users/${encodeURIComponent(customerId(ctx))}/rewards${rest}`;

export function getLoyaltyPoints(ctx: ApiClientContext) {
  return callApi(ctx, { path: lms(ctx, "getLoyaltyPoints"), query: lmsQuery(ctx), schema: LoyaltyPointsSchema, auth: "required" });
}

/** The points, a page of history (newest first, between two days when given) and, with FULL, the rewards: one call. */
export function getLoyaltyDetails(
  ctx: ApiClientContext,
  page: { currentPage: number; limit: number; startDate?: string; endDate?: string },
  field: "BASIC" | "DEFAULT" | "FULL" = "FULL",
) {
  return callApi(ctx, {
    path: lms(ctx, "fetchLoyaltyDetails"),
    query: lmsQuery(ctx, { field, ...page }),
    schema: LoyaltyDetailsSchema,
    auth: "required",
  });
}

/** The history between two days (YYYY-MM-DD, both included). */
export function getPointsHistory(ctx: ApiClientContext, range: { startDate: string; endDate: string; currentPage: number; limit: number }) {
  return callApi(ctx, {
    path: lms(ctx, "fetchLoyaltyPointsHistory"),
    query: lmsQuery(ctx, range),
    schema: LoyaltyHistorySchema,
    auth: "required",
  });
}

export function joinPerks(ctx: ApiClientContext) {
  return callApi(ctx, {
    method: "POST",
    path: lms(ctx, "loyaltyProgramSignup"),
    query: { lang: ctx.lang },
    json: { customerId: customerId(ctx), loyaltyProgramOptIn: true },
    schema: PerksOptInAnswerSchema,
    auth: "required",
  });
}

export function setPerksOptIn(ctx: ApiClientContext, perksOptIn: boolean) {
  return callApi(ctx, {
    method: "PUT",
    path: lms(ctx, "updatePerksOptIn"),
    query: { lang: ctx.lang },
    json: { customerId: customerId(ctx), perksOptIn, csAgentId: ctx.shopper?.agent?.userId },
    schema: PerksOptInAnswerSchema,
    auth: "required",
  });
}

export function getRewardData(ctx: ApiClientContext) {
  return callApi(ctx, { path: rewards(ctx), schema: RewardDataSchema, auth: "required" });
}

/** A free box's choices: best sellers, 28 a page. */
export function getRewardChoices(ctx: ApiClientContext, code: string, currentPage: number, boxSize?: number) {
  return callApi(ctx, {
    path: `rewards/${encodeURIComponent(code)}/choices`,
    query: { currentPage, boxSize },
    schema: RewardChoicesSchema,
    auth: "required",
  });
}

export function getAppliedRewards(ctx: ApiClientContext, cartGuid?: string) {
  return callApi(ctx, { path: rewards(ctx, "/appliedRewards"), query: { cartGuid }, schema: AppliedRewardsSchema, auth: "required" });
}

export function applyReward(ctx: ApiClientContext, request: { cartGuid: string; rewardCode: string; productCode?: string }) {
  return callApi(ctx, { method: "POST", path: rewards(ctx, "/applyReward"), json: request, schema: AppliedRewardsSchema, auth: "required" });
}

export function removeReward(ctx: ApiClientContext, request: { cartGuid: string; appliedRewardId: number }) {
  return callApi(ctx, { method: "POST", path: rewards(ctx, "/removeReward"), json: request, schema: AppliedRewardsSchema, auth: "required" });
}

export function swapReward(ctx: ApiClientContext, request: { cartGuid: string; appliedRewardId: number; productCode: string }) {
  return callApi(ctx, { method: "POST", path: rewards(ctx, "/swapReward"), json: request, schema: AppliedRewardsSchema, auth: "required" });
}

/** Joins perks with this order: a guest's points come once the account is made from the confirmation page. */
export function joinPerksAtCheckout(c: CheckoutCaller, guid: string, join: boolean) {
  return checkoutCall(c, {
    method: "PUT",
    path: `users/${encodeURIComponent(c.api.shopper?.userPathId ?? "anonymous")}/carts/${guid}/perksJoin`,
    json: { join },
    schema: CheckoutSchema,
  });
}
