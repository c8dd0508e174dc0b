import { parse as parseCookieHeader, serialize, type SerializeOptions } from "cookie";
import { BRAND_IDS } from "../../commerce/contract/common";
import { storefrontConfig } from "../config.server";

/** Consent categories: c1 analytical, c2 targeting, c9 functional. */
export type ConsentCategory = "c1" | "c2" | "c9";

/**
 * Which category each optional cookie belongs to. A cookie not listed here is strictly necessary
 * (session, cart, security, the web-app marker) and is always allowed.
 */
export const COOKIE_CATEGORIES: Record<string, ConsentCategory> = {
  utag_main: "c1",
  ranMID: "c2",
  ranSiteID: "c2",
  recentlyViewed: "c9",
  // Category coupons the shopper applied: catalog pages show their prices. A preference, not the
  // discount itself, which the cart keeps.
  appliedCategoryCoupons: "c9",
  userFirstName: "c9",
  userWasLoggedIn: "c9",
  SmartPantryEnabled: "c9",
  // The beverage quiz's answers, remembered for the next visit; the results link carries them too.
  perfectCupAnswers: "c9",
  // What the commerce service says about a signed-in customer: the pages use it to greet and to
  // label offers, while the prices themselves follow the customer's token.
  priceSegment: "c9",
  isPerksOptIn: "c9",
  // A guest who joined perks at checkout: the confirmation page offers to make the account that collects the points.
  perksWalkUpUser: "c9",
  ...Object.fromEntries(
    BRAND_IDS.flatMap((brand) => [
      [`customer.${brand}.priceGroup`, "c9"],
      [`customer.${brand}.userGroup`, "c9"],
      [`is${brand[0]!.toUpperCase()}${brand.slice(1)}Employee`, "c9"],
    ]),
  ),
};

/**
 * Cookies the store writes that need no consent, and why: without them a shopper could not stay
 * signed in, keep a cart, or have their consent and web-app choice remembered.
 */
export const STRICTLY_NECESSARY_COOKIES: Record<string, string> = {
  SESSION: "the signed session: sign-in tokens and the agent's working state",
  userConsent: "the shopper's consent choices",
  webapp: "the mobile web-app wrapper draws its own header and footer",
  isAuthenticated: "tells pages a sign-in is under way without reading the session",
  expiresIn: "when the sign-in's access token expires",
  remember_me: "the shopper asked to stay signed in",
  access_token: "deleted at sign-out (tokens live in the session)",
  refresh_token: "deleted at sign-out (tokens live in the session)",
  brewerRegistrationSession: "sign-in for brewer registration",
  orderConfirmationPageLogin: "sign-in from the order confirmation page",
  spcPageLogin: "sign-in from single-step checkout",
  CORRELATION_ID: "ties a shopper's requests together in the logs; cleared at sign-out",
  brewerQuizProducts: "the brewer quiz's result (product codes) that its results page shows",
  recipeId: "the saved drink design the member opened in the designer",
  clientLogging: "customer service asked for this browser's errors to be reported (decision 083)",
};

export const DAY_MS = 86_400_000;

/** How long an affiliate's landing is remembered (spec: 15,552,000,000 ms). */
export const AFFILIATE_COOKIE_DAYS = 180;

export type Consent = Partial<Record<ConsentCategory, 0 | 1>>;

/** userConsent is written by the consent banner as `c1:1|c2:0|c9:1`. */
export function parseConsent(raw: string | undefined): Consent {
  const consent: Consent = {};
  for (const part of (raw ?? "").split("|")) {
    const [key, value] = part.split(":");
    if ((key === "c1" || key === "c2" || key === "c9") && (value === "0" || value === "1")) consent[key] = Number(value) as 0 | 1;
  }
  return consent;
}

/**
 * An optional cookie may be written only when the shopper has allowed its category; with privacy
 * cookies switched off every cookie may be written.
 */
export function isCookieAllowed(name: string, consent: Consent, privacyCookiesEnabled: boolean): boolean {
  if (!privacyCookiesEnabled) return true;
  const category = COOKIE_CATEGORIES[name];
  if (!category) return true;
  return consent[category] === 1;
}

/** Whether the shopper allowed a category (every category, with privacy cookies switched off). */
export function isCategoryAllowed(category: ConsentCategory, consent: Consent, privacyCookiesEnabled: boolean): boolean {
  return !privacyCookiesEnabled || consent[category] === 1;
}

/**
 * Read when a cookie is written rather than when this module loads: server.ts imports it before it
 * has checked the environment, and a bad setting must stop start-up with its own message.
 */
function secureByDefault(): boolean {
  return storefrontConfig().secureCookies;
}

export interface CookieWrite {
  maxAgeMs?: number;
  httpOnly?: boolean;
  sameSite?: "lax" | "strict";
}

/**
 * The one place the storefront writes cookies. It applies the consent rules, defaults to
 * HttpOnly + SameSite=Lax + Secure (in production), and when a category is denied it also deletes
 * the cookies already set in that category.
 */
export class CookieJar {
  private readonly incoming: Record<string, string | undefined>;
  private readonly consent: Consent;
  private readonly out = new Map<string, string>();

  constructor(
    cookieHeader: string | null | undefined,
    private readonly privacyCookiesEnabled: boolean,
  ) {
    this.incoming = parseCookieHeader(cookieHeader ?? "");
    this.consent = parseConsent(this.incoming.userConsent);
  }

  get(name: string): string | undefined {
    return this.incoming[name];
  }

  /** Whether the shopper allowed this category (c1 analytical, c2 targeting, c9 functional). */
  allows(category: ConsentCategory): boolean {
    return isCategoryAllowed(category, this.consent, this.privacyCookiesEnabled);
  }

  /** Writes the cookie if consent allows; answers whether it was written. */
  set(name: string, value: string, options: CookieWrite = {}): boolean {
    if (!isCookieAllowed(name, this.consent, this.privacyCookiesEnabled)) return false;
    const opts: SerializeOptions = {
      path: "/",
      httpOnly: options.httpOnly ?? true,
      sameSite: options.sameSite ?? "lax",
      secure: secureByDefault(),
    };
    if (options.maxAgeMs !== undefined) opts.maxAge = Math.floor(options.maxAgeMs / 1000);
    this.out.set(name, serialize(name, value, opts));
    return true;
  }

  delete(name: string): void {
    this.out.set(name, serialize(name, "", { path: "/", maxAge: 0, expires: new Date(0), secure: secureByDefault(), httpOnly: true, sameSite: "lax" }));
  }

  /** Deletes cookies this browser holds in categories the shopper has denied. */
  enforceConsent(): void {
    if (!this.privacyCookiesEnabled) return;
    for (const [name, category] of Object.entries(COOKIE_CATEGORIES)) {
      if (this.incoming[name] !== undefined && this.consent[category] === 0) this.delete(name);
    }
  }

  /** The Set-Cookie header values to send. */
  setCookieHeaders(): string[] {
    return [...this.out.values()];
  }

  appendTo(headers: Headers): Headers {
    for (const value of this.out.values()) headers.append("Set-Cookie", value);
    return headers;
  }
}
