import { randomBytes } from "node:crypto";
import type { StorefrontContext } from "./context";
import type { AnalyticsBase } from "./data-layer";
import { CookieJar, DAY_MS } from "./cookies.server";

/**
 * The analytics visit cookie `utag_main` (c1 analytical, decision 080), in Tealium's shape:
 * `v_id:{visitor}$_sn:{session number}$_st:{session end, ms}`. A session ends after 30 minutes
 * without a page; the next page starts the visitor's next session, which makes them a repeat visitor.
 */
export const UTAG_MAIN = "utag_main";
const SESSION_MS = 30 * 60_000;
/** The cookie is written again only when its session has less than this left: not on every request. */
const REWRITE_BELOW_MS = 25 * 60_000;
const VISIT_COOKIE_DAYS = 365;

export interface Visit {
  visitorId: string;
  sessionNumber: number;
  sessionEnds: number;
}

export function parseVisit(raw: string | undefined): Visit | undefined {
  const fields = new Map((raw ?? "").split("$").map((part) => [part.slice(0, part.indexOf(":")), part.slice(part.indexOf(":") + 1)] as const));
  const visitorId = fields.get("v_id");
  const sessionNumber = Number(fields.get("_sn"));
  const sessionEnds = Number(fields.get("_st"));
  if (!visitorId || !/^[0-9a-f]{32}$/.test(visitorId) || !Number.isSafeInteger(sessionNumber) || sessionNumber < 1 || !Number.isSafeInteger(sessionEnds)) {
    return undefined;
  }
  return { visitorId, sessionNumber, sessionEnds };
}

export const formatVisit = (visit: Visit): string => `v_id:${visit.visitorId}$_sn:${visit.sessionNumber}$_st:${visit.sessionEnds}`;

/** This request's visit: the same session while it lasts, the next one after it ended, a new visitor without (a readable) cookie. */
export function visitAt(earlier: Visit | undefined, now: number, newVisitorId: () => string): Visit {
  if (!earlier) return { visitorId: newVisitorId(), sessionNumber: 1, sessionEnds: now + SESSION_MS };
  const sessionNumber = earlier.sessionEnds < now ? earlier.sessionNumber + 1 : earlier.sessionNumber;
  return { visitorId: earlier.visitorId, sessionNumber, sessionEnds: now + SESSION_MS };
}

/** A repeat visitor: this browser's analytics cookie counts an earlier session. */
export const isRepeatVisitor = (raw: string | undefined, now: number): boolean => {
  const earlier = parseVisit(raw);
  return !!earlier && visitAt(earlier, now, () => "").sessionNumber > 1;
};

/**
 * Keeps the visit in `utag_main`, only with analytics consent (the jar refuses it otherwise, and
 * its consent rule deletes one the shopper no longer allows).
 */
export function rememberVisit(jar: CookieJar, now: number): void {
  if (!jar.allows("c1")) return;
  const earlier = parseVisit(jar.get(UTAG_MAIN));
  if (earlier && earlier.sessionEnds - now >= REWRITE_BELOW_MS) return;
  const visit = visitAt(earlier, now, () => randomBytes(16).toString("hex"));
  jar.set(UTAG_MAIN, formatVisit(visit), { maxAgeMs: VISIT_COOKIE_DAYS * DAY_MS });
}

/** Whether the shopper allowed analytics (c1), from the request's cookies. */
export function analyticsAllowed(request: Request, context: StorefrontContext): boolean {
  return new CookieJar(request.headers.get("cookie"), context.privacyCookiesEnabled).allows("c1");
}

/**
 * What the root loader puts in every page's data layer, or nothing without analytics consent.
 * Takes (and so forgets) the last cart change kept in the session.
 */
export async function analyticsBase(context: StorefrontContext, cookieHeader: string | null, perksMember: boolean): Promise<AnalyticsBase | undefined> {
  const cookies = new CookieJar(cookieHeader, context.privacyCookiesEnabled);
  if (!cookies.allows("c1")) return undefined;
  const shopper = context.shopper;
  const cart = shopper?.cart ?? { guid: undefined, quantity: 0 };
  const cartEvent = await shopper?.takeCartEvent();
  return {
    brand: context.brand.id,
    lang: context.lang,
    currency: context.brand.currency,
    repeatVisitor: isRepeatVisitor(cookies.get(UTAG_MAIN), Date.now()),
    signedIn: !!shopper?.customer,
    perksMember,
    // Employees sign in with the employee price group (their prices follow it).
    employee: !!shopper?.customer?.groups.includes("employee"),
    cart: cart.guid ? { guid: cart.guid, quantity: cart.quantity } : { quantity: cart.quantity },
    ...(cartEvent ? { cartEvent } : {}),
  };
}
