import type { Affiliate } from "../../commerce/contract/affiliate";
import type { AddressInput } from "../../commerce/contract/address";
import { AcceptedSchema } from "../../commerce/contract/auth";
import { CheckoutSchema, type DeliveryDetailsRequest, OrderHistorySchema, OrderSchema } from "../../commerce/contract/checkout";
import { type PaymentDetailsRequest, PaymentDetailsSchema, PaymentEventSchema } from "../../commerce/contract/payment";
import { DwCheckoutStartedSchema, PaypalPaymentStatusSchema } from "../../commerce/contract/wallet";
import { type ApiCall, type ApiClientContext, ApiError, callApi } from "../lib/api-client.server";
import { forgetGuestBearer, guestBearer } from "../lib/auth/guest-token.server";
import type { z } from "zod";

/**
 * Who a checkout call is made for. A guest's calls carry the storefront's guest token; a member's
 * (or an agent's for their customer) the shopper's own, refreshed as needed.
 */
export interface CheckoutCaller {
  api: ApiClientContext;
  guestClient?: { id: string; secret: string };
}

const owner = (c: CheckoutCaller) => encodeURIComponent(c.api.shopper?.userPathId ?? "anonymous");
const isGuest = (c: CheckoutCaller) => (c.api.shopper?.userPathId ?? "anonymous") === "anonymous";

/** A checkout call as the cart's owner: a member's token, or the storefront's guest token. */
export async function checkoutCall<S extends z.ZodType>(c: CheckoutCaller, request: ApiCall<S>): Promise<z.infer<S>> {
  if (!isGuest(c)) return callApi(c.api, { ...request, auth: "required" });
  if (!c.guestClient)
    throw new ApiError(503, [{ type: "GuestCheckoutUnavailable", message: "Guest checkout is not configured for this storefront." }], "checkout");
  try {
    return await callApi(c.api, { ...request, bearer: await guestBearer(c.api, c.guestClient) });
  } catch (err) {
    // The service no longer knows the kept token (its keys changed): fetch a new one and try once more.
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    forgetGuestBearer(c.api.brand.id);
    return callApi(c.api, { ...request, bearer: await guestBearer(c.api, c.guestClient) });
  }
}

const cartPath = (c: CheckoutCaller, guid: string, rest: string) => `users/${owner(c)}/carts/${guid}/${rest}`;

export function getCheckout(c: CheckoutCaller, guid: string) {
  return checkoutCall(c, { path: cartPath(c, guid, "checkout"), schema: CheckoutSchema });
}

export function setGuestEmail(c: CheckoutCaller, guid: string, email: string) {
  return checkoutCall(c, { method: "PUT", path: cartPath(c, guid, "email"), json: { email }, schema: CheckoutSchema });
}

export function addDeliveryAddress(c: CheckoutCaller, guid: string, address: AddressInput, saveInAddressBook: boolean) {
  return checkoutCall(c, { method: "POST", path: cartPath(c, guid, "addresses/delivery"), json: { address, saveInAddressBook }, schema: CheckoutSchema });
}

export function chooseDeliveryAddress(c: CheckoutCaller, guid: string, addressId: string) {
  return checkoutCall(c, { method: "PUT", path: cartPath(c, guid, "addresses/delivery"), json: { addressId }, schema: CheckoutSchema });
}

export function setDeliveryDetails(c: CheckoutCaller, guid: string, details: DeliveryDetailsRequest) {
  return checkoutCall(c, { method: "PUT", path: cartPath(c, guid, "updateDeliveryDetails"), json: details, schema: CheckoutSchema });
}

export function placeOrder(
  c: CheckoutCaller,
  guid: string,
  expected: {
    checkoutKey: string;
    expectedTotal: number;
    expectedAmountDue: number;
    adFrequencyWeeks?: number;
    expectedPrices?: string;
    affiliate?: Affiliate;
  },
) {
  return checkoutCall(c, { method: "POST", path: `users/${owner(c)}/orders`, query: { cartId: guid }, json: expected, schema: OrderSchema });
}

/** A placed order; a guest's only with the guid of the cart it came from. */
export function getOrder(c: CheckoutCaller, code: string, guestCartGuid?: string) {
  return checkoutCall(c, { path: `users/${owner(c)}/orders/${encodeURIComponent(code)}`, query: { fields: "SPC", guid: guestCartGuid }, schema: OrderSchema });
}

export function getOrderHistory(c: CheckoutCaller, currentPage: number) {
  return checkoutCall(c, { path: `users/${owner(c)}/orders`, query: { currentPage, pageSize: 10 }, schema: OrderHistorySchema });
}

export function createAccountFromOrder(c: CheckoutCaller, code: string, guid: string, password: string) {
  return checkoutCall(c, {
    method: "POST",
    path: `users/anonymous/orders/${encodeURIComponent(code)}/createuser`,
    json: { guid, password },
    schema: AcceptedSchema,
  });
}

/** The card for this cart: the service keeps only its brand, last four digits and expiry. */
export function savePaymentDetails(c: CheckoutCaller, guid: string, card: PaymentDetailsRequest) {
  return checkoutCall(c, { method: "POST", path: cartPath(c, guid, "paymentdetails"), json: card, schema: PaymentDetailsSchema });
}

/** A PayPal payment for the amount due: the shopper approves it at approveUrl and comes back to returnUrl or cancelUrl. */
export function startPaypalPayment(c: CheckoutCaller, guid: string, urls: { returnUrl: string; cancelUrl: string }) {
  return checkoutCall(c, {
    method: "POST",
    path: cartPath(c, guid, "prepareDwCheckout"),
    json: { wallet: "paypal", ...urls },
    schema: DwCheckoutStartedSchema,
  });
}

export function getPaypalPaymentStatus(c: CheckoutCaller, guid: string, orderId: string) {
  return checkoutCall(c, { path: cartPath(c, guid, "getPaypalPaymentStatus"), query: { orderId }, schema: PaypalPaymentStatusSchema });
}

/** The order, paid with the approved PayPal payment; the same payment answers the same order. */
export function placePaypalOrder(c: CheckoutCaller, guid: string, request: { orderId: string; affiliate?: Affiliate }) {
  return checkoutCall(c, { method: "POST", path: cartPath(c, guid, "placePaypalOrder"), json: request, schema: OrderSchema });
}

/** The shopper came back from PayPal without approving: the payment is cancelled and the cart kept. */
export function cancelPaypalPayment(c: CheckoutCaller, guid: string, orderId: string) {
  return checkoutCall(c, {
    method: "POST",
    path: cartPath(c, guid, "cancelDigitalWalletPayment"),
    json: { wallet: "paypal", orderId, reason: "The shopper cancelled at PayPal." },
    schema: PaymentEventSchema,
  });
}
