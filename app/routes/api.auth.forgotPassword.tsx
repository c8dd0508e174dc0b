import type { ActionFunctionArgs } from "react-router";
import { clientContext } from "../lib/api-client.server";
import { overLimit } from "../lib/account-forms.server";
import { ForgotFormSchema } from "../lib/account-schemas.server";
import { json, jsonError, readBody } from "../lib/auth-endpoints.server";
import { requestPasswordReset } from "../models/account.server";

/** POST /api/auth/forgotPassword {email}: 202, the same for known and unknown addresses. */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = ForgotFormSchema.safeParse(await readBody(request));
  if (!parsed.success) return jsonError(400, "Send a valid email address.");
  const wait = await overLimit(context, "forgot", parsed.data.email);
  if (wait) return jsonError(429, "Too many attempts. Try again later.", { "Retry-After": String(wait) });
  return json(await requestPasswordReset(clientContext(context), parsed.data.email), 202);
}
