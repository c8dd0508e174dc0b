import { type AddressInput, AddressListSchema } from "../../commerce/contract/address";
import {
  type AddToExistingAdRequest,
  AddToExistingAdAnswerSchema,
  AutoDeliveryHomeSchema,
  type ChangeSubscriptionRequest,
  ExistingAdDetailsSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
} from "../../commerce/contract/auto-delivery";
import { CartSchema } from "../../commerce/contract/cart";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

/**
 * Auto-delivery through the commerce API (decision 053): what the shopping pages ask (the product
 * page's existingADData, "Add to my next delivery", the cart's auto-delivery lines), and the
 * account's subscriptions: the list, the orders they placed, and one call per change. The path
 * names the shopper (`users/current` for a customer); an agent acting for one calls
 * `users/{customerId}` and the service writes each change to the audit log.
 */
const customer = (ctx: ApiClientContext) => encodeURIComponent(ctx.shopper?.userPathId ?? "anonymous");
const subscriptionPath = (ctx: ApiClientContext, code: string, action = "") =>
  `users/${customer(ctx)}/subscriptions/${encodeURIComponent(code)}${action ? `/${action}` : ""}`;

/** The product page's existingADData: the signed-in customer's active subscriptions, and whether the product is on each. */
export function getExistingAdDetails(ctx: ApiClientContext, productCode: string) {
  return callApi(ctx, { path: `users/${customer(ctx)}/getExistingADDetails`, query: { productCode }, schema: ExistingAdDetailsSchema, auth: "required" });
}

/** "Add to my next delivery": the product ships once with subscription jobCode's next order. */
export function addToExistingAd(ctx: ApiClientContext, request: Pick<AddToExistingAdRequest, "jobCode" | "productCode" | "qty">) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${customer(ctx)}/addProductToExistingAD`,
    json: { ...request, locationOfAddToCart: "PDP" },
    schema: AddToExistingAdAnswerSchema,
    auth: "required",
  });
}

/** Takes an auto-delivery line out of the cart (one-off lines go with updateCart's quantity 0). */
export function removeAdEntry(ctx: ApiClientContext, cartGuid: string, entryNumber: number) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${customer(ctx)}/removeEntryFromAdCart`,
    json: { cartGuid, entryNumber },
    schema: CartSchema,
    auth: "optional",
  });
}

/** The signed-in customer's subscriptions, active and paused. */
export function listSubscriptions(ctx: ApiClientContext) {
  return callApi(ctx, { path: `users/${customer(ctx)}/fetchAllActiveSubscriptions`, schema: SubscriptionListSchema, auth: "required" });
}

/** The account's auto-delivery page in one call: the subscriptions, active and paused, and the orders they placed. */
export function autoDeliveryHome(ctx: ApiClientContext) {
  return callApi(ctx, { path: `users/${customer(ctx)}/autoDeliveryHomePageData`, schema: AutoDeliveryHomeSchema, auth: "required" });
}

export function changeSubscription(ctx: ApiClientContext, code: string, change: ChangeSubscriptionRequest | { address: AddressInput }) {
  return callApi(ctx, { method: "PUT", path: subscriptionPath(ctx, code), json: change, schema: SubscriptionSchema, auth: "required" });
}

/** skip, deliverNow, pause: everything is said by the path. */
export function actOnSubscription(ctx: ApiClientContext, code: string, action: "skip" | "deliverNow" | "pause") {
  return callApi(ctx, { method: "POST", path: subscriptionPath(ctx, code, action), json: {}, schema: SubscriptionSchema, auth: "required" });
}

export function resumeSubscription(ctx: ApiClientContext, code: string, nextDeliveryDate?: string) {
  return callApi(ctx, {
    method: "POST",
    path: subscriptionPath(ctx, code, "resume"),
    json: { nextDeliveryDate },
    schema: SubscriptionSchema,
    auth: "required",
  });
}

export function cancelSubscription(ctx: ApiClientContext, code: string, reason: string) {
  return callApi(ctx, { method: "POST", path: subscriptionPath(ctx, code, "cancel"), json: { reason }, schema: SubscriptionSchema, auth: "required" });
}

/** The card the customer entered on their cart's payment step becomes the subscription's. */
export function useCartCardForSubscription(ctx: ApiClientContext, code: string, cartGuid: string) {
  return callApi(ctx, { method: "POST", path: subscriptionPath(ctx, code, "card"), json: { cartGuid }, schema: SubscriptionSchema, auth: "required" });
}

/** The saved addresses a subscription may ship to (the address book's first 50, default first). */
export function savedAddresses(ctx: ApiClientContext) {
  return callApi(ctx, { path: `users/${customer(ctx)}/addresses`, query: { currentPage: 0, pageSize: 50 }, schema: AddressListSchema, auth: "required" });
}

/** A saved address as a subscription's delivery address, or undefined when the book has no such address. */
export async function savedAddress(ctx: ApiClientContext, id: string): Promise<AddressInput | undefined> {
  const found = (await savedAddresses(ctx)).addresses.find((a) => a.id === id);
  if (!found) return undefined;
  const { id: _id, isDefault: _default, ...address } = found;
  return address;
}
