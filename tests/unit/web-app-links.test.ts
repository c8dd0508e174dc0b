import { describe, expect, it } from "vitest";
import { staysInApp } from "../../app/lib/in-app-links";
import type { RouteModule } from "../../app/lib/storefront-openapi.server";
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

/** The route modules the wrapper and scripts call, and the operation each describes beside itself. */
const DESCRIBED_ROUTES = {
  "api.auth.login": "post /api/auth/login",
  "api.auth.signup": "post /api/auth/signup",
  "api.auth.forgotPassword": "post /api/auth/forgotPassword",
  "api.auth.refreshToken": "post /api/auth/refreshToken",
  "api.auth.refreshAuthToken": "post /api/auth/refreshAuthToken",
  "api.auth.nobo": "get /api/auth/nobo",
  "api.auth.systemUserToken": "get /api/auth/systemUserToken",
  "api.auth.auth0m2mToken": "get /api/auth/auth0m2mToken",
  tokenToSession: "post /tokenToSession",
  getSessionCartGuid: "get /getSessionCartGuid",
  handleLoggedInUserCookies: "get /handleLoggedInUserCookies",
  "[_s].storeSessionAttribute": "post /_s/storeSessionAttribute",
  "[_s].postOrderCleanup": "get /_s/postOrderCleanup",
  "cart.add": "post /cart/add",
};

/** POSTs whose only input is the session cookie: a request body would promise fields nobody reads. */
const READS_NOTHING = ["/api/auth/refreshToken"];

describe("the storefront's own OpenAPI document", () => {
  it("is made of the operations the route modules describe, and only those", async () => {
    const { storefrontOpenApiDocument } = await import("../../app/lib/storefront-openapi.server");
    const operations = Object.entries(storefrontOpenApiDocument().paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method} ${path}`),
    );
    expect(operations.sort()).toEqual(Object.values(DESCRIBED_ROUTES).sort());
  });

  it("gives every operation an answer schema and every POST a request body", async () => {
    const { storefrontOpenApiDocument } = await import("../../app/lib/storefront-openapi.server");
    for (const [path, item] of Object.entries(storefrontOpenApiDocument().paths ?? {})) {
      for (const method of ["get", "post"] as const) {
        const operation = item?.[method];
        if (!operation) continue;
        const answers = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith("2"));
        expect(answers.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, answer] of answers) expect(answer.content?.["application/json"]?.schema, `${method} ${path} ${status}`).toBeDefined();
        if (method === "post" && READS_NOTHING.includes(path)) expect(operation.requestBody, `${method} ${path}`).toBeUndefined();
        else if (method === "post") expect(operation.requestBody, `${method} ${path}`).toMatchObject({ required: true, content: expect.any(Object) });
      }
    }
  });

  it.each(Object.entries(DESCRIBED_ROUTES))("is not made when %s loses its description", async (name, operation) => {
    const { describedOperations } = await import("../../app/lib/storefront-openapi.server");
    const route = (await import(`../../app/routes/${name}.tsx`)) as RouteModule;
    expect(describedOperations({ [`../routes/${name}.tsx`]: route }).map(({ method, path }) => `${method} ${path}`)).toEqual([operation]);
    // The same handlers, without the `openapi` each carries.
    const undescribed = { loader: route.loader && {}, action: route.action && {} };
    expect(() => describedOperations({ [`../routes/${name}.tsx`]: undescribed })).toThrow("describes neither its loader nor its action");
  });

  it("is not made when a route describes another path than the one it answers", async () => {
    const { describedOperations } = await import("../../app/lib/storefront-openapi.server");
    const route = (await import("../../app/routes/getSessionCartGuid")) as RouteModule;
    expect(() => describedOperations({ "../routes/getSessionCart.tsx": route })).toThrow("describes /getSessionCartGuid, but answers /getSessionCart");
  });

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
