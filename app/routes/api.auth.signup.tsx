import type { ActionFunctionArgs } from "react-router";
import { AcceptedSchema } from "../../commerce/contract/auth";
import { clientContext } from "../lib/api-client.server";
import { overLimit } from "../lib/account-forms.server";
import { SignUpFormSchema } from "../lib/account-schemas.server";
import { json, jsonError, readBody } from "../lib/auth-endpoints.server";
import { checkForm } from "../lib/form-validation.server";
import { type StorefrontOperation, body, jsonAnswer, post, refusal, tooMany } from "../lib/storefront-operations.server";
import { signUp } from "../models/account.server";

/**
 * POST /api/auth/signup: 202 whether or not the address already has an account (the owner is
 * mailed either way); a refused body answers what the sign-up form would say, field by field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const checked = checkForm(context, SignUpFormSchema, await readBody(request));
  if ("answer" in checked) return json({ error: checked.answer.data.error, fields: checked.answer.data.fields }, 400);
  const wait = await overLimit(context, "signup", checked.data.email);
  if (wait) return jsonError(429, "Too many attempts. Try again later.", { "Retry-After": String(wait) });
  return json(await signUp(clientContext(context), checked.data), 202);
}

action.openapi = {
  path: "/api/auth/signup",
  operation: post("Starts an account: 202 whether or not the address already has one (its owner is mailed either way)", {
    tags: ["sign-in"],
    requestBody: body(SignUpFormSchema),
    responses: {
      202: jsonAnswer("Accepted: a confirmation link is mailed", AcceptedSchema),
      400: refusal("Fields refused, each with its reason (`fields`)"),
      429: tooMany,
    },
  }),
} satisfies StorefrontOperation;
