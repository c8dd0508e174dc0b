import type { LoaderFunctionArgs } from "react-router";
import { shopperOf } from "../lib/account-forms.server";
import { clientContext } from "../lib/api-client.server";
import { getCart, validateCart } from "../models/cart.server";

/**
 * GET /cart/validateCart: the shopper's cart checked again against stock, the line maximum and
 * what is still sold, before checkout. Asking changes nothing; the answer lists what would.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const shopper = shopperOf(context);
  const api = clientContext(context);
  const headers = { "Cache-Control": "private, no-store" };
  // A member's cart is found by their account; its guid comes with it.
  const guid = shopper.userPathId === "anonymous" ? shopper.cart.guid : (await getCart(api, undefined))?.guid;
  if (!guid) return Response.json({ valid: true, changes: [] }, { headers });
  const { valid, changes } = await validateCart(api, guid);
  return Response.json({ valid, changes }, { headers });
}
