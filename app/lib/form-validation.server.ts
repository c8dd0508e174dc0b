import { data } from "react-router";
import type { z } from "zod";
import type { Lang } from "../../commerce/contract/common";
import { MAX_LINE_QUANTITY } from "../../commerce/contract/cart";
import { MAX_FREQUENCY_WEEKS } from "../../commerce/contract/frequency";
import { lookUpPostalCode } from "../../commerce/contract/postal-regions";
import { type FieldProblem, type FormMessages, fieldText, formMessages, hasFieldPhrase } from "../brands/form-messages";
import type { FormProblem } from "../components/FormFields";
import type { StorefrontContext } from "./context";

/**
 * The one way a storefront form is checked and sent back to be fixed (docs/decisions/042): the
 * fields go through the form's zod schema; each refused field gets a phrase in the shopper's
 * language (app/brands/form-messages.ts); what was typed is kept, secrets excepted; and the answer
 * is a 400 that shows the same page with the phrases beside their fields.
 */

/**
 * Public forms carry a field people never see ("website"); a bot that fills every field is
 * answered as if the form were wrong, without calling the API.
 */
export const HONEYPOT_FIELD = "website";

/** Typed values never sent back to the page. */
const SECRET_FIELDS = new Set(["password", "newPassword", "currentPassword", "token", "cardNumber", "cvc", HONEYPOT_FIELD]);

export function keptValues(input: Record<string, unknown>): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(input)) {
    if (SECRET_FIELDS.has(name)) continue;
    if (typeof value === "string") kept[name] = value.slice(0, 200);
    else if (Array.isArray(value)) kept[name] = value.filter((v): v is string => typeof v === "string").slice(0, 20);
  }
  return kept;
}

/**
 * The language the form was shown in. Forms that post to a path without a language (/newsletter,
 * /notify-me) carry it in a hidden `lang` field, so a French page gets French answers.
 */
export function formLang(context: StorefrontContext, field: unknown): Lang {
  if (field === "fr" && context.brand.languages.includes("fr")) return "fr";
  if (field === "en") return "en";
  return context.lang;
}

export function formText(context: StorefrontContext, input: Record<string, unknown> = {}): FormMessages {
  return formMessages(formLang(context, input.lang), context.brand.id);
}

const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/** Address forms name their country; a postal code is judged by its country's rules. */
const countryOf = (input: Record<string, unknown>) => (input.country === "CA" ? "CA" : "US");

/** The phrase for a refused field: by its name, and where a name is not enough, by what is wrong with it. */
export function fieldProblem(field: string, issue: z.core.$ZodIssue | undefined, input: Record<string, unknown>): FieldProblem {
  switch (field) {
    case "qty":
      if (issue?.code === "too_big") return { message: "quantityTooLarge", limit: Number(issue.maximum) };
      if (issue?.code === "too_small") return { message: "quantityTooSmall", limit: Number(issue.minimum) };
      return { message: "quantityNotWhole" };
    case "podsAtHomeQty":
      return issue?.code === "too_big" ? { message: "podsAtHomeTooLarge", limit: Number(issue.maximum) } : { message: "podsAtHomeNotWhole" };
    case "frequencyWeeks":
    case "adFrequencyWeeks":
      return { message: "frequencyInvalid", limit: MAX_FREQUENCY_WEEKS };
    case "flavours":
      return issue?.code === "too_big" ? { message: "flavoursTooMany", limit: Number(issue.maximum) } : { message: "flavours" };
    case "password":
      return { message: blank(input.password) ? "password" : "passwordLength" };
    case "newPassword":
      return { message: "passwordLength" };
    case "contactNo":
      return { message: "phone" };
    case "value":
      // The brewer quiz's one question.
      return { message: "answer" };
    case "region":
      return { message: countryOf(input) === "CA" ? "provinceInvalid" : "stateInvalid" };
    case "postalCode": {
      const country = countryOf(input);
      // A code the post office knows, refused all the same, belongs to another state or province.
      const known = typeof input.postalCode === "string" && lookUpPostalCode(country, input.postalCode).found;
      if (country === "CA") return { message: known ? "postalNotInProvince" : "postalInvalid" };
      return { message: known ? "zipNotInState" : "zipInvalid" };
    }
  }
  return { message: hasFieldPhrase(field) ? field : "invalid" };
}

