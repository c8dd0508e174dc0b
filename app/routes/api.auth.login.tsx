import type { ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { ApiError } from "../lib/api-client.server";
import { overLimit } from "../lib/account-forms.server";
import { SignInFormSchema } from "../lib/account-schemas.server";
import { json, jsonError, loginState, readBody, signInWithPassword } from "../lib/auth-endpoints.server";
import { LoginStateSchema, type StorefrontOperation, body, jsonAnswer, post, refusal, tooMany } from "../lib/storefront-operations.server";

/** POST /api/auth/login {email, password, rememberMe}: signs this browser's session in; answers the login state, never tokens. */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readBody(request);
  const parsed = SignInFormSchema.safeParse({ ...body, rememberMe: body.rememberMe === true || body.rememberMe === "on" ? "on" : undefined });
  if (!parsed.success) return jsonError(400, "Send email and password.");
  const wait = await overLimit(context, "login", parsed.data.email);
  if (wait) return jsonError(429, "Too many attempts. Try again later.", { "Retry-After": String(wait) });
  try {
    await signInWithPassword(context, parsed.data.email, parsed.data.password, "storefront", parsed.data.rememberMe);
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return jsonError(400, "Email or password is incorrect.");
    if (err instanceof ApiError && err.status === 429)
      return jsonError(429, "Too many attempts. Try again later.", { "Retry-After": String(err.retryAfterSeconds ?? 60) });
    throw err;
  }
  return json(loginState(context));
}

action.openapi = {
  path: "/api/auth/login",
  operation: post("Signs this browser's session in with a password; answers the login state, never tokens", {
    tags: ["sign-in"],
    requestBody: body(SignInFormSchema.extend({ rememberMe: z.union([z.boolean(), z.literal("on")]).optional() })),
    responses: {
      200: jsonAnswer("Signed in", LoginStateSchema),
      400: refusal("A missing field, or a wrong email or password (one answer for both)"),
      429: tooMany,
    },
  }),
} satisfies StorefrontOperation;
