import type { ActionFunctionArgs } from "react-router";
import { refreshSession } from "../lib/auth-endpoints.server";

/** POST /api/auth/refreshToken: refresh this session's tokens now. */
export function action({ context }: ActionFunctionArgs) {
  return refreshSession(context);
}
