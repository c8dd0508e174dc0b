import type { ActionFunctionArgs } from "react-router";
import { tokenToSession } from "../lib/auth-endpoints.server";

/** POST /tokenToSession: tokens the web-app wrapper obtained become this browser's session. */
export function action({ request, context }: ActionFunctionArgs) {
  return tokenToSession(request, context);
}
