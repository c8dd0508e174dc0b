import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { DEMO_GIFT_CARD_PIN, DEMO_GIFT_CARDS, demoGiftCardNumber } from "../../commerce/seed/gift-cards";
import { type Db, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS } from "../support/databases";
import { guestCheckoutUpToTheCard, plentifulCoffee } from "../support/guest-checkout";
import { type RunningStore, STORE_TOKEN_SECRET, startStore } from "../support/server";
import { StripeStandIn } from "../support/stripe-stand-in";

/**
 * A bounded, seeded fuzz run over every API operation the OpenAPI document lists and every
 * storefront page and form, with hostile bodies, headers and request targets; then over the
 * operations where money and guesses are at stake (card entry and placing orders against the
 * Stripe stand-in, coupons as a guest, newsletter and notify-me sign-ups, gift cards, agents'
 * assisted sessions), on real carts, customers and tokens with hostile fields. The store must
 * answer every request with less than 500 and stay healthy. The seed makes a failure repeatable:
 * FUZZ_SEED=n reruns one sequence, FUZZ_REQUESTS=n and FUZZ_OPERATIONS=n change the counts (1,500 of
 * each per database by default, so the suite stays quick; a release run asks for more).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500);
const OPERATIONS = Number(process.env.FUZZ_OPERATIONS ?? 1500);
const ADMIN_KEY = "fuzz-operator-key-0123456789abcdef";

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

interface RawRequest {
  label: string;
  head: string;
  body: string;
}

function requestText(g: ReturnType<typeof generator>, apiPaths: string[], port: number, authorizations: string[]): RawRequest {
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
  const host = g.chance(0.75) ? `127.0.0.1:${port}` : g.pick(HOSTS);
  const headers: string[] = [`Host: ${host}`, "Connection: close"];
  if (g.chance(0.2)) headers.push(`X-Forwarded-Host: ${g.pick(HOSTS)}`);
  if (g.chance(0.1)) headers.push(`X-Forwarded-Proto: ${g.pick(["https", "gopher", "", "http, https"])}`);
  if (g.chance(0.3)) headers.push(`Authorization: ${g.pick(authorizations)}`);
  if (target.includes("/stock/")) headers.push(`X-Admin-Key: ${g.chance(0.5) ? ADMIN_KEY : g.pick(["", "x", ADMIN_KEY.slice(0, -1)])}`);
  if (g.chance(0.3))
    headers.push(
      `Cookie: ${g.pick(["userConsent=c1:1|c2:0|c9:1", "userConsent=%%%", "recentlyViewed=" + g.pick(HOSTILE_TEXT), "a".repeat(5000) + "=1", "webapp=1; appliedCategoryCoupons=%00", "perfectCupAnswers=" + g.pick(HOSTILE_TEXT), "brewerQuizProducts=" + g.pick(HOSTILE_TEXT)])}`,
    );
  let body = "";
  if (method === "POST" || method === "PUT" || method === "PATCH" || (method === "DELETE" && g.chance(0.3))) {
    const origin = g.pick([`http://127.0.0.1:${port}`, `http://127.0.0.1:${port}`, "null", "http://evil.example", ""]);
    if (origin) headers.push(`Origin: ${origin}`);
    if (origin === "null" || g.chance(0.2)) headers.push(`Referer: http://127.0.0.1:${port}/c/coffee`);
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

/** What the money and guess operations are aimed at: real carts, tokens, customers and an agent's session. */
interface Targets {
  port: number;
  guestToken: string;
  customerToken: string;
  agentToken: string;
  /** Guest carts with e-mail, address, delivery and a card, and the totals their review showed. */
  carts: { guid: string; total: number; due: number }[];
  /** Checkout keys used more than once: double submits and retries. */
  checkoutKeys: string[];
  /** Customers an agent may ask for: the first with the agent's assisted session open. */
  customerIds: string[];
  giftCardNumbers: string[];
  /** A product out of stock: shoppers may ask to be told when it is back. */
  soldOut: string;
}

