import { EmailConfirmationResultSchema, NewsletterSignupResultSchema, type NewsletterSignupResult } from "../../commerce/contract/cms";
import { callApi, type ApiClientContext } from "../lib/api-client.server";

/** Footer newsletter: POST kpcEmailSignup with {email}. */
export function signUpForNewsletter(ctx: ApiClientContext, email: string): Promise<NewsletterSignupResult> {
  return callApi(ctx, { method: "POST", path: "kpcEmailSignup", json: { email }, schema: NewsletterSignupResultSchema });
}

/** The confirmation link's button: POST newsletter/confirm with {token}; 400 unknown, 410 expired. */
export function confirmNewsletter(ctx: ApiClientContext, token: string) {
  return callApi(ctx, { method: "POST", path: "newsletter/confirm", json: { token }, schema: EmailConfirmationResultSchema });
}
