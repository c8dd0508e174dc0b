import type { ActionFunctionArgs } from "react-router";
import { refreshAuthToken } from "../lib/auth-endpoints.server";

/** POST /api/auth/refreshAuthToken {refreshToken, clientId}: {access_token, refresh_token, expires_in}. */
export function action({ request, context }: ActionFunctionArgs) {
  return refreshAuthToken(request, context);
}
