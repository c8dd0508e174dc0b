import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { handleLoggedInUserCookies } from "../lib/auth-endpoints.server";
import { overWebAppLimit } from "../lib/web-app-session.server";
import { LoginStateSchema, type StorefrontOperation, jsonAnswer, tooMany } from "../lib/storefront-operations.server";

/** GET /handleLoggedInUserCookies: (re)writes a signed-in customer's cookies; answers the login state. */
export async function loader({ context }: LoaderFunctionArgs) {
  return (await overWebAppLimit(context)) ?? handleLoggedInUserCookies(context);
}

loader.openapi = {
  path: "/handleLoggedInUserCookies",
  operation: {
    summary: "Writes the cookies the service keeps for a signed-in customer (price group, employee flag); answers the login state",
    tags: ["web-app wrapper"],
    responses: {
      200: jsonAnswer("The login state and the cookies written", LoginStateSchema.extend({ cookies: z.array(z.string()).optional() })),
      429: tooMany,
    },
  },
} satisfies StorefrontOperation;
