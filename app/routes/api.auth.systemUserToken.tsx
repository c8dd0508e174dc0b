import type { LoaderFunctionArgs } from "react-router";
import { machineToken } from "../lib/auth-endpoints.server";
import { type StorefrontOperation, guestTokenAnswers } from "../lib/storefront-operations.server";

/** GET /api/auth/systemUserToken: the guest (machine-to-machine) token record. */
export function loader({ context }: LoaderFunctionArgs) {
  return machineToken(context);
}

loader.openapi = {
  path: "/api/auth/systemUserToken",
  operation: { summary: "The guest (machine-to-machine) token", tags: ["sign-in"], responses: guestTokenAnswers() },
} satisfies StorefrontOperation;
