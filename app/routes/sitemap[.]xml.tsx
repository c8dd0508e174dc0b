import type { LoaderFunctionArgs } from "react-router";
import { clientContext } from "../lib/api-client.server";
import { CACHE_CONTROL } from "../lib/cache";
import { escapeXml } from "../lib/xml";
import { getSitemapEntries } from "../models/sitemap.server";

/** Sitemap index for the brand: the pages sitemap and as many product sitemaps as the catalog needs. */
export async function loader({ context }: LoaderFunctionArgs) {
  const origin = `https://${context.brand.host}`;
  const first = await getSitemapEntries(clientContext(context), 0);
  const names = ["pages.xml", ...Array.from({ length: first.totalPages }, (_, i) => `products-${i}.xml`)];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${names.map((n) => `<sitemap><loc>${escapeXml(`${origin}/sitemap/${n}`)}</loc></sitemap>`).join("\n")}
</sitemapindex>
`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.feed } });
}
