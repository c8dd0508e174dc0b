import { data } from "@remix-run/node";
import type { z } from "zod";
import { type AccountMessages, accountMessages, fieldMessage } from "../brands/account-messages";
import { format } from "../brands/messages";
import type { RateLimitRule } from "../../lib/rate-limit";
import { ApiError } from "./api-client.server";
import type { StorefrontContext } from "./context";
import { limiter } from "./email-form.server";
import { readFormFields } from "./form-body.server";

/** What an account form answers when it cannot go on: a message, the fields to fix, what was typed. */
export interface FormProblem {
  error: string;
  fields?: Record<string, string>;
  /** Typed values sent back so nothing is lost; passwords never are. */
  values?: Record<string, string>;
}

/** Fields whose typed value is never sent back to the page. */
const SECRET_FIELDS = new Set(["password", "newPassword", "currentPassword", "token"]);

/**
 * Public forms carry a field people never see ("website"); a bot that fills every field is
 * answered as if the form were wrong, without calling the API.
 */
export const HONEYPOT_FIELD = "website";

const noStore = { "Cache-Control": "private, no-store" };

export function keptValues(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => !SECRET_FIELDS.has(k) && k !== HONEYPOT_FIELD)
      .map(([k, v]) => [k, v.slice(0, 200)]),
  );
}

/** The phrases for this request's page. */
export function accountText(context: StorefrontContext): AccountMessages {
  return accountMessages(context.lang, context.brand.id);
}

/** A 400 naming each field to fix, in the shopper's language. */
export function invalidForm(t: AccountMessages, error: z.ZodError, form: Record<string, string>) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "other");
    fields[field] ??= fieldMessage(t, field);
  }
  return data<FormProblem>({ error: t.formHasErrors, fields, values: keptValues(form) }, { status: 400, headers: noStore });
}

/** A form problem with one message (and optionally a field), kept values, and a status. */
export function formProblem(status: number, problem: FormProblem, headers: Record<string, string> = {}) {
  return data<FormProblem>(problem, { status, headers: { ...noStore, ...headers } });
}

/**
 * What the API said about a form, for the page: a ValidationError names the field, a 429 says how
 * long to wait; anything else is a failure to try again later (503).
 */
export function apiProblem(t: AccountMessages, err: unknown, form: Record<string, string>) {
  if (!(err instanceof ApiError)) throw err;
  const values = keptValues(form);
  if (err.status === 429) return tooMany(t, err.retryAfterSeconds ?? 60, values);
  if (err.status === 400 && err.errors[0]?.subject) {
    const field = err.errors[0].subject;
    return formProblem(400, { error: t.formHasErrors, fields: { [field]: fieldMessage(t, field) }, values });
  }
  if (err.status >= 400 && err.status < 500) return formProblem(err.status, { error: t.formHasErrors, values });
  return formProblem(503, { error: t.somethingFailed, values });
}

export function tooMany(t: AccountMessages, retryAfterSeconds: number, values?: Record<string, string>) {
  return formProblem(
    429,
    { error: format(t.tooManyAttempts, { minutes: Math.ceil(retryAfterSeconds / 60) }), values },
    { "Retry-After": String(retryAfterSeconds) },
  );
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

/** A filled honeypot answers like a wrong form, so a bot learns nothing and the API is not called. */
export function honeypotAnswer(t: AccountMessages, form: Record<string, string>) {
  return form[HONEYPOT_FIELD] ? formProblem(400, { error: t.formHasErrors, values: keptValues(form) }) : undefined;
}

/** The session of a request; server.ts opens one for every page request. */
export function shopperOf(context: StorefrontContext) {
  if (!context.shopper) throw new Error("no shopper session on this request");
  return context.shopper;
}

/**
 * A public account form, checked in the order every such form needs: the body, the honeypot, the
 * fields, then the rate limit (per shopper address, and per account when the form names one).
 * Either the checked fields, or the answer to send.
 */
export async function checkedPublicForm<S extends z.ZodType<{ email?: string }>>(
  request: Request,
  context: StorefrontContext,
  schema: S,
  limit: keyof typeof ACCOUNT_FORM_LIMITS,
): Promise<{ form: Record<string, string>; input: z.infer<S> } | { answer: ReturnType<typeof formProblem> }> {
  const t = accountText(context);
  const form = await readFormFields(request);
  const bot = honeypotAnswer(t, form);
  if (bot) return { answer: bot };
  const parsed = schema.safeParse(form);
  if (!parsed.success) return { answer: invalidForm(t, parsed.error, form) };
  const wait = await overLimit(context, limit, parsed.data.email);
  if (wait) return { answer: tooMany(t, wait, keptValues(form)) };
  return { form, input: parsed.data };
}

const LINK_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;
const linkHeaders = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/**
 * The token of an emailed link (?token=), for a page that only shows a button or a form: nothing
 * is looked up until the shopper posts, so mail scanners that open links change nothing. The page
 * is never cached and never sends the token on as a referrer.
 */
export function tokenFromLink(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = LINK_TOKEN.test(token);
  return data({ token: valid ? token : undefined }, { status: valid ? 200 : 400, headers: linkHeaders });
}
