import type { LoaderFunctionArgs } from "react-router";
import { storefrontConfig } from "../config.server";
import { notFoundPage } from "../lib/page-errors.server";

/** A made-up shopper's address and Stripe's test card: what a careless error message could carry. */
const DIAGNOSTIC_EMAIL = "diagnostic.shopper@example.com";
const DIAGNOSTIC_CARD_NUMBER = "4242 4242 4242 4242";

/**
 * Operators' check of error monitoring (decision 083): a loader that throws an error whose message
 * names a shopper's e-mail address and card number. The report in the monitoring service must carry
 * the request's correlation id, store and language, and neither of the two. Exists only when
 * DIAGNOSTIC_ROUTES=1 (staging, tests); everywhere else it is a plain 404.
 */
export function loader(_args: LoaderFunctionArgs): never {
  if (!storefrontConfig().diagnosticRoutes) notFoundPage();
  throw new Error(`diagnostic loader error for ${DIAGNOSTIC_EMAIL} paying with ${DIAGNOSTIC_CARD_NUMBER}`);
}

export default function LoaderError() {
  return null;
}
