import { describe, expect, it } from "vitest";
import { correlationIdFrom, newCorrelationId } from "../../commerce/contract/correlation";
import { alternateLanguagePath, localePath, pageAddress, safeReturnPath, signInAgainPath } from "../../app/lib/paths";
import { sanitizeHtml } from "../../app/lib/sanitize.server";

describe("CMS HTML sanitising", () => {
  it("removes scripts, event handlers and javascript: links but keeps content", () => {
    const clean = sanitizeHtml(
      '<h2 onclick="steal()">Hi</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><p>ok</p>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
    expect(clean).toContain("<h2>Hi</h2>");
    expect(clean).toContain("<p>ok</p>");
  });

  it("removes style sheets, style attributes, forms, frames and embeds", () => {
    const clean = sanitizeHtml(
      '<style>body{display:none}</style><p style="position:fixed">Hi</p><form action="/x"><input name="card"><button>Go</button></form><iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">',
    );
    // A removed element's own words stay (the button's "Go"), as editors' text should.
    expect(clean).toBe("<p>Hi</p>Go");
  });

  it("keeps links that go somewhere safe and drops the rest of their URLs", () => {
    expect(sanitizeHtml('<a href="https://www.brewfront.com/c/coffee">Shop</a>')).toBe('<a href="https://www.brewfront.com/c/coffee">Shop</a>');
    expect(sanitizeHtml('<a href="/perfectcup">Quiz</a>')).toBe('<a href="/perfectcup">Quiz</a>');
    expect(sanitizeHtml('<a href="mailto:care@brewfront.com">Write</a>')).toBe('<a href="mailto:care@brewfront.com">Write</a>');
    for (const bad of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "//evil.example/"]) {
      expect(sanitizeHtml(`<a href="${bad}">x</a>`)).toBe("<a>x</a>");
    }
  });

  it("gives the same clean HTML when the same paragraph is shown again", () => {
    const dirty = '<p onmouseover="x()">Again</p><script>alert(2)</script>';
    expect(sanitizeHtml(dirty)).toBe("<p>Again</p>");
    expect(sanitizeHtml(dirty)).toBe("<p>Again</p>");
  });
});

describe("correlation ids", () => {
  it("is 16 random bytes in hex plus a timestamp", () => {
    expect(newCorrelationId(1_700_000_000_000)).toMatch(/^[0-9a-f]{32}-1700000000000$/);
    expect(newCorrelationId()).not.toBe(newCorrelationId());
  });
  it("keeps a well-formed incoming id and replaces anything else", () => {
    const id = newCorrelationId();
    expect(correlationIdFrom(id)).toBe(id);
    expect(correlationIdFrom("<script>")).not.toBe("<script>");
  });
});

describe("locale paths", () => {
  it("prefixes French paths with /fr", () => {
    expect(localePath("fr", "/c/coffee")).toBe("/fr/c/coffee");
    expect(localePath("fr", "/")).toBe("/fr/");
    expect(localePath("en", "/c/coffee")).toBe("/c/coffee");
    expect(localePath("fr", "/fr/c/coffee")).toBe("/fr/c/coffee");
  });
  it("switches language on the same page", () => {
    expect(alternateLanguagePath("/fr/c/coffee", "?page=2")).toBe("/c/coffee?page=2");
    expect(alternateLanguagePath("/c/coffee", "")).toBe("/fr/c/coffee");
    expect(alternateLanguagePath("/", "")).toBe("/fr/");
  });
  it("only returns to same-site paths", () => {
    expect(safeReturnPath("/c/coffee")).toBe("/c/coffee");
    expect(safeReturnPath("//evil.example/")).toBe("/");
    expect(safeReturnPath("https://evil.example/")).toBe("/");
    expect(safeReturnPath("/\\evil.example")).toBe("/");
  });
  it("refuses return paths a browser would read as another host, and control characters", () => {
    // Browsers strip tab and newline from URLs, so these would become //evil.example.
    expect(safeReturnPath("/\t/evil.example")).toBe("/");
    expect(safeReturnPath("/\n/evil.example")).toBe("/");
    expect(safeReturnPath("/\r\n/x")).toBe("/");
    expect(safeReturnPath("/\u0000x")).toBe("/");
    expect(safeReturnPath("/\u007fx")).toBe("/");
    expect(safeReturnPath("\\\\evil.example")).toBe("/");
    expect(safeReturnPath("/%5Cevil.example")).toBe("/%5Cevil.example");
    expect(safeReturnPath("javascript:alert(1)")).toBe("/");
    expect(safeReturnPath(" /c/coffee")).toBe("/");
    expect(safeReturnPath("/c/coffee?page=2#list", "/x")).toBe("/c/coffee?page=2#list");
    expect(safeReturnPath(undefined, "/fr/")).toBe("/fr/");
    expect(safeReturnPath(`/${"a".repeat(600)}`)).toBe("/");
  });
});

describe("signing in again after the service ended a sign-in", () => {
  it("returns to the page asked for, not to its single-fetch data address", () => {
    const page = (url: string) => pageAddress(new URL(url, "http://shop"));
    expect(page("/account/orders.data?_routes=routes%2Faccount.orders&page=2")).toBe("/account/orders?page=2");
    expect(page("/_root.data?_routes=root")).toBe("/");
    expect(page("/account?index")).toBe("/account");
    expect(page("/c/coffee?roast=dark")).toBe("/c/coffee?roast=dark");
  });

  it("sends a customer to the sign-in page in their language with the notice, and an agent to the agents' one", () => {
    expect(signInAgainPath("en", "storefront", "/cart")).toBe("/login?notice=sessionEnded&returnTo=%2Fcart");
    expect(signInAgainPath("fr", "storefront", "/fr/cart")).toBe("/fr/login?notice=sessionEnded&returnTo=%2Ffr%2Fcart");
    expect(signInAgainPath("en", "agent", "/agent?q=x")).toBe("/noboLogin?returnTo=%2Fagent%3Fq%3Dx");
  });
});
