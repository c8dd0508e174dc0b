import { CartGiftCardsSchema, type GiftCardCredentials, GiftCardBalanceSchema } from "../../commerce/contract/gift-card";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

/** Whose cart: the signed-in customer's, the one an agent serves, or an anonymous guid. */
function giftCardPath(ctx: ApiClientContext, cartGuid: string, rest = ""): string {
  const owner = ctx.shopper?.userPathId ?? "anonymous";
  return `users/${encodeURIComponent(owner)}/carts/${encodeURIComponent(cartGuid)}/giftcard${rest}`;
}

/** A card's balance (the service counts wrong PINs against the cart and the shopper's address). */
export function checkGiftCardBalance(ctx: ApiClientContext, cartGuid: string, card: GiftCardCredentials) {
  return callApi(ctx, { method: "POST", path: giftCardPath(ctx, cartGuid, "/validate"), json: card, schema: GiftCardBalanceSchema, auth: "optional" });
}

/** Applies a card to the cart; its balance is used only when the order is placed. */
export function applyGiftCard(ctx: ApiClientContext, cartGuid: string, card: GiftCardCredentials) {
  return callApi(ctx, { method: "POST", path: giftCardPath(ctx, cartGuid, "/apply"), json: card, schema: CartGiftCardsSchema, auth: "optional" });
}

export function removeGiftCard(ctx: ApiClientContext, cartGuid: string, id: number) {
  return callApi(ctx, { method: "POST", path: giftCardPath(ctx, cartGuid, `/remove/${id}`), schema: CartGiftCardsSchema, auth: "optional" });
}

/** Uses only `amount` (minor units) of an applied card's balance. */
export function setGiftCardAmount(ctx: ApiClientContext, cartGuid: string, id: number, amount: number) {
  return callApi(ctx, {
    method: "PUT",
    path: giftCardPath(ctx, cartGuid, "/apply-value"),
    json: { id, amount },
    schema: CartGiftCardsSchema,
    auth: "optional",
  });
}
