import { redirect } from "@remix-run/node";
import type { z } from "zod";
import type { ApiClientContext } from "./api-client.server";
import { ApiError, clientContext } from "./api-client.server";
import { shopperOf } from "./account-forms.server";
import type { StorefrontContext } from "./context";
import { describeIssues, readFormFields } from "./form-body.server";
import type { CartAddResult } from "./page-views";
import { safeReturnPath } from "./paths";

/** A resource route answers a Response of its own (data() keeps its status only on page routes). */
const answer = (result: CartAddResult, status = 200) => Response.json(result, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * The add-to-cart form posts (/cart/add, /cart/add-bundle): the form read with `schema`, the add
 * made by `add`, the session's cart remembered. Without JavaScript the shopper returns to the page
 * with ?added= (or ?cartError=); with it (inline=1) the answer is the cart-changed fields as JSON.
 */
export async function cartAddAction<S extends z.ZodType<{ productCode: string }>>(
  request: Request,
  context: StorefrontContext,
  schema: S,
  add: (api: ApiClientContext, line: z.infer<S>, cartGuid: string | undefined) => Promise<{ cartGuid: string; cartQuantity: number }>,
): Promise<Response> {
  const form = await readFormFields(request);
  const parsed = schema.safeParse(form);
  const inline = form.inline === "1";
  const back = new URL(safeReturnPath(form.returnTo), "http://x");
  if (!parsed.success) {
    const error = `The cart could not take that: ${describeIssues(parsed.error)}.`;
    return inline ? answer({ error }, 400) : new Response(error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const shopper = shopperOf(context);
  try {
    const added = await add(clientContext(context), parsed.data, shopper.cart.guid);
    // A signed-in customer's cart is found by their account; only an anonymous one needs its guid.
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
