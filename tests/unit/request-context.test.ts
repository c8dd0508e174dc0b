import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadStorefrontConfig } from "../../app/config.server";
import { storefrontContextFor } from "../../app/lib/request-context.server";

const settings = { brands: loadStorefrontConfig({}).brands, apiBaseUrl: "http://127.0.0.1:1", logger: pino({ level: "silent" }), privacyCookiesEnabled: true };
const decide = (path: string, host = "www.brewfront.com", cookieHeader?: string) =>
  storefrontContextFor({ url: new URL(path, "http://x"), host, cookieHeader, correlationId: "c", cspNonce: "n" }, settings);

describe("the storefront context of a request", () => {
  it("finds the brand and language", () => {
    const d = decide("/fr/c/coffee", "www.brewfront.ca");
    expect("context" in d && [d.context.brand.id, d.context.lang]).toEqual(["cab2c", "fr"]);
  });

  it("sends /fr/ on an English-only brand to the English page", () => {
    expect(decide("/fr/c/coffee?x=1")).toEqual({ redirect: "/c/coffee?x=1" });
  });

  it("remembers webapp=1 in a cookie, reads it back, and forgets it with webapp=0", () => {
    const first = decide("/?webapp=1");
    expect("context" in first && first.context.webapp).toBe(true);
    expect("setCookies" in first && first.setCookies[0]).toMatch(/^webapp=1;/);
    const later = decide("/", "www.brewfront.com", "webapp=1");
    expect("context" in later && later.context.webapp).toBe(true);
    const off = decide("/?webapp=0", "www.brewfront.com", "webapp=1");
    expect("context" in off && off.context.webapp).toBe(false);
    expect("setCookies" in off && off.setCookies[0]).toMatch(/^webapp=; Max-Age=0/);
  });

  it("carries the CMS preview ticket", () => {
    const d = decide("/?cmsTicketId=abc123");
    expect("context" in d && d.context.cmsTicketId).toBe("abc123");
  });
});
