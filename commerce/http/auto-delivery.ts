import type { Request, Response, Router } from "express";
import { z } from "zod";
import {
  AddToExistingAdAnswerSchema,
  AddToExistingAdRequestSchema,
  AdOrdersQuerySchema,
  AdOrdersSchema,
  AdProductQuerySchema,
  AdTypeSchema,
  AutoDeliveryHomeSchema,
  CancelSubscriptionRequestSchema,
  ChangeSubscriptionCardRequestSchema,
  ChangeSubscriptionRequestSchema,
  ExistingAdDetailsSchema,
  ResumeSubscriptionRequestSchema,
  SubscribedProductsSchema,
  SubscriptionCodeSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
} from "../contract/auto-delivery";
import { AddToCartRequestSchema, CartModificationSchema } from "../contract/cart";
import type { Actor } from "../domain/accounts";
import type { AssistedService } from "../domain/agents";
import type { AutoDeliveryService, SubscriptionFilter } from "../domain/auto-delivery";
import type { CartService } from "../domain/carts";
import { actorFor, NO_AGENT_SESSION, refuseAnonymous } from "./auth";
import { noStore } from "./carts";
import { invalid } from "./errors";
import { apiRouter, BUSY, NO_SUCH_USER, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

/** How auto-delivery calls refuse. */
const AD_ERRORS = {
  400: "Invalid input (ValidationError: a frequency outside 1–26 weeks, podsAtHomeQty over the store's maximum or not a number, a date that has passed), or a change the subscription's state refuses",
  401: UNAUTHORIZED,
  403: NO_AGENT_SESSION,
  404: `${NO_SUCH_USER}; no such subscription for this customer (UnknownIdentifierError: another customer's answers the same), product or cart`,
  409: "ALREADY_ADDED_TO_BACKUP_PRODUCT: the product is already in the next delivery; NON_ELIGIBLE_SP_USER: the subscription is not active or the product cannot come by auto-delivery; alreadyPlaced: the delivery was ordered already",
  503: BUSY,
};

const CodeParams = z.object({ code: SubscriptionCodeSchema });
/** Skip, deliver now and pause say everything in their path. */
const NoBody = z.object({});
const ADD_AD_ENTRY = AddToCartRequestSchema.extend({
  entryType: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(["ADC", "ADCF", "ADF"]).default("ADC")),
});

/**
 * Auto-delivery under /rest/v2/{brand}/users/{user}/ (decision 053): the spec's reads (all active
 * subscriptions, smart and scheduled, subscribed products, getAdType, getExistingADDetails,
 * autoDeliveryHomePageData, the AD orders), addProductToAdCart, adding a product to an existing AD,
 * and managing a subscription. `user` is `current` or, for an agent in an assisted session, the
 * customer; what an agent changes is in the audit log.
 */
