import { data } from "react-router";
import type { z } from "zod";
import { type AccountMessages, accountMessages } from "../brands/account-messages";
import { format } from "../brands/locale";
import type { RateLimitRule } from "../../lib/rate-limit";
import { ApiError } from "./api-client.server";
import type { StorefrontContext } from "./context";
import { limiter } from "./email-form.server";
import { readFormFields } from "./form-body.server";
import { type FormAnswer, HONEYPOT_FIELD, checkForm, fieldProblem, formAnswer, formText, refusedForm } from "./form-validation.server";

/** The phrases for this request's page. */
export function accountText(context: StorefrontContext): AccountMessages {
  return accountMessages(context.lang, context.brand.id);
}

/**
 * What the API said about a form, for the page: a ValidationError names the field, a 429 says how
 * long to wait; anything else is a failure to try again later (503).
 */
export function apiProblem(context: StorefrontContext, err: unknown, form: Record<string, string>): FormAnswer {
  if (!(err instanceof ApiError)) throw err;
  const subject = err.errors[0]?.subject;
  if (err.status === 429) return tooMany(context, err.retryAfterSeconds ?? 60, form);
  if (err.status === 400 && subject) return refusedForm(formText(context), { [subject]: fieldProblem(subject, undefined, form) }, form);
  if (err.status >= 400 && err.status < 500) return formAnswer(form, { error: formText(context).formHasErrors }, err.status);
  return formAnswer(form, { error: accountText(context).somethingFailed }, 503);
}

export function tooMany(context: StorefrontContext, retryAfterSeconds: number, form: Record<string, string>): FormAnswer {
  const error = format(accountText(context).tooManyAttempts, { minutes: Math.ceil(retryAfterSeconds / 60) });
  return formAnswer(form, { error }, 429, { "Retry-After": String(retryAfterSeconds) });
}

/** How often one address (and one account) may post each public account form. */
export const ACCOUNT_FORM_LIMITS: Record<string, { perClient: Omit<RateLimitRule, "name">; perAccount: Omit<RateLimitRule, "name"> }> = {
  login: { perClient: { points: 30, windowSeconds: 600 }, perAccount: { points: 20, windowSeconds: 900 } },
  signup: { perClient: { points: 10, windowSeconds: 600 }, perAccount: { points: 3, windowSeconds: 3600 } },
  forgot: { perClient: { points: 10, windowSeconds: 600 }, perAccount: { points: 3, windowSeconds: 3600 } },
  reset: { perClient: { points: 20, windowSeconds: 600 }, perAccount: { points: 10, windowSeconds: 3600 } },
  agent: { perClient: { points: 20, windowSeconds: 600 }, perAccount: { points: 10, windowSeconds: 900 } },
};

/** Counts one post of a public form; answers the 429 to send when the shopper is over the limit. */
export async function overLimit(context: StorefrontContext, formName: keyof typeof ACCOUNT_FORM_LIMITS, account: string | undefined) {
  const limits = ACCOUNT_FORM_LIMITS[formName]!;
  const verdict = await limiter().hitAll([
    { rule: { name: `account-${formName}-client`, ...limits.perClient }, key: context.clientAddress ?? "unknown" },
    ...(account ? [{ rule: { name: `account-${formName}-account`, ...limits.perAccount }, key: account.trim().toLowerCase() }] : []),
  ]);
  return verdict.allowed ? undefined : verdict.retryAfterSeconds;
}

/** The session of a request; server.ts opens one for every page request. */
export function shopperOf(context: StorefrontContext) {
  if (!context.shopper) throw new Error("no shopper session on this request");
  return context.shopper;
}

/**
 * A public account form, checked in the order every such form needs: the body, the honeypot
 * (a filled one is answered like a wrong form, so a bot learns nothing and the API is not called),
 * the fields, then the rate limit (per shopper address, and per account when the form names one).
 * Either the checked fields, or the answer to send.
 */
export async function checkedPublicForm<S extends z.ZodType<{ email?: string }>>(
  request: Request,
  context: StorefrontContext,
  schema: S,
  limit: keyof typeof ACCOUNT_FORM_LIMITS,
): Promise<{ form: Record<string, string>; input: z.output<S> } | { answer: FormAnswer }> {
  const form = await readFormFields(request);
  if (form[HONEYPOT_FIELD]) return { answer: formAnswer(form, { error: formText(context).formHasErrors }) };
  const checked = checkForm(context, schema, form);
  if ("answer" in checked) return checked;
  const wait = await overLimit(context, limit, checked.data.email);
  if (wait) return { answer: tooMany(context, wait, form) };
  return { form, input: checked.data };
}

const LINK_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;
// same-origin, not no-referrer: the token in the address goes to no other site, and the page's
// own form still names its origin (under no-referrer a browser posts it with Origin: null, which
// the cross-site check refuses).
const linkHeaders = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

/**
 * The token of an emailed link (?token=), for a page that only shows a button or a form: nothing
 * is looked up until the shopper posts, so mail scanners that open links change nothing. The page
 * is never cached and never sends the token on to another site as a referrer.
 */
export function tokenFromLink(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = LINK_TOKEN.test(token);
  return data({ token: valid ? token : undefined }, { status: valid ? 200 : 400, headers: linkHeaders });
}
