import type { Lang } from "../../commerce/contract/common";
import type { ClientId } from "../../commerce/contract/auth";

/** Canadian French pages carry a /fr prefix; API URLs are language-neutral. */
export function localePath(lang: Lang, path: string): string {
  if (lang !== "fr" || path.startsWith("/fr/") || path === "/fr" || /^[a-z]+:/i.test(path)) return path;
  return path === "/" ? "/fr/" : `/fr${path}`;
}

/**
 * The page a request is for, as a return path: a single-fetch data request (/x.data, /_root.data
 * with ?_routes=) names its page without the suffix, and no request keeps the router's own parameters.
 */
export function pageAddress(url: URL): string {
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) : url.pathname;
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("index");
  return `${pathname}${search.size > 0 ? `?${search}` : ""}`;
}

/**
 * Where a shopper whose sign-in ended on the server signs in again (a customer on the sign-in
 * page with a notice, an agent on the agents' one), to come back to `returnTo` afterwards.
 */
export function signInAgainPath(lang: Lang, who: ClientId, returnTo: string): string {
  const back = encodeURIComponent(returnTo);
  return who === "agent" ? `/noboLogin?returnTo=${back}` : `${localePath(lang, "/login")}?notice=sessionEnded&returnTo=${back}`;
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

/**
 * The one check for every redirect target a request supplies (?returnTo=, form fields): only a
 * path on this site. Browsers drop tabs and newlines from URLs and read a backslash as a slash, so
 * "/\tevil.example" or "/\\evil.example" would become "//evil.example", another host; such
 * values, control characters, and anything that parses to another origin answer the fallback.
 */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 500 || !value.startsWith("/")) return fallback;
  if (hasControlCharacter(value) || value.includes("\\") || value.startsWith("//")) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value, "http://same.invalid");
  } catch {
    return fallback;
  }
  if (parsed.origin !== "http://same.invalid") return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** C0 controls and DEL: never part of a URL a person typed, and a browser silently drops some. */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