export function autoDeliveryRouter(autoDelivery: AutoDeliveryService, carts: CartService, agents: AssistedService): Router {
  const api = apiRouter();
  const caller = async (req: Request, res: Response): Promise<Actor> => {
    refuseAnonymous(res);
    return actorFor(req, res, agents);
  };
  const codeOf = (req: Request) => {
    const parsed = CodeParams.safeParse(req.params);
    if (!parsed.success) throw invalid("code", "must be a subscription code (AD and 8 digits)");
    return parsed.data.code;
  };

  const lists: [string, SubscriptionFilter, string][] = [
    ["/users/:user/fetchAllActiveSubscriptions", "active", "The customer's subscriptions, active and paused, newest first, each with its next delivery date"],
    ["/users/:user/subscriptions/smart", "smart", "The subscriptions that follow the pods at home (ADC, ADCF)"],
    ["/users/:user/subscriptions/scheduled", "scheduled", "The subscriptions on a fixed rhythm (ADF)"],
  ];
  for (const [path, filter, summary] of lists) {
    api.get(path, { summary, auth: "required", answers: { 200: SubscriptionListSchema }, errors: AD_ERRORS }, async (req, res) => {
      const actor = await caller(req, res);
      const subscriptions = await autoDelivery.list(siteOf(res), actor.customerId, filter);
      await agents.record(siteOf(res).site, actor, "viewed auto-deliveries", `${subscriptions.length}`);
      noStore(res).json({ subscriptions });
    });
  }

  api.get(
    "/users/:user/userSubscribedProducts",
    { summary: "The products the customer's active subscriptions deliver", auth: "required", answers: { 200: SubscribedProductsSchema }, errors: AD_ERRORS },
    async (req, res) => {
      const actor = await caller(req, res);
      const productCodes = await autoDelivery.subscribedProducts(siteOf(res), actor.customerId);
      await agents.record(siteOf(res).site, actor, "viewed subscribed products", `${productCodes.length}`);
      noStore(res).json({ productCodes });
    },
  );

  api.get(
    "/users/:user/getAdType",
    {
      summary:
        "Whether the product can come by auto-delivery, and with which entry type for this customer (without productCode: the type of their first subscription)",
      auth: "required",
      query: AdProductQuerySchema,
      answers: { 200: AdTypeSchema },
      errors: AD_ERRORS,
    },
    async (req, res, input) => {
      const actor = await caller(req, res);
      const answer = await autoDelivery.adType(siteOf(res), actor.customerId, input.query().productCode);
      await agents.record(siteOf(res).site, actor, "viewed auto-delivery type", answer.productCode ?? "");
      noStore(res).json(answer);
    },
  );

  api.get(
    "/users/:user/getExistingADDetails",
    {
      summary: "The product page's existingADData: the customer's active subscriptions, and whether the product is on each",
      auth: "required",
      query: AdProductQuerySchema,
      answers: { 200: ExistingAdDetailsSchema },
      errors: AD_ERRORS,
    },
    async (req, res, input) => {
      const actor = await caller(req, res);
      const { productCode } = input.query();
      const answer = await autoDelivery.existingDetails(siteOf(res), actor.customerId, productCode);
      await agents.record(siteOf(res).site, actor, "viewed auto-delivery details", productCode ?? "");
      noStore(res).json(answer);
    },
  );

  api.get(
    "/users/:user/autoDeliveryHomePageData",
    { summary: "The account's auto-delivery summary", auth: "required", answers: { 200: AutoDeliveryHomeSchema }, errors: AD_ERRORS },
    async (req, res) => {
      const actor = await caller(req, res);
      const answer = await autoDelivery.home(siteOf(res), actor.customerId);
      await agents.record(siteOf(res).site, actor, "viewed auto-delivery summary", `${answer.activeCount} active, ${answer.orders.length} orders`);
      noStore(res).json(answer);
    },
  );

  api.get(
    "/users/:user/adOrders",
    {
      summary: "The orders the customer's subscriptions placed, newest first (with productCode: those that shipped it)",
      auth: "required",
      query: AdOrdersQuerySchema,
      answers: { 200: AdOrdersSchema },
      errors: AD_ERRORS,
    },
    async (req, res, input) => {
      const actor = await caller(req, res);
      const answer = await autoDelivery.adOrders(siteOf(res), actor.customerId, input.query().productCode);
      await agents.record(siteOf(res).site, actor, "viewed auto-delivery orders", `${answer.orders.length}`);
      noStore(res).json(answer);
    },
  );

  api.post(
    "/users/:user/addProductToAdCart",
    {
      summary: "Add an auto-delivery line (entryType ADC, ADCF or ADF; ADC when absent) to the customer's cart, as addProductToCart does",
      auth: "required",
      body: ADD_AD_ENTRY,
      answers: { 200: CartModificationSchema },
      errors: AD_ERRORS,
    },
    async (req, res, input) => {
      const actor = await caller(req, res);
      const { cartGuid, lang: _lang, csAgentId: _agent, couponCode: _coupon, ...line } = input.body();
      const { cart, outcomes } = await carts.add(siteOf(res), { customerId: actor.customerId }, cartGuid, [line]);
      await agents.record(siteOf(res).site, actor, "added to auto-delivery cart", `${line.qty} × ${line.productCode} (${line.entryType})`);
      const outcome = outcomes[0]!;
      const entry = cart.entries.find((e) => e.entryNumber === outcome.entryNumber)!;
      noStore(res).json({ ...outcome, entry, cartGuid: cart.guid, cartQuantity: cart.totalUnitCount });
    },
  );

  api.post(
    "/users/:user/addProductToExistingAD",
    {
      summary: "Add a product to the next delivery of subscription jobCode, once (a repeat answers 409 ALREADY_ADDED_TO_BACKUP_PRODUCT)",
      auth: "required",
      body: AddToExistingAdRequestSchema,
      answers: { 200: AddToExistingAdAnswerSchema },
      errors: AD_ERRORS,
    },
    async (req, res, input) => {
      const actor = await caller(req, res);
      noStore(res).json(await autoDelivery.addToExisting(siteOf(res), actor, input.body()));
    },
  );

  api.put(
    "/users/:user/subscriptions/:code",
    {
      summary:
        "Change frequency (1–26 weeks), next date (after today, within a year), items and quantities (0 takes one off), address, or what an item out of stock does",
      auth: "required",
      body: ChangeSubscriptionRequestSchema,
      answers: { 200: SubscriptionSchema },
      errors: AD_ERRORS,
    },
    async (req, res, input) => {
      const actor = await caller(req, res);
      const code = codeOf(req);
      noStore(res).json(await autoDelivery.update(siteOf(res), actor, code, input.body()));
    },
  );

  api.post(
    "/users/:user/subscriptions/:code/card",
    {
      summary: "The card entered on the customer's cart (cartGuid) becomes the subscription's; agents never take cards",
      auth: "required",
      body: ChangeSubscriptionCardRequestSchema,
      answers: { 200: SubscriptionSchema },
      errors: AD_ERRORS,
    },
    async (req, res, input) => {
      const actor = await caller(req, res);
      const code = codeOf(req);
      noStore(res).json(await autoDelivery.changeCard(siteOf(res), actor, code, input.body().cartGuid));
    },
  );

  type Run = (ctx: ReturnType<typeof siteOf>, actor: Actor, code: string, body: unknown) => Promise<unknown>;
  const actions: [string, string, Run, z.ZodType][] = [
    ["skip", "Skip the next delivery; the one after becomes the next", (ctx, a, c) => autoDelivery.skipNext(ctx, a, c), NoBody],
    ["deliverNow", "Order the next delivery now", (ctx, a, c) => autoDelivery.deliverNow(ctx, a, c).then((r) => r.subscription), NoBody],
    ["pause", "Pause: no deliveries until resumed", (ctx, a, c) => autoDelivery.pause(ctx, a, c), NoBody],
    [
      "resume",
      "Resume, from the stored next date (or nextDeliveryDate, or a week from today when it has passed)",
      (ctx, a, c, b) => autoDelivery.resume(ctx, a, c, ResumeSubscriptionRequestSchema.parse(b ?? {}).nextDeliveryDate),
      ResumeSubscriptionRequestSchema,
    ],
    [
      "cancel",
      "Cancel, with the customer's reason",
      (ctx, a, c, b) => autoDelivery.cancel(ctx, a, c, CancelSubscriptionRequestSchema.parse(b).reason),
      CancelSubscriptionRequestSchema,
    ],
  ];
  for (const [action, summary, run, body] of actions) {
    api.post(
      `/users/:user/subscriptions/:code/${action}`,
      { summary, auth: "required", body, answers: { 200: SubscriptionSchema }, errors: AD_ERRORS },
      async (req, res) => {
        const actor = await caller(req, res);
        noStore(res).json(await run(siteOf(res), actor, codeOf(req), req.body));
      },
    );
  }
  return api.router;
}
