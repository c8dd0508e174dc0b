import type { Request, Response, Router } from "express";
import {
  AddMonthlyBoxAnswerSchema,
  AddMonthlyBoxRequestSchema,
  MfpSubscriptionCartQuerySchema,
  MfpSubscriptionCartSchema,
  UpdateMfpCampaignCartRequestSchema,
  CollectionCategoryQuerySchema,
  CollectionCategorySchema,
  MonthlyDetailsQuerySchema,
  MonthlyDetailsSchema,
  MonthlyGroupsQuerySchema,
  MonthlyGroupsSchema,
  MonthlyProductsQuerySchema,
  MonthlyProductsSchema,
  MonthlySearchQuerySchema,
  MonthlySearchSchema,
  ProductSelectRequestSchema,
  ProductSelectSchema,
} from "../contract/monthly-box";
import type { Actor } from "../domain/accounts";
import type { AssistedService } from "../domain/agents";
import type { MonthlyBoxService } from "../domain/monthly-box";
import type { MonthlyBoxSubscriptions } from "../domain/monthly-box-subscriptions";
import { actorFor, NO_AGENT_SESSION, refuseAnonymous } from "./auth";
import { guidParam, noStore } from "./carts";
import { apiRouter, BUSY, NO_SUCH_USER, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

/** How the monthly box's calls refuse. */
const MONTHLY_BOX_ERRORS = {
  400: "Invalid input (ValidationError: a month not YYYY-MM, or one before this month or after next month; a page, code or quantity out of shape; a pick with no products or more than 36)",
  404: "No monthly fixed-price box on this store (UnknownIdentifierError: the commercial store has none); a collection or category the month does not hold",
  503: BUSY,
};

/** How subscribing to the box and changing its months refuse. */
const SUBSCRIPTION_ERRORS = {
  400: "Invalid input (ValidationError: a month out of range, a pick out of shape; incompleteBox: the pick does not fill the box or names products the month does not offer, with the reasons in words; notThisMonth: a cart's box ships this month; placed or cancelled: the month may no longer change)",
  401: UNAUTHORIZED,
  403: NO_AGENT_SESSION,
  404: `${NO_SUCH_USER}; no monthly box on this store; a cart or subscription that is not this customer's (answers as unknown)`,
  409: "A product of the pick is already on the cart as a one-off line, or short of stock",
  503: BUSY,
};

/**
 * The monthly fixed-price box's reads under /rest/v2/{brand}/ (decision 062), for guests and
 * customers alike: the box's price and size, the month's selection (paged, by collection and
 * category, searched), and whether a pick fills the box. productSelect is a POST because a pick is
 * a list; it writes nothing.
 */
export function monthlyBoxRouter(monthlyBox: MonthlyBoxService, subscriptions: MonthlyBoxSubscriptions, agents: AssistedService): Router {
  const api = apiRouter();
  /** Subscribing is for signed-in customers, or an agent inside an assisted session for one (audited). */
  const caller = async (req: Request, res: Response): Promise<Actor> => {
    refuseAnonymous(res);
    return actorFor(req, res, agents);
  };

  api.get(
    "/getMonthlyFixedPriceDetails",
    {
      summary:
        "The monthly fixed-price box on this store (MONTHLY_FIXED_PRICE): its monthly price and price per pod, its pods and K-Cup boxes, how many products the month (this month, or month=YYYY-MM for next month) offers, and its texts",
      auth: "optional",
      query: MonthlyDetailsQuerySchema,
      answers: { 200: MonthlyDetailsSchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.details(siteOf(res), input.query()));
    },
  );

  api.get(
    "/fetchMonthlyProducts",
    {
      summary: "A page of the month's selection (36 products), ordered by category, collection and name; collection= and category= narrow it",
      auth: "optional",
      query: MonthlyProductsQuerySchema,
      answers: { 200: MonthlyProductsSchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.products(siteOf(res), input.query()));
    },
  );

  api.get(
    "/searchMonthlyProducts",
    {
      summary:
        "A page of the month's products whose name, collection or category has a word beginning with each word of text (accents and case folded, stop words dropped)",
      auth: "optional",
      query: MonthlySearchQuerySchema,
      answers: { 200: MonthlySearchSchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.search(siteOf(res), input.query()));
    },
  );

  api.get(
    "/getKSKCategoryAndCollection",
    {
      summary: "How the month's selection is organised: its categories (each with its collections) and its collections, with how many products each holds",
      auth: "optional",
      query: MonthlyGroupsQuerySchema,
      answers: { 200: MonthlyGroupsSchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.groups(siteOf(res), input.query()));
    },
  );

  api.get(
    "/fetchCollectionCategoryData",
    {
      summary: "One collection's products in the month's selection, within one category when category= is given",
      auth: "optional",
      query: CollectionCategoryQuerySchema,
      answers: { 200: CollectionCategorySchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.collection(siteOf(res), input.query()));
    },
  );

  api.post(
    "/productSelect",
    {
      summary:
        "Checks a pick (product codes with quantities of K-Cup boxes) against the month's selection: the pods picked, whether the box is under, full or over, which codes the month does not hold, and the monthly price; writes nothing",
      auth: "optional",
      body: ProductSelectRequestSchema,
      answers: { 200: ProductSelectSchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.select(siteOf(res), input.body()));
    },
  );

  api.post(
    "/users/:user/carts/:cartGuid/addMonthlyBoxSubscription",
    {
      summary:
        "Puts this month's complete pick (entries of product codes and K-Cup boxes, as productSelect) into the customer's cart as the monthly box: its lines cost the box's price together, standard delivery included. cartGuid 'current' names the customer's open cart (made when they have none). One box per cart: a box already there is replaced (replaced: true); the same pick sent twice leaves one box. An incomplete pick is 400 with the reasons in words",
      auth: "required",
      body: AddMonthlyBoxRequestSchema,
      answers: { 200: AddMonthlyBoxAnswerSchema },
      errors: SUBSCRIPTION_ERRORS,
    },
    async (req, res, input) => {
      const actor = await caller(req, res);
      const guid = req.params.cartGuid === "current" ? undefined : guidParam(req);
      noStore(res).json(await subscriptions.addToCart(siteOf(res), actor, guid, input.body()));
    },
  );

  api.get(
    "/users/:user/getMFPSubscriptionCart",
    {
      summary:
        "A box subscription's month (month=YYYY-MM, this month or next; next by default): its picks (saved, or carried over from the latest month and marked so), fill, price, delivery date, and whether it may still change (changeable, unchangeableReason)",
      auth: "required",
      query: MfpSubscriptionCartQuerySchema,
      answers: { 200: MfpSubscriptionCartSchema },
      errors: SUBSCRIPTION_ERRORS,
    },
    async (req, res, input) => {
      const actor = await caller(req, res);
      const query = input.query();
      const answer = await subscriptions.subscriptionCart(siteOf(res), actor, query);
      await subscriptions.audit(siteOf(res), actor, "viewed monthly box", `${answer.subscriptionCode} ${answer.month}`);
      noStore(res).json(answer);
    },
  );

  api.post(
    "/users/:user/updateMonthlyFixedPriceCampaignCart",
    {
      summary:
        "Saves a complete pick for a box subscription's month (this month or next) whose box is not placed yet; an incomplete pick, or a month already placed, is 400 with the reason in words",
      auth: "required",
      body: UpdateMfpCampaignCartRequestSchema,
      answers: { 200: MfpSubscriptionCartSchema },
      errors: SUBSCRIPTION_ERRORS,
    },
    async (req, res, input) => {
      const actor = await caller(req, res);
      noStore(res).json(await subscriptions.updatePicks(siteOf(res), actor, input.body()));
    },
  );

  return api.router;
}
