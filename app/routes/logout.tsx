import { type ActionFunctionArgs, redirect } from "react-router";
import { clientContext } from "../lib/api-client.server";
import { shopperOf } from "../lib/account-forms.server";
import { stopActingFor } from "../models/account.server";
import { readFormFields } from "../lib/form-body.server";
import { localePath } from "../lib/paths";

/**
 * Sign out (POST only: a link or an image must not sign anyone out). The session and the sign-in
 * cookies are cleared; for an agent that includes the customer they were acting for.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormFields(request);
  const lang = form.lang === "fr" && context.brand.languages.includes("fr") ? "fr" : "en";
  const shopper = shopperOf(context);
  const wasAgent = !!shopper.agent;
  // An agent who signs out mid-session ends it first, so the customer's audit log shows the end.
  const servedCustomer = shopper.actingFor?.customerId;
  if (servedCustomer) await stopActingFor(clientContext(context), servedCustomer).catch(() => undefined);
  await shopper.signOut();
  return redirect(wasAgent ? "/noboLogin?notice=signedOut" : `${localePath(lang, "/login")}?notice=signedOut`, 303);
}

/** A GET (an old link, a refresh of the page) signs nobody out. */
export function loader() {
  return redirect("/", 303);
}
