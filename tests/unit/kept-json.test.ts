import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendKeptJson } from "../../commerce/http/kept-json";

// Accents and a typographic apostrophe: more bytes than characters.
const text = JSON.stringify({ name: "Café d’été", summary: "Torréfaction foncée, notes de cacao" });

const app = express();
app.get("/kept", (_req, res) => sendKeptJson(res, text));
app.get("/express", (_req, res) => res.type("application/json").send(text));
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

/** node:http, as the storefront asks (fetch adds Cache-Control: no-cache to a conditional request). */
function ask(path: string, method = "GET", etag?: string) {
  return new Promise<{ status: number; etag: string | undefined; type: string | undefined; body: string }>((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers: etag ? { "If-None-Match": etag } : {} }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, type: res.headers["content-type"], body }));
      })
      .on("error", reject)
      .end();
  });
}

describe("a kept answer is sent as Express would send it", () => {
  it("carries the ETag Express makes for the same text, and the text as JSON", async () => {
    const kept = await ask("/kept");
    const plain = await ask("/express");
    expect(kept.etag).toBe(plain.etag);
    expect(kept.status).toBe(200);
    expect(kept.type).toBe("application/json; charset=utf-8");
    expect(kept.body).toBe(text);
  });

  it("answers 304 without a body to a request that has it already, and a HEAD with no body", async () => {
    const { etag } = await ask("/kept");
    const again = await ask("/kept", "GET", etag);
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    const head = await ask("/kept", "HEAD");
    expect(head.status).toBe(200);
    expect(head.etag).toBe(etag);
    expect(head.body).toBe("");
  });
});
