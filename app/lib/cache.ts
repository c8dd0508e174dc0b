import type { HeadersFunction } from "react-router";

/**
 * Cache-Control per kind of page. Catalog pages are the same for every anonymous shopper, so a CDN
 * may keep them briefly; a response that sets a cookie is made private by server/storefront-handler.ts whatever
 * these say.
 */
export const CACHE_CONTROL = {
  catalog: "public, max-age=60, s-maxage=300, stale-while-revalidate=600",
  search: "public, max-age=30, s-maxage=120, stale-while-revalidate=300",
  feed: "public, max-age=3600",
  none: "no-store",
} as const;

export const cacheHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const value = errorHeaders?.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  const headers = new Headers();
  if (value) {
    headers.set("Cache-Control", value);
    // The page differs with the shopper's cookies (consent banner, web-app mode).
    headers.set("Vary", "Cookie");
  }
  return headers;
};
