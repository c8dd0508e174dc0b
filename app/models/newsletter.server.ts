import { NewsletterSignupResultSchema, type NewsletterSignupResult } from "../../commerce/contract/cms";
import { callApi, type ApiClientContext } from "../lib/api-client.server";

/** Footer newsletter: POST kpcEmailSignup with {email}. */
export function signUpForNewsletter(ctx: ApiClientContext, email: string): Promise<NewsletterSignupResult> {
  return callApi(ctx, { method: "POST", path: "kpcEmailSignup", json: { email }, schema: NewsletterSignupResultSchema });
}
