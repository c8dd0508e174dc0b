import type { CookieJar } from "../lib/cookies.server";
import { DAY_MS } from "../lib/cookies.server";

const COOKIE = "recentlyViewed";
const MAX = 10;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Base product codes the shopper has looked at, newest first (functional cookie, c9). */
export function recentlyViewed(jar: CookieJar): string[] {
  return (jar.get(COOKIE) ?? "")
    .split(",")
    .filter((c) => CODE.test(c))
    .slice(0, MAX);
}

/** Puts `code` first; written only when the shopper allows functional cookies. */
export function rememberViewed(jar: CookieJar, code: string, days = 30): string[] {
  const next = [code, ...recentlyViewed(jar).filter((c) => c !== code)].slice(0, MAX);
  jar.set(COOKIE, next.join(","), { maxAgeMs: days * DAY_MS });
  return next;
}
