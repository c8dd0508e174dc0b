import type { LoaderFunctionArgs } from "react-router";
import { handleLoggedInUserCookies } from "../lib/auth-endpoints.server";
import { overWebAppLimit } from "../lib/web-app-session.server";

/** GET /handleLoggedInUserCookies: (re)writes a signed-in customer's cookies; answers the login state. */
export async function loader({ context }: LoaderFunctionArgs) {
  return (await overWebAppLimit(context)) ?? handleLoggedInUserCookies(context);
}
