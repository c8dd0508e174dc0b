import type { Router } from "express";
import { ClaimReferralRequestSchema, ReferralCouponSchema, ReferralsSchema, ReferralSubmittedSchema, SubmitReferralRequestSchema } from "../contract/referrals";
import type { AssistedService } from "../domain/agents";
import type { ReferralService } from "../domain/referrals";
import { actorFor, clientAddress, NO_AGENT_SESSION, refuseAnonymous } from "./auth";
import { noStore } from "./carts";
import { apiRouter, BUSY, NO_SUCH_USER, TOO_MANY_REQUESTS, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

/**
 * Referrals under /rest/v2/{brand}/ (decision 074): submitReferral and the list are the signed-in
 * member's (or an agent's inside an assisted session, audited); opening the friend's link is anyone's.
 */
export function referralsRouter(referrals: ReferralService, agents: AssistedService): Router {
  const api = apiRouter();

  api.post(
    "/users/:user/submitReferral",
    {
      summary:
        "Invites a friend's e-mail address: the friend is mailed a link to a coupon for a first order. Every well-formed address other than the member's own gets the same answer, whether or not it has an account (such an address is not mailed)",
      auth: "required",
      body: SubmitReferralRequestSchema,
      answers: { 201: { description: "Sent", schema: ReferralSubmittedSchema } },
      errors: {
        400: "Invalid input (ValidationError, the field named); ReferralError reason self: the member's own address",
        401: UNAUTHORIZED,
        403: NO_AGENT_SESSION,
        404: NO_SUCH_USER,
        429: "Too many invitations from this member (a day) or address (an hour) (TooManyRequestsError, Retry-After)",
        503: BUSY,
      },
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const sent = await referrals.submit(siteOf(res), { customerId: actor.customerId, clientAddress: clientAddress(req) }, input.body());
      await agents.record(siteOf(res).site, actor, "referred a friend", sent.email);
      noStore(res).status(201).json(sent);
    },
  );

  api.get(
    "/users/:user/referrals",
    {
      summary: "The member's invitations on this store, newest first, with their state and the points each earned",
      auth: "required",
      answers: { 200: ReferralsSchema },
      errors: { 401: UNAUTHORIZED, 403: NO_AGENT_SESSION, 404: NO_SUCH_USER, 503: BUSY },
    },
    async (req, res) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const answer = await referrals.list(siteOf(res), actor.customerId);
      await agents.record(siteOf(res).site, actor, "viewed referrals", `${answer.referrals.length}`);
      noStore(res).json(answer);
    },
  );

  api.post(
    "/referrals/claim",
    {
      summary: "The friend opened their invitation link (its token): the coupon it gives, for a first order, to put on their cart",
      auth: "optional",
      body: ClaimReferralRequestSchema,
      answers: { 200: ReferralCouponSchema },
      errors: {
        400: "Invalid input (ValidationError): not a token's characters",
        404: "No invitation of this store has this token (UnknownIdentifierError)",
        429: TOO_MANY_REQUESTS,
        503: BUSY,
      },
    },
    async (req, res, input) => {
      noStore(res).json(await referrals.claim(siteOf(res), clientAddress(req), input.body().token));
    },
  );

  return api.router;
}