/** What the service said about a refused change: its first error item, as app/lib/api-client.server.ts keeps it. */
interface ApiProblemItem {
  type?: string;
  reason?: string;
  subject?: string;
  availableQuantity?: number;
}

/**
 * The service's refusal in the shop's words, never its own message (written for developers, in
 * English, naming fields as "qty"): stock and quantity limits get their phrases, a refused field
 * its field's phrase, too many attempts their phrase, anything else "nothing was changed".
 */
export function apiProblemText(t: FormMessages, item: ApiProblemItem | undefined, input: Record<string, unknown> = {}): string {
  if (item?.type === "TooManyRequestsError") return t.tooManyAttempts;
  if (item?.type === "InsufficientStockError") {
    const left = item.availableQuantity ?? 0;
    return left > 0 ? fieldText(t, { message: "stockShortBy", limit: left }) : t.stockShort;
  }
  if (item?.reason === "maxOrderQuantityExceeded") return fieldText(t, { message: "quantityTooLarge", limit: MAX_LINE_QUANTITY });
  if (item?.subject === "qty") {
    if (item.reason === "too_big") return fieldText(t, { message: "quantityTooLarge", limit: MAX_LINE_QUANTITY });
    if (item.reason === "too_small") return fieldText(t, { message: "quantityTooSmall", limit: 0 });
    return t.quantityNotWhole;
  }
  if (item?.subject && hasFieldPhrase(item.subject)) return fieldText(t, fieldProblem(item.subject, undefined, input));
  return t.notChanged;
}

/** Each refused field (the first issue of each) and its phrase. */
export function fieldProblems(error: z.ZodError, input: Record<string, unknown>): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    problems[field] ??= fieldProblem(field, issue, input);
  }
  return problems;
}

/**
 * The answer that shows the form's page again: a message above the form, the phrases beside the
 * fields, what was typed, and which of the page's forms it is about (its `intent`).
 */
export function formAnswer(input: Record<string, unknown>, problem: Pick<FormProblem, "error" | "fields">, status = 400, headers: Record<string, string> = {}) {
  const intent = typeof input.intent === "string" ? input.intent.slice(0, 40) : undefined;
  return data<FormProblem>({ ...problem, intent, values: keptValues(input) }, { status, headers: { "Cache-Control": "private, no-store", ...headers } });
}

export type FormAnswer = ReturnType<typeof formAnswer>;

/**
 * A route's `headers` for a page with a form: the action's headers (Retry-After with a 429, no-store)
 * when it answered, else the loader's; React Router drops both unless the route passes them on.
 */
export function formPageHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }): Headers {
  const headers = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => headers.set(name, value));
  return headers;
}

/** The 400 for refused fields. Fields the shopper cannot see (no phrase of their own) mean the page itself is stale. */
export function refusedForm(t: FormMessages, problems: Record<string, FieldProblem>, input: Record<string, unknown>): FormAnswer {
  const fields = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, fieldText(t, problem)]));
  const shown = Object.values(problems).some((p) => p.message !== "invalid");
  return formAnswer(input, { error: shown ? t.formHasErrors : t.pageOutOfDate, fields });
}

/** The form's fields checked by its schema: the checked data, or the answer that sends the shopper back to fix them. */
export function checkForm<S extends z.ZodType>(
  context: StorefrontContext,
  schema: S,
  input: Record<string, unknown>,
): { data: z.output<S> } | { answer: FormAnswer } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  return { answer: refusedForm(formText(context, input), fieldProblems(parsed.error, input), input) };
}
