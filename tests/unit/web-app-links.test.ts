import { describe, expect, it } from "vitest";
import { staysInApp } from "../../app/lib/in-app-links";
import { sanitizeHtml, sanitizeHtmlInApp } from "../../app/lib/sanitize.server";
import { SessionAttributeSchema } from "../../app/lib/web-app-session.server";

describe("a link inside the web-app wrapper", () => {
  it.each(["/c/coffee", "/fr/panier", "/Coffee/breakfast-blend/p/5001-SMRG-KC-24?webapp=1", "#main", "?image=1", "cart"])("stays in the app: %s", (href) => {
    expect(staysInApp(href)).toBe(true);
  });

  it.each([
    "https://www.brewfront.ca/",
    "http://commercial.brewfront.com/c/coffee",
    "//evil.example/",
    "/\\evil.example",
    "mailto:support@brewfront.com",
    "tel:+18005550199",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "",
  ])("leaves the app: %s", (href) => {
    expect(staysInApp(href)).toBe(false);
  });
});

describe("editors' HTML in the web-app wrapper", () => {
  const html =
    '<p>Write <a href="mailto:help@brewfront.com">help@brewfront.com</a>, follow <a href="https://social.example/brewfront" target="_blank" rel="noopener">us</a> or read <a href="/content/shipping" target="_blank" title="Shipping">shipping</a>.</p>';

  it("keeps the words of links that leave, drops them as links, and opens no new window", () => {
    expect(sanitizeHtmlInApp(html)).toBe(
      '<p>Write <span>help@brewfront.com</span>, follow <span>us</span> or read <a href="/content/shipping" title="Shipping">shipping</a>.</p>',
    );
  });

  it("leaves the same HTML alone outside the wrapper", () => {
    expect(sanitizeHtml(html)).toContain('href="mailto:help@brewfront.com"');
    expect(sanitizeHtml(html)).toContain('target="_blank"');
  });
});

describe("the attributes the wrapper may keep in a session", () => {
  it("takes the checkout sign-in markers as booleans, from JSON or a form", () => {
    expect(SessionAttributeSchema.parse({ name: "spcPageLogin", value: true })).toEqual({ name: "spcPageLogin", value: true });
    expect(SessionAttributeSchema.parse({ name: "orderConfirmationPageLogin", value: "false" })).toEqual({ name: "orderConfirmationPageLogin", value: false });
  });

  it("takes an auto-delivery frequency within the store's weeks", () => {
    expect(SessionAttributeSchema.parse({ name: "adFrequencyWeeks", value: "4" })).toEqual({ name: "adFrequencyWeeks", value: 4 });
    expect(SessionAttributeSchema.safeParse({ name: "adFrequencyWeeks", value: 0 }).success).toBe(false);
  });

  it.each([
    { name: "csAgentId", value: "agent-1" },
    { name: "cartGuid", value: "0".repeat(32) },
    { name: "spcPageLogin", value: "yes" },
    { name: "spcPageLogin" },
  ])("refuses %j", (body) => {
    expect(SessionAttributeSchema.safeParse(body).success).toBe(false);
  });
});

describe("the storefront's own OpenAPI document", () => {
  it("describes the wrapper's calls with their request and answer schemas", async () => {
    const { storefrontOpenApiDocument } = await import("../../app/lib/storefront-openapi.server");
    const document = storefrontOpenApiDocument();
    const store = document.paths?.["/_s/storeSessionAttribute"]?.post;
    expect(store?.requestBody).toBeDefined();
    expect(Object.keys(store?.responses ?? {})).toEqual(["200", "400", "403", "429"]);
    expect(Object.keys(document.paths?.["/_s/postOrderCleanup"]?.get?.responses ?? {})).toEqual(["200", "403", "429"]);
    expect(document.paths?.["/getSessionCartGuid"]?.get?.responses?.["200"]).toBeDefined();
  });
});
