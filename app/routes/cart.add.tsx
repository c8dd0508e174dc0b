import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { CartLineRequestSchema } from "../../commerce/contract/cart";
import { cartAddAction } from "../lib/cart-add.server";
import { addToCart } from "../models/cart.server";

/**
 * POST /cart/add from a product page, a product tile or the compare table. Without JavaScript the
 * shopper returns to the page with ?added= (a banner says so); with it, the form posts inline and
 * the page shows a snackbar and dispatches the cart-changed event.
 */
export function action({ request, context }: ActionFunctionArgs) {
  return cartAddAction(request, context, CartLineRequestSchema, (api, { productCode, qty, entryType, podsAtHomeQty }, cartGuid) =>
    addToCart(api, { productCode, qty, entryType, podsAtHomeQty }, cartGuid),
  );
}

export function loader() {
  return redirect("/cart", 303);
}
