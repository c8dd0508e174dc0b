export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/**
 * A sitemap <url> per language; for Canada each lists its English and French versions as
 * alternates. `paths` gives the language-neutral path per language (slugs differ by language).
 */
export function sitemapUrl(origin: string, paths: string | Record<string, string>, languages: readonly string[], lastModified?: string): string {
  const pathFor = (lang: string) => (typeof paths === "string" ? paths : (paths[lang] ?? paths.en ?? ""));
  const loc = (lang: string) => {
    const path = pathFor(lang);
    return `${origin}${lang === "fr" ? (path === "/" ? "/fr/" : `/fr${path}`) : path}`;
  };
  const alternates = languages.length > 1 ? languages.map((l) => `<xhtml:link rel="alternate" hreflang="${l}-CA" href="${escapeXml(loc(l))}"/>`).join("") : "";
  return languages.map((l) => `<url><loc>${escapeXml(loc(l))}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ""}${alternates}</url>`).join("\n");
}
