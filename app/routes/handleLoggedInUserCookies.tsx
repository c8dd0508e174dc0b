import type { LoaderFunctionArgs } from "react-router";
import { handleLoggedInUserCookies } from "../lib/auth-endpoints.server";

/** GET /handleLoggedInUserCookies: (re)writes a signed-in customer's cookies; answers the login state. */
export function loader({ context }: LoaderFunctionArgs) {
  return handleLoggedInUserCookies(context);
}
