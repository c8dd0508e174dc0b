import type { ActionFunctionArgs } from "react-router";
import { tokenToSession } from "../lib/auth-endpoints.server";
import { overWebAppLimit } from "../lib/web-app-session.server";

/** POST /tokenToSession: tokens the web-app wrapper obtained become this browser's session. */
export async function action({ request, context }: ActionFunctionArgs) {
  return (await overWebAppLimit(context)) ?? tokenToSession(request, context);
}
