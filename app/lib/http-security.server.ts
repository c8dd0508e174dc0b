import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { messages } from "../brands/messages";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Content-Security-Policy with a per-response nonce: only our own scripts and the inline scripts
 * Remix writes with the nonce may run. Style attributes are allowed because product badges take
 * their colours from catalog data; style elements still need the nonce.
 */
export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src-elem 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function securityHeaders(production: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, !production));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(self)");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
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
    const host = (req.get("x-forwarded-host") ?? req.get("host") ?? "").toLowerCase();
    const origin = req.get("origin");
    const claimed = origin && origin !== "null" ? hostOf(origin) : hostOf(req.get("referer"));
    if (claimed ? claimed === host : !options.requireForPaths(req.path)) return next();
    // Refused before the store knows the shopper's language; the store's forms post to English paths.
    res.status(403).type("text/plain").send(messages("en").formFromElsewhere);
  };
}
