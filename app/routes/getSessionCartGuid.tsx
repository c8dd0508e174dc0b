import type { LoaderFunctionArgs } from "react-router";
import { json } from "../lib/auth-endpoints.server";

/** GET /getSessionCartGuid: the cart this session keeps (none until the shopper adds to a cart). */
export function loader(_args: LoaderFunctionArgs) {
  return json({ cartGuid: null });
}
