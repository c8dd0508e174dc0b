import type { Logger } from "pino";
import { AffiliateMerchantIdSchema, AffiliateSiteIdSchema } from "../../commerce/contract/affiliate";
import type { BrandId } from "../../commerce/contract/common";
import type { BrandFacts } from "../../commerce/contract/brands";
import { langFromPath, resolveBrandId, stripFrenchPrefix } from "../brands/resolve.server";
import type { StorefrontContext } from "./context";
import { rememberVisit } from "./analytics.server";
import { CLIENT_LOGGING_COOKIE } from "./monitoring";
import { AFFILIATE_COOKIE_DAYS, CookieJar, DAY_MS } from "./cookies.server";

export interface RequestFacts {
  url: URL;
  host: string | undefined;
  cookieHeader: string | undefined;
  correlationId: string;
  cspNonce: string;
}

export interface Settings {
  brands: Record<BrandId, BrandFacts>;
  apiBaseUrl: string;
  logger: Logger;
  privacyCookiesEnabled: boolean;
}

export type ContextDecision = { redirect: string } | { context: StorefrontContext; setCookies: string[] };

/**
 * Who is asking, from what the request carries: brand by host or ?site=, language by /fr/, the
 * web-app wrapper (webapp=1 is remembered in a cookie, webapp=0 forgets it), client logging
 * (clientLogging=on and =off, the same way), the affiliate a shopper landed through, the analytics
 * visit (utag_main, with consent), the CMS preview ticket, and the consent rules applied to cookies
 * already set.
 */
export function storefrontContextFor(req: RequestFacts, settings: Settings): ContextDecision {
  const { url } = req;
  const brand = settings.brands[resolveBrandId(settings.brands, req.host, url.searchParams.get("site"))];
  if (!brand.languages.includes("fr")) {
    const stripped = stripFrenchPrefix(url.pathname);
    if (stripped) return { redirect: `${stripped}${url.search}` };
  }
  const jar = new CookieJar(req.cookieHeader, settings.privacyCookiesEnabled);
  let webapp = jar.get("webapp") === "1";
  const webappParam = url.searchParams.get("webapp");
  if (webappParam === "1" && !webapp) {
    jar.set("webapp", "1", { maxAgeMs: 30 * DAY_MS });
    webapp = true;
  } else if (webappParam === "0" && webapp) {
    jar.delete("webapp");
    webapp = false;
  }
  const clientLogging = clientLoggingChoice(jar, url.searchParams);
  rememberAffiliate(jar, url.searchParams);
  rememberVisit(jar, Date.now());
  jar.enforceConsent();
  return {
    setCookies: jar.setCookieHeaders(),
    context: {
      brand,
      lang: langFromPath(brand, url.pathname),
      correlationId: req.correlationId,
      cspNonce: req.cspNonce,
      webapp,
      clientLogging,
      cmsTicketId: url.searchParams.get("cmsTicketId")?.slice(0, 120) || undefined,
      apiBaseUrl: settings.apiBaseUrl,
      logger: settings.logger,
      privacyCookiesEnabled: settings.privacyCookiesEnabled,
    },
  };
}

/** How long a browser keeps reporting its errors once support has turned it on (decision 083). */
export const CLIENT_LOGGING_DAYS = 1;

/**
 * The browser reports its own errors only while the `clientLogging` cookie is on (spec: client
 * logging is off by default, controlled by a cookie). Customer service turns it on by sending a
 * shopper to any page with `?clientLogging=on`; `?clientLogging=off` turns it off, and it ends by
 * itself after a day.
 */
function clientLoggingChoice(jar: CookieJar, params: URLSearchParams): boolean {
  const asked = params.get(CLIENT_LOGGING_COOKIE);
  if (asked === "on") {
    jar.set(CLIENT_LOGGING_COOKIE, "on", { maxAgeMs: CLIENT_LOGGING_DAYS * DAY_MS });
    return true;
  }
  if (asked === "off") {
    if (jar.get(CLIENT_LOGGING_COOKIE) !== undefined) jar.delete(CLIENT_LOGGING_COOKIE);
    return false;
  }
  return jar.get(CLIENT_LOGGING_COOKIE) === "on";
}

/**
 * A landing with ranMID (and ranSiteID) keeps the affiliate for 180 days, in targeting cookies:
 * without that consent nothing is kept (decision 078). A malformed id is ignored, and a landing
 * through another affiliate replaces the earlier one, site id included.
 */
function rememberAffiliate(jar: CookieJar, params: URLSearchParams): void {
  if (!params.has("ranMID")) return;
  const merchant = AffiliateMerchantIdSchema.safeParse(params.get("ranMID"));
  if (!merchant.success) return;
  const lifetime = { maxAgeMs: AFFILIATE_COOKIE_DAYS * DAY_MS };
  if (!jar.set("ranMID", merchant.data, lifetime)) return;
  const site = AffiliateSiteIdSchema.safeParse(params.get("ranSiteID"));
  if (site.success) jar.set("ranSiteID", site.data, lifetime);
  else if (jar.get("ranSiteID") !== undefined) jar.delete("ranSiteID");
}
