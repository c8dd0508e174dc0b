import { describe, expect, it } from "vitest";
import { correlationIdFrom, newCorrelationId } from "../../commerce/contract/correlation";
import { alternateLanguagePath, localePath, safeReturnPath } from "../../app/lib/paths";
import { sanitizeHtml } from "../../app/lib/sanitize.server";

describe("CMS HTML sanitising", () => {
  it("removes scripts, event handlers and javascript: links but keeps content", async () => {
    const clean = await sanitizeHtml(
      '<h2 onclick="steal()">Hi</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><p>ok</p>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain("<h2>Hi</h2>");
    expect(clean).toContain("<p>ok</p>");
  });
  it("gives the same clean HTML when the same paragraph is shown again", async () => {
    const dirty = '<p onmouseover="x()">Again</p><script>alert(2)</script>';
    expect(await sanitizeHtml(dirty)).toBe("<p>Again</p>");
    expect(await sanitizeHtml(dirty)).toBe("<p>Again</p>");
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
