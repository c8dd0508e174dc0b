import { redirect } from "react-router";
import type { z } from "zod";
import type { ApiClientContext } from "./api-client.server";
import { ApiError, clientContext } from "./api-client.server";
import { shopperOf } from "./account-forms.server";
import type { StorefrontContext } from "./context";
import { readFormFields } from "./form-body.server";
import { isNavigation } from "./form-refusal.server";
import { fieldProblems } from "./form-validation.server";
import type { FieldProblem } from "../brands/form-messages";
import type { CartAddResult } from "./page-views";
import { safeReturnPath } from "./paths";

/** A resource route answers a Response of its own (data() keeps its status only on page routes). */
const answer = (result: CartAddResult, status = 200) => Response.json(result, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * The add-to-cart form posts (/cart/add, /cart/add-bundle): the form checked with `schema`, the
 * add made by `add`, the session's cart remembered. Without JavaScript the shopper returns to the
 * page with ?added= (or ?cartError=, the banner's reason); with it (inline=1) the answer is the
 * cart-changed fields, or the reason, as JSON. The page words the reason in its own language.
 */
export async function cartAddAction<S extends z.ZodType<{ productCode: string }>>(
  request: Request,
  context: StorefrontContext,
  schema: S,
  add: (api: ApiClientContext, line: z.infer<S>, cartGuid: string | undefined) => Promise<{ cartGuid: string; cartQuantity: number }>,
  /** A check the schema cannot make (it needs the store's settings): the field's problem, if any. */
  check?: (line: z.infer<S>) => Promise<FieldProblem | undefined>,
): Promise<Response> {
  const form = await readFormFields(request);
  // A form sent by the browser itself (no JavaScript) goes back to its page, whatever a tampered "inline" says.
  const inline = form.inline === "1" && !isNavigation(request.headers);
  const back = new URL(safeReturnPath(form.returnTo), "http://x");
  const refuse = (result: CartAddResult, status: number) => {
    if (inline) return answer(result, status);
    back.searchParams.set("cartError", result.cartError ?? "CartError");
    if (result.limit !== undefined) back.searchParams.set("cartErrorLimit", String(result.limit));
    return redirect(`${back.pathname}${back.search}`, 303);
  };
  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    // The form's only visible field is the quantity: its phrase is the reason (a product code is the page's own).
    const problems = fieldProblems(parsed.error, form);
    const problem = problems.qty ?? Object.values(problems)[0];
    return refuse({ cartError: problem?.message, limit: problem?.limit }, 400);
  }
  const refused = await check?.(parsed.data);
  if (refused) return refuse({ cartError: refused.message, limit: refused.limit }, 400);
  const shopper = shopperOf(context);
  try {
    const added = await add(clientContext(context), parsed.data, shopper.cart.guid);
    // A signed-in customer's cart is found by their account; only an anonymous one needs its guid.
    await shopper.rememberCart(shopper.userPathId === "anonymous" ? added.cartGuid : undefined, added.cartQuantity);
    // The cart-changed event for the next page's data layer: the redirect's page, or the page revalidated after an in-place add.
    await shopper.rememberCartEvent({ cartGuid: added.cartGuid, quantity: added.cartQuantity });
    if (inline) return answer({ cartGuid: added.cartGuid, cartQuantity: added.cartQuantity });
    back.searchParams.set("added", parsed.data.productCode);
    return redirect(`${back.pathname}${back.search}`, 303);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) throw err;
    return refuse({ cartError: err.errors[0]?.type ?? "CartError" }, err.status);
  }
}
