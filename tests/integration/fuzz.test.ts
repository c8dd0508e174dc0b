import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { type RunningStore, startStore } from "../support/server";

/**
 * A bounded, seeded fuzz run over every API operation the OpenAPI document lists and every
 * storefront page and form, with hostile bodies, headers and request targets. The store must
 * answer every request with less than 500 and stay healthy. The seed makes a failure repeatable:
 * FUZZ_SEED=n reruns one sequence, FUZZ_REQUESTS=n changes the count.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const ADMIN_KEY = "fuzz-operator-key-0123456789abcdef";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore({ env: { ADMIN_API_KEY: ADMIN_KEY, LOG_LEVEL: "warn" } });
});
afterAll(async () => {
  await store?.stop();
});

function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick, chance: (p: number) => next() < p };
}

const HOSTILE_TEXT = [
  "",
  "x",
  "5001-SMRG-KC-24",
  "5001-SMRG",
  "%00",
  "%",
  "%E0%A4%A",
  "..%2F..%2Fetc%2Fpasswd",
  "'\"><script>alert(1)</script>",
  "' OR 1=1 --",
  "A".repeat(3000),
  "caf%C3%A9",
  "%F0%9F%98%80",
  "-1",
  "1e999",
  "NaN",
  "null",
  "[object Object]",
  "__proto__",
  "constructor",
  "%0D%0ASet-Cookie:%20x=1",
  "freeText:sort:price:x",
  ":relevance:allCategories:coffee:price:zzz",
  "::::::::",
];
const QUERY_KEYS = [
  "fields",
  "lang",
  "curr",
  "query",
  "q",
  "currentPage",
  "pageSize",
  "sort",
  "codes",
  "productCodes",
  "code",
  "page",
  "price",
  "roast",
  "brand",
  "callback",
  "image",
  "text",
  "term",
  "cmsTicketId",
  "returnTo",
  "site",
  "ids",
  "categoryCode",
  "componentIds",
  "name",
  "webapp",
];
const QUERY_VALUES = [
  ...HOSTILE_TEXT,
  "FULL",
  "BASIC",
  "fr",
  "en",
  "de",
  "CAD",
  "USD",
  "EUR",
  "0",
  "2",
  "100000",
  "price-asc",
  "relevance",
  "coffee",
  "document.body.remove",
  "a.b.c",
  "cb_1",
];
/** Authorization headers: real tokens (filled in before the run), forged, truncated and foreign ones. */
const AUTHORIZATIONS = [
  "Bearer x",
  "Bearer",
  "Bearer " + "a".repeat(5000),
  "Basic Zm9vOmJhcg==",
  // alg "none": must never be accepted.
  "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwic2l0ZSI6InVzYjJjIiwicm9sZSI6ImFnZW50In0.",
  "Bearer eyJhbGciOiJIUzI1NiJ9.e30.AAAA",
  "bearer %00",
];
const BRANDS = ["usb2c", "cab2c", "usafh", "xx", "USB2C", "..", "%00"];
const HOSTS = [
  "localhost",
  "www.brewfront.ca",
  "commercial.brewfront.com",
  "brewfront.com",
  "evil.example",
  "",
  "a b",
  "localhost:99999",
  "[::1]",
  "x".repeat(300),
  "localhost\t",
  "www.brewfront.com.evil.example",
];
const PAGES = [
  "/",
  "/fr/",
  "/c/coffee",
  "/c/brewers",
  "/c/Coffee",
  "/fr/c/coffee",
  "/search",
  "/fr/recherche",
  "/compare",
  "/content/support/email-us-page",
  "/Coffee/breakfast-blend/p/5001-SMRG-KC-24",
  "/Coffee/breakfast-blend/p/5001-SMRG",
  "/perfectcup",
  "/perfectcup/results?answers=coffee.dark.bold.regular.pods",
  "/fr/perfectcup/results?answers=tea.light.herbal+fruity.none.either",
  "/coffeemakerquiz",
  "/coffeemakerquiz/results?codes=8003-BFBR,8004-BFBR",
  "/Coffee-Makers/x/p/8001-BRWF-K-SLIM",
  "/api/suggestions",
  "/sitemap.xml",
  "/sitemap/products-0.xml",
  "/robots.txt",
  "/notify-me",
  "/newsletter",
  "/consent",
  "/healthz",
  "/readyz",
  "/rest/v2/openapi.json",
];
const FORMS = [
  "/newsletter",
  "/notify-me",
  "/consent",
  "/?index",
  "/c/coffee",
  "/search",
  "/Coffee/breakfast-blend/p/5001-SMRG-KC-24",
  "/perfectcup?index",
  "/coffeemakerquiz?index",
];
const ODD_TARGETS = [
  "*",
  "http://evil.example/",
  "//%09/evil.example",
  "/%0A/x",
  "/%09/evil.example",
  "//evil.example/",
  "/\\evil.example",
  "/..%2f..%2f",
  "/%",
  "/%ZZ",
  "/c/%00",
  "/" + "a/".repeat(500),
  "/?" + "x=1&".repeat(2000),
];
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE", "PROPFIND", "CONNECT"];
const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "application/json",
  "text/plain",
  "application/xml",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data",
  "",
  "application/x-www-form-urlencoded; charset=utf-7",
  "text/html",
];

