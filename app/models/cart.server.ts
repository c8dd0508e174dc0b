import { type AddToCartRequest, type Cart, CartModificationSchema, CartSchema, CartValidationSchema, MergedCartSchema } from "../../commerce/contract/cart";
import type { z } from "zod";
import { type CartGiftCards, CartWithGiftCardsSchema } from "../../commerce/contract/gift-card";
import { type ApiClientContext, ApiError, callApi } from "../lib/api-client.server";

/** Whose cart a call is about: the signed-in customer's, the one an agent serves, or an anonymous guid. */
function cartOwner(ctx: ApiClientContext): string {
  return ctx.shopper?.userPathId ?? "anonymous";
}

/** Adds a product (the service prices it and checks stock); answers the modification with cartGuid and cartQuantity. */
export function addToCart(ctx: ApiClientContext, line: Pick<AddToCartRequest, "productCode" | "qty" | "entryType" | "podsAtHomeQty">, cartGuid?: string) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${encodeURIComponent(cartOwner(ctx))}/addProductToCart`,
    json: { ...line, cartGuid, lang: ctx.lang },
    schema: CartModificationSchema,
    auth: "optional",
  });
}

/** The shopper's cart, or null when they have none (an anonymous guid the service no longer knows counts as none). */
export function getCart(ctx: ApiClientContext, cartGuid: string | undefined): Promise<Cart | null> {
  return shoppersCart(ctx, cartGuid, CartSchema);
}

/** The cart page's cart and its gift cards, asked in one call so the service prices the cart once. */
export async function getCartWithGiftCards(ctx: ApiClientContext, cartGuid: string | undefined): Promise<{ cart: Cart; giftCards: CartGiftCards } | null> {
  const full = await shoppersCart(ctx, cartGuid, CartWithGiftCardsSchema, { fields: "FULL" });
  if (!full) return null;
  const { giftCards, ...cart } = full;
  return { cart, giftCards };
}

async function shoppersCart<S extends z.ZodType>(
  ctx: ApiClientContext,
  cartGuid: string | undefined,
  schema: S,
  query?: Record<string, string>,
): Promise<z.infer<S> | null> {
  const owner = cartOwner(ctx);
  if (owner === "anonymous" && !cartGuid) return null;
  const path = owner === "anonymous" ? `users/anonymous/carts/${cartGuid}` : `users/${encodeURIComponent(owner)}/carts/current`;
  try {
    return await callApi(ctx, { path, query, schema, auth: "optional" });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** A line's new quantity; 0 removes it. */
export function updateCartEntry(ctx: ApiClientContext, cartGuid: string, entryNumber: number, qty: number) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${encodeURIComponent(cartOwner(ctx))}/updateCart`,
    json: { cartGuid, entryNumber, qty },
    schema: CartSchema,
    auth: "optional",
  });
}

/** At sign-in: the anonymous cart joins the customer's own (the service re-checks stock and maximums). */
export function mergeCart(ctx: ApiClientContext, anonymousCartGuid: string, bearer?: string) {
  return callApi(ctx, { method: "POST", path: "users/current/carts/merge", json: { anonymousCartGuid }, schema: MergedCartSchema, auth: "required", bearer });
}

/** Before checkout: stock and prices again. */
export function validateCart(ctx: ApiClientContext, cartGuid: string) {
  return callApi(ctx, { path: "cart/validateCart", query: { cartGuid }, schema: CartValidationSchema, auth: "optional" });
}
