import type { LoaderFunctionArgs } from "react-router";
import { CACHE_CONTROL } from "../lib/cache";

/** Per brand: the brand's own sitemap; carts, checkout, accounts and the API stay out of indexes. */
export function loader({ context }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /login",
    "Disallow: /my-account",
    "Disallow: /rest/",
    "Disallow: /api/",
    "Disallow: /*?*sort=",
    "Allow: /",
    "",
    `Sitemap: https://${context.brand.host}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.feed } });
}
