import { z } from "zod";
import { SerialNumberInputSchema, SerialRefusalSchema } from "../../commerce/contract/brewer-registration";
import { blankAsAbsent } from "../../commerce/contract/form-values";
import { ProductCodeParamSchema } from "../../commerce/contract/product";
import { format } from "../brands/locale";
import { registrationMessages } from "../brands/registration-messages";
import { ApiError } from "./api-client.server";
import type { StorefrontContext } from "./context";
import { type FormAnswer, formAnswer } from "./form-validation.server";

/** The registration form: the model chosen, the serial typed, and when it was bought. */
export const RegisterFormSchema = z.object({
  model: ProductCodeParamSchema,
  serialNumber: SerialNumberInputSchema,
  purchasedOn: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date")
      .optional(),
  ),
});

/** What the service said about a serial, in the page's words: the field it is about, or a wait after too many guesses. */
export function registrationProblem(context: StorefrontContext, err: unknown, form: Record<string, string>): FormAnswer {
  if (!(err instanceof ApiError)) throw err;
  const t = registrationMessages(context.lang, context.brand.id);
  if (err.status === 429) {
    const wait = err.retryAfterSeconds ?? 60;
    return formAnswer(form, { error: format(t.tooMany, { minutes: Math.ceil(wait / 60) }) }, 429, { "Retry-After": String(wait) });
  }
  const item = err.errors[0];
  const reason = SerialRefusalSchema.safeParse(item?.reason);
  if (item?.type === "BrewerRegistrationError" && reason.success) {
    const field = item.subject === "productCode" ? "model" : "serialNumber";
    return formAnswer(form, { error: t.refusals[reason.data], fields: { [field]: t.refusals[reason.data] } }, err.status);
  }
  if (err.status === 400 && item?.subject) return formAnswer(form, { error: t.refusals.malformed, fields: { serialNumber: t.refusals.malformed } });
  return formAnswer(form, { error: t.failed }, err.status >= 500 || err.status === 0 ? 503 : err.status);
}