const CARD_NUMBERS = [
  "4242424242424242",
  "4000000000000002",
  "4000000000009995",
  "4000000000000069",
  "4000000000000119",
  "4242 4242 4242 4242",
  "4242-4242-4242-4241",
  "",
  "4",
  "9".repeat(25),
  "٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢",
];
const COUPON_CODES = [
  "SAVE10",
  "save10",
  "PODS15",
  "SPRING2024",
  "FIRST5",
  "GUESS1",
  "GUESS2",
  "",
  " ",
  "x".repeat(40),
  "<b>",
  "%00",
  "__proto__",
  "constructor",
];
const EMAILS = [
  "fuzz@example.com",
  "FUZZ@EXAMPLE.COM",
  "a@b",
  "",
  "x".repeat(300) + "@example.com",
  "<a>@example.com",
  "fuzz+tag@example.com",
  "__proto__",
  "constructor",
];
const ODD_VALUES: unknown[] = [null, 0, -1, 1e20, 1.5, true, [], {}, ["x"], "", "__proto__", "constructor", "toString", "' OR 1=1 --", "A".repeat(3000)];

type Generator = ReturnType<typeof generator>;
interface Operation {
  method: string;
  path: string;
  body?: unknown;
  token?: string;
  /** Sent as the caller's address, so guesses from one address and from many both happen. */
  from?: string;
}

/** Hex digits from the seeded sequence, so a failing run can be repeated. */
const hex = (g: Generator, n: number) => Array.from({ length: n }, () => Math.floor(g.next() * 16).toString(16)).join("");
/** A field that is usually plausible and sometimes anything at all. */
const either = (g: Generator, plausible: readonly unknown[]) => (g.chance(0.75) ? g.pick(plausible) : g.pick(ODD_VALUES));
/** An object with some fields left out, as scripts and broken forms send them. */
const someOf = (g: Generator, fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).filter(() => g.chance(0.85)));

function cardFields(g: Generator) {
  return someOf(g, {
    cardNumber: either(g, CARD_NUMBERS),
    expiryMonth: either(g, [12, 1, 0, 13, "12", "x"]),
    expiryYear: either(g, [2030, 30, 2099, 1999, "2030"]),
    cvc: either(g, ["123", "1234", "12", "abc"]),
    accountHolderName: either(g, ["Ada Lovelace", "", "x".repeat(200)]),
    billingPostalCode: either(g, ["12207", "K1A 0B1", "00000", "x".repeat(20)]),
  });
}

