import { redirect } from "react-router";
import { PaypalOrderIdSchema } from "../../commerce/contract/wallet";
import type { PaypalNotice } from "../components/checkout/PaypalCheckout";
import { cancelPaypalPayment, getPaypalPaymentStatus, placePaypalOrder, startPaypalPayment } from "../models/checkout.server";
import { shopperOf } from "./account-forms.server";
import { ApiError } from "./api-client.server";
import { affiliateOf, checkoutApiProblem, checkoutCaller, checkoutText } from "./checkout-forms.server";
import type { StorefrontContext } from "./context";
import { formAnswer } from "./form-validation.server";
import { localePath } from "./paths";

/**
 * PayPal at the single-step checkout (decision 082): the form that sends the shopper to PayPal,
 * and the page PayPal sends them back to (GET /checkout/getPaypalPaymentStatus?token=…), which
 * places the order with the approved payment or returns them to the checkout saying why not.
 */

export const PAYPAL_RETURN_PATH = "/checkout/getPaypalPaymentStatus";

const NOTICES: readonly PaypalNotice[] = ["cancelled", "declined", "changed", "failed"];

/** The notice the return page left in the checkout's address, if any. */
export function paypalNoticeOf(url: URL): PaypalNotice | undefined {
  const named = url.searchParams.get("paypal");
  return NOTICES.find((n) => n === named);
}

/** The "Pay with PayPal" post: a PayPal payment for the amount due, and off to PayPal to approve it. */
export async function sendToPaypal(context: StorefrontContext, request: Request, form: Record<string, string>, guid: string) {
  const shopper = shopperOf(context);
  const t = checkoutText(context);
  // Paying is the customer's own, as a card is.
  if (shopper.agent) return formAnswer(form, { error: t.agentNoCard }, 403);
  const back = `${new URL(request.url).origin}${localePath(context.lang, PAYPAL_RETURN_PATH)}`;
  try {
    const started = await startPaypalPayment(checkoutCaller(context), guid, { returnUrl: back, cancelUrl: `${back}?cancelled=1` });
    return redirect(started.approveUrl, 303);
  } catch (err) {
    // PayPal refused or did not answer: a sentence and the checkout, never an error page.
    if (err instanceof ApiError && err.status >= 500) return formAnswer(form, { error: t.paypal_failed }, 409, err.retryAfterHeader);
    return checkoutApiProblem(context, err, form);
  }
}

/**
 * Back from PayPal: cancelled (the payment is marked so, the cart kept), or approved (the order is
 * placed with it, once however often the page is reached), or the checkout with the reason.
 */
export async function returnFromPaypal(context: StorefrontContext, request: Request) {
  const url = new URL(request.url);
  const checkoutPage = localePath(context.lang, "/checkout/singlestep");
  const backToCheckout = (notice: PaypalNotice) => redirect(`${checkoutPage}?paypal=${notice}#paypal`, 303);
  const confirmation = (code: string) => redirect(localePath(context.lang, `/checkout/orderConfirmation/${code}`), 303);
  const orderId = PaypalOrderIdSchema.safeParse(url.searchParams.get("token"));
  if (!orderId.success) return redirect(checkoutPage, 303);
  const shopper = shopperOf(context);
  const checkoutKey = `paypal-${orderId.data}`;
  // Back twice (a reload, the Back button): the order this payment placed.
  const placed = shopper.orderPlacedWith(checkoutKey);
  if (placed) return confirmation(placed);
  const member = shopper.userPathId !== "anonymous";
  const guid = member ? "current" : shopper.cart.guid;
  if (!guid) return redirect(localePath(context.lang, "/cart"), 303);
  const caller = checkoutCaller(context);
  try {
    if (url.searchParams.has("cancelled")) {
      await cancelPaypalPayment(caller, guid, orderId.data);
      return backToCheckout("cancelled");
    }
    const status = await getPaypalPaymentStatus(caller, guid, orderId.data);
    if (status.status === "cancelled") return backToCheckout("cancelled");
    if (status.status === "pending") return backToCheckout("declined");
    const order = await placePaypalOrder(caller, guid, { orderId: orderId.data, affiliate: affiliateOf((name) => shopper.cookie(name)) });
    await shopper.rememberOrder({ code: order.code, guid: member ? "" : guid, guest: !member, checkoutKey });
    return confirmation(order.code);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 404) return redirect(localePath(context.lang, "/cart"), 303);
    if (err.status === 402) return backToCheckout("declined");
    if (err.status === 409) return backToCheckout(err.errors[0]?.reason === "walletCancelled" ? "cancelled" : "changed");
    return backToCheckout("failed");
  }
}
