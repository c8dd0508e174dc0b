import { LRUCache } from "lru-cache";
import {
  type Compare,
  CompareSchema,
  type MediaSet,
  MediaSetSchema,
  type Product,
  ProductListSchema,
  ProductSchema,
  StockAlertResultSchema,
} from "../../commerce/contract/product";
import { EmailConfirmationResultSchema } from "../../commerce/contract/cms";
import { callApi, type ApiClientContext } from "../lib/api-client.server";
import type { ProductCardData } from "../lib/page-views";
import { storefrontConfig } from "../config.server";

/**
 * Image-host answers change only when media is re-published, and recommendations are "alike
 * products", not stock-exact: both are kept briefly per storefront process, as a CDN would.
 */
const { mediaCacheTtlMs, recommendationCacheTtlMs } = storefrontConfig();
// Each fetch hands the cache its load (lru-cache's fetch context): callers asking while it runs share it, and one that fails is not kept.
const mediaCache = new LRUCache<string, MediaSet | false, () => Promise<MediaSet | false>>({
  max: 5_000,
  ttl: mediaCacheTtlMs,
  fetchMethod: (_key, _stale, { context: load }) => load(),
});
const recommendationCache = new LRUCache<string, Product[], () => Promise<Product[]>>({
  max: 5_000,
  ttl: recommendationCacheTtlMs,
  fetchMethod: (_key, _stale, { context: load }) => load(),
});

/** `appliedCategoryCoupons`: the shopper's category coupons, which the service prices the product with. */
export function getProduct(
  ctx: ApiClientContext,
  code: string,
  fields: "BASIC" | "DEFAULT" | "FULL" = "FULL",
  appliedCategoryCoupons: readonly string[] = [],
): Promise<Product> {
  const coupons = appliedCategoryCoupons.length ? appliedCategoryCoupons.join(",") : undefined;
  return callApi(ctx, {
    path: `products/${encodeURIComponent(code)}`,
    query: { fields, appliedCategoryCoupons: coupons },
    schema: ProductSchema,
    withCurrency: true,
  });
}

/** Several products by code in one call; the API keeps only as many codes as its productDetails.defaultSize. */
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

export function getRecommendedProducts(ctx: ApiClientContext, code: string): Promise<Product[]> {
  const load = async () =>
    (await callApi(ctx, { path: "products/recommendedProducts", query: { productCode: code }, schema: ProductListSchema, withCurrency: true })).products;
  if (!recommendationCacheTtlMs) return load();
  return recommendationCache.forceFetch(`${ctx.apiBaseUrl}|${ctx.brand.id}|${ctx.lang}|${ctx.shopper?.priceGroups ?? ""}|${code}`, { context: load });
}

export async function getBestSellers(ctx: ApiClientContext, pageSize = 8): Promise<Product[]> {
  return (await callApi(ctx, { path: "products/getBestSellerProducts", query: { pageSize }, schema: ProductListSchema, withCurrency: true })).products;
}

/**
 * Products side by side. Brewers only use compare-appliance, any other mix compare-product; codes
 * the catalog does not know are left out first.
 */
export async function compareProducts(ctx: ApiClientContext, codes: readonly string[]): Promise<Compare> {
  const found = await getProductsByCodes(ctx, codes);
  // Nothing left to compare: the API would refuse an empty list, and that is no outage.
  if (found.length === 0) return { products: [], features: [] };
  const brewersOnly = found.length > 0 && found.every((p) => p.productType === "Brewer");
  return callApi(ctx, {
    path: brewersOnly ? "products/compare-appliance" : "products/compare-product",
    query: { productCodes: found.map((p) => p.code).join(",") },
    schema: CompareSchema,
    withCurrency: true,
  });
}

/**
 * The product's gallery from the image-hosting endpoint. A failed
 * image lookup answers false and is logged; the page then uses the product's own images.
 */
export function getMediaSet(ctx: ApiClientContext, code: string): Promise<MediaSet | false> {
  const load = () => fetchMediaSet(ctx, code);
  return mediaCacheTtlMs ? mediaCache.forceFetch(`${ctx.apiBaseUrl}|${ctx.brand.id}|${code}`, { context: load }) : load();
}

async function fetchMediaSet(ctx: ApiClientContext, code: string): Promise<MediaSet | false> {
  try {
    // Plain JSON: the JSONP wrapper is only for outside pages that include the endpoint as script.
    return await callApi(ctx, { path: `products/${encodeURIComponent(code)}/media`, schema: MediaSetSchema });
  } catch (err) {
    ctx.logger.warn({ err, correlationId: ctx.correlationId, code }, "image lookup failed");
    return false;
  }
}

export function requestStockAlert(ctx: ApiClientContext, productCode: string, email: string) {
  return callApi(ctx, { method: "POST", path: "alert/alertMe", json: { productCode, email }, schema: StockAlertResultSchema });
}

/** The alert's confirmation link's button: POST alert/confirm with {token}; 400 unknown, 410 expired. */
export function confirmStockAlert(ctx: ApiClientContext, token: string) {
  return callApi(ctx, { method: "POST", path: "alert/confirm", json: { token }, schema: EmailConfirmationResultSchema });
}

export function toCard(p: Product): ProductCardData {
  // A family card (base product) is in stock when any of its variants is; a variant card shows its own.
  const stockStatus = p.baseProduct === undefined ? p.familyStockStatus : p.stock.stockLevelStatus;
  return {
    code: p.code,
    name: p.name,
    brand: p.brand,
    url: p.url,
    imageUrl: p.images.find((i) => i.imageType === "PRIMARY")?.url,
    price: { formattedValue: p.price.formattedValue, priceType: p.price.priceType },
    originalPrice: p.originalPriceData && { formattedValue: p.originalPriceData.formattedValue, priceType: p.originalPriceData.priceType },
    badge: p.badge,
    stockStatus,
    productType: p.productType,
    addCode: p.baseProduct ? p.code : (p.defaultVariantCode ?? p.code),
    isBundle: p.isBundle || undefined,
  };
}
