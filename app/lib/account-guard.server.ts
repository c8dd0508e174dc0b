import { redirect } from "react-router";
import type { StorefrontContext } from "./context";
import { localePath } from "./paths";
import { shopperOf } from "./account-forms.server";

/**
 * The account pages are for a signed-in customer, or an agent acting for one. Anyone else is sent
 * to sign in and brought back afterwards.
 */
export function requireAccountHolder(request: Request, context: StorefrontContext) {
  const shopper = shopperOf(context);
  if (shopper.customer || shopper.actingFor) return shopper;
  const url = new URL(request.url);
  throw redirect(`${localePath(context.lang, "/login")}?returnTo=${encodeURIComponent(url.pathname + url.search)}`, 303);
}

/** The agent pages are for a signed-in customer-service agent. */
export function requireAgent(request: Request, context: StorefrontContext) {
  const shopper = shopperOf(context);
  if (shopper.agent) return shopper;
  const url = new URL(request.url);
  throw redirect(`/noboLogin?returnTo=${encodeURIComponent(url.pathname + url.search)}`, 303);
}
