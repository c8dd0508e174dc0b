import type { ActionFunctionArgs } from "@remix-run/node";
import { tokenToSession } from "../lib/auth-endpoints.server";

/** POST /tokenToSession: tokens the web-app wrapper obtained become this browser's session. */
export function action({ request, context }: ActionFunctionArgs) {
  return tokenToSession(request, context);
}