const OPERATIONS_BY_KIND: Record<string, (g: Generator, t: Targets) => Operation> = {
  cardEntry(g, t) {
    const { guid } = g.pick(t.carts);
    const cart = `/users/anonymous/carts/${g.chance(0.9) ? guid : g.pick(HOSTILE_TEXT)}`;
    const token = g.chance(0.8) ? t.guestToken : g.pick([t.customerToken, t.agentToken, ""]);
    return g.pick<Operation>([
      { method: "POST", path: `${cart}/paymentdetails`, body: cardFields(g), token },
      { method: "GET", path: `${cart}/paymentdetails`, token },
      {
        method: "POST",
        path: `${cart}/updatePaymentDetails`,
        body: someOf(g, { accountHolderName: either(g, ["Grace Hopper"]), billingPostalCode: either(g, ["12207"]) }),
        token,
      },
      {
        method: "POST",
        path: `${cart}/stripe/${g.pick(["createPaymentIntent", "updatePaymentIntent"])}`,
        body: g.chance(0.7) ? {} : { amount: g.pick(ODD_VALUES) },
        token,
      },
      {
        method: "POST",
        path: `${cart}/cancelDigitalWalletPayment`,
        body: someOf(g, { wallet: either(g, ["apple_pay", "google_pay"]), reason: either(g, ["closed"]) }),
        token,
      },
      {
        method: "POST",
        path: `${cart}/logDigitalWalletError`,
        body: someOf(g, { wallet: either(g, ["apple_pay"]), code: either(g, ["E1"]), message: either(g, ["failed"]) }),
        token,
      },
    ]);
  },
  placeOrder(g, t) {
    const cart = g.pick(t.carts);
    const cartId = g.chance(0.9) ? cart.guid : g.pick(HOSTILE_TEXT);
    const body = someOf(g, {
      checkoutKey: either(g, [...t.checkoutKeys, hex(g, 32), "X".repeat(32), hex(g, 31)]),
      expectedTotal: either(g, [cart.total, cart.total, cart.total + 1, String(cart.total), 0]),
      expectedAmountDue: either(g, [cart.due, cart.due, cart.due - 1]),
    });
    return { method: "POST", path: `/users/anonymous/orders?cartId=${encodeURIComponent(String(cartId))}`, body, token: g.chance(0.85) ? t.guestToken : "" };
  },
  couponAsGuest(g, t) {
    const code = encodeURIComponent(g.pick(COUPON_CODES));
    const { guid } = g.pick(t.carts);
    const from = `198.51.100.${Math.floor(g.next() * 4)}`;
    return g.pick<Operation>([
      { method: "POST", path: `/users/anonymous/applyCoupon?couponCode=${code}${g.chance(0.5) ? `&cartGuid=${guid}` : ""}`, from },
      {
        method: "POST",
        path: "/users/anonymous/applyCoupon",
        body: someOf(g, { couponCode: either(g, COUPON_CODES), cartGuid: either(g, [guid, "0".repeat(32)]) }),
        from,
      },
      { method: "POST", path: `/users/anonymous/removeCoupon?couponCode=${code}&cartGuid=${guid}`, from },
      { method: "POST", path: `/users/anonymous/carts/${guid}/vouchers?voucherId=${code}`, token: t.guestToken, from },
      { method: "POST", path: `/users/anonymous/carts/${guid}/vouchers`, body: someOf(g, { voucherId: either(g, COUPON_CODES) }), token: t.guestToken, from },
      { method: "DELETE", path: `/users/anonymous/carts/${guid}/vouchers/${code || "x"}`, token: t.guestToken, from },
    ]);
  },
  newsletter(g) {
    const from = `203.0.113.${Math.floor(g.next() * 8)}`;
    return g.chance(0.7)
      ? { method: "POST", path: "/kpcEmailSignup", body: someOf(g, { email: either(g, EMAILS) }), from }
      : { method: "POST", path: "/newsletter/confirm", body: someOf(g, { token: either(g, [hex(g, 40), "x", "A".repeat(100)]) }), from };
  },
  notifyMe(g, t) {
    const from = `203.0.113.${100 + Math.floor(g.next() * 8)}`;
    return g.chance(0.7)
      ? {
          method: "POST",
          path: "/alert/alertMe",
          body: someOf(g, { productCode: either(g, [t.soldOut, t.soldOut, "5001-SMRG-KC-24", "9999-NOPE-X"]), email: either(g, EMAILS) }),
          from,
        }
      : { method: "POST", path: "/alert/confirm", body: someOf(g, { token: either(g, [hex(g, 40), "x"]) }), from };
  },
  giftCard(g, t) {
    const { guid } = g.pick(t.carts);
    const cards = `/users/anonymous/carts/${g.chance(0.9) ? guid : g.pick(HOSTILE_TEXT)}/giftcard`;
    const credentials = () =>
      someOf(g, { number: either(g, t.giftCardNumbers), pin: either(g, [DEMO_GIFT_CARD_PIN, DEMO_GIFT_CARD_PIN, "0000", "12", "123456789"]) });
    const token = g.chance(0.8) ? t.guestToken : "";
    return g.pick<Operation>([
      { method: "GET", path: cards, token },
      { method: "POST", path: `${cards}/validate`, body: credentials(), token },
      { method: "POST", path: `${cards}/apply`, body: credentials(), token },
      { method: "POST", path: `${cards}/remove/${g.pick(["1", "2", "0", "-1", "x", "99999999999", "__proto__"])}`, token },
      { method: "PUT", path: `${cards}/apply-value`, body: someOf(g, { id: either(g, [1, 2, "1"]), amount: either(g, [100, 0, -5, "1.50", 1e20]) }), token },
    ]);
  },
  assistedSession(g, t) {
    const customerId = g.chance(0.8) ? g.pick(t.customerIds) : g.pick(HOSTILE_TEXT);
    const token = g.chance(0.8) ? t.agentToken : g.pick([t.customerToken, t.guestToken, ""]);
    const user = `/users/${encodeURIComponent(customerId)}`;
    return g.pick<Operation>([
      { method: "POST", path: "/assistedservicewebservices/sessions", body: someOf(g, { customerId: either(g, t.customerIds) }), token },
      { method: "DELETE", path: `/assistedservicewebservices/sessions/${encodeURIComponent(customerId)}`, token },
      {
        method: "GET",
        path: `/assistedservicewebservices/customers/search?query=${encodeURIComponent(g.pick(["demo", "a", "", "%", "__proto__", "x".repeat(300)]))}`,
        token,
      },
      { method: "GET", path: `${user}/carts/current`, token },
      { method: "GET", path: `${user}/orders`, token },
      { method: "GET", path: user, token },
      { method: "POST", path: `${user}/addProductToCart`, body: someOf(g, { productCode: either(g, ["5001-SMRG-KC-24"]), qty: either(g, [1, 2]) }), token },
      // An agent never enters a card: the API refuses it as the storefront does.
      { method: "POST", path: `${user}/carts/current/paymentdetails`, body: cardFields(g), token },
    ]);
  },
};
const OPERATION_KINDS = Object.keys(OPERATIONS_BY_KIND);

