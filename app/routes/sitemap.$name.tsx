import type { LoaderFunctionArgs } from "react-router";
import { clientContext } from "../lib/api-client.server";
import { CACHE_CONTROL } from "../lib/cache";
import { notFoundPage } from "../lib/page-errors.server";
import { sitemapUrl } from "../lib/xml";
import { getCategoryLinks, getSitemapEntries } from "../models/sitemap.server";

/** /sitemap/pages.xml (home and categories) and /sitemap/products-{n}.xml. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const origin = `https://${context.brand.host}`;
  const languages = context.brand.languages;
  const ctx = clientContext(context);
  let urls: string[];
  if (params.name === "pages.xml") {
    const categories = await getCategoryLinks(ctx);
    urls = [sitemapUrl(origin, "/", languages), ...categories.map((c) => sitemapUrl(origin, c.url, languages))];
  } else {
    const page = /^products-(\d{1,4})\.xml$/.exec(params.name ?? "")?.[1];
    if (page === undefined) notFoundPage();
    const byLang = await Promise.all(languages.map((lang) => getSitemapEntries({ ...ctx, lang }, Number(page))));
    const first = byLang[0]!;
    if (Number(page) >= first.totalPages) notFoundPage();
    const pathsOf = (code: string) => Object.fromEntries(languages.map((lang, i) => [lang, byLang[i]!.entries.find((e) => e.code === code)?.url ?? ""]));
    urls = first.entries.map((e) => sitemapUrl(origin, pathsOf(e.code), languages, e.lastModified));
  }
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join("\n")}
</urlset>
`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.feed } });
}
