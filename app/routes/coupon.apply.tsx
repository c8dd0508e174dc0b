import type { LoaderFunctionArgs } from "react-router";
import { CouponCodeSchema } from "../../commerce/contract/coupon";
import { shopperOf } from "../lib/account-forms.server";
import { clientContext } from "../lib/api-client.server";
import { CookieJar } from "../lib/cookies.server";
import { type CouponOutcome, outcomeToSearch } from "../lib/coupon-outcome";
import { localePath } from "../lib/paths";
import { changeCoupon } from "../models/coupon.server";

/**
 * GET /coupon/apply?couponCode= from a link or an e-mail: applies the code to the shopper's cart
 * (making one when there is none) and shows the cart with the outcome.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("couponCode");
  const parsed = CouponCodeSchema.safeParse(raw ?? "");
  const jar = new CookieJar(request.headers.get("cookie"), context.privacyCookiesEnabled);
  const outcome: CouponOutcome = parsed.success
    ? await changeCoupon(clientContext(context), shopperOf(context), jar, "apply", parsed.data)
    : { refused: "malformed" };
  const headers = jar.appendTo(new Headers({ "Cache-Control": "private, no-store" }));
  headers.set("Location", `${localePath(context.lang, "/cart")}?${outcomeToSearch(outcome)}`);
  return new Response(null, { status: 303, headers });
}
