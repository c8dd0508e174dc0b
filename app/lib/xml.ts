export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** A sitemap <url>; for Canada each page lists its English and French versions as alternates. */
export function sitemapUrl(origin: string, path: string, languages: readonly string[], lastModified?: string): string {
  const loc = (lang: string) => `${origin}${lang === "fr" ? (path === "/" ? "/fr/" : `/fr${path}`) : path}`;
  const alternates = languages.length > 1
    ? languages.map((l) => `<xhtml:link rel="alternate" hreflang="${l}-CA" href="${escapeXml(loc(l))}"/>`).join("")
    : "";
  return languages
    .map((l) => `<url><loc>${escapeXml(loc(l))}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}${alternates}</url>`)
    .join("\n");
}
