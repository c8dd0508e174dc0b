import { type ActionFunctionArgs, redirect } from "react-router";
import { AddBundleRequestSchema } from "../../commerce/contract/quick-shop";
import { cartAddAction } from "../lib/cart-add.server";
import { addBundleToCart } from "../models/quick-shop.server";

const BundleFormSchema = AddBundleRequestSchema.pick({ productCode: true, qty: true });

/**
 * POST /cart/add-bundle from a bundle's or starter kit's page, tile or quick shop: every item of
 * the kit goes into the cart, or none. Answers as /cart/add does: a redirect back with ?added=
 * (no JavaScript), or the cart-changed fields (inline=1).
 */
export function action({ request, context }: ActionFunctionArgs) {
  return cartAddAction(request, context, BundleFormSchema, (api, { productCode, qty }, cartGuid) => addBundleToCart(api, productCode, qty, cartGuid));
}

export function loader() {
  return redirect("/cart", 303);
}
