import { type AddressInput, AddressListSchema } from "../../commerce/contract/address";
import { AdOrdersSchema, type ChangeSubscriptionRequest, SubscriptionListSchema, SubscriptionSchema } from "../../commerce/contract/auto-delivery";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

/**
 * The account's auto-delivery subscriptions (decision 053) through the commerce API: the list,
 * the orders they placed, and one call per change. `users/current` for a customer; an agent acting
 * for one calls `users/{customerId}` and the service writes each change to the audit log.
 */
const subscriber = (ctx: ApiClientContext) => encodeURIComponent(ctx.shopper?.userPathId ?? "current");
const subscriptionPath = (ctx: ApiClientContext, code: string, action = "") =>
  `users/${subscriber(ctx)}/subscriptions/${encodeURIComponent(code)}${action ? `/${action}` : ""}`;

export function listSubscriptions(ctx: ApiClientContext) {
  return callApi(ctx, { path: `users/${subscriber(ctx)}/fetchAllActiveSubscriptions`, schema: SubscriptionListSchema, auth: "required" });
}

export function listAutoDeliveryOrders(ctx: ApiClientContext) {
  return callApi(ctx, { path: `users/${subscriber(ctx)}/adOrders`, schema: AdOrdersSchema, auth: "required" });
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
  return callApi(ctx, { path: `users/${subscriber(ctx)}/addresses`, query: { currentPage: 0, pageSize: 50 }, schema: AddressListSchema, auth: "required" });
}

/** A saved address as a subscription's delivery address, or undefined when the book has no such address. */
export async function savedAddress(ctx: ApiClientContext, id: string): Promise<AddressInput | undefined> {
  const found = (await savedAddresses(ctx)).addresses.find((a) => a.id === id);
  if (!found) return undefined;
  const { id: _id, isDefault: _default, ...address } = found;
  return address;
}
