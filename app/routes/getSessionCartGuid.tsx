import type { LoaderFunctionArgs } from "react-router";
import { sessionCartGuid } from "../lib/web-app-session.server";

/** GET /getSessionCartGuid: the cart this session adds to (none yet: null) and its units. */
export function loader({ context }: LoaderFunctionArgs) {
  return sessionCartGuid(context);
}
