import type { LoaderFunctionArgs } from "react-router";
import { requireLangSegment, returnFromPaypal } from "../lib/checkout-page.server";

/** Where PayPal sends the shopper back (approved or cancelled): the order, or the checkout with the reason (decision 082). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  return returnFromPaypal(context, request);
}
