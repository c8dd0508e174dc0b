import type { ActionFunctionArgs } from "react-router";
import { TokenToSessionSchema, tokenToSession } from "../lib/auth-endpoints.server";
import { overWebAppLimit } from "../lib/web-app-session.server";
import { LoginStateSchema, type StorefrontOperation, body, jsonAnswer, post, refusal, tooMany } from "../lib/storefront-operations.server";

/** POST /tokenToSession: tokens the web-app wrapper obtained become this browser's session. */
export async function action({ request, context }: ActionFunctionArgs) {
  return (await overWebAppLimit(context)) ?? tokenToSession(request, context);
}

action.openapi = {
  path: "/tokenToSession",
  operation: post("The app hands over tokens it holds (from /authorizationserver/oauth/token); this browser's session is signed in with them", {
    tags: ["web-app wrapper"],
    requestBody: body(TokenToSessionSchema),
    responses: {
      200: jsonAnswer("Signed in", LoginStateSchema),
      400: refusal("Tokens missing or out of shape"),
      401: refusal("The service does not accept that token"),
      429: tooMany,
    },
  }),
} satisfies StorefrontOperation;
