import { type Product, ProductListSchema, ProductSchema } from "../../commerce/contract/product";
import { callApi, type ApiClientContext } from "../lib/api-client.server";

export function getProduct(ctx: ApiClientContext, code: string, fields: "BASIC" | "DEFAULT" | "FULL" = "FULL"): Promise<Product> {
  return callApi(ctx, { path: `products/${encodeURIComponent(code)}`, query: { fields }, schema: ProductSchema, withCurrency: true });
}

/** Spec §7 "product details by codes": the API keeps only the first productDetails.defaultSize. */
export async function getProductsByCodes(ctx: ApiClientContext, codes: readonly string[]): Promise<Product[]> {
  if (codes.length === 0) return [];
  const list = await callApi(ctx, {
    path: "products/productDetails",
    query: { productCodes: codes.join(","), fields: "DEFAULT", pageType: "ContentPage" },
    schema: ProductListSchema,
    withCurrency: true,
  });
  return list.products;
}
