import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, callApi, type ApiClientContext } from "../../app/lib/api-client.server";

/** A scripted API on a real port: each test queues the answers it wants. */
/** `hold`: the answer is sent only once it settles. */
let answers: { status: number; body: string; headers?: Record<string, string>; hold?: Promise<void> }[] = [];
let seen: http.IncomingMessage[] = [];
let bodies: string[] = [];
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    seen.push(req);
    bodies.push(body);
    const next = answers.shift() ?? { status: 200, body: "{}" };
    void (next.hold ?? Promise.resolve()).then(() => {
      res.writeHead(next.status, { "Content-Type": "application/json", ...next.headers });
      res.end(next.body);
    });
  });
});
let ctx: ApiClientContext;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  ctx = {
    apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    brand: { id: "cab2c", currency: "CAD" },
    lang: "fr",
    correlationId: "0123456789abcdef0123456789abcdef-1700000000000",
    logger: pino({ level: "silent" }),
  };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  answers = [];
  seen = [];
  bodies = [];
});

const Thing = z.object({ ok: z.boolean() });

describe("the storefront's API client", () => {
  it("calls /rest/v2/{brand}/… with the correlation id, lang and, for catalog calls, curr", async () => {
    answers.push({ status: 200, body: '{"ok":true}' });
    await expect(callApi(ctx, { path: "products/x", query: { fields: "FULL" }, schema: Thing, withCurrency: true })).resolves.toEqual({ ok: true });
    const url = new URL(seen[0]!.url!, "http://x");
    expect(url.pathname).toBe("/rest/v2/cab2c/products/x");
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: "fr", curr: "CAD", fields: "FULL" });
    expect(seen[0]!.headers.correlationid).toBe(ctx.correlationId);
  });

  it("sends JSON or form bodies with the matching Content-Type", async () => {
    await callApi(ctx, { method: "POST", path: "a", json: { email: "a@b.c" }, schema: z.unknown() });
    await callApi(ctx, { method: "POST", path: "b", form: { grant_type: "password" }, schema: z.unknown() });
    expect(seen[0]!.headers["content-type"]).toBe("application/json");
    expect(bodies[0]).toBe('{"email":"a@b.c"}');
    expect(seen[1]!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(bodies[1]).toBe("grant_type=password");
  });

  it("retries a server failure once and then succeeds", async () => {
    answers.push({ status: 503, body: '{"errors":[{"type":"ServerError","message":"busy"}]}' }, { status: 200, body: '{"ok":true}' });
    await expect(callApi(ctx, { path: "x", schema: Thing })).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it("gives up after the single retry with a typed error carrying status and body", async () => {
    answers.push({ status: 500, body: '{"errors":[{"type":"ServerError","message":"down"}]}' }, { status: 502, body: "<html>bad gateway</html>" });
    const err = await callApi(ctx, { path: "x", schema: Thing }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
    expect(err.kind).toBe("5xx");
    expect(seen).toHaveLength(2);
  });

  it("does not retry a 4xx and passes the parsed errors on", async () => {
    answers.push({ status: 400, body: '{"errors":[{"type":"ValidationError","message":"email: bad","subject":"email"}]}' });
    const err = (await callApi(ctx, { method: "POST", path: "x", json: {}, schema: Thing }).catch((e) => e)) as ApiError;
    expect(seen).toHaveLength(1);
    expect(err.status).toBe(400);
    expect(err.errors[0]).toMatchObject({ type: "ValidationError", subject: "email" });
  });

  it("reports an answer that breaks the contract as a 502 contract error, without retrying", async () => {
    answers.push({ status: 200, body: '{"ok":"yes"}' });
    const err = (await callApi(ctx, { path: "x", schema: Thing }).catch((e) => e)) as ApiError;
    expect(err.status).toBe(502);
    expect(err.errors[0]!.type).toBe("ContractError");
    expect(seen).toHaveLength(1);
  });

  it("returns text answers as text", async () => {
    answers.push({ status: 200, body: "<p>hello</p>" });
    await expect(callApi(ctx, { path: "x", schema: z.string(), responseType: "text" })).resolves.toBe("<p>hello</p>");
  });

  it("treats no answer at all as a failure with status 0, retried once", async () => {
    const dead = { ...ctx, apiBaseUrl: "http://127.0.0.1:9" };
    const err = (await callApi(dead, { path: "x", schema: Thing }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.kind).toBe("unknown");
  });

  it("ends a call that outlasts its deadline as unanswered (status 0), without a retry, and answers on time otherwise", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    answers.push({ status: 200, body: '{"ok":true}', hold: held });
    const started = performance.now();
    const err = (await callApi(ctx, { path: "slow", schema: Thing, deadlineMs: 200 }).catch((e) => e)) as ApiError;
    const waited = performance.now() - started;
    release();
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.message).toBe("no answer within 200 ms");
    expect(waited).toBeLessThan(5_000);
    expect(seen).toHaveLength(1);

    answers.push({ status: 200, body: '{"ok":true}' });
    await expect(callApi(ctx, { path: "quick", schema: Thing, deadlineMs: 5_000 })).resolves.toEqual({ ok: true });
  });
});

describe("calls flagged for a bearer token", () => {
  const shopper = (tokens: string[], ended?: Response) => {
    const state = { renewals: 0 };
    return {
      state,
      bearer: async () => tokens[0],
      renew: async () => {
        state.renewals++;
        return tokens[state.renewals];
      },
      actingFor: undefined,
      agent: undefined,
      priceGroups: "",
      userPathId: "current",
      signInAgain: () => (state.renewals > 0 ? ended : undefined),
      assistedSessionEnded: () => Promise.resolve(undefined),
    };
  };

  it("send the shopper's token; unflagged calls send none", async () => {
    const s = shopper(["t1"]);
    await callApi({ ...ctx, shopper: s }, { path: "users/current", schema: z.unknown(), auth: "required" });
    await callApi({ ...ctx, shopper: s }, { path: "cms/pages", schema: z.unknown() });
    expect(seen[0]!.headers.authorization).toBe("Bearer t1");
    expect(seen[1]!.headers.authorization).toBeUndefined();
  });

  it("on a 401 drop the token, refresh, and retry once with the new one", async () => {
    const s = shopper(["old", "new"]);
    answers.push({ status: 401, body: '{"errors":[{"type":"InvalidTokenError","message":"expired"}]}' }, { status: 200, body: '{"ok":true}' });
    await expect(callApi({ ...ctx, shopper: s }, { path: "users/current", schema: Thing, auth: "required" })).resolves.toEqual({ ok: true });
    expect(seen.map((r) => r.headers.authorization)).toEqual(["Bearer old", "Bearer new"]);
    expect(s.state.renewals).toBe(1);
  });

  it("retry only once: a second 401 is the answer", async () => {
    const s = shopper(["old", "new", "newer"]);
    const expired = { status: 401, body: '{"errors":[{"type":"InvalidTokenError","message":"expired"}]}' };
    answers.push(expired, expired, expired);
    const err = (await callApi({ ...ctx, shopper: s }, { path: "users/current", schema: Thing, auth: "required" }).catch((e) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(seen).toHaveLength(2);
    expect(s.state.renewals).toBe(1);
  });

  it("answer with the sign-in page when the refresh was refused: the service ended the sign-in", async () => {
    const signIn = new Response(null, { status: 303, headers: { Location: "/login?notice=sessionEnded&returnTo=%2Faccount" } });
    const s = shopper(["revoked"], signIn);
    answers.push({ status: 401, body: '{"errors":[{"type":"InvalidTokenError","message":"revoked"}]}' });
    const thrown = await callApi({ ...ctx, shopper: s }, { path: "users/current", schema: Thing, auth: "required" }).catch((e) => e);
    expect(thrown).toBe(signIn);
    expect(seen).toHaveLength(1);
  });

  it("answer with the agents' desk when the agent's assisted session with the customer has ended", async () => {
    const desk = new Response(null, { status: 303, headers: { Location: "/agent?notice=assistedSessionEnded" } });
    const agent = { ...shopper(["t"]), agent: { userId: "agent-7" }, actingFor: { customerId: "cust-9" }, assistedSessionEnded: () => Promise.resolve(desk) };
    answers.push({ status: 403, body: '{"errors":[{"type":"AgentSessionRequiredError","message":"Start an assisted session first."}]}' });
    const thrown = await callApi({ ...ctx, shopper: agent }, { path: "users/cust-9", schema: Thing, auth: "required" }).catch((e) => e);
    expect(thrown).toBe(desk);
  });

  it("carry the agent's and the served customer's ids as headers on v2 calls", async () => {
    const agent = { ...shopper(["t"]), agent: { userId: "agent-7" }, actingFor: { customerId: "cust-9" } };
    await callApi({ ...ctx, shopper: agent }, { path: "users/cust-9", schema: z.unknown(), auth: "required" });
    expect(seen[0]!.headers.csagentid).toBe("agent-7");
    expect(seen[0]!.headers.customerid).toBe("cust-9");
  });
});

/** The API's 304: no body, the ETag (as a server sends it with a 304) and any new Cache-Control. */
const notModified = (etag: string, headers: Record<string, string> = {}) => ({ status: 304, body: "", headers: { ETag: etag, ...headers } });

describe("answers the API sends again unchanged", () => {
  const Listing = z.object({ products: z.array(z.object({ code: z.string() })) });
  const body = '{"products":[{"code":"5001-SMRG"},{"code":"5003-SMRG"}],"extra":1}';

  it("asks for a GET it has an ETag for with If-None-Match, and a 304 gives back what was read before", async () => {
    answers.push({ status: 200, body, headers: { ETag: 'W/"1-a"' } }, notModified('W/"1-a"'));
    const first = await callApi(ctx, { path: "c/coffee/categoryData", schema: Listing });
    const second = await callApi(ctx, { path: "c/coffee/categoryData", schema: Listing });
    expect(seen[0]!.headers["if-none-match"]).toBeUndefined();
    expect(seen[1]!.headers["if-none-match"]).toBe('W/"1-a"');
    expect(second).toEqual({ products: [{ code: "5001-SMRG" }, { code: "5003-SMRG" }] });
    expect(second).toBe(first);
    // Every page shares a cached answer: none may change it for the next.
    expect(Object.isFrozen(second.products[0])).toBe(true);
  });

  it("reads a changed answer afresh and caches that one instead", async () => {
    answers.push(
      { status: 200, body, headers: { ETag: 'W/"1-b"' } },
      { status: 200, body: '{"products":[]}', headers: { ETag: 'W/"2-b"' } },
      notModified('W/"2-b"'),
    );
    await callApi(ctx, { path: "c/tea/categoryData", schema: Listing });
    await expect(callApi(ctx, { path: "c/tea/categoryData", schema: Listing })).resolves.toEqual({ products: [] });
    await expect(callApi(ctx, { path: "c/tea/categoryData", schema: Listing })).resolves.toEqual({ products: [] });
    expect(seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, 'W/"1-b"', 'W/"2-b"']);
  });

  it("caches answers per schema and URL: another query, another language or another reading asks afresh", async () => {
    for (let i = 0; i < 4; i++) answers.push({ status: 200, body, headers: { ETag: 'W/"1-c"' } });
    await callApi(ctx, { path: "c/cocoa/categoryData", schema: Listing });
    await callApi(ctx, { path: "c/cocoa/categoryData", query: { currentPage: 1 }, schema: Listing });
    await callApi({ ...ctx, lang: "en" }, { path: "c/cocoa/categoryData", schema: Listing });
    await callApi(ctx, { path: "c/cocoa/categoryData", schema: z.object({ extra: z.number() }) });
    expect(seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("never sends If-None-Match with a write, and caches nothing of an answer without an ETag", async () => {
    answers.push(
      { status: 200, body: '{"ok":true}' },
      { status: 200, body: '{"ok":true}' },
      { status: 200, body: '{"ok":true}', headers: { ETag: 'W/"1-d"' } },
    );
    await callApi(ctx, { path: "carts/current", schema: Thing });
    await callApi(ctx, { path: "carts/current", schema: Thing });
    await callApi(ctx, { method: "POST", path: "carts/current", json: {}, schema: Thing });
    expect(seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, undefined, undefined]);
  });

  it("does not cache an answer larger than a quarter megabyte", async () => {
    const big = JSON.stringify({ products: [{ code: "x".repeat(300_000) }] });
    answers.push({ status: 200, body: big, headers: { ETag: 'W/"big"' } }, { status: 200, body: big, headers: { ETag: 'W/"big"' } });
    await callApi(ctx, { path: "sitemap/products", schema: Listing });
    await callApi(ctx, { path: "sitemap/products", schema: Listing });
    expect(seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, undefined]);
  });

  it("caches at most two megabytes of answers, forgetting the least recently used first", async () => {
    // Ten answers of 240 kB: the first two no longer fit once the last has come.
    const answerOf = (n: number) => ({
      status: 200,
      body: JSON.stringify({ products: [{ code: `${n}`.padEnd(240_000, "-") }] }),
      headers: { ETag: `W/"${n}"` },
    });
    for (let n = 1; n <= 10; n++) {
      answers.push(answerOf(n));
      await callApi(ctx, { path: `c/many-${n}/categoryData`, schema: Listing });
    }
    answers.push(answerOf(1), notModified('W/"10"'));
    await callApi(ctx, { path: "c/many-1/categoryData", schema: Listing });
    await callApi(ctx, { path: "c/many-10/categoryData", schema: Listing });
    expect(seen.slice(10).map((r) => r.headers["if-none-match"])).toEqual([undefined, 'W/"10"']);
  });
});

describe("answers the API marks fresh (Cache-Control: max-age)", () => {
  const Listing = z.object({ products: z.array(z.object({ code: z.string() })) });
  const body = '{"products":[{"code":"5001-SMRG"}]}';
  const fresh = { "Cache-Control": "private, max-age=1, stale-while-revalidate=60" };

  it("are used again within their max-age without asking the API", async () => {
    answers.push({ status: 200, body, headers: { ETag: 'W/"1-f"', ...fresh } });
    const first = await callApi(ctx, { path: "c/fresh/categoryData", schema: Listing });
    const second = await callApi(ctx, { path: "c/fresh/categoryData", schema: Listing });
    expect(second).toBe(first);
    expect(seen).toHaveLength(1);
  });

  it("are revalidated (If-None-Match) before use once the max-age has passed, stale-while-revalidate or not; a 304 makes them fresh again", async () => {
    answers.push(
      { status: 200, body, headers: { ETag: 'W/"1-g"', "Cache-Control": "private, max-age=0, stale-while-revalidate=60" } },
      notModified('W/"1-g"', fresh),
    );
    await callApi(ctx, { path: "c/aged/categoryData", schema: Listing });
    await callApi(ctx, { path: "c/aged/categoryData", schema: Listing });
    // The 304 said max-age=1: the third call is answered from the cache.
    await callApi(ctx, { path: "c/aged/categoryData", schema: Listing });
    expect(seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, 'W/"1-g"']);
  });

  it("are not used for another shopper's token: a member's prices are asked for with the member's token", async () => {
    answers.push({ status: 200, body, headers: { ETag: 'W/"1-h"', ...fresh } }, notModified('W/"1-h"', fresh), notModified('W/"1-h"', fresh));
    await callApi(ctx, { path: "c/members/categoryData", schema: Listing });
    await callApi(ctx, { path: "c/members/categoryData", schema: Listing, bearer: "member-token" });
    await callApi(ctx, { path: "c/members/categoryData", schema: Listing, bearer: "member-token" });
    // Revalidated for the member, the answer is the member's until a guest revalidates it.
    await callApi(ctx, { path: "c/members/categoryData", schema: Listing });
    expect(seen.map((r) => r.headers.authorization)).toEqual([undefined, "Bearer member-token", undefined]);
    expect(seen[1]!.headers["if-none-match"]).toBe('W/"1-h"');
  });

  it("are not used for an agent, nor for the customer an agent serves, when asked without them", async () => {
    const agentFor = (customerId?: string): ApiClientContext => ({
      ...ctx,
      shopper: {
        bearer: () => Promise.resolve(undefined),
        renew: () => Promise.resolve(undefined),
        actingFor: customerId ? { customerId } : undefined,
        agent: { userId: "agent-7" },
        priceGroups: "",
        userPathId: customerId ?? "anonymous",
        signInAgain: () => undefined,
        assistedSessionEnded: () => Promise.resolve(undefined),
      },
    });
    for (let i = 0; i < 3; i++) answers.push({ status: 200, body, headers: { ETag: 'W/"1-k"', ...fresh } });
    await callApi(ctx, { path: "c/agents/categoryData", schema: Listing });
    await callApi(agentFor(), { path: "c/agents/categoryData", schema: Listing });
    await callApi(agentFor("cust-9"), { path: "c/agents/categoryData", schema: Listing });
    expect(seen.map((r) => `${r.headers.csagentid ?? ""}|${r.headers.customerid ?? ""}`)).toEqual(["|", "agent-7|", "agent-7|cust-9"]);
  });

  it("are revalidated after the storefront writes through the API", async () => {
    answers.push({ status: 200, body, headers: { ETag: 'W/"1-i"', ...fresh } }, { status: 201, body: '{"ok":true}' }, notModified('W/"1-i"', fresh));
    await callApi(ctx, { path: "c/written/categoryData", schema: Listing });
    await callApi(ctx, { method: "POST", path: "users/anonymous/carts", json: {}, schema: Thing });
    await callApi(ctx, { path: "c/written/categoryData", schema: Listing });
    expect(seen.map((r) => `${r.method} ${r.headers["if-none-match"] ?? ""}`)).toEqual(["GET ", "POST ", 'GET W/"1-i"']);
  });

  it("are revalidated when a write was sent while they were on their way", async () => {
    let answerTheRead!: () => void;
    answers.push(
      { status: 200, body, headers: { ETag: 'W/"1-l"', ...fresh }, hold: new Promise((r) => (answerTheRead = r)) },
      { status: 201, body: '{"ok":true}' },
      notModified('W/"1-l"', fresh),
    );
    const read = callApi(ctx, { path: "c/crossed/categoryData", schema: Listing });
    while (seen.length < 1) await new Promise((r) => setImmediate(r));
    await callApi(ctx, { method: "POST", path: "users/anonymous/carts", json: {}, schema: Thing });
    answerTheRead();
    await read;
    await callApi(ctx, { path: "c/crossed/categoryData", schema: Listing });
    expect(seen.map((r) => `${r.method} ${r.headers["if-none-match"] ?? ""}`)).toEqual(["GET ", "POST ", 'GET W/"1-l"']);
  });

  it("never when the API said no-store", async () => {
    answers.push(
      { status: 200, body, headers: { ETag: 'W/"1-j"', "Cache-Control": "private, no-store" } },
      { status: 200, body, headers: { ETag: 'W/"1-j"', "Cache-Control": "private, no-store" } },
    );
    await callApi(ctx, { path: "carts/current", schema: Listing });
    await callApi(ctx, { path: "carts/current", schema: Listing });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers["if-none-match"]).toBeUndefined();
  });
});
