import { describe, expect, it } from "vitest";
import { isValidHost, privateCacheControl, storefrontCacheControl } from "../../app/lib/http-security.server";

describe("HTML pages and shared caches", () => {
  it("keeps the browser's lifetime and drops what lets a shared cache keep a nonce", () => {
    expect(privateCacheControl("public, max-age=60, s-maxage=300, stale-while-revalidate=600")).toBe("private, max-age=60, stale-while-revalidate=600");
    expect(privateCacheControl("public, max-age=3600")).toBe("private, max-age=3600");
    expect(privateCacheControl("no-store")).toBe("no-store");
  });
});

describe("a storefront answer's Cache-Control", () => {
  const page = { cacheControl: "public, max-age=60, s-maxage=300", contentType: "text/html; charset=utf-8", setsCookie: false, signedIn: false };

  it("makes a public HTML page private, keeping the browser's lifetime", () => {
    expect(storefrontCacheControl(page)).toBe("private, max-age=60");
  });

  it("leaves page data and other answers as their route said", () => {
    expect(storefrontCacheControl({ ...page, contentType: "text/x-script; charset=utf-8" })).toBe("public, max-age=60, s-maxage=300");
    expect(storefrontCacheControl({ ...page, cacheControl: null })).toBeNull();
  });

  it("keeps any answer that sets a cookie, and every answer to a signed-in shopper, out of every cache", () => {
    expect(storefrontCacheControl({ ...page, setsCookie: true })).toBe("private, no-store");
    expect(storefrontCacheControl({ ...page, contentType: "text/x-script", signedIn: true })).toBe("private, no-store");
    expect(storefrontCacheControl({ ...page, cacheControl: null, signedIn: true })).toBe("private, no-store");
  });
});

describe("Host values", () => {
  it("accepts host names, addresses and ports; refuses anything else", () => {
    for (const ok of ["localhost", "127.0.0.1:3000", "www.brewfront.ca", "[::1]:8080", "commercial.brewfront.com.localhost:3000"])
      expect(isValidHost(ok)).toBe(true);
    for (const bad of [undefined, "", "a b", "localhost:99999", "x".repeat(300), "localhost\t", "evil.example/x", "user@host", "host:"])
      expect(isValidHost(bad)).toBe(false);
  });
});
