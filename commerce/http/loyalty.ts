import type { Request, Response, Router } from "express";
import { z } from "zod";
import {
  type AppliedRewards,
  AppliedRewardsQuerySchema,
  AppliedRewardsSchema,
  ApplyRewardRequestSchema,
  type LoyaltyDetails,
  LoyaltyDetailsQuerySchema,
  LoyaltyDetailsSchema,
  type LoyaltyHistory,
  LoyaltyHistoryQuerySchema,
  LoyaltyHistorySchema,
  type LoyaltyPoints,
  LoyaltyPointsQuerySchema,
  LoyaltyPointsSchema,
  LoyaltySignupRequestSchema,
  type PerksOptInAnswer,
  PerksOptInAnswerSchema,
  type PerksOptInRequest,
  PerksOptInRequestSchema,
  RemoveRewardRequestSchema,
  type RewardChoices,
  RewardChoicesQuerySchema,
  RewardChoicesSchema,
  type RewardData,
  RewardDataQuerySchema,
  RewardDataSchema,
  SwapRewardRequestSchema,
} from "../contract/loyalty";
import type { AssistedService } from "../domain/agents";
import type { PerksService } from "../domain/perks";
import { actorFor, NO_AGENT_SESSION, refuseAnonymous } from "./auth";
import { noStore } from "./carts";
import { apiRouter, BUSY, NO_SUCH_USER } from "./operations";
import { siteOf } from "./site";

const SIGNED_IN = "Sign in first: perks are a member's (UnauthorizedError, InvalidTokenError)";

/** How perks calls refuse. */
export const PERKS_ERRORS = {
  400: "Invalid input (ValidationError), or a reward refused (RewardError: notMember, alreadyApplied, chooseItem, notOffered, notSwappable, insufficientPoints)",
  401: SIGNED_IN,
  403: NO_AGENT_SESSION,
  404: `${NO_SUCH_USER}; no such cart (CartError), reward (RewardError unknownReward) or applied reward (RewardError notApplied); perks not offered on this store (RewardError perksOff)`,
  503: BUSY,
};

/**
 * The v1 loyalty calls, under /rest/v1/lms/{brand}/: a member's points, details and history,
 * joining perks and the perks opt-in. `customerId` is `current` (the signed-in customer) or, for
 * an agent inside an assisted session, the customer; an agent's opt-in is in the audit log.
 */
export function loyaltyRouter(perks: PerksService, agents: AssistedService): Router {
  const api = apiRouter();

  api.get(
    "/fetchLoyaltyDetails",
    {
      summary: "The member's points and perks state; DEFAULT adds a page of the points history (newest first), FULL the rewards too",
      auth: "required",
      query: LoyaltyDetailsQuerySchema,
      answers: { 200: LoyaltyDetailsSchema },
      errors: PERKS_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const query = input.query();
      const actor = await actorFor(req, res, agents, query.customerId);
      const answer = await perks.details(siteOf(res), actor.customerId, query);
      await agents.record(siteOf(res).site, actor, "viewed perks", `balance ${answer.balance}`);
      noStore(res).json(answer satisfies LoyaltyDetails);
    },
  );

  api.get(
    "/fetchLoyaltyPointsHistory",
    {
      summary: "The points history from startDate to endDate (YYYY-MM-DD, both days included, UTC), newest first, a page at a time",
      auth: "required",
      query: LoyaltyHistoryQuerySchema,
      answers: { 200: LoyaltyHistorySchema },
      errors: PERKS_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const query = input.query();
      const actor = await actorFor(req, res, agents, query.customerId);
      const answer = await perks.history(siteOf(res), actor.customerId, query);
      await agents.record(siteOf(res).site, actor, "viewed points history", `${query.startDate} – ${query.endDate}`);
      noStore(res).json(answer satisfies LoyaltyHistory);
    },
  );

  api.get(
    "/getLoyaltyPoints",
    {
      summary: "The member's balance (the sum of their points ledger) and the points a dollar earns",
      auth: "required",
      query: LoyaltyPointsQuerySchema,
      answers: { 200: LoyaltyPointsSchema },
      errors: PERKS_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents, input.query().customerId);
      const answer = await perks.points(siteOf(res), actor.customerId);
      await agents.record(siteOf(res).site, actor, "viewed points", `balance ${answer.balance}`);
      noStore(res).json(answer satisfies LoyaltyPoints);
    },
  );

  api.post(
    "/loyaltyProgramSignup",
    {
      summary: "Join perks (loyaltyProgramOptIn true)",
      auth: "required",
      body: LoyaltySignupRequestSchema,
      answers: { 200: PerksOptInAnswerSchema },
      errors: PERKS_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const body = input.body();
      const actor = await actorFor(req, res, agents, body.customerId);
      const answer = await perks.setOptIn(siteOf(res), actor.customerId, true);
      await agents.record(siteOf(res).site, actor, "joined perks for the customer");
      noStore(res).json(answer satisfies PerksOptInAnswer);
    },
  );

  const optIn = async (req: Request, res: Response, input: { body(): PerksOptInRequest }) => {
    refuseAnonymous(res);
    const body = input.body();
    const actor = await actorFor(req, res, agents, body.customerId);
    const answer = await perks.setOptIn(siteOf(res), actor.customerId, body.perksOptIn);
    await agents.record(siteOf(res).site, actor, body.perksOptIn ? "opted the customer in to perks" : "opted the customer out of perks");
    noStore(res).json(answer satisfies PerksOptInAnswer);
  };
  const optInOperation = (summary: string) =>
    ({ summary, auth: "required", body: PerksOptInRequestSchema, answers: { 200: PerksOptInAnswerSchema }, errors: PERKS_ERRORS }) as const;
  api.put("/updatePerksOptIn", optInOperation("In or out of perks (an agent names the customer); leaving keeps the points"), optIn);
  api.post("/updatePerksOptIn", optInOperation("As PUT updatePerksOptIn (one storefront sends POST)"), optIn);

  return api.router;
}

