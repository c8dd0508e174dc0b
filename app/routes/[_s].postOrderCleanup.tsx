import type { LoaderFunctionArgs } from "react-router";
import { postOrderCleanup } from "../lib/web-app-session.server";

/** GET /_s/postOrderCleanup: after an order, the session forgets what only the checkout needed. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return postOrderCleanup(request, context);
}
