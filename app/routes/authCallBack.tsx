import { type LoaderFunctionArgs, redirect } from "react-router";
import { shopperOf } from "../lib/account-forms.server";
import { safeReturnPath } from "../lib/paths";

/**
 * Where a sign-in hands the shopper back (?returnTo=): to the page they came from once signed in,
 * else to the sign-in page, which brings them back afterwards.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("returnTo"), "/account");
  if (shopperOf(context).isLoggedIn) return redirect(returnTo, 303);
  return redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`, 303);
}