function hostileBody(g: ReturnType<typeof generator>, contentType: string): string {
  const field = () =>
    `${encodeURIComponent(
      g.pick([
        "email",
        "productCode",
        "consent",
        "returnTo",
        "lang",
        "site",
        "intent",
        "_data",
        "__proto__[x]",
        "a[b][c]",
        "grant_type",
        "username",
        "password",
        "refresh_token",
        "client_id",
        "client_secret",
        "token",
        "qty",
        "cartGuid",
        "entryType",
        "podsAtHomeQty",
        "couponCode",
        "voucherId",
      ]),
    )}=${g.pick([...QUERY_VALUES, "password", "refresh_token", "client_credentials", "storefront", "agent"])}`;
  switch (g.pick(["form", "json", "broken", "xml", "multipart", "big", "empty"])) {
    case "form":
      return Array.from({ length: 1 + Math.floor(g.next() * 5) }, field).join("&");
    case "json":
      return JSON.stringify({
        email: g.pick(QUERY_VALUES),
        productCode: g.pick(QUERY_VALUES),
        stockLevel: g.pick([5, -1, "x", null, 1e20, {}]),
        firstName: g.pick(QUERY_VALUES),
        lastName: g.pick([...QUERY_VALUES, ["a"], 7]),
        password: g.pick([...QUERY_VALUES, "correct horse battery", 12345678]),
        newPassword: g.pick([...QUERY_VALUES, "x".repeat(200)]),
        currentPassword: g.pick(QUERY_VALUES),
        token: g.pick(QUERY_VALUES),
        customerId: g.pick(QUERY_VALUES),
        line1: g.pick(QUERY_VALUES),
        town: g.pick(QUERY_VALUES),
        region: g.pick(["ON", "NY", "ZZ", "", "__proto__", 1]),
        postalCode: g.pick(["K1A 0B1", "12207", "%00", "", null]),
        country: g.pick(["US", "CA", "FR", null, {}]),
        isDefault: g.pick([true, "true", null, {}]),
        // The cart's fields: quantities, guids, entry types and numbers as shoppers and scripts send them.
        qty: g.pick([1, 0, -1, 24, 25, 1.5, "3", "", "x", null, 1e20, [], {}]),
        entryType: g.pick(["STD", "ADC", "ADCF", "ADF", "", "std", 3, null]),
        podsAtHomeQty: g.pick(["", "12", "x", -1, 1e9, null]),
        cartGuid: g.pick(["", "0".repeat(32), "f".repeat(32), "x", g.pick(QUERY_VALUES)]),
        anonymousCartGuid: g.pick(["0".repeat(32), "", "x"]),
        entryNumber: g.pick([0, 1, -1, "0", "x", 1e20, null]),
        entries: g.pick([[], [{ productCode: "5001-SMRG-KC-24", qty: 2 }], "x", [null], Array(30).fill({ productCode: "x" })]),
        price: g.pick([0, -1, "free"]),
        couponCode: g.pick(["SAVE10", "save10", "PODS15", "SPRING2024", "", " ", "x".repeat(40), "<b>", null, 7, {}, ["SAVE10"]]),
        voucherId: g.pick(["FIRST5", "", "%00", null, []]),
        nested: { __proto__: { polluted: true } },
      });
    case "broken":
      return g.pick(['{"email":', "{{{{", "\u0000\u0001\u0002", "%%%%", "email=%E0%A4%A&x"]);
    case "xml":
      return '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>';
    case "multipart":
      return contentType.includes("boundary=xyz") ? '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nx@example.com\r\n--xyz' : "--nope\r\n\r\n";
    case "big":
      return `email=${"a".repeat(200_000)}`;
    default:
      return "";
  }
}

interface Answer {
  status: number;
  body: string;
}

/** Sends bytes as written (node's http client refuses hostile hosts and odd targets) and reads the status. */
function rawRequest(port: number, head: string, body: string): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    let received = "";
    const done = () => {
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      resolve({ status: match ? Number(match[1]) : 0, body: received });
    };
    socket.setTimeout(15_000, () => socket.destroy());
    socket.on("data", (chunk) => {
      if (received.length < 64_000) received += chunk.toString("latin1");
    });
    socket.on("error", done);
    socket.on("close", done);
    socket.write(head + body, "latin1");
  });
}

