import { type LoaderFunctionArgs, redirect } from "react-router";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";

/** /checkout has one page: single-step checkout. */
export function loader({ params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  return redirect(localePath(context.lang, "/checkout/singlestep"), 301);
}
