import { LRUCache } from "lru-cache";
import { CartModificationSchema } from "../../commerce/contract/cart";
import {
  DeletedRecipeSchema,
  DesignListSchema,
  type DesignOptions,
  DesignOptionsSchema,
  DesignSchema,
  type SaveRecipeRequest,
  type UpdateRecipeRequest,
} from "../../commerce/contract/designs";
import { storefrontConfig } from "../config.server";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

/**
 * Saved drink designs through the commerce API (decision 073): the designer's options, the
 * member's designs under users/{user}/recipes, and a design's pods added to the cart with its
 * recipe data. The path names the shopper (`users/current`, or the customer an agent acts for).
 */
const customer = (ctx: ApiClientContext) => encodeURIComponent(ctx.shopper?.userPathId ?? "anonymous");

const { cmsCacheTtlMs } = storefrontConfig();
// The options are the same for every shopper of a store and language and change with the catalog:
// kept as briefly as the CMS's answers. Each fetch hands the cache its load; a failed one is not kept.
const optionsCache = new LRUCache<string, DesignOptions, () => Promise<DesignOptions>>({
  max: 16,
  ttl: cmsCacheTtlMs,
  fetchMethod: (_key, _stale, { context: load }) => load(),
});

export async function designOptions(ctx: ApiClientContext): Promise<DesignOptions> {
  const load = () => callApi(ctx, { path: "designOptions", schema: DesignOptionsSchema });
  return (await optionsCache.fetch(`${ctx.apiBaseUrl}|${ctx.brand.id}|${ctx.lang}`, { context: load })) ?? load();
}

export function savedDesigns(ctx: ApiClientContext) {
  return callApi(ctx, { path: `users/${customer(ctx)}/recipes`, schema: DesignListSchema, auth: "required" });
}

export function openDesign(ctx: ApiClientContext, recipeId: number) {
  return callApi(ctx, { path: `users/${customer(ctx)}/recipes/openDesignSpectrum`, query: { recipeId }, schema: DesignSchema, auth: "required" });
}

export function saveDesign(ctx: ApiClientContext, design: SaveRecipeRequest) {
  return callApi(ctx, { method: "POST", path: `users/${customer(ctx)}/recipes/saveRecipe`, json: design, schema: DesignSchema, auth: "required" });
}

export function updateDesign(ctx: ApiClientContext, change: UpdateRecipeRequest) {
  return callApi(ctx, { method: "PUT", path: `users/${customer(ctx)}/recipes/updateRecipe`, json: change, schema: DesignSchema, auth: "required" });
}

/** The storefront deletes with DELETE, never the spec's GET deleteRecipe (decision 073). */
export function deleteDesign(ctx: ApiClientContext, recipeId: number) {
  return callApi(ctx, { method: "DELETE", path: `users/${customer(ctx)}/recipes/${recipeId}`, schema: DeletedRecipeSchema, auth: "required" });
}

/** The design's pods in the cart: the cart add payload with its optional recipe data. */
export function addDesignToCart(ctx: ApiClientContext, line: { productCode: string; qty: number; recipeId: number }) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${customer(ctx)}/addProductToCart`,
    json: { ...line, entryType: "STD", lang: ctx.lang },
    schema: CartModificationSchema,
    auth: "required",
  });
}
