import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { z } from "zod";
import { AddBundleRequestSchema } from "../../commerce/contract/quick-shop";
import { ApiError, clientContext } from "../lib/api-client.server";
import { shopperOf } from "../lib/account-forms.server";
import { describeIssues, readFormFields } from "../lib/form-body.server";
import type { CartAddResult } from "../lib/page-views";
import { safeReturnPath } from "../lib/paths";
import { addBundleToCart } from "../models/quick-shop.server";

const BundleFormSchema = AddBundleRequestSchema.pick({ productCode: true, qty: true }).extend({
  returnTo: z.string().optional(),
  inline: z.string().optional(),
});

const answer = (result: CartAddResult, status = 200) => Response.json(result, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * POST /cart/add-bundle from a bundle's or starter kit's page, tile or quick shop: every item of
 * the kit goes into the cart, or none. Answers as /cart/add does: a redirect back with ?added=
 * (no JavaScript), or the cart-changed fields (inline=1).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormFields(request);
  const parsed = BundleFormSchema.safeParse(form);
  const inline = form.inline === "1";
  const back = new URL(safeReturnPath(form.returnTo), "http://x");
  if (!parsed.success) {
    const error = `The cart could not take that: ${describeIssues(parsed.error)}.`;
    return inline ? answer({ error }, 400) : new Response(error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const shopper = shopperOf(context);
  try {
    const added = await addBundleToCart(clientContext(context), parsed.data.productCode, parsed.data.qty, shopper.cart.guid);
    await shopper.rememberCart(shopper.userPathId === "anonymous" ? added.cartGuid : undefined, added.cartQuantity);
    if (inline) return answer({ cartGuid: added.cartGuid, cartQuantity: added.cartQuantity });
    back.searchParams.set("added", parsed.data.productCode);
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
