import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../commerce/http/openapi";

describe("the OpenAPI document's operator and media operations", () => {
  const doc = openApiDocument([
    { method: "put", path: "/stock/:code" },
    { method: "get", path: "/products/:code/media" },
  ]);
  const operation = (path: string, method: string) =>
    doc.paths[path]?.[method] as { parameters: { name: string; schema: { pattern?: string } }[]; responses: Record<string, { headers?: object }> };

  it("documents the stock update's 429 and 503, both with Retry-After", () => {
    const { responses } = operation("/{brand}/stock/{code}", "put");
    for (const status of ["429", "503"]) expect(responses[status]?.headers, status).toHaveProperty("Retry-After");
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["200", "400", "401", "404"]));
  });

  it("documents the media callback as a plain identifier, refused with 400 otherwise", () => {
    const media = operation("/{brand}/products/{code}/media", "get");
    const pattern = new RegExp(media.parameters.find((p) => p.name === "callback")!.schema.pattern!);
    expect(pattern.test("showMedia")).toBe(true);
    expect(pattern.test("document.body.remove")).toBe(false);
    expect(media.responses).toHaveProperty("400");
  });
});
