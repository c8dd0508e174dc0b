import {
  type AddToExistingAdRequest,
  AddToExistingAdAnswerSchema,
  ExistingAdDetailsSchema,
  SubscriptionListSchema,
} from "../../commerce/contract/auto-delivery";
import { CartSchema } from "../../commerce/contract/cart";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

/** Auto-delivery calls the storefront's shopping pages make (decision 053); the account's are the account's. */

const owner = (ctx: ApiClientContext) => encodeURIComponent(ctx.shopper?.userPathId ?? "anonymous");

/** The product page's existingADData: the signed-in customer's active subscriptions, and whether the product is on each. */
export function getExistingAdDetails(ctx: ApiClientContext, productCode: string) {
  return callApi(ctx, { path: `users/${owner(ctx)}/getExistingADDetails`, query: { productCode }, schema: ExistingAdDetailsSchema, auth: "required" });
}

/** "Add to my next delivery": the product ships once with subscription jobCode's next order. */
export function addToExistingAd(ctx: ApiClientContext, request: Pick<AddToExistingAdRequest, "jobCode" | "productCode" | "qty">) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${owner(ctx)}/addProductToExistingAD`,
    json: { ...request, locationOfAddToCart: "PDP" },
    schema: AddToExistingAdAnswerSchema,
    auth: "required",
  });
}

/** Takes an auto-delivery line out of the cart (one-off lines go with updateCart's quantity 0). */
export function removeAdEntry(ctx: ApiClientContext, cartGuid: string, entryNumber: number) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${owner(ctx)}/removeEntryFromAdCart`,
    json: { cartGuid, entryNumber },
    schema: CartSchema,
    auth: "optional",
  });
}

/** The signed-in customer's subscriptions, active and paused (the order confirmation names those its order started). */
export function getActiveSubscriptions(ctx: ApiClientContext) {
  return callApi(ctx, { path: `users/${owner(ctx)}/fetchAllActiveSubscriptions`, schema: SubscriptionListSchema, auth: "required" });
}
