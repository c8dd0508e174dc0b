import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { BRAND_DEFAULTS } from "../../commerce/contract/brands";
import type { Shop } from "../../commerce/domain/shop";
import { createCommerceRouter } from "../../commerce/http/app";

interface Layer {
  regexp?: RegExp;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** The routes express would answer under /rest/v2/:brand, read from its route table directly. */
function brandRoutes(stack: Layer[], underBrand = false): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) return underBrand ? Object.keys(layer.route.methods).map((m) => `${m} ${layer.route!.path}`) : [];
    if (!layer.handle?.stack) return [];
    return brandRoutes(layer.handle.stack, underBrand || String(layer.regexp).includes("v2"));
  });
}

describe("the OpenAPI document", () => {
  it("lists every operation registered under /rest/v2/:brand", async () => {
    // The routers only register handlers here; no request reaches the services.
    const shop = { brands: BRAND_DEFAULTS, search: {}, catalog: {}, content: {} } as unknown as Shop;
    const api = createCommerceRouter({ shop, logger: pino({ level: "silent" }), adminKey: "key" });
    const registered = brandRoutes((api as unknown as { stack: Layer[] }).stack);
    expect(registered.length).toBeGreaterThanOrEqual(27);

    const server = express().use(api).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const doc = (await (await fetch(`http://127.0.0.1:${port}/rest/v2/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      // The token endpoint lives outside /rest/v2 (it names its own server); the rest are the brand routes.
      expect(doc.paths["/authorizationserver/oauth/token"]?.post).toBeDefined();
      const listed = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith("/{brand}"))
        .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
      const expected = registered.map((r) => {
        const [method, path] = r.split(" ");
        return `${method} /{brand}${path!.replace(/:([A-Za-z]+)/g, "{$1}")}`;
      });
      expect(listed.sort()).toEqual([...new Set(expected)].sort());
      expect(doc.paths["/{brand}/products/search"]?.get).toMatchObject({ parameters: expect.arrayContaining([expect.objectContaining({ name: "query" })]) });
    } finally {
      server.close();
    }
  });
});
