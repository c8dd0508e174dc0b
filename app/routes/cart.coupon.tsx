import { type ActionFunctionArgs, redirect } from "react-router";
import { z } from "zod";
import { CouponCodeSchema } from "../../commerce/contract/coupon";
import { shopperOf } from "../lib/account-forms.server";
import { clientContext } from "../lib/api-client.server";
import { CookieJar } from "../lib/cookies.server";
import { type CouponOutcome, outcomeToSearch } from "../lib/coupon-outcome";
import { readFormFields } from "../lib/form-body.server";
import { localePath, safeReturnPath } from "../lib/paths";
import { changeCoupon } from "../models/coupon.server";

const CouponFormSchema = z.object({ couponCode: CouponCodeSchema, intent: z.enum(["apply", "remove"]).default("apply") });

/**
 * POST /cart/coupon from the cart page: apply or remove a code. Without JavaScript the shopper
 * returns to the cart with the outcome in the URL; with it, the form posts in place (inline=1)
 * and gets the outcome as JSON while the page reloads its cart.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormFields(request);
  const inline = form.inline === "1";
  const back = new URL(safeReturnPath(form.returnTo, localePath(context.lang, "/cart")), "http://x");
  const jar = new CookieJar(request.headers.get("cookie"), context.privacyCookiesEnabled);
  const parsed = CouponFormSchema.safeParse(form);
  const outcome: CouponOutcome = parsed.success
    ? await changeCoupon(clientContext(context), shopperOf(context), jar, parsed.data.intent, parsed.data.couponCode)
    : { refused: "malformed", code: undefined };
  const headers = jar.appendTo(new Headers({ "Cache-Control": "private, no-store" }));
  if (inline) {
    if ("retryAfterSeconds" in outcome && outcome.retryAfterSeconds !== undefined) headers.set("Retry-After", String(outcome.retryAfterSeconds));
    return Response.json(outcome, { status: statusOf(outcome), headers });
  }
  headers.set("Location", `${back.pathname}?${outcomeToSearch(outcome, back.searchParams)}`);
  return new Response(null, { status: 303, headers });
}

function statusOf(outcome: CouponOutcome): number {
  if (!("refused" in outcome)) return 200;
  return outcome.refused === "failed" ? 503 : outcome.refused === "tooMany" ? 429 : 400;
}

export function loader() {
  return redirect("/cart", 303);
}