function requestText(g: ReturnType<typeof generator>, apiPaths: string[]): { label: string; head: string; body: string } {
  const kind = g.pick(["api", "api", "api", "page", "page", "form", "form", "odd"]);
  let method = "GET";
  let target: string;
  if (kind === "api") {
    const template = g.pick(apiPaths);
    target = template
      .replace(/\{brand\}|:brand/g, () => (g.chance(0.8) ? g.pick(["usb2c", "cab2c", "usafh"]) : g.pick(BRANDS)))
      .replace(/\{[^}]+\}|:[a-zA-Z]+/g, () => g.pick(HOSTILE_TEXT));
    method = g.chance(0.7)
      ? template.includes("alertMe") ||
        template.includes("newsletter") ||
        /token$|confirmations|forgottenpassword|resetpassword|sessions$|\/users$/.test(template)
        ? "POST"
        : template.includes("/stock/")
          ? "PUT"
          : "GET"
      : g.pick(METHODS);
  } else if (kind === "page") {
    target = g.pick(PAGES);
    method = g.chance(0.85) ? "GET" : g.pick(METHODS);
  } else if (kind === "form") {
    target = g.pick(FORMS);
    method = "POST";
  } else {
    target = g.pick(ODD_TARGETS);
    method = g.pick(METHODS);
  }
  if (target !== "*" && !target.startsWith("http") && g.chance(0.6)) {
    const params = Array.from({ length: 1 + Math.floor(g.next() * 4) }, () => `${g.pick(QUERY_KEYS)}=${g.pick(QUERY_VALUES)}`).join("&");
    target += (target.includes("?") ? "&" : "?") + params;
  }
  const host = g.chance(0.75) ? `127.0.0.1:${store.port}` : g.pick(HOSTS);
  const headers: string[] = [`Host: ${host}`, "Connection: close"];
  if (g.chance(0.2)) headers.push(`X-Forwarded-Host: ${g.pick(HOSTS)}`);
  if (g.chance(0.1)) headers.push(`X-Forwarded-Proto: ${g.pick(["https", "gopher", "", "http, https"])}`);
  if (g.chance(0.3)) headers.push(`Authorization: ${g.pick(AUTHORIZATIONS)}`);
  if (target.includes("/stock/")) headers.push(`X-Admin-Key: ${g.chance(0.5) ? ADMIN_KEY : g.pick(["", "x", ADMIN_KEY.slice(0, -1)])}`);
  if (g.chance(0.3))
    headers.push(
      `Cookie: ${g.pick(["userConsent=c1:1|c2:0|c9:1", "userConsent=%%%", "recentlyViewed=" + g.pick(HOSTILE_TEXT), "a".repeat(5000) + "=1", "webapp=1; appliedCategoryCoupons=%00", "perfectCupAnswers=" + g.pick(HOSTILE_TEXT), "brewerQuizProducts=" + g.pick(HOSTILE_TEXT)])}`,
    );
  let body = "";
  if (method === "POST" || method === "PUT" || method === "PATCH" || (method === "DELETE" && g.chance(0.3))) {
    const origin = g.pick([`http://127.0.0.1:${store.port}`, `http://127.0.0.1:${store.port}`, "null", "http://evil.example", ""]);
    if (origin) headers.push(`Origin: ${origin}`);
    if (origin === "null" || g.chance(0.2)) headers.push(`Referer: http://127.0.0.1:${store.port}/c/coffee`);
    const contentType = g.pick(CONTENT_TYPES);
    if (contentType) headers.push(`Content-Type: ${contentType}`);
    if (g.chance(0.2)) headers.push("Accept: application/json");
    body = hostileBody(g, contentType);
    headers.push(`Content-Length: ${Buffer.byteLength(body, "latin1")}`);
  }
  return {
    label: `${method} ${target.slice(0, 120)} (Host: ${host.slice(0, 40)})`,
    head: `${method} ${target} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`,
    body,
  };
}

describe("hostile requests", () => {
  it(`answers ${REQUESTS} seeded hostile requests without a 5xx and stays healthy`, { timeout: 300_000 }, async () => {
    const openapi = (await (await fetch(`${store.url}/rest/v2/openapi.json`)).json()) as { paths: Record<string, unknown> };
    // The token endpoint names its own server (it lives outside /rest/v2).
    const apiPaths = Object.keys(openapi.paths).map((p) => (p.startsWith("/rest/") || p.startsWith("/authorizationserver/") ? p : `/rest/v2${p}`));
    expect(apiPaths.length).toBeGreaterThan(0);

    // Real tokens too, so the signed-in paths are reached: a customer's and an agent's.
    for (const [username, client_id] of [
      ["demo.customer@example.com", "storefront"],
      ["demo.agent@example.com", "agent"],
    ]) {
      const res = await fetch(`${store.url}/authorizationserver/oauth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "password", username, password: DEMO_PASSWORD, client_id, site: "usb2c" }).toString(),
      });
      expect(res.status).toBe(200);
      const { access_token } = (await res.json()) as { access_token: string };
      AUTHORIZATIONS.push(`Bearer ${access_token}`, `Bearer ${access_token.slice(0, -2)}`);
    }

    const g = generator(SEED);
    const requests = Array.from({ length: REQUESTS }, () => requestText(g, apiPaths));
    const failures: string[] = [];
    let cursor = 0;
    const worker = async () => {
      while (cursor < requests.length) {
        const request = requests[cursor++];
        const answer = await rawRequest(store.port, request.head, request.body);
        if (answer.status >= 500) failures.push(`${answer.status} ${request.label}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));

    expect(failures.slice(0, 40), `${failures.length} of ${REQUESTS} answered 5xx`).toEqual([]);
    expect((await fetch(`${store.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${store.url}/c/coffee`)).status).toBe(200);
  });
});
