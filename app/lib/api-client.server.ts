import http from "node:http";
import https from "node:https";
import CachePolicy from "http-cache-semantics";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import { type z, ZodError } from "zod";
import { TokenErrorSchema } from "../../commerce/contract/auth";
import { ApiErrorBodySchema, type ApiErrorItem, type BrandId, type Lang } from "../../commerce/contract/common";
import { storefrontConfig } from "../config.server";
import type { StorefrontContext } from "./context";

/**
 * Read on first call, not when the module loads: server.ts imports this module before it has
 * checked the environment, and a bad setting must stop start-up with its own message.
 */
const apiTimeoutMs = () => storefrontConfig().apiTimeoutMs;

/** A non-OK answer (or no answer) from the commerce API, with what the API said. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
    readonly path: string,
    /** Seconds the API asked to wait (Retry-After), with a 429 or 503. */
    readonly retryAfterSeconds?: number,
  ) {
    super(errors[0]?.message ?? `API ${status} at ${path}`);
    this.name = "ApiError";
  }
  /** The Retry-After a page passes on with this 429: the API's own wait, a minute when it named none. */
  get retryAfterHeader(): Record<string, string> {
    return this.status === 429 ? { "Retry-After": String(this.retryAfterSeconds ?? 60) } : {};
  }
  get kind(): "4xx" | "5xx" | "unknown" {
    return this.status >= 500 ? "5xx" : this.status >= 400 ? "4xx" : "unknown";
  }
}

export interface ApiCall<S extends z.ZodType> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Relative to /rest/v2/{brand}/ unless it starts with "/". */
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  json?: unknown;
  form?: Record<string, string>;
  schema: S;
  /** `text` answers (CMS html) skip the schema's JSON parsing and are validated as strings. */
  responseType?: "json" | "text";
  bearer?: string;
  /** Headers a service outside the commerce API asks for (an API key, a context token). */
  headers?: Record<string, string>;
  /**
   * Calls flagged for a bearer token send the shopper's (refreshed first when expired); a 401 on
   * such a call drops the token, refreshes and retries once. `optional` calls (prices that depend
   * on a member's groups) go out anonymous when nobody is signed in.
   */
  auth?: "optional" | "required";
  /** Calls whose answer depends on catalog currency (search, category, product) send `curr`. */
  withCurrency?: boolean;
  /**
   * The longest the whole call (its retry included) may take before it fails as unanswered
   * (status 0): for a page that goes on without the answer rather than wait the API timeout.
   */
  deadlineMs?: number;
}

/** The signed-in side of a request, as the API client needs it. */
export interface ApiShopper {
  bearer(): Promise<string | undefined>;
  renew(): Promise<string | undefined>;
  /** While an agent acts for a customer: both ids, sent as headers on v2 calls. */
  readonly actingFor: { customerId: string } | undefined;
  readonly agent: { userId: string } | undefined;
  /** The signed-in customer's price groups ("" for everyone else), for caches of priced answers. */
  readonly priceGroups: string;
  /** `current`, the customer an agent serves, or `anonymous`: the {user} of users/{user}/… calls. */
  readonly userPathId: string;
  /** The answer to send when the service ended the sign-in during this request (the sign-in page). */
  signInAgain(): Response | undefined;
  /** The answer to send once the agent's assisted session with the customer has ended (the agents' desk). */
  assistedSessionEnded(): Promise<Response | undefined>;
}

export interface ApiClientContext {
  apiBaseUrl: string;
  brand: { id: BrandId; currency: string };
  lang: Lang;
  correlationId: string;
  logger: Logger;
  cmsTicketId?: string;
  shopper?: ApiShopper;
  /** The shopper's address: the API's own limits (sign-in failures per address) count per shopper. */
  clientAddress?: string;
}

export function clientContext(ctx: StorefrontContext): ApiClientContext {
  return ctx;
}

/** Keep-alive connections to the API, shared by every request of this process. */
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 128 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 128 }),
};

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  bytes: number;
}

/** A GET answer as the storefront read it (parsed, checked, frozen: every page shares it), with its HTTP cache policy. */
interface CachedAnswer {
  policy: CachePolicy;
  value: unknown;
  bytes: number;
  /** Two models may read one URL differently: an answer serves only the schema that read it. */
  schema: z.ZodType;
  /** The credentials it was asked (or last revalidated) with: a member may see other prices than a guest. */
  askedAs: string;
  /** The write count when its call was sent: an answer that crossed a write is revalidated before use. */
  writes: number;
}

