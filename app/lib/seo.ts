import type { MetaDescriptor } from "react-router";
import type { Lang } from "../../commerce/contract/common";

export interface SeoBrand {
  id: string;
  host: string;
  languages: Lang[];
}

/**
 * Title, description, canonical URL on the brand's own host, and for Canada the en-CA / fr-CA
 * alternates of the same page. `path` is language-neutral (no /fr).
 */
export function seoMeta(brand: SeoBrand, lang: Lang, path: string, title: string, description: string, extra: MetaDescriptor[] = []): MetaDescriptor[] {
  const origin = `https://${brand.host}`;
  const localized = (l: Lang) => `${origin}${l === "fr" ? (path === "/" ? "/fr/" : `/fr${path}`) : path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: localized(lang) },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: localized(lang) },
    ...extra,
  ];
  if (brand.languages.length > 1) {
    tags.push(
      { tagName: "link", rel: "alternate", hrefLang: "en-CA", href: localized("en") },
      { tagName: "link", rel: "alternate", hrefLang: "fr-CA", href: localized("fr") },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: localized("en") },
    );
  }
  return tags;
}

/** JSON-LD must not be able to close its script element. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
