import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import type { EmailFormData } from "../components/EmailForm";
import { ApiError } from "./api-client.server";
import { readFormFields } from "./form-body.server";
import { safeReturnPath } from "./paths";

interface Options<S extends z.ZodType> {
  request: Request;
  schema: S;
  /** Outcome parameter added to the page the shopper returns to. */
  param: string;
  invalidMessage: string;
  /** Shown with a 404 when the API does not know what the form names (e.g. a product since removed). */
  notFoundMessage?: string;
  /** Fragment to land on after the redirect (where the form and its message are). */
  anchor?: string;
  /** Hidden fields to send back with a 400. */
  echo?: string[];
  /** Calls the API; answers the outcome code. ApiErrors it does not handle count as "failed". */
  submit: (input: z.infer<S>) => Promise<string>;
}

/**
 * The action behind every email form: validate, call the API, then either redirect back with
 * ?{param}=outcome (no JavaScript) or answer the outcome as data (inline=1, JavaScript on).
 * Invalid input answers 400 with a readable error and the typed address kept.
 */
export async function handleEmailForm<S extends z.ZodType>({ request, schema, param, invalidMessage, notFoundMessage, anchor, echo = [], submit }: Options<S>) {
  const form = await readFormFields(request);
  const inline = form.inline === "1";
  const returnTo = safeReturnPath(form.returnTo);
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    const echoed = Object.fromEntries(echo.map((k) => [k, String(form[k] ?? "").slice(0, 100)]));
    return data<EmailFormData>({ error: invalidMessage, email: String(form.email ?? "").slice(0, 254), echo: echoed }, { status: 400 });
  }
  let outcome: string;
  try {
    outcome = await submit(parsed.data);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // An unknown product is the shopper's answer, not an outage: say so with a 404, not a 503.
    if (err.status === 404 && notFoundMessage)
      return data<EmailFormData>({ error: notFoundMessage, email: String(form.email ?? "").slice(0, 254) }, { status: 404 });
    outcome = "failed";
  }
  if (inline)
    return data<EmailFormData>({ outcome, email: outcome === "failed" ? String(form.email) : undefined }, { status: outcome === "failed" ? 503 : 200 });
  const url = new URL(returnTo, "http://x");
  url.searchParams.set(param, outcome);
  return redirect(`${url.pathname}${url.search}${anchor ? `#${anchor}` : ""}`, 303);
}