/** What the cached answers' bodies may add up to in one process (their parsed form takes a few times as much heap). */
const ANSWER_CACHE_BYTES = 2 * 1024 * 1024;
/** Answers larger than this are not cached (sitemaps): they are rare and would crowd out the rest. */
const LARGEST_CACHED_ANSWER_BYTES = 256 * 1024;

/**
 * The API's recent answers to GET calls. One the API marked fresh (catalog answers, for a second)
 * is used again without a call; past that it is revalidated (If-None-Match), and a 304 reuses what
 * was read instead of receiving, parsing and checking the same body again. A 304 says the body
 * would be the same, so a cached answer is revalidated whoever asked for it first.
 */
const answerCache = new LRUCache<string, CachedAnswer>({
  maxSize: ANSWER_CACHE_BYTES,
  maxEntrySize: LARGEST_CACHED_ANSWER_BYTES,
  sizeCalculation: (answer) => answer.bytes,
});

/**
 * Writes (non-GET calls) this process has sent: once the storefront has written (an order, a cart
 * change), whatever it cached may be out of date, so every cached answer is revalidated before use.
 */
let writes = 0;

/** One HTTP exchange (node:http: leaner per call than fetch for many small loopback requests). */
function send(url: URL, method: string, headers: Record<string, string>, body: string | undefined, deadline: AbortSignal | undefined): Promise<RawAnswer> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method,
        headers: body === undefined ? headers : { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        agent: agents[url.protocol as "http:" | "https:"],
        signal: deadline,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const whole = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: whole.toString("utf8"), bytes: whole.length });
        });
        res.on("error", reject);
      },
    );
    const timeoutMs = apiTimeoutMs();
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`API timeout after ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * A failure worth one more try: no answer at all, or the server (not the request) failed. A 4xx is
 * the request's own fault and would fail the same way again, so it is not retried.
 */
function retryable(status: number): boolean {
  return status === 0 || status >= 500;
}

/**
 * Every storefront call to the commerce API goes through here: correlation id, language and
 * currency, a timeout (API_TIMEOUT_MS, 60 s by default) and, where asked, a deadline for the whole
 * call, one retry, zod-validated answers, typed errors, logging, and the cache of GET answers.
 */
export async function callApi<S extends z.ZodType>(ctx: ApiClientContext, call: ApiCall<S>): Promise<z.infer<S>> {
  const method = call.method ?? "GET";
  const path = call.path.startsWith("/") ? call.path : `/rest/v2/${ctx.brand.id}/${call.path}`;
  const url = new URL(path, ctx.apiBaseUrl);
  if (!call.path.startsWith("/")) {
    url.searchParams.set("lang", ctx.lang);
    if (call.withCurrency) url.searchParams.set("curr", ctx.brand.currency);
  }
  for (const [k, v] of Object.entries(call.query ?? {})) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { ...call.headers, correlationID: ctx.correlationId, Accept: "application/json" };
  if (ctx.clientAddress) headers["X-Forwarded-For"] = ctx.clientAddress;
  let body: string | undefined;
  if (call.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(call.form).toString();
  } else if (call.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(call.json);
  }
  // Prices depend on a member's groups: every call that prices things may carry the token.
  const auth = call.auth ?? (call.withCurrency ? "optional" : undefined);
  let bearer = call.bearer ?? (auth && ctx.shopper ? await ctx.shopper.bearer() : undefined);
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const agent = ctx.shopper?.agent;
  if (agent && !call.path.startsWith("/")) {
    headers.csAgentId = agent.userId;
    if (ctx.shopper?.actingFor) headers.customerId = ctx.shopper.actingFor.customerId;
  }
  let renewed = false;
  // Whom an answer was asked for: a refused token renewed below changes it.
  const askedAs = () => `${headers.Authorization ?? ""}|${headers.csAgentId ?? ""}|${headers.customerId ?? ""}`;
  const cacheKey = method === "GET" && call.responseType !== "text" ? url.href : undefined;
  // The cache policy judges the answer's headers; credentials and writes are checked beside it.
  const request = { url: url.href, method, headers: {} };
  const cachedEntry = cacheKey === undefined ? undefined : answerCache.get(cacheKey);
  const cached = cachedEntry?.schema === call.schema ? cachedEntry : undefined;
  if (cached) {
    if (cached.askedAs === askedAs() && cached.writes === writes && cached.policy.satisfiesWithoutRevalidation(request)) return cached.value as z.infer<S>;
    Object.assign(headers, cached.policy.revalidationHeaders(request));
  }

  // Not a child logger: making one cost every call, logged or not; these fields go only into lines written.
  const where = { correlationId: ctx.correlationId, brand: ctx.brand.id, lang: ctx.lang, api: `${method} ${url.pathname}` };
  const logAnswered = (status: number, started: number) => {
    if (ctx.logger.isLevelEnabled("debug")) ctx.logger.debug({ ...where, status, ms: Math.round(performance.now() - started) }, "api call");
  };
  // The write count as the call is sent: an answer that crossed a write is not used unasked.
  const writesWhenSent = writes;
  const cache = (policy: CachePolicy, value: unknown, bytes: number) =>
    answerCache.set(cacheKey!, { policy, value, bytes, schema: call.schema, askedAs: askedAs(), writes: writesWhenSent });

  const deadline = call.deadlineMs === undefined ? undefined : AbortSignal.timeout(call.deadlineMs);
  let lastError: ApiError | undefined;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const started = performance.now();
    let status = 0;
    try {
      const res = await send(url, method, headers, body, deadline).finally(() => {
        // Once the storefront has written (or may have), what it cached may be out of date.
        if (method !== "GET") writes++;
      });
      status = res.status;
      if (status === 304 && cached) {
        logAnswered(status, started);
        cache(cached.policy.revalidatedPolicy(request, res).policy, cached.value, cached.bytes);
        return cached.value as z.infer<S>;
      }
      if (status >= 200 && status < 300) {
        logAnswered(status, started);
        const payload = call.responseType === "text" ? res.text : res.text ? JSON.parse(res.text) : null;
        const answer = call.schema.parse(payload);
        const policy = cacheKey === undefined ? undefined : new CachePolicy(request, res, { shared: false });
        // Worth caching when it can be revalidated (an ETag) or used again unasked (a max-age).
        if (policy?.storable() && (res.headers.etag || policy.timeToLive() > 0)) cache(policy, deepFreeze(answer), res.bytes);
        return answer;
      }
      const retryAfter = Number.parseInt(res.headers["retry-after"] ?? "", 10);
      lastError = new ApiError(status, parseErrors(res.text, status), url.pathname, Number.isFinite(retryAfter) ? retryAfter : undefined);
      // A refused token: drop it, refresh, and try once more with the new one.
      if (status === 401 && bearer && auth && ctx.shopper && !renewed) {
        renewed = true;
        bearer = await ctx.shopper.renew();
        if (bearer) headers.Authorization = `Bearer ${bearer}`;
        else delete headers.Authorization;
        if (bearer || auth === "optional") {
          attempt--;
          continue;
        }
      }
    } catch (err) {
      if (err instanceof ZodError) {
        ctx.logger.error({ ...where, err }, "API answer does not match the contract");
        throw new ApiError(502, [{ type: "ContractError", message: "The commerce API answered in an unexpected shape." }], url.pathname);
      }
      const message = deadline?.aborted ? `no answer within ${call.deadlineMs} ms` : err instanceof Error ? err.message : String(err);
      lastError = new ApiError(status, [{ type: "NetworkError", message }], url.pathname);
    }
    // Refused for want of the sign-in the service has just ended (the call, or its users/current
    // path, needed it): the shopper signs in again rather than seeing the page fail.
    const signInAgain = lastError.status === 401 ? ctx.shopper?.signInAgain() : undefined;
    if (signInAgain) throw signInAgain;
    // The agent's assisted session with the customer ended elsewhere: back to the desk, not a failed page.
    const desk = lastError.status === 403 && lastError.errors[0]?.type === "AgentSessionRequiredError" ? await ctx.shopper?.assistedSessionEnded() : undefined;
    if (desk) throw desk;
    const level = lastError.status >= 500 || lastError.status === 0 ? "error" : "warn";
    ctx.logger[level]({ ...where, status: lastError.status, attempt, errors: lastError.errors }, `${lastError.kind} API failure`);
    if (!retryable(lastError.status) || deadline?.aborted) break;
  }
  throw lastError!;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

function parseErrors(text: string, status: number): ApiErrorItem[] {
  try {
    const body: unknown = JSON.parse(text);
    const parsed = ApiErrorBodySchema.safeParse(body);
    if (parsed.success) return parsed.data.errors;
    // The token endpoint answers in OAuth's own shape.
    const oauth = TokenErrorSchema.safeParse(body);
    if (oauth.success) return [{ type: oauth.data.error, message: oauth.data.error_description }];
  } catch {
    /* not JSON: fall through */
  }
  return [{ type: "HttpError", message: `HTTP ${status}` }];
}
