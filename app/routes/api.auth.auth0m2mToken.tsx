import type { LoaderFunctionArgs } from "react-router";
import { machineToken } from "../lib/auth-endpoints.server";
import { type StorefrontOperation, guestTokenAnswers } from "../lib/storefront-operations.server";

/** GET /api/auth/auth0m2mToken: the guest (machine-to-machine) token record {accessToken, expireBy, timezoneOffset}. */
export function loader({ context }: LoaderFunctionArgs) {
  return machineToken(context);
}

loader.openapi = {
  path: "/api/auth/auth0m2mToken",
  operation: { summary: "The same guest token, by the name the spec also gives it", tags: ["sign-in"], responses: guestTokenAnswers() },
} satisfies StorefrontOperation;
