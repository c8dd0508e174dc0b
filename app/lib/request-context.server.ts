import type { Logger } from "pino";
import type { BrandId } from "../../commerce/contract/common";
import type { BrandFacts } from "../../commerce/contract/brands";
import { langFromPath, resolveBrandId, stripFrenchPrefix } from "../brands/resolve.server";
import type { StorefrontContext } from "./context";
import { CookieJar, DAY_MS } from "./cookies.server";

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
 * web-app wrapper (webapp=1 is remembered in a cookie, webapp=0 forgets it), the CMS preview
 * ticket, and the consent rules applied to cookies already set.
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
  jar.enforceConsent();
  return {
    setCookies: jar.setCookieHeaders(),
    context: {
      brand,
      lang: langFromPath(brand, url.pathname),
      correlationId: req.correlationId,
      cspNonce: req.cspNonce,
      webapp,
      cmsTicketId: url.searchParams.get("cmsTicketId")?.slice(0, 120) || undefined,
      apiBaseUrl: settings.apiBaseUrl,
      logger: settings.logger,
      privacyCookiesEnabled: settings.privacyCookiesEnabled,
    },
  };
}
