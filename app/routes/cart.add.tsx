import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { z } from "zod";
import { CartLineRequestSchema } from "../../commerce/contract/cart";
import { ApiError, clientContext } from "../lib/api-client.server";
import { shopperOf } from "../lib/account-forms.server";
import { describeIssues, readFormFields } from "../lib/form-body.server";
import type { CartAddResult } from "../lib/page-views";
import { safeReturnPath } from "../lib/paths";
import { addToCart } from "../models/cart.server";

const AddFormSchema = CartLineRequestSchema.extend({ returnTo: z.string().optional(), inline: z.string().optional() });

/** A resource route answers a Response of its own (data() keeps its status only on page routes). */
const answer = (result: CartAddResult, status = 200) => Response.json(result, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * POST /cart/add from a product page, a product tile or the compare table. Without JavaScript the
 * shopper returns to the page with ?added= (a banner says so); with it, the form posts inline and
 * the page shows a snackbar and dispatches the cart-changed event.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormFields(request);
  const parsed = AddFormSchema.safeParse(form);
  const inline = form.inline === "1";
  const back = new URL(safeReturnPath(form.returnTo), "http://x");
  if (!parsed.success) {
    const error = `The cart could not take that: ${describeIssues(parsed.error)}.`;
    return inline ? answer({ error }, 400) : new Response(error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const shopper = shopperOf(context);
  try {
    const { productCode, qty, entryType, podsAtHomeQty } = parsed.data;
    const added = await addToCart(clientContext(context), { productCode, qty, entryType, podsAtHomeQty }, shopper.cart.guid);
    // A signed-in customer's cart is found by their account; only an anonymous one needs its guid.
    await shopper.rememberCart(shopper.userPathId === "anonymous" ? added.cartGuid : undefined, added.cartQuantity);
    if (inline) return answer({ cartGuid: added.cartGuid, cartQuantity: added.cartQuantity });
    back.searchParams.set("added", productCode);
    return redirect(`${back.pathname}${back.search}`, 303);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
    if (inline) return answer({ error: err.message }, err.status);
    back.searchParams.set("cartError", err.errors[0]?.type ?? "CartError");
    return redirect(`${back.pathname}${back.search}`, 303);
  }
}

export function loader() {
  return redirect("/cart", 303);
}