function operationText(g: Generator, t: Targets): RawRequest {
  const kind = g.pick(OPERATION_KINDS);
  const op = OPERATIONS_BY_KIND[kind]!(g, t);
  const target = `/rest/v2/${g.chance(0.9) ? "usb2c" : g.pick(["cab2c", "usafh"])}${op.path}`;
  const headers = [`Host: 127.0.0.1:${t.port}`, "Connection: close"];
  if (op.token) headers.push(`Authorization: Bearer ${op.token}`);
  if (op.from) headers.push(`X-Forwarded-For: ${op.from}`);
  let body = "";
  if (op.body !== undefined) {
    const json = JSON.stringify(op.body);
    // Now and then a prototype-polluting key, a broken document or a form instead of JSON.
    const variant = g.pick(["json", "json", "json", "json", "proto", "broken", "form"]);
    body =
      variant === "proto"
        ? `{"__proto__":{"isAgent":true},"constructor":{"prototype":{"x":1}},${json.slice(1)}`
        : variant === "broken"
          ? json.slice(0, -1)
          : json;
    headers.push(`Content-Type: ${variant === "form" ? "application/x-www-form-urlencoded" : "application/json"}`);
    if (variant === "form") body = new URLSearchParams(Object.entries(op.body as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString();
    headers.push(`Content-Length: ${Buffer.byteLength(body)}`);
  }
  return { label: `${kind}: ${op.method} ${target.slice(0, 140)}`, head: `${op.method} ${target} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`, body };
}

/**
 * Sends every request, eight at a time. Answers those the store answered with 5xx, and how many
 * requests of each kind (the label up to its colon) were answered with 2xx.
 */
async function send(port: number, requests: RawRequest[]): Promise<{ failures: string[]; succeeded: Map<string, number> }> {
  const failures: string[] = [];
  const succeeded = new Map<string, number>();
  let cursor = 0;
  const worker = async () => {
    while (cursor < requests.length) {
      const request = requests[cursor++]!;
      const answer = await rawRequest(port, request.head, request.body);
      if (answer.status >= 500) failures.push(`${answer.status} ${request.label}`);
      const kind = request.label.split(":")[0]!;
      if (answer.status >= 200 && answer.status < 300) succeeded.set(kind, (succeeded.get(kind) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { failures, succeeded };
}

async function token(base: string, fields: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}/authorizationserver/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ site: "usb2c", ...fields }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe.each(DIALECTS)("hostile requests (%s)", (dialect) => {
  const standIn = new StripeStandIn();
  let store: RunningStore;
  let db: Db;
  let customerToken: string;
  let agentToken: string;
  beforeAll(async () => {
    // Cards go to the Stripe stand-in, which keeps state as Stripe does (the built-in gateway keeps none).
    store = await startStore({
      dialect,
      env: { ADMIN_API_KEY: ADMIN_KEY, LOG_LEVEL: "warn", STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_API_BASE: await standIn.start() },
    });
    db = openDatabase(testCommerceConfig(store.databaseUrl));
    customerToken = await token(store.url, { grant_type: "password", username: "demo.customer@example.com", password: DEMO_PASSWORD, client_id: "storefront" });
    agentToken = await token(store.url, { grant_type: "password", username: "demo.agent@example.com", password: DEMO_PASSWORD, client_id: "agent" });
  }, 90_000);
  afterAll(async () => {
    await db?.destroy();
    await store?.stop();
    await standIn.stop();
  });

  it(`answers ${REQUESTS} seeded hostile requests without a 5xx and stays healthy`, { timeout: 300_000 }, async () => {
    const openapi = (await (await fetch(`${store.url}/rest/v2/openapi.json`)).json()) as { paths: Record<string, unknown> };
    // The token endpoint names its own server (it lives outside /rest/v2).
    const apiPaths = Object.keys(openapi.paths).map((p) => (p.startsWith("/rest/") || p.startsWith("/authorizationserver/") ? p : `/rest/v2${p}`));
    expect(apiPaths.length).toBeGreaterThan(0);
    // Real tokens too, so the signed-in paths are reached: a customer's and an agent's.
    const authorizations = [...AUTHORIZATIONS];
    for (const access of [customerToken, agentToken]) authorizations.push(`Bearer ${access}`, `Bearer ${access.slice(0, -2)}`);

    const g = generator(SEED);
    const requests = Array.from({ length: REQUESTS }, () => requestText(g, apiPaths, store.port, authorizations));
    const { failures } = await send(store.port, requests);

    expect(failures.slice(0, 40), `${failures.length} of ${REQUESTS} answered 5xx`).toEqual([]);
    expect((await fetch(`${store.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${store.url}/c/coffee`)).status).toBe(200);
  });

  it(
    `answers ${OPERATIONS} hostile card entries, orders, coupon guesses, sign-ups, gift card and assisted-session calls without a 5xx`,
    { timeout: 300_000 },
    async () => {
      const guestClient = testCommerceConfig(store.databaseUrl, { AUTH_TOKEN_SECRET: STORE_TOKEN_SECRET }).auth.guestClient;
      const coffee = await plentifulCoffee(db);
      const carts = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const { guid, checkout } = await guestCheckoutUpToTheCard(store.url, guestClient, coffee);
          return { guid, total: checkout.totalPriceWithTax.minor, due: checkout.amountDue.minor };
        }),
      );
      const customers = await db.selectFrom("customer").select("id").where("site", "=", "usb2c").where("role", "=", "customer").orderBy("email").execute();
      const customerIds = customers.map((c) => c.id);
      expect(customerIds.length).toBeGreaterThan(1);
      const started = await fetch(`${store.url}/rest/v2/usb2c/assistedservicewebservices/sessions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${agentToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ customerId: customerIds[0] }),
      });
      expect(started.status).toBe(201);
      const g = generator(SEED + 1);
      const targets: Targets = {
        port: store.port,
        guestToken: await token(store.url, { grant_type: "client_credentials", client_id: guestClient.id, client_secret: guestClient.secret }),
        customerToken,
        agentToken,
        carts,
        checkoutKeys: Array.from({ length: 4 }, () => hex(g, 32)),
        customerIds,
        soldOut: (await db.selectFrom("stock").select("product_code").where("level", "=", 0).orderBy("product_code").executeTakeFirstOrThrow()).product_code,
        giftCardNumbers: [
          ...DEMO_GIFT_CARDS.map((card) => demoGiftCardNumber("usb2c", card.suffix)),
          demoGiftCardNumber("cab2c", DEMO_GIFT_CARDS[0]!.suffix),
          "6006491000100000",
          "0".repeat(16),
        ],
      };
      const requests = Array.from({ length: OPERATIONS }, () => operationText(g, targets));
      const { failures, succeeded } = await send(store.port, requests);

      expect(failures.slice(0, 40), `${failures.length} of ${OPERATIONS} answered 5xx`).toEqual([]);
      // Aimed right: every kind of operation got through to its work at least sometimes.
      expect([...succeeded.keys()].sort()).toEqual([...OPERATION_KINDS].sort());
      expect((await fetch(`${store.url}/healthz`)).status).toBe(200);
    },
  );
});
