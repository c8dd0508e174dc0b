import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadStorefrontConfig } from "../../app/config.server";
import { formatVisit, isRepeatVisitor, parseVisit, rememberVisit, visitAt } from "../../app/lib/analytics.server";
import { CookieJar } from "../../app/lib/cookies.server";
import { storefrontContextFor } from "../../app/lib/request-context.server";

const settings = { brands: loadStorefrontConfig({}).brands, apiBaseUrl: "http://127.0.0.1:1", logger: pino({ level: "silent" }), privacyCookiesEnabled: true };
const setCookies = (cookieHeader?: string, privacyCookiesEnabled = true) => {
  const d = storefrontContextFor(
    { url: new URL("/c/coffee", "http://x"), host: "www.brewfront.com", cookieHeader, correlationId: "c", cspNonce: "n" },
    { ...settings, privacyCookiesEnabled },
  );
  return "setCookies" in d ? d.setCookies : [];
};
const utagMain = (headers: string[]) => headers.find((h) => h.startsWith("utag_main="));
const NOW = Date.UTC(2026, 10, 28, 12);
const VISITOR = "0123456789abcdef0123456789abcdef";
const visitCookie = (sessionNumber: number, sessionEnds: number) => encodeURIComponent(formatVisit({ visitorId: VISITOR, sessionNumber, sessionEnds }));

describe("the analytics cookie utag_main is written only with analytics consent (c1)", () => {
  it("is written for a year, HttpOnly, when the shopper allowed analytics", () => {
    const written = utagMain(setCookies("userConsent=c1:1|c2:0|c9:0"));
    expect(written).toMatch(/^utag_main=v_id%3A[0-9a-f]{32}%24_sn%3A1%24_st%3A\d+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it("is not written before the shopper answered, nor with analytics denied", () => {
    expect(utagMain(setCookies(undefined))).toBeUndefined();
    expect(utagMain(setCookies("userConsent=c1:0|c2:1|c9:1"))).toBeUndefined();
  });

  it("is deleted when analytics consent is withdrawn, with the affiliate cookies when targeting is", () => {
    const withdrawn = setCookies(`userConsent=c1:0|c2:0|c9:1; utag_main=${visitCookie(2, NOW)}; ranMID=111; ranSiteID=pub-1`);
    expect(withdrawn).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^utag_main=; Max-Age=0/),
        expect.stringMatching(/^ranMID=; Max-Age=0/),
        expect.stringMatching(/^ranSiteID=; Max-Age=0/),
      ]),
    );
    expect(withdrawn).toHaveLength(3);
  });

  it("is written without asking when privacy cookies are switched off", () => {
    expect(utagMain(setCookies(undefined, false))).toMatch(/^utag_main=v_id/);
  });
});

describe("a visit in utag_main", () => {
  const allowed = () => new CookieJar(`userConsent=c1:1; utag_main=${visitCookie(3, NOW + 20 * 60_000)}`, true);

  it("keeps the visitor and the session while it lasts, and starts the next session after 30 minutes without a page", () => {
    const earlier = { visitorId: VISITOR, sessionNumber: 3, sessionEnds: NOW + 60_000 };
    expect(visitAt(earlier, NOW, () => "new")).toEqual({ visitorId: VISITOR, sessionNumber: 3, sessionEnds: NOW + 30 * 60_000 });
    expect(visitAt(earlier, NOW + 120_000, () => "new").sessionNumber).toBe(4);
    expect(visitAt(undefined, NOW, () => "new")).toEqual({ visitorId: "new", sessionNumber: 1, sessionEnds: NOW + 30 * 60_000 });
  });

  it("is written again only when its session has less than 25 minutes left", () => {
    const fresh = new CookieJar(`userConsent=c1:1; utag_main=${visitCookie(3, NOW + 29 * 60_000)}`, true);
    rememberVisit(fresh, NOW);
    expect(fresh.setCookieHeaders()).toEqual([]);
    const jar = allowed();
    rememberVisit(jar, NOW);
    expect(jar.setCookieHeaders()[0]).toContain(encodeURIComponent(`v_id:${VISITOR}$_sn:3$_st:${NOW + 30 * 60_000}`));
  });

  it("counts a repeat visitor from the second session on", () => {
    expect(isRepeatVisitor(undefined, NOW)).toBe(false);
    expect(isRepeatVisitor(formatVisit({ visitorId: VISITOR, sessionNumber: 1, sessionEnds: NOW + 60_000 }), NOW)).toBe(false);
    expect(isRepeatVisitor(formatVisit({ visitorId: VISITOR, sessionNumber: 1, sessionEnds: NOW - 60_000 }), NOW)).toBe(true);
    expect(isRepeatVisitor(formatVisit({ visitorId: VISITOR, sessionNumber: 2, sessionEnds: NOW + 60_000 }), NOW)).toBe(true);
  });

  it("starts afresh from a cookie out of shape", () => {
    expect(parseVisit("v_id:<script>$_sn:2$_st:1")).toBeUndefined();
    expect(parseVisit(`v_id:${VISITOR}$_sn:0$_st:1`)).toBeUndefined();
    expect(parseVisit(`v_id:${VISITOR}$_sn:2$_st:${NOW}`)).toEqual({ visitorId: VISITOR, sessionNumber: 2, sessionEnds: NOW });
  });
});
