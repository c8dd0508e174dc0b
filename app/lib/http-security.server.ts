import type { NextFunction, Request, Response } from "express";
import { messages } from "../brands/messages";
import { closeOnceAnswered } from "../../lib/closing";
import { randomBase64 } from "../../lib/random";
import { formRefusedLocation, isNavigation } from "./form-refusal.server";
import { hasControlCharacter } from "./paths";

export function newNonce(): string {
  return randomBase64(16);
}

/**
 * Content-Security-Policy with a per-response nonce: only our own scripts and the inline scripts
 * React Router writes with the nonce may run. Style attributes are allowed because product badges take
 * their colours from catalog data; style elements still need the nonce.
 */
export function contentSecurityPolicy(nonce: string, dev = false, { formTargets = [], reportOrigin }: ElsewhereAllowed = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src-elem 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${reportOrigin ? ` ${reportOrigin}` : ""}`,
    // A form may lead elsewhere only through a redirect to a payment page: PayPal's, where it is taken (decision 082).
    `form-action 'self'${formTargets.map((origin) => ` ${origin}`).join("")}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Where the page may reach beyond the store: `formTargets`, origins a form's redirect may lead to
 * (PayPal's approval pages, where PayPal is taken, decision 082); `reportOrigin`, the
 * error-monitoring service's, which browsers with client logging on report to (decision 083).
 */
export interface ElsewhereAllowed {
  formTargets?: readonly string[];
  reportOrigin?: string;
}

export function securityHeaders(production: boolean, elsewhere: ElsewhereAllowed = {}) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, !production, elsewhere));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(self)");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Cache-Control for an HTML page, which carries this response's CSP nonce: no shared cache may
 * keep it (every reader would get the same nonce, and an injected script could learn and reuse
 * it), so `public` and `s-maxage` are dropped and the page is `private`; the browser's own
 * max-age and stale-while-revalidate stay. Decision 013.
 */
export function privateCacheControl(value: string): string {
  const kept = value
    .split(",")
    .map((d) => d.trim())
    .filter((d) => d && !/^(public|private|s-maxage=\d+)$/i.test(d));
  return kept.includes("no-store") ? kept.join(", ") : ["private", ...kept].join(", ");
}

/**
 * A storefront answer's Cache-Control. A signed-in shopper's pages, and any answer that sets a
 * cookie, are that shopper's alone: no cache may keep them. An HTML page's public lifetime becomes
 * a private one (privateCacheControl). Anything else keeps what its route said.
 */
export function storefrontCacheControl(answer: { cacheControl: string | null; contentType: string | null; setsCookie: boolean; signedIn: boolean }) {
  const { cacheControl, contentType } = answer;
  if (answer.signedIn || answer.setsCookie) return "private, no-store";
  if (cacheControl && contentType?.startsWith("text/html") && /public|s-maxage/i.test(cacheControl)) return privateCacheControl(cacheControl);
  return cacheControl;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery guard. A state-changing request whose Origin (or, lacking that,
 * Referer) names another host is refused. Storefront form posts must name one: browsers always
 * send Origin on a POST. Bearer-token API calls from servers carry neither and pass.
 */
export function originCheck(options: { requireForPaths: (path: string) => boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!UNSAFE.has(req.method)) return next();
    // requestGuard has dropped X-Forwarded-Host unless a trusted proxy sent it.
    const host = (req.get("x-forwarded-host")?.split(",")[0]?.trim() ?? req.get("host") ?? "").toLowerCase();
    const origin = req.get("origin");
    // An opaque origin ("null", e.g. from a privacy extension) says nothing; the Referer may.
    const claimed = origin && origin !== "null" ? hostOf(origin) : hostOf(req.get("referer"));
    if (claimed ? claimed === host : !options.requireForPaths(req.path)) {
      // React Router refuses an action whose Origin differs from the host, and "null" always differs:
      // the Referer has vouched for this one, so the opaque Origin is dropped.
      if (origin === "null") delete req.headers.origin;
      return next();
    }
    // A browser that was sent here by another site's form sees the store's page saying so (in the language of the path it posted to).
    if (isNavigation({ get: (name) => req.get(name) })) {
      res.set("Cache-Control", "no-store").redirect(303, formRefusedLocation("elsewhere", { path: req.path }));
      return;
    }
    // Refused before the store knows the shopper's language; the store's forms post to English paths.
    res.status(403).type("text/plain").send(messages("en").formFromElsewhere);
  };
}

/** The most a storefront request body may carry (forms); the API sets its own limits. */
export const STOREFRONT_BODY_LIMIT = 64 * 1024;

const PAGE_METHODS = ["GET", "HEAD", "POST"];
const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/** A host name, IPv4 or bracketed IPv6 address, and an optional port: what a Host header may hold. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}\.?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export function isValidHost(value: string | undefined): boolean {
  if (!value || value.length > 260) return false;
  const match = HOST.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

function refuse(res: Response, status: number, message: string) {
  res.status(status).type("text/plain").set("Cache-Control", "no-store").send(message);
}

/**
 * Refuses, before any routing, the requests no store page or API operation can answer: methods it
 * does not serve (405 with Allow), request targets that are not a path (`*`, absolute URLs), paths
 * holding control characters or starting with `//` (a browser would read another host), malformed
 * Host headers, and storefront bodies over the limit (413, by Content-Length here; a chunked body is
 * counted as the form is read). X-Forwarded-Host and -Proto are dropped unless the peer is a trusted
 * proxy (TRUST_PROXY), so nothing downstream can be steered by a client-chosen host.
 */
export function requestGuard(options: { isApiPath: (path: string) => boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const target = req.url;
    if (!target.startsWith("/")) return refuse(res, 400, "Bad request: the request target must be a path.");
    const pathname = target.split("?")[0]!;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return refuse(res, 400, "Bad request: the path is not valid percent-encoding.");
    }
    if (hasControlCharacter(decoded) || pathname.startsWith("//") || decoded.startsWith("//") || decoded.includes("\\")) {
      return refuse(res, 400, "Bad request: the path holds characters no store address has.");
    }
    const allowed = options.isApiPath(pathname) ? API_METHODS : PAGE_METHODS;
    if (!allowed.includes(req.method)) {
      res.setHeader("Allow", allowed.join(", "));
      return refuse(res, 405, `Method not allowed: this address answers ${allowed.join(", ")}.`);
    }
    const trusted = (req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(req.socket.remoteAddress, 0);
    if (!trusted) {
      delete req.headers["x-forwarded-host"];
      delete req.headers["x-forwarded-proto"];
    } else {
      const forwardedHost = req.get("x-forwarded-host")?.split(",")[0]?.trim();
      if (forwardedHost !== undefined && !isValidHost(forwardedHost)) return refuse(res, 400, "Bad request: X-Forwarded-Host is not a host name.");
      const proto = req.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
      if (proto !== undefined && proto !== "http" && proto !== "https") delete req.headers["x-forwarded-proto"];
    }
    if (!isValidHost(req.get("host"))) return refuse(res, 400, "Bad request: the Host header is not a host name.");
    if (!options.isApiPath(pathname) && Number(req.get("content-length") ?? 0) > STOREFRONT_BODY_LIMIT) {
      closeOnceAnswered(req, res);
      return refuse(res, 413, `Payload too large: a store form sends at most ${STOREFRONT_BODY_LIMIT / 1024} kB.`);
    }
    next();
  };
}
