import { CartModificationListSchema } from "../../commerce/contract/cart";
import { QuickShopProductSchema } from "../../commerce/contract/quick-shop";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

function owner(ctx: ApiClientContext): string {
  return encodeURIComponent(ctx.shopper?.userPathId ?? "anonymous");
}

/** A tile's quick-shop view: variants, prices for the shopper's groups, stock. */
export function getQuickShopProduct(ctx: ApiClientContext, productCode: string) {
  return callApi(ctx, { path: `users/${owner(ctx)}/quickShop/productDetail`, query: { productCode }, schema: QuickShopProductSchema, auth: "optional" });
}

/** Adds every component of a bundle or starter kit, all or none; answers cartGuid and cartQuantity. */
export function addBundleToCart(ctx: ApiClientContext, productCode: string, qty: number, cartGuid?: string) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${owner(ctx)}/addBundleProduct`,
    json: { productCode, qty, cartGuid, lang: ctx.lang },
    schema: CartModificationListSchema,
    auth: "optional",
  });
}
