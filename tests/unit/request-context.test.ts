import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadStorefrontConfig } from "../../app/config.server";
import { affiliateOf } from "../../app/lib/checkout-forms.server";
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

describe("an affiliate's landing (ranMID, ranSiteID)", () => {
  const cookies = (d: ReturnType<typeof decide>) => ("setCookies" in d ? d.setCookies : []);
  const TARGETING = "userConsent=c1:0|c2:1|c9:1";

  it("keeps the merchant and the site for 180 days with targeting consent", () => {
    const set = cookies(decide("/c/coffee?ranMID=43210&ranSiteID=pub-42.link_7", "www.brewfront.com", TARGETING));
    expect(set.find((c) => c.startsWith("ranMID="))).toMatch(/^ranMID=43210; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax/);
    expect(set.find((c) => c.startsWith("ranSiteID="))).toMatch(/^ranSiteID=pub-42.link_7; Max-Age=15552000;/);
  });

  it("keeps nothing without targeting consent, and deletes what an earlier landing kept once it is withdrawn", () => {
    expect(cookies(decide("/?ranMID=43210&ranSiteID=pub-42", "www.brewfront.com"))).toEqual([]);
    const withdrawn = cookies(decide("/?ranMID=43210", "www.brewfront.com", "userConsent=c2:0; ranMID=111; ranSiteID=pub-1"));
    expect(withdrawn.filter((c) => c.startsWith("ranMID=") || c.startsWith("ranSiteID="))).toEqual([
      expect.stringMatching(/^ranMID=; Max-Age=0/),
      expect.stringMatching(/^ranSiteID=; Max-Age=0/),
    ]);
  });

  it("ignores an id out of shape, and a new merchant without a site forgets the earlier site", () => {
    expect(cookies(decide("/?ranMID=%3Cscript%3E", "www.brewfront.com", TARGETING))).toEqual([]);
    const replaced = cookies(decide("/?ranMID=999", "www.brewfront.com", `${TARGETING}; ranMID=111; ranSiteID=pub-1`));
    expect(replaced).toEqual([expect.stringMatching(/^ranMID=999;/), expect.stringMatching(/^ranSiteID=; Max-Age=0/)]);
  });
});

describe("the affiliate an order is sent with", () => {
  const jar = (values: Record<string, string>) => (name: string) => values[name];

  it("is the merchant and site the cookies keep, the merchant alone when the site is out of shape, and none without a merchant", () => {
    expect(affiliateOf(jar({ ranMID: "43210", ranSiteID: "pub-42" }))).toEqual({ merchantId: "43210", siteId: "pub-42" });
    expect(affiliateOf(jar({ ranMID: "43210", ranSiteID: "a b" }))).toEqual({ merchantId: "43210" });
    expect(affiliateOf(jar({ ranSiteID: "pub-42" }))).toBeUndefined();
    expect(affiliateOf(jar({ ranMID: "no way" }))).toBeUndefined();
  });
});
