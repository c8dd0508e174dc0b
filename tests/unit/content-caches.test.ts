import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const { CMS_CACHE_TTL_MS } = vi.hoisted(() => ({ CMS_CACHE_TTL_MS: 200 }));
vi.mock("../../app/config.server", () => ({
  storefrontConfig: () => ({
    cmsCacheTtlMs: CMS_CACHE_TTL_MS,
    mediaCacheTtlMs: 0,
    recommendationCacheTtlMs: 60_000,
    apiTimeoutMs: 5_000,
    sessionSecrets: ["s".repeat(32)],
  }),
}));

const { getLayoutContent } = await import("../../app/models/cms.server");
const { getRecommendedProducts } = await import("../../app/models/product.server");
type ApiClientContext = import("../../app/lib/api-client.server").ApiClientContext;

/** A commerce API that records the calls it gets and answers each 30 ms later (pages asking at once overlap); `failing` answers 500. */
const asked: string[] = [];
let failing = false;
const server = http.createServer((req, res) => {
  const path = new URL(req.url!, "http://x").pathname;
  asked.push(`${path} ${req.headers.authorization ?? "guest"}`);
  setTimeout(() => {
    if (failing) return void res.writeHead(500).end("{}");
    res.writeHead(200, { "Content-Type": "application/json" });
    if (path.endsWith("/cms/components")) res.end('{"components":[]}');
    else if (path.endsWith("/cms/siteConfig")) res.end('{"siteConfigurations":[{"key":"k","value":"v"}],"messageItems":[]}');
    else res.end('{"products":[]}');
  }, 30);
});
let ctx: ApiClientContext;
const layoutCalls = () => asked.filter((a) => a.includes("/cms/")).length;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  ctx = {
    apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    brand: { id: "usb2c", currency: "USD" },
    lang: "en",
    correlationId: "0123456789abcdef0123456789abcdef-1700000000000",
    logger: pino({ level: "silent" }),
  };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  asked.length = 0;
  failing = false;
});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the header, footer and site configuration each storefront process caches (CMS_CACHE_TTL_MS)", () => {
  it("are loaded once for pages asking at the same time, and asked for again once the time is up", async () => {
    const [first, second] = await Promise.all([getLayoutContent(ctx), getLayoutContent(ctx)]);
    expect(second).toBe(first);
    expect(first.siteConfig).toEqual({ k: "v" });
    await getLayoutContent(ctx);
    expect(layoutCalls()).toBe(2);
    await pause(CMS_CACHE_TTL_MS + 50);
    await getLayoutContent(ctx);
    expect(layoutCalls()).toBe(4);
  });

  it("are not kept when their load fails: the next page asks again", async () => {
    const site: ApiClientContext = { ...ctx, brand: { id: "cab2c", currency: "CAD" } };
    failing = true;
    await expect(getLayoutContent(site)).rejects.toThrow();
    failing = false;
    await expect(getLayoutContent(site)).resolves.toMatchObject({ siteConfig: { k: "v" } });
  });

  it("are asked for on every page of a CMS preview (cmsTicketId)", async () => {
    const preview = { ...ctx, lang: "fr" as const, cmsTicketId: "ticket-1" };
    await getLayoutContent(preview);
    await getLayoutContent(preview);
    expect(layoutCalls()).toBe(4);
  });
});

describe("the recommendations each storefront process caches (RECOMMENDATION_CACHE_TTL_MS)", () => {
  it("are kept per product and per price groups: a member's are not a guest's", async () => {
    const member: ApiClientContext = {
      ...ctx,
      shopper: {
        bearer: () => Promise.resolve("member-token"),
        renew: () => Promise.resolve(undefined),
        actingFor: undefined,
        agent: undefined,
        priceGroups: "members",
        userPathId: "current",
        signInAgain: () => undefined,
        assistedSessionEnded: () => Promise.resolve(undefined),
      },
    };
    await Promise.all([getRecommendedProducts(ctx, "5001"), getRecommendedProducts(ctx, "5001")]);
    await getRecommendedProducts(member, "5001");
    await getRecommendedProducts(member, "5001");
    await getRecommendedProducts(ctx, "5002");
    expect(asked).toEqual([
      "/rest/v2/usb2c/products/recommendedProducts guest",
      "/rest/v2/usb2c/products/recommendedProducts Bearer member-token",
      "/rest/v2/usb2c/products/recommendedProducts guest",
    ]);
  });
});
