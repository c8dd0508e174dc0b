import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadStorefrontConfig } from "../../app/config.server";
import { contentSecurityPolicy } from "../../app/lib/http-security.server";
import { monitoringTags, scrubEvent, scrubText, visitorKind } from "../../app/lib/monitoring";
import { storefrontContextFor } from "../../app/lib/request-context.server";

describe("what a report carries about its request", () => {
  it("tags the correlation id, brand, language and kind of visitor, and nothing else", () => {
    expect(monitoringTags({ correlationId: "c-1", brand: "cab2c", lang: "fr", visitor: "customer", url: "http://x/?q=1", method: "GET" })).toEqual({
      correlation_id: "c-1",
      brand: "cab2c",
      lang: "fr",
      visitor: "customer",
    });
  });

  it("leaves out what is not known (a process error has no brand or language)", () => {
    expect(monitoringTags({ correlationId: "c-2" })).toEqual({ correlation_id: "c-2" });
  });

  it("names the visitor a guest, a customer or an agent, never who they are", () => {
    expect(visitorKind(undefined)).toBe("guest");
    expect(visitorKind({})).toBe("guest");
    expect(visitorKind({ customer: { id: "ada@example.com" } })).toBe("customer");
    expect(visitorKind({ agent: { id: "agent-1" }, customer: undefined })).toBe("agent");
  });
});

describe("card numbers", () => {
  it("are masked in a text, grouped or not; an order number or a timestamp is left alone", () => {
    expect(scrubText("paid with 4242 4242 4242 4242 and 5555-5555-5555-4444 and 378282246310005")).toBe("paid with [card] and [card] and [card]");
    expect(scrubText("order 100000000001 at 1795883864136")).toBe("order 100000000001 at 1795883864136");
    // 1795890077435 passes the Luhn check, as one timestamp in ten does: no card starts with 1.
    expect(scrubText("correlation 104a98aaf97819fe9b8a48cffd5c192f-1795890077435")).toBe("correlation 104a98aaf97819fe9b8a48cffd5c192f-1795890077435");
  });
});

describe("e-mail addresses", () => {
  it("are masked in a text and, percent-encoded, in a URL, without taking the rest of the URL", () => {
    expect(scrubText("no account for Ada.Lovelace+shop@example.co.uk")).toBe("no account for [email]");
    expect(scrubText("http://www.brewfront.com/login?next=/cart&user=ada%40example.com")).toBe("http://www.brewfront.com/login?next=/cart&user=[email]");
  });
});

describe("a URL's query", () => {
  it("keeps harmless values and masks card, secret, token, e-mail and code values", () => {
    expect(scrubText("/checkout?step=2&cardNumber=12&cvc=123&access_token=abc&password=pw&email=x&code=oauth&q=decaf")).toBe(
      "/checkout?step=2&cardNumber=[redacted]&cvc=[redacted]&access_token=[redacted]&password=[redacted]&email=[redacted]&code=[redacted]&q=decaf",
    );
  });
});

