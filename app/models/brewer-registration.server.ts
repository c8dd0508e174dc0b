import {
  BrewerCouponSchema,
  BrewerModelsSchema,
  type QuestionnaireAnswers,
  QuestionnaireSchema,
  type RegisterBrewerRequest,
  RegisteredBrewerSchema,
  RegisteredBrewersSchema,
  SerialValidationSchema,
  type ValidateSerialRequest,
} from "../../commerce/contract/brewer-registration";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

/**
 * Brewer registration through the commerce API (decision 070): the models on offer, checking a
 * serial (guests too), registering it, the questionnaire, the welcome coupon and the account's
 * list. The path names the shopper (`users/current`, or the customer an agent acts for).
 */
const customer = (ctx: ApiClientContext) => encodeURIComponent(ctx.shopper?.userPathId ?? "anonymous");

export function brewerModels(ctx: ApiClientContext) {
  return callApi(ctx, { path: "brewerModels", schema: BrewerModelsSchema });
}

export function validateSerial(ctx: ApiClientContext, request: ValidateSerialRequest) {
  return callApi(ctx, { method: "POST", path: "validateSerialNumber", json: request, schema: SerialValidationSchema, auth: "optional" });
}

export function registerBrewer(ctx: ApiClientContext, request: RegisterBrewerRequest) {
  return callApi(ctx, { method: "POST", path: `users/${customer(ctx)}/registernewbrewer`, json: request, schema: RegisteredBrewerSchema, auth: "required" });
}

export function brewerQuestionnaire(ctx: ApiClientContext, serialNumber: string) {
  return callApi(ctx, { path: `users/${customer(ctx)}/getBrewerQuestionnaire`, query: { sn: serialNumber }, schema: QuestionnaireSchema, auth: "required" });
}

export function answerQuestionnaire(ctx: ApiClientContext, serialNumber: string, answers: QuestionnaireAnswers) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${customer(ctx)}/updateBrewerQuestionnaire`,
    json: { serialNumber, answers },
    schema: QuestionnaireSchema,
    auth: "required",
  });
}

export function welcomeCoupon(ctx: ApiClientContext, serialNumber: string) {
  return callApi(ctx, { method: "POST", path: `users/${customer(ctx)}/getBrewerCoupon`, json: { serialNumber }, schema: BrewerCouponSchema, auth: "required" });
}

export function registeredBrewers(ctx: ApiClientContext) {
  return callApi(ctx, { path: `users/${customer(ctx)}/brewers`, schema: RegisteredBrewersSchema, auth: "required" });
}
