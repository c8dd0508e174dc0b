import type { ActionFunctionArgs } from "react-router";
import { AcceptedSchema } from "../../commerce/contract/auth";
import { clientContext } from "../lib/api-client.server";
import { overLimit } from "../lib/account-forms.server";
import { ForgotFormSchema } from "../lib/account-schemas.server";
import { json, jsonError, readBody } from "../lib/auth-endpoints.server";
import { type StorefrontOperation, body, jsonAnswer, post, refusal, tooMany } from "../lib/storefront-operations.server";
import { requestPasswordReset } from "../models/account.server";

/** POST /api/auth/forgotPassword {email}: 202, the same for known and unknown addresses. */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = ForgotFormSchema.safeParse(await readBody(request));
  if (!parsed.success) return jsonError(400, "Send a valid email address.");
  const wait = await overLimit(context, "forgot", parsed.data.email);
  if (wait) return jsonError(429, "Too many attempts. Try again later.", { "Retry-After": String(wait) });
  return json(await requestPasswordReset(clientContext(context), parsed.data.email), 202);
}

action.openapi = {
  path: "/api/auth/forgotPassword",
  operation: post("Mails a password-reset link: 202 for known and unknown addresses alike", {
    tags: ["sign-in"],
    requestBody: body(ForgotFormSchema),
    responses: { 202: jsonAnswer("Accepted", AcceptedSchema), 400: refusal("Not an email address"), 429: tooMany },
  }),
} satisfies StorefrontOperation;