describe("a report scrubbed before it leaves (beforeSend)", () => {
  const event = {
    event_id: "e1",
    message: "charge failed for ada@example.com",
    tags: { correlation_id: "c-3", brand: "usb2c" },
    exception: { values: [{ type: "Error", value: "card 4242424242424242 declined for ada@example.com" }] },
    request: {
      url: "https://www.brewfront.com/checkout?email=ada%40example.com&step=pay",
      method: "POST",
      query_string: "email=ada%40example.com&step=pay",
      data: "cardNumber=4242424242424242&cvc=123",
      cookies: { SESSION: "s" },
      headers: { "user-agent": "Firefox", cookie: "SESSION=s", authorization: "Bearer t", Authorization: "Bearer t" },
    },
    user: { id: "visitor-7", email: "ada@example.com", ip_address: "203.0.113.9", username: "ada" },
    extra: { payment: { cardNumber: "4242424242424242", cvc: "123", securityCode: "123", last4: "4242" }, refreshToken: "r", password: "p" },
    breadcrumbs: [{ category: "fetch", data: { url: "/api?token=abc" }, message: "POST /cart ada@example.com" }],
  };

  const scrubbed = scrubEvent(event);

  it("drops the request's body, cookies and Authorization header, and keeps its other headers", () => {
    expect(scrubbed.request).toEqual({
      url: "https://www.brewfront.com/checkout?email=[redacted]&step=pay",
      method: "POST",
      query_string: "email=[redacted]&step=pay",
      headers: { "user-agent": "Firefox" },
    });
  });

  it("drops card fields, tokens and passwords wherever they sit", () => {
    expect(scrubbed.extra).toEqual({ payment: { last4: "4242" } });
  });

  it("keeps only a non-personal id of the user", () => {
    expect(scrubbed.user).toEqual({ id: "visitor-7" });
    expect(scrubEvent({ user: { id: "ada@example.com" } })).toEqual({});
  });

  it("masks addresses and card numbers in the message, the error and the breadcrumbs, and keeps the tags", () => {
    expect(scrubbed.message).toBe("charge failed for [email]");
    expect(scrubbed.exception.values[0]!.value).toBe("card [card] declined for [email]");
    expect(scrubbed.breadcrumbs).toEqual([{ category: "fetch", message: "POST /cart [email]" }]);
    expect(scrubbed.tags).toEqual({ correlation_id: "c-3", brand: "usb2c" });
    expect(scrubbed.event_id).toBe("e1");
  });

  it("leaves nothing of the secrets anywhere in the report", () => {
    const text = JSON.stringify(scrubbed);
    for (const secret of ["ada@example.com", "ada%40example.com", "4242424242424242", "Bearer", "203.0.113.9", '"123"', "SESSION"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("does not change the event it was given", () => {
    expect(event.request.cookies).toEqual({ SESSION: "s" });
  });
});

describe("SENTRY_DSN", () => {
  it("is off unless set", () => {
    expect(loadStorefrontConfig({}).errorMonitoring).toEqual({ dsn: undefined, environment: "production", tracesSampleRate: 0 });
  });

  it("takes a DSN and a traces sample rate; the environment is the store's", () => {
    const config = loadStorefrontConfig({ NODE_ENV: "development", SENTRY_DSN: "https://abc123@o1.ingest.sentry.io/42", SENTRY_TRACES_SAMPLE_RATE: "0.1" });
    expect(config.errorMonitoring).toEqual({ dsn: "https://abc123@o1.ingest.sentry.io/42", environment: "development", tracesSampleRate: 0.1 });
  });

  it("refuses an address without a key or a project", () => {
    expect(() => loadStorefrontConfig({ SENTRY_DSN: "https://o1.ingest.sentry.io/42" })).toThrow(/SENTRY_DSN/);
    expect(() => loadStorefrontConfig({ SENTRY_DSN: "https://abc@o1.ingest.sentry.io/" })).toThrow(/SENTRY_DSN/);
    expect(() => loadStorefrontConfig({ SENTRY_TRACES_SAMPLE_RATE: "2" })).toThrow(/SENTRY_TRACES_SAMPLE_RATE/);
  });
});

describe("the CSP's connect-src", () => {
  it("is the store alone without a monitoring service, and adds the service's origin with one", () => {
    expect(contentSecurityPolicy("n")).toContain("connect-src 'self';");
    expect(contentSecurityPolicy("n", false, { reportOrigin: "https://o1.ingest.sentry.io" })).toContain("connect-src 'self' https://o1.ingest.sentry.io;");
  });
});

describe("client logging (the clientLogging cookie)", () => {
  const settings = {
    brands: loadStorefrontConfig({}).brands,
    apiBaseUrl: "http://127.0.0.1:1",
    logger: pino({ level: "silent" }),
    privacyCookiesEnabled: true,
  };
  const decide = (path: string, cookieHeader?: string) =>
    storefrontContextFor({ url: new URL(path, "http://x"), host: "www.brewfront.com", cookieHeader, correlationId: "c", cspNonce: "n" }, settings);
  const logging = (d: ReturnType<typeof decide>) => ("context" in d ? d.context.clientLogging : undefined);
  const cookies = (d: ReturnType<typeof decide>) => ("setCookies" in d ? d.setCookies : []);

  it("is off by default, whatever consent the shopper gave", () => {
    expect(logging(decide("/"))).toBe(false);
    expect(logging(decide("/", "userConsent=c1:1|c2:1|c9:1"))).toBe(false);
  });

  it("is turned on by ?clientLogging=on for a day, HttpOnly, even with only necessary cookies allowed", () => {
    const on = decide("/?clientLogging=on", "userConsent=c1:0|c2:0|c9:0");
    expect(logging(on)).toBe(true);
    expect(cookies(on)).toEqual([expect.stringMatching(/^clientLogging=on; Max-Age=86400; Path=\/; .*HttpOnly/)]);
    expect(logging(decide("/cart", "clientLogging=on"))).toBe(true);
  });

  it("is turned off by ?clientLogging=off, and a cookie with another value is off", () => {
    const off = decide("/?clientLogging=off", "clientLogging=on");
    expect(logging(off)).toBe(false);
    expect(cookies(off)).toEqual([expect.stringMatching(/^clientLogging=; Max-Age=0/)]);
    expect(logging(decide("/", "clientLogging=1"))).toBe(false);
  });
});
