import type { Lang } from "../../commerce/contract/common";

/** Canadian French pages carry a /fr prefix; API URLs are language-neutral. */
export function localePath(lang: Lang, path: string): string {
  if (lang !== "fr" || path.startsWith("/fr/") || path === "/fr" || /^[a-z]+:/i.test(path)) return path;
  return path === "/" ? "/fr/" : `/fr${path}`;
}

/** The customer-service contact form, a CMS page every store has. */
export const EMAIL_US_PATH = "/content/support/email-us-page";

/** Search lives at /search, and at /fr/recherche in Canadian French. */
export function searchPath(lang: Lang): string {
  return lang === "fr" ? "/fr/recherche" : "/search";
}

/** The same page in the other language (Canada): /fr/x <-> /x. */
export function alternateLanguagePath(pathname: string, search: string): string {
  const target = pathname === "/fr" || pathname.startsWith("/fr/") ? pathname.slice(3) || "/" : pathname === "/" ? "/fr/" : `/fr${pathname}`;
  return `${target}${search}`;
}

/** Only same-site relative paths may be redirect targets (no //evil.example, no schemes). */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  return value.slice(0, 500);
}
