import type { Router } from "express";
import {
  BrewerCouponRequestSchema,
  BrewerCouponSchema,
  BrewerModelsSchema,
  QuestionnaireQuerySchema,
  QuestionnaireSchema,
  RegisterBrewerRequestSchema,
  RegisteredBrewerSchema,
  RegisteredBrewersSchema,
  SerialValidationSchema,
  UpdateQuestionnaireRequestSchema,
  ValidateSerialRequestSchema,
} from "../contract/brewer-registration";
import type { AssistedService } from "../domain/agents";
import type { BrewerRegistrationService } from "../domain/brewer-registration";
import { actorFor, callerOf, clientAddress, NO_AGENT_SESSION, refuseAnonymous } from "./auth";
import { noStore } from "./carts";
import { apiRouter, BUSY, NO_SUCH_USER, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

const SERIAL_REFUSALS =
  "BrewerRegistrationError with a reason: malformed (not a serial's shape), checkDigit (a typo), unknown (not made by the factory), otherModel (the serial is another model's than productCode), notSoldHere (a model this store does not sell)";

/** How registration calls refuse. */
const REGISTRATION_ERRORS = {
  400: `Invalid input (ValidationError, the field named); ${SERIAL_REFUSALS}`,
  401: UNAUTHORIZED,
  403: NO_AGENT_SESSION,
  404: `${NO_SUCH_USER}; no registered brewer of the customer's with this serial (another customer's answers the same)`,
  409: "BrewerRegistrationError: the serial is already registered, to this customer (registeredToYou) or to another account (registered)",
  429: "Too many serials that are not real from this address or account in an hour (TooManyRequestsError, Retry-After)",
  503: BUSY,
};

/**
 * Brewer registration v2 under /rest/v2/{brand}/ (decision 070): validateSerialNumber answers
 * guests and customers alike; registering, the questionnaire and the welcome coupon are the
 * signed-in customer's (or an agent's inside an assisted session, audited).
 */
export function brewerRegistrationRouter(registration: BrewerRegistrationService, agents: AssistedService): Router {
  const api = apiRouter();

  api.get(
    "/brewerModels",
    {
      summary: "The brewer models sold on this store, by name: the models an owner may register",
      auth: "optional",
      answers: { 200: BrewerModelsSchema },
      errors: { 503: BUSY },
    },
    async (_req, res) => {
      res.json(await registration.models(siteOf(res)));
    },
  );

  api.post(
    "/validateSerialNumber",
    {
      summary: "Whether a serial number is one the factory made, of the model given (productCode), and free to register: the model it belongs to, or why not",
      auth: "optional",
      body: ValidateSerialRequestSchema,
      answers: { 200: SerialValidationSchema },
      errors: REGISTRATION_ERRORS,
    },
    async (req, res, input) => {
      const caller = callerOf(res);
      const customerId = caller?.role === "customer" ? caller.sub : null;
      noStore(res).json(await registration.validate(siteOf(res), { customerId, clientAddress: clientAddress(req) }, input.body()));
    },
  );

  api.post(
    "/users/:user/registernewbrewer",
    {
      summary: "Registers the brewer with this serial number to the customer; a serial is registered to one account only",
      auth: "required",
      body: RegisterBrewerRequestSchema,
      answers: { 201: { description: "Registered", schema: RegisteredBrewerSchema } },
      errors: REGISTRATION_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const brewer = await registration.register(siteOf(res), { customerId: actor.customerId, clientAddress: clientAddress(req) }, input.body());
      await agents.record(siteOf(res).site, actor, "registered a brewer", brewer.serialNumber);
      noStore(res).status(201).json(brewer);
    },
  );

  api.get(
    "/users/:user/brewers",
    {
      summary: "The customer's registered brewers on this store, and their welcome coupon once they asked for it",
      auth: "required",
      answers: { 200: RegisteredBrewersSchema },
      errors: REGISTRATION_ERRORS,
    },
    async (req, res) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const answer = await registration.brewersOf(siteOf(res), actor.customerId);
      await agents.record(siteOf(res).site, actor, "viewed registered brewers", `${answer.brewers.length}`);
      noStore(res).json(answer);
    },
  );

  api.get(
    "/users/:user/getBrewerQuestionnaire",
    {
      summary: "The registration questionnaire for the customer's brewer `sn`, with the answers given so far",
      auth: "required",
      query: QuestionnaireQuerySchema,
      answers: { 200: QuestionnaireSchema },
      errors: REGISTRATION_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const answer = await registration.questionnaire(siteOf(res), actor.customerId, input.query().sn);
      await agents.record(siteOf(res).site, actor, "viewed a brewer questionnaire", answer.serialNumber);
      noStore(res).json(answer);
    },
  );

  api.post(
    "/users/:user/updateBrewerQuestionnaire",
    {
      summary: "Saves answers to the questionnaire of the customer's brewer (answers not sent are kept)",
      auth: "required",
      body: UpdateQuestionnaireRequestSchema,
      answers: { 200: QuestionnaireSchema },
      errors: REGISTRATION_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const { serialNumber, answers } = input.body();
      const answer = await registration.updateQuestionnaire(siteOf(res), actor.customerId, serialNumber, answers);
      await agents.record(siteOf(res).site, actor, "answered a brewer questionnaire", answer.serialNumber);
      noStore(res).json(answer);
    },
  );

  api.post(
    "/users/:user/getBrewerCoupon",
    {
      summary: "The welcome coupon for registering a brewer: one per account, usable once and only by this account; the same coupon on every ask",
      auth: "required",
      body: BrewerCouponRequestSchema,
      answers: { 200: BrewerCouponSchema },
      errors: REGISTRATION_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const coupon = await registration.coupon(siteOf(res), actor.customerId, input.body().serialNumber);
      await agents.record(siteOf(res).site, actor, "gave the brewer welcome coupon", coupon.code);
      noStore(res).json(coupon);
    },
  );

  return api.router;
}
