import { data, redirect } from "react-router";
import type { z } from "zod";
import type { Lang } from "../../commerce/contract/common";
import { type RateLimitRule, RateLimits } from "../../lib/rate-limit";
import { format } from "../brands/locale";
import { type MessageKey, messages } from "../brands/messages";
import { storefrontConfig } from "../config.server";
import type { StorefrontContext } from "./context";
import type { EmailFormState } from "../components/EmailForm";
import { ApiError } from "./api-client.server";
import { readFormFields } from "./form-body.server";
import { checkForm, formAnswer, formLang, keptValues } from "./form-validation.server";
import { safeReturnPath } from "./paths";

interface Options<S extends z.ZodType> {
  request: Request;
  schema: S;
  /** Outcome parameter added to the page the shopper returns to. */
  param: string;
  /** Said with a 404 when the API does not know what the form names (e.g. a product since removed). */
  notFoundMessage?: MessageKey;
  /** Fragment to land on after the redirect (where the form and its message are). */
  anchor?: string;
  /** Calls the API; answers the outcome code. ApiErrors it does not handle count as "failed". */
  submit: (input: z.infer<S>, lang: Lang) => Promise<string>;
  /** Names the form's rate-limit counters (per shopper address and per email address). */
  form: string;
  context: StorefrontContext;
}

/**
 * A form that mails the address it is given must not become a way to mail anyone, nor to probe
 * who is on a list: each shopper (IP) gets a handful of posts, each address fewer still.
 */
export const EMAIL_FORM_LIMITS = {
  perClient: { points: 10, windowSeconds: 600 },
  perAddress: { points: 3, windowSeconds: 3600 },
} as const;

let rateLimits: RateLimits | undefined;

/** One set of counters per storefront process, shared through Redis when REDIS_URL is set. */
export function limiter(): RateLimits {
  rateLimits ??= RateLimits.create({ redisUrl: storefrontConfig().redisUrl });
  return rateLimits;
}

function rule(form: string, kind: keyof typeof EMAIL_FORM_LIMITS): RateLimitRule {
  return { name: `${form}-${kind}`, ...EMAIL_FORM_LIMITS[kind] };
}

/**
 * The action behind every email form: check the fields, call the API, then either redirect back
 * with ?{param}=outcome (no JavaScript) or answer the outcome as data (inline=1, JavaScript on).
 * Refused fields answer as every form does (form-validation.server.ts), with what was typed kept.
 * The form says which language it was shown in, so French sign-ups get French mails and links.
 */
export async function handleEmailForm<S extends z.ZodType>({ request, schema, param, notFoundMessage, anchor, submit, form: formName, context }: Options<S>) {
  const form = await readFormFields(request);
  const checked = checkForm(context, schema, form);
  if ("answer" in checked) return checked.answer;
  const email = String((checked.data as { email?: unknown }).email ?? "");
  const lang = formLang(context, form.lang);
  const verdict = await limiter().hitAll([
    { rule: rule(formName, "perClient"), key: context.clientAddress ?? "unknown" },
    { rule: rule(formName, "perAddress"), key: email },
  ]);
  if (!verdict.allowed) {
    // Answered in place (the form's page with the message), so it reads the same without JavaScript.
    const error = format(messages(lang, context.brand.id).tooManyAttempts, { minutes: Math.ceil(verdict.retryAfterSeconds / 60) });
    return formAnswer(form, { error }, 429, { "Retry-After": String(verdict.retryAfterSeconds) });
  }
  let outcome: string;
  try {
    outcome = await submit(checked.data, lang);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // An unknown product is the shopper's answer, not an outage: say so with a 404, not a 503.
    if (err.status === 404 && notFoundMessage) return formAnswer(form, { error: messages(lang, context.brand.id)[notFoundMessage] }, 404);
    outcome = "failed";
  }
  if (form.inline === "1") {
    const failed = outcome === "failed";
    return data<EmailFormState>({ outcome, values: failed ? keptValues(form) : undefined }, { status: failed ? 503 : 200 });
  }
  const url = new URL(safeReturnPath(form.returnTo), "http://x");
  url.searchParams.set(param, outcome);
  return redirect(`${url.pathname}${url.search}${anchor ? `#${anchor}` : ""}`, 303);
}

/** Where a confirmation page stands: asking, done, or why it cannot. */
export type ConfirmationState = { state: "ask"; token: string } | { state: "confirmed" | "invalid" | "expired" | "failed" };

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
// same-origin, not no-referrer: the token goes to no other site, and the confirm button's post still
// names its origin (under no-referrer a browser sends Origin: null, which the cross-site check refuses).
const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

/**
 * The link in a confirmation mail only shows a button: mail scanners that open links must not
 * confirm on the owner's behalf. Nothing is looked up here; the POST says whether the token works.
 */
export function confirmationPage(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!TOKEN.test(token)) return data<ConfirmationState>({ state: "invalid" }, { status: 400, headers: noStore });
  return data<ConfirmationState>({ state: "ask", token }, { headers: noStore });
}

/** The button: 200 confirmed, 400 a token that names nothing (or was used), 410 an expired one. */
export async function confirmFromForm(request: Request, confirm: (token: string) => Promise<unknown>) {
  const token = String((await readFormFields(request)).token ?? "");
  if (!TOKEN.test(token)) return data<ConfirmationState>({ state: "invalid" }, { status: 400, headers: noStore });
  try {
    await confirm(token);
    return data<ConfirmationState>({ state: "confirmed" }, { headers: noStore });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 410) return data<ConfirmationState>({ state: "expired" }, { status: 410, headers: noStore });
    if (err.status === 400) return data<ConfirmationState>({ state: "invalid" }, { status: 400, headers: noStore });
    return data<ConfirmationState>({ state: "failed" }, { status: 503, headers: noStore });
  }
}
