import type { ActionFunctionArgs } from "@remix-run/node";
import { clientContext } from "../lib/api-client.server";
import { overLimit } from "../lib/account-forms.server";
import { SignUpFormSchema } from "../lib/account-schemas.server";
import { json, jsonError, readBody } from "../lib/auth-endpoints.server";
import { describeIssues } from "../lib/form-body.server";
import { signUp } from "../models/account.server";

/** POST /api/auth/signup: 202 whether or not the address already has an account (the owner is mailed either way). */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = SignUpFormSchema.safeParse(await readBody(request));
  if (!parsed.success) return jsonError(400, describeIssues(parsed.error));
  const wait = await overLimit(context, "signup", parsed.data.email);
  if (wait) return jsonError(429, "Too many attempts. Try again later.", { "Retry-After": String(wait) });
  return json(await signUp(clientContext(context), parsed.data), 202);
}
