import { ReferralCouponSchema, ReferralsSchema, ReferralSubmittedSchema } from "../../commerce/contract/referrals";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

/**
 * Referrals through the commerce API (decision 074): the member's invitation and list (the path
 * names the shopper: `users/current`, or the customer an agent acts for), and the friend's link.
 */
const customer = (ctx: ApiClientContext) => encodeURIComponent(ctx.shopper?.userPathId ?? "anonymous");

export function submitReferral(ctx: ApiClientContext, email: string) {
  return callApi(ctx, { method: "POST", path: `users/${customer(ctx)}/submitReferral`, json: { email }, schema: ReferralSubmittedSchema, auth: "required" });
}

export function referrals(ctx: ApiClientContext) {
  return callApi(ctx, { path: `users/${customer(ctx)}/referrals`, schema: ReferralsSchema, auth: "required" });
}

export function claimReferral(ctx: ApiClientContext, token: string) {
  return callApi(ctx, { method: "POST", path: "referrals/claim", json: { token }, schema: ReferralCouponSchema, auth: "optional" });
}
