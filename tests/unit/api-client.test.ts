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
});

describe("calls flagged for a bearer token", () => {
  const shopper = (tokens: string[]) => {
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

  it("carry the agent's and the served customer's ids as headers on v2 calls", async () => {
    const agent = { ...shopper(["t"]), agent: { userId: "agent-7" }, actingFor: { customerId: "cust-9" } };
    await callApi({ ...ctx, shopper: agent }, { path: "users/cust-9", schema: z.unknown(), auth: "required" });
    expect(seen[0]!.headers.csagentid).toBe("agent-7");
    expect(seen[0]!.headers.customerid).toBe("cust-9");
  });
});

describe("answers the API sends again unchanged", () => {
  const Listing = z.object({ products: z.array(z.object({ code: z.string() })) });
  const body = '{"products":[{"code":"5001-SMRG"},{"code":"5003-SMRG"}],"extra":1}';

  it("asks for a GET it has an ETag for with If-None-Match, and a 304 gives back what was read before", async () => {
    answers.push({ status: 200, body, headers: { ETag: 'W/"1-a"' } }, { status: 304, body: "" });
    const first = await callApi(ctx, { path: "c/coffee/categoryData", schema: Listing });
    const second = await callApi(ctx, { path: "c/coffee/categoryData", schema: Listing });
    expect(seen[0]!.headers["if-none-match"]).toBeUndefined();
    expect(seen[1]!.headers["if-none-match"]).toBe('W/"1-a"');
    expect(second).toEqual({ products: [{ code: "5001-SMRG" }, { code: "5003-SMRG" }] });
    expect(second).toBe(first);
    // Every page shares a kept answer: none may change it for the next.
    expect(Object.isFrozen(second.products[0])).toBe(true);
  });

  it("reads a changed answer afresh and keeps that one instead", async () => {
    answers.push(
      { status: 200, body, headers: { ETag: 'W/"1-b"' } },
      { status: 200, body: '{"products":[]}', headers: { ETag: 'W/"2-b"' } },
      { status: 304, body: "" },
    );
    await callApi(ctx, { path: "c/tea/categoryData", schema: Listing });
    await expect(callApi(ctx, { path: "c/tea/categoryData", schema: Listing })).resolves.toEqual({ products: [] });
    await expect(callApi(ctx, { path: "c/tea/categoryData", schema: Listing })).resolves.toEqual({ products: [] });
    expect(seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, 'W/"1-b"', 'W/"2-b"']);
  });

  it("keeps answers per schema and URL: another query, another language or another reading asks afresh", async () => {
    for (let i = 0; i < 4; i++) answers.push({ status: 200, body, headers: { ETag: 'W/"1-c"' } });
    await callApi(ctx, { path: "c/cocoa/categoryData", schema: Listing });
    await callApi(ctx, { path: "c/cocoa/categoryData", query: { currentPage: 1 }, schema: Listing });
    await callApi({ ...ctx, lang: "en" }, { path: "c/cocoa/categoryData", schema: Listing });
    await callApi(ctx, { path: "c/cocoa/categoryData", schema: z.object({ extra: z.number() }) });
    expect(seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("never sends If-None-Match with a write, and keeps nothing an answer without an ETag", async () => {
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
});

describe("answers the API marks fresh (Cache-Control: max-age)", () => {
  const Listing = z.object({ products: z.array(z.object({ code: z.string() })) });
  const body = '{"products":[{"code":"5001-SMRG"}]}';
  const fresh = { "Cache-Control": "private, max-age=1" };

  it("are used again within their max-age without asking the API", async () => {
    answers.push({ status: 200, body, headers: { ETag: 'W/"1-f"', ...fresh } });
    const first = await callApi(ctx, { path: "c/fresh/categoryData", schema: Listing });
    const second = await callApi(ctx, { path: "c/fresh/categoryData", schema: Listing });
    expect(second).toBe(first);
    expect(seen).toHaveLength(1);
  });

  it("are asked for again (If-None-Match) once the max-age has passed", async () => {
    answers.push({ status: 200, body, headers: { ETag: 'W/"1-g"', "Cache-Control": "private, max-age=0" } }, { status: 304, body: "", headers: fresh });
    await callApi(ctx, { path: "c/aged/categoryData", schema: Listing });
    await callApi(ctx, { path: "c/aged/categoryData", schema: Listing });
    // The 304 said max-age=1: the third call is answered from what was kept.
    await callApi(ctx, { path: "c/aged/categoryData", schema: Listing });
    expect(seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, 'W/"1-g"']);
  });

  it("are not used for another shopper's token: a member's prices are asked for with the member's token", async () => {
    answers.push({ status: 200, body, headers: { ETag: 'W/"1-h"', ...fresh } }, { status: 304, body: "", headers: fresh });
    await callApi(ctx, { path: "c/members/categoryData", schema: Listing });
    await callApi(ctx, { path: "c/members/categoryData", schema: Listing, bearer: "member-token" });
    await callApi(ctx, { path: "c/members/categoryData", schema: Listing, bearer: "member-token" });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers.authorization).toBe("Bearer member-token");
  });

  it("are asked for again after the storefront writes through the API", async () => {
    answers.push(
      { status: 200, body, headers: { ETag: 'W/"1-i"', ...fresh } },
      { status: 201, body: '{"ok":true}' },
      { status: 304, body: "", headers: fresh },
    );
    await callApi(ctx, { path: "c/written/categoryData", schema: Listing });
    await callApi(ctx, { method: "POST", path: "users/anonymous/carts", json: {}, schema: Thing });
    await callApi(ctx, { path: "c/written/categoryData", schema: Listing });
    expect(seen.map((r) => `${r.method} ${r.headers["if-none-match"] ?? ""}`)).toEqual(["GET ", "POST ", 'GET W/"1-i"']);
  });

  it("never when the API said no-store", async () => {
    answers.push({ status: 200, body, headers: { ETag: 'W/"1-j"', "Cache-Control": "private, no-store" } }, { status: 304, body: "" });
    await callApi(ctx, { path: "carts/current", schema: Listing });
    await callApi(ctx, { path: "carts/current", schema: Listing });
    expect(seen).toHaveLength(2);
  });
});

describe("a guest's answers the API lets the storefront use stale while it asks again (stale-while-revalidate)", () => {
  const Listing = z.object({ products: z.array(z.object({ code: z.string() })) });
  const body = (code: string) => JSON.stringify({ products: [{ code }] });
  /** Past its max-age at once, usable stale for a minute. */
  const staleAtOnce = { "Cache-Control": "private, max-age=0, stale-while-revalidate=60" };
  const fresh = { "Cache-Control": "private, max-age=60, stale-while-revalidate=60" };
  /** A page's context whose work for later is held until `sent()`, which runs it and waits for it, as server.ts does once the page has closed. */
  const page = () => {
    const left: (() => Promise<unknown>)[] = [];
    return {
      ctx: { ...ctx, afterPage: (work: () => Promise<unknown>) => void left.push(work) },
      left,
      sent: () => Promise.all(left.splice(0).map((work) => work())),
    };
  };
  const codeOf = (answer: z.infer<typeof Listing>) => answer.products[0]!.code;

  it("serve the page at once and are asked for again (If-None-Match) once it has been sent; a 304 makes them fresh again", async () => {
    const first = page();
    answers.push({ status: 200, body: body("5001-SMRG"), headers: { ETag: 'W/"s-1"', ...staleAtOnce } }, { status: 304, body: "", headers: fresh });
    const kept = await callApi(first.ctx, { path: "c/swr/categoryData", schema: Listing });
    const second = page();
    expect(await callApi(second.ctx, { path: "c/swr/categoryData", schema: Listing })).toBe(kept);
    // Nothing was asked while the page was being made.
    expect(seen).toHaveLength(1);
    // Another page before the first one is sent uses the answer and leaves the asking to it.
    const third = page();
    await callApi(third.ctx, { path: "c/swr/categoryData", schema: Listing });
    expect(third.left).toHaveLength(0);
    await second.sent();
    expect(seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, 'W/"s-1"']);
    // The 304 said fresh for a minute: the next page asks nothing.
    const fourth = page();
    expect(await callApi(fourth.ctx, { path: "c/swr/categoryData", schema: Listing })).toBe(kept);
    expect(fourth.left).toHaveLength(0);
    expect(seen).toHaveLength(2);
  });

  it("without a page to wait for, ask at once and still answer with the kept answer", async () => {
    answers.push({ status: 200, body: body("kept"), headers: { ETag: 'W/"s-9"', ...staleAtOnce } }, { status: 304, body: "", headers: fresh });
    await callApi(ctx, { path: "c/no-page/categoryData", schema: Listing });
    expect(codeOf(await callApi(ctx, { path: "c/no-page/categoryData", schema: Listing }))).toBe("kept");
    // The ask reaches the API with nothing else done.
    while (seen.length < 2) await new Promise((r) => setImmediate(r));
    expect(seen[1]!.headers["if-none-match"]).toBe('W/"s-9"');
  });

  it("a changed answer read behind one page is what the next page gets", async () => {
    answers.push(
      { status: 200, body: body("old"), headers: { ETag: 'W/"s-2"', ...staleAtOnce } },
      { status: 200, body: body("new"), headers: { ETag: 'W/"s-3"', ...fresh } },
    );
    await callApi(ctx, { path: "c/changed/categoryData", schema: Listing });
    const stale = page();
    expect(codeOf(await callApi(stale.ctx, { path: "c/changed/categoryData", schema: Listing }))).toBe("old");
    await stale.sent();
    expect(codeOf(await callApi(ctx, { path: "c/changed/categoryData", schema: Listing }))).toBe("new");
    expect(seen).toHaveLength(2);
  });

  it("when the ask fails, the kept answer still serves and the next page asks again", async () => {
    answers.push(
      { status: 200, body: body("kept"), headers: { ETag: 'W/"s-4"', ...staleAtOnce } },
      { status: 500, body: "{}" },
      { status: 500, body: "{}" },
      { status: 304, body: "", headers: fresh },
    );
    await callApi(ctx, { path: "c/failing/categoryData", schema: Listing });
    const failing = page();
    await callApi(failing.ctx, { path: "c/failing/categoryData", schema: Listing });
    // The ask and its one retry both fail.
    await failing.sent();
    expect(seen).toHaveLength(3);
    const next = page();
    expect(codeOf(await callApi(next.ctx, { path: "c/failing/categoryData", schema: Listing }))).toBe("kept");
    await next.sent();
    expect(seen.map((r) => r.headers["if-none-match"])).toEqual([undefined, 'W/"s-4"', 'W/"s-4"', 'W/"s-4"']);
  });

  it("a signed-in member's answer past its max-age waits for the API, as their token may need renewing", async () => {
    let answerTheAsk!: () => void;
    answers.push(
      { status: 200, body: body("member"), headers: { ETag: 'W/"s-5"', ...staleAtOnce } },
      { status: 304, body: "", headers: fresh, hold: new Promise((r) => (answerTheAsk = r)) },
    );
    await callApi(ctx, { path: "c/member-swr/categoryData", schema: Listing, bearer: "member-token" });
    const member = page();
    let answered = false;
    const second = callApi(member.ctx, { path: "c/member-swr/categoryData", schema: Listing, bearer: "member-token" }).then(() => (answered = true));
    // The call is still waiting when the API has the request and holds its answer.
    while (seen.length < 2) await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    answerTheAsk();
    await second;
    expect(member.left).toHaveLength(0);
    expect(seen[1]!.headers.authorization).toBe("Bearer member-token");
  });

  it("an agent's answer past its max-age waits for the API too", async () => {
    const agentCtx: ApiClientContext = {
      ...ctx,
      shopper: {
        bearer: () => Promise.resolve(undefined),
        renew: () => Promise.resolve(undefined),
        actingFor: undefined,
        agent: { userId: "agent-7" },
        priceGroups: "",
        userPathId: "anonymous",
      },
    };
    answers.push({ status: 200, body: body("agent"), headers: { ETag: 'W/"s-10"', ...staleAtOnce } }, { status: 304, body: "", headers: fresh });
    await callApi(agentCtx, { path: "c/agent-swr/categoryData", schema: Listing });
    const agentPage = page();
    await callApi({ ...agentCtx, afterPage: agentPage.ctx.afterPage }, { path: "c/agent-swr/categoryData", schema: Listing });
    expect(agentPage.left).toHaveLength(0);
    expect(seen.map((r) => r.headers.csagentid)).toEqual(["agent-7", "agent-7"]);
  });

  it("not after the storefront wrote through the API: the next page waits for the API's answer", async () => {
    answers.push(
      { status: 200, body: body("before"), headers: { ETag: 'W/"s-6"', ...staleAtOnce } },
      { status: 201, body: '{"ok":true}' },
      { status: 200, body: body("after"), headers: { ETag: 'W/"s-7"', ...fresh } },
    );
    await callApi(ctx, { path: "c/written-swr/categoryData", schema: Listing });
    await callApi(ctx, { method: "POST", path: "users/anonymous/carts", json: {}, schema: Thing });
    const next = page();
    expect(codeOf(await callApi(next.ctx, { path: "c/written-swr/categoryData", schema: Listing }))).toBe("after");
    expect(next.left).toHaveLength(0);
  });
});
