import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestGuard } from "../../app/lib/http-security.server";

/** A store behind no proxy (TRUST_PROXY=false): forwarded headers come from the client itself. */
let url: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.set("trust proxy", false);
  app.use(requestGuard({ isApiPath: (p) => p.startsWith("/rest/") }));
  app.use((req, res) => {
    res.json({ forwardedHost: req.get("x-forwarded-host") ?? null, hostname: req.hostname, protocol: req.protocol });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("requestGuard without a trusted proxy", () => {
  it("drops X-Forwarded-Host and -Proto, so nothing downstream reads a client-chosen host", async () => {
    const res = await fetch(`${url}/c/coffee`, { headers: { "X-Forwarded-Host": "www.brewfront.ca", "X-Forwarded-Proto": "https" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ forwardedHost: null, hostname: "127.0.0.1", protocol: "http" });
  });
  it("does not refuse a malformed forwarded host it ignores anyway", async () => {
    expect((await fetch(`${url}/`, { headers: { "X-Forwarded-Host": "a b" } })).status).toBe(200);
  });
  it("lets the API use its methods, and pages only GET, HEAD and POST", async () => {
    expect((await fetch(`${url}/rest/v2/usb2c/stock/x`, { method: "PUT" })).status).toBe(200);
    const put = await fetch(`${url}/c/coffee`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
  });
});
