import { safeReturnPath } from "./paths";

/**
 * A form post the store cannot take (an unreadable or oversized body, another encoding, a post
 * from another site, a choice no form offers) answered to a browser that navigated: instead of a
 * bare text body, a 303 to the store's own page for it (/form-refused, in the page's language),
 * which answers the same 4xx with the store's header, the reason in words and a link back.
 * Callers that did not navigate (scripts, fetchers, the API's clients) keep their plain answers.
 */
export const FORM_REFUSALS = {
  unreadable: 400,
  tooLarge: 413,
  unsupported: 415,
  elsewhere: 403,
  consent: 400,
} as const;

export type FormRefusal = keyof typeof FORM_REFUSALS;

export function isFormRefusal(value: unknown): value is FormRefusal {
  return typeof value === "string" && Object.hasOwn(FORM_REFUSALS, value);
}

/** A browser's own navigation (a form sent without JavaScript), as opposed to a script's request. */
export function isNavigation(headers: { get(name: string): string | null | undefined }): boolean {
  const mode = headers.get("sec-fetch-mode");
  if (mode) return mode === "navigate";
  // Browsers too old to say so still ask for HTML first.
  return /^\s*text\/html/i.test(headers.get("accept") ?? "");
}

/** The page the shopper was on: the Referer's path when it is this host's, else the home page. */
function pageBefore(referer: string | null | undefined, host: string | null | undefined, fallback: string): string {
  if (!referer || !host) return fallback;
  try {
    const url = new URL(referer);
    return url.host.toLowerCase() === host.toLowerCase() ? safeReturnPath(`${url.pathname}${url.search}`, fallback) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Where a refused navigation goes: /form-refused (/fr/form-refused from a French page) with the
 * reason and the way back. The language is the refused path's, or the page's it came from.
 */
export function formRefusedLocation(reason: FormRefusal, request: { path: string; referer?: string | null; host?: string | null }): string {
  const french = (path: string) => path === "/fr" || path.startsWith("/fr/");
  const home = french(request.path) ? "/fr/" : "/";
  const back = pageBefore(request.referer, request.host, home);
  const prefix = french(request.path) || french(back) ? "/fr" : "";
  return `${prefix}/form-refused?${new URLSearchParams({ reason, back }).toString()}`;
}