/**
 * Rewards under /rest/v2/{brand}/users/{user}/rewards: the catalog, a free box's choices, and the
 * rewards on the member's cart. Apply, remove and swap answer the cart's rewards with `cartGuid`
 * and `cartQuantity` for the cart-changed event; an agent's changes are in the audit log.
 */
export function rewardsRouter(perks: PerksService, agents: AssistedService): Router {
  const api = apiRouter();
  const base = "/users/:user/rewards";

  api.get(
    base,
    {
      summary: "The reward data: the brand's rewards, their points and which the member can afford now",
      auth: "required",
      query: RewardDataQuerySchema,
      answers: { 200: RewardDataSchema },
      errors: PERKS_ERRORS,
    },
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      input.query();
      const answer = await perks.rewardData(siteOf(res), actor.customerId);
      await agents.record(siteOf(res).site, actor, "viewed rewards");
      noStore(res).json(answer satisfies RewardData);
    },
  );

  api.get(
    `${base}/appliedRewards`,
    {
      summary: "The rewards on the cart (without cartGuid: the customer's open cart), the points they will spend when the order is placed, and the balance",
      auth: "required",
      query: AppliedRewardsQuerySchema,
      answers: { 200: AppliedRewardsSchema },
      errors: PERKS_ERRORS,
    },
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const { cartGuid } = input.query();
      const answer = await perks.applied(siteOf(res), actor.customerId, cartGuid);
      await agents.record(siteOf(res).site, actor, "viewed applied rewards", `${answer.appliedRewards.length} applied`);
      noStore(res).json(answer satisfies AppliedRewards);
    },
  );

  api.get(
    "/rewards/:code/choices",
    {
      summary:
        "What a free box may hold: the beverages' best sellers, 28 products a page, in box sizes 20, 22 or 24 where they come in them (the same for every member)",
      auth: "required",
      params: z.object({ code: z.string().meta({ description: "The reward's code" }) }),
      query: RewardChoicesQuerySchema,
      answers: { 200: RewardChoicesSchema },
      errors: PERKS_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const answer = await perks.choices(siteOf(res), String(req.params.code), input.query());
      noStore(res).json(answer satisfies RewardChoices);
    },
  );

  api.post(
    `${base}/applyReward`,
    {
      summary:
        "Put a reward on the cart (a free box names its item). Refused when the member's points do not cover the cart's rewards with it; no points are spent until the order",
      auth: "required",
      body: ApplyRewardRequestSchema,
      answers: { 200: AppliedRewardsSchema },
      errors: PERKS_ERRORS,
    },
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const body = input.body();
      const answer = await perks.apply(siteOf(res), actor.customerId, body);
      await agents.record(
        siteOf(res).site,
        actor,
        "applied a reward",
        `${body.rewardCode}${body.productCode ? ` (${body.productCode})` : ""}`,
        body.productCode ? [{ code: body.productCode }] : [],
      );
      noStore(res).json(answer satisfies AppliedRewards);
    },
  );

  api.post(
    `${base}/removeReward`,
    {
      summary: "Take a reward off the cart",
      auth: "required",
      body: RemoveRewardRequestSchema,
      answers: { 200: AppliedRewardsSchema },
      errors: PERKS_ERRORS,
    },
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const body = input.body();
      const answer = await perks.remove(siteOf(res), actor.customerId, body);
      await agents.record(siteOf(res).site, actor, "removed a reward", `applied reward ${body.appliedRewardId}`);
      noStore(res).json(answer satisfies AppliedRewards);
    },
  );

  api.post(
    `${base}/swapReward`,
    {
      summary: "Another item for a free box on the cart (one the reward offers)",
      auth: "required",
      body: SwapRewardRequestSchema,
      answers: { 200: AppliedRewardsSchema },
      errors: PERKS_ERRORS,
    },
    async (req, res, input) => {
      const actor = await actorFor(req, res, agents);
      const body = input.body();
      const answer = await perks.swap(siteOf(res), actor.customerId, body);
      await agents.record(siteOf(res).site, actor, "swapped a reward's item", `applied reward ${body.appliedRewardId}: ${body.productCode}`, [
        { code: body.productCode },
      ]);
      noStore(res).json(answer satisfies AppliedRewards);
    },
  );

  return api.router;
}
