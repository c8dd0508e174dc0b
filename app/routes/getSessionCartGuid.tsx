import type { LoaderFunctionArgs } from "react-router";
import { sessionCartGuid } from "../lib/web-app-session.server";
import { SessionCartSchema, type StorefrontOperation, jsonAnswer, tooMany } from "../lib/storefront-operations.server";

/** GET /getSessionCartGuid: the cart this session adds to (none yet: null) and its units. */
export function loader({ context }: LoaderFunctionArgs) {
  return sessionCartGuid(context);
}

loader.openapi = {
  path: "/getSessionCartGuid",
  operation: {
    summary: "The cart this session adds to: a guest's by the guid the session keeps, a customer's by their account",
    tags: ["web-app wrapper"],
    responses: { 200: jsonAnswer("The cart", SessionCartSchema), 429: tooMany },
  },
} satisfies StorefrontOperation;
