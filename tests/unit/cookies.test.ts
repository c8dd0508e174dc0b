import { describe, expect, it } from "vitest";
import { CookieJar, isCookieAllowed, parseConsent } from "../../app/lib/cookies.server";

describe("cookie permission rule", () => {
  const consent = parseConsent("c1:1|c2:0|c9:1");
  it("allows any cookie when privacy cookies are not enabled", () => {
    expect(isCookieAllowed("ranMID", consent, false)).toBe(true);
  });
  it("allows a cookie listed in no category", () => {
    expect(isCookieAllowed("webapp", consent, true)).toBe(true);
  });
  it("allows a categorised cookie only with consent 1", () => {
    expect(isCookieAllowed("utag_main", consent, true)).toBe(true);
    expect(isCookieAllowed("ranMID", consent, true)).toBe(false);
    expect(isCookieAllowed("recentlyViewed", parseConsent(""), true)).toBe(false);
  });
});

describe("the cookie writer", () => {
  it("writes HttpOnly, SameSite=Lax cookies on path /", () => {
    const jar = new CookieJar("", true);
    jar.set("webapp", "1", { maxAgeMs: 86_400_000 });
    const [header] = jar.setCookieHeaders();
    expect(header).toMatch(/^webapp=1; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax/);
  });
  it("refuses a cookie whose category is denied", () => {
    const jar = new CookieJar("userConsent=c2:0", true);
    expect(jar.set("ranMID", "abc")).toBe(false);
    expect(jar.setCookieHeaders()).toEqual([]);
  });
  it("deletes cookies already set in a denied category", () => {
    const jar = new CookieJar("userConsent=c1:0|c2:1; utag_main=x; ranMID=y", true);
    jar.enforceConsent();
    const headers = jar.setCookieHeaders();
    expect(headers).toHaveLength(1);
    expect(headers[0]).toMatch(/^utag_main=; Max-Age=0/);
  });
});
