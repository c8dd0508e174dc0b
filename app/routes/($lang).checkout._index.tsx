import { type LoaderFunctionArgs, redirect } from "react-router";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";

/** /checkout has one page: single-step checkout. The query goes along (a deep link's webapp=1, decision 084). */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  return redirect(`${localePath(context.lang, "/checkout/singlestep")}${new URL(request.url).search}`, 301);
}
