import type { ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { RefreshAuthTokenSchema, refreshAuthToken } from "../lib/auth-endpoints.server";
import { type StorefrontOperation, body, jsonAnswer, post, refusal } from "../lib/storefront-operations.server";

/** POST /api/auth/refreshAuthToken {refreshToken, clientId}: {access_token, refresh_token, expires_in}. */
export function action({ request, context }: ActionFunctionArgs) {
  return refreshAuthToken(request, context);
}

const TokensSchema = z
  .object({ access_token: z.string(), refresh_token: z.string(), expires_in: z.number().int() })
  .meta({ id: "WrapperTokens", description: "New tokens for the app; the refresh token rotates" });

action.openapi = {
  path: "/api/auth/refreshAuthToken",
  operation: post("The app trades its refresh token for new tokens", {
    tags: ["web-app wrapper"],
    requestBody: body(RefreshAuthTokenSchema),
    responses: { 200: jsonAnswer("New tokens", TokensSchema), 400: refusal("No refresh token"), 401: refusal("That refresh token is not valid any more") },
  }),
} satisfies StorefrontOperation;
