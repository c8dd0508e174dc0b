import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { BRAND_DEFAULTS } from "../../commerce/contract/brands";
import type { Shop } from "../../commerce/domain/shop";
import { commerceMounts, createCommerceRouter } from "../../commerce/http/app";
import { describedRoutes } from "../../commerce/http/operations";

interface Operation {
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { content?: Record<string, { schema?: object }>; headers?: Record<string, unknown> }>;
  parameters?: { name: string; in: string; schema: { pattern?: string } }[];
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

// The routers only register handlers here; no request reaches the services.
const options = { shop: { brands: BRAND_DEFAULTS } as unknown as Shop, logger: pino({ level: "silent" }), adminKey: "key" };

async function servedDocument(): Promise<Document> {
  const server = express().use(createCommerceRouter(options)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return (await (await fetch(`http://127.0.0.1:${port}/rest/v2/openapi.json`)).json()) as Document;
  } finally {
    server.close();
  }
}

/** Every route express would answer, as `method /path` in the document's terms, read from express's own route tables. */
function registeredOperations(): string[] {
  return commerceMounts(options).flatMap((mount) =>
    describedRoutes(mount.router).map(({ method, path, operation }) => {
      const documented = typeof path === "string" ? `${mount.path === "/" ? "" : mount.path}${path}` : `${mount.path}${operation?.documentedPath}`;
      return `${method} ${documented.replace(/^\/rest\/v2/, "").replace(/:([A-Za-z]+)/g, "{$1}")}`;
    }),
  );
}

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== "servers")
      .map(([method, operation]) => ({ method, path, operation })),
  );

describe("the OpenAPI document", async () => {
  const doc = await servedDocument();

  it("lists every operation the service's routers register, and nothing else", () => {
    const registered = registeredOperations();
    expect(registered.length).toBeGreaterThanOrEqual(90);
    expect(
      operationsOf(doc)
        .map(({ method, path }) => `${method} ${path}`)
        .sort(),
    ).toEqual([...new Set(registered)].sort());
  });

  it("describes every operation's answer with a schema", () => {
    for (const { method, path, operation } of operationsOf(doc)) {
      const answers = Object.entries(operation.responses).filter(([status]) => status.startsWith("2"));
      expect(answers.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [status, answer] of answers) {
        if (status !== "204")
          expect(
            Object.values(answer.content ?? {}).some((c) => c.schema),
            `${method} ${path} ${status}`,
          ).toBe(true);
      }
    }
  });

  it("describes the body of every POST, PUT and PATCH with a schema", () => {
    const writes = operationsOf(doc).filter(({ method }) => ["post", "put", "patch"].includes(method));
    expect(writes.length).toBeGreaterThan(40);
    for (const { method, path, operation } of writes) {
      expect(
        Object.values(operation.requestBody?.content ?? {}).some((c) => c.schema),
        `${method} ${path}`,
      ).toBe(true);
    }
  });

  it("describes checkout with the contract's schemas: the order placed, and what placing one takes", () => {
    const placeOrder = doc.paths["/{brand}/users/{user}/orders"]?.post;
    expect(JSON.stringify(placeOrder?.requestBody)).toContain("checkoutKey");
    expect(JSON.stringify(placeOrder?.responses["201"])).toContain("paidByCard");
    expect(placeOrder?.responses).toHaveProperty("402");
    expect(JSON.stringify(doc.paths["/{brand}/users/{user}/carts/{cartGuid}/checkout"]?.get?.responses["200"])).toContain("amountDue");
  });

  it("names the token endpoint and the quiz services with their own server", () => {
    for (const path of ["/authorizationserver/oauth/token", "/rest/sensory/v1/lookup", "/rest/question-service/api/oracle/investigate/{quiz}/{site}/{lang}"]) {
      expect(doc.paths[path], path).toMatchObject({ servers: [{ url: "/" }] });
    }
    expect(Object.keys(doc.paths["/authorizationserver/oauth/token"]!.post!.requestBody!.content)).toEqual(["application/x-www-form-urlencoded"]);
  });

  it("documents the stock update's 429 and 503 with Retry-After", () => {
    const { responses } = doc.paths["/{brand}/stock/{code}"]!.put!;
    for (const status of ["429", "503"]) expect(responses[status]?.headers, status).toHaveProperty("Retry-After");
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["200", "400", "401", "404"]));
  });

  it("documents the media callback as a plain identifier, refused with 400 otherwise", () => {
    const media = doc.paths["/{brand}/products/{code}/media"]!.get!;
    const pattern = new RegExp(media.parameters!.find((p) => p.name === "callback")!.schema.pattern!);
    expect(pattern.test("showMedia")).toBe(true);
    expect(pattern.test("document.body.remove")).toBe(false);
    expect(media.responses).toHaveProperty("400");
  });

  it("documents search's query and every brand operation's brand and language", () => {
    expect(doc.paths["/{brand}/products/search"]?.get?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "query" })]));
    for (const { method, path, operation } of operationsOf(doc).filter(({ path }) => path.startsWith("/{brand}"))) {
      expect(
        operation.parameters?.map((p) => p.name),
        `${method} ${path}`,
      ).toEqual(expect.arrayContaining(["brand", "lang", "curr"]));
    }
  });
});

describe("an operation registered without a description", () => {
  it("stops the document from being made, naming the route", async () => {
    const { Router } = await import("express");
    const { openApiDocument } = await import("../../commerce/http/openapi");
    const router = Router();
    router.get("/undescribed", (_req, res) => void res.end());
    expect(() => openApiDocument([{ path: "/rest/v2/:brand", router, server: "/rest/v2" }])).toThrow("GET /{brand}/undescribed");
  });
});
