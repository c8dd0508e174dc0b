import type { LoaderFunctionArgs } from "react-router";
import { postOrderCleanup } from "../lib/web-app-session.server";
import { OrderCleanupSchema, type StorefrontOperation, jsonAnswer, refusal, tooMany } from "../lib/storefront-operations.server";

/** GET /_s/postOrderCleanup: after an order, the session forgets what only the checkout needed. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return postOrderCleanup(request, context);
}

loader.openapi = {
  path: "/_s/postOrderCleanup",
  operation: {
    summary:
      "After an order: the session forgets the checkout's sign-in markers, a refresh refused during checkout, the chosen frequency, and the cart's guid once that cart was ordered. Idempotent",
    tags: ["web-app wrapper"],
    responses: {
      200: jsonAnswer("What was cleared", OrderCleanupSchema),
      403: refusal("Asked by another site's page (Sec-Fetch-Site: cross-site)"),
      429: tooMany,
    },
  },
} satisfies StorefrontOperation;
