import { fork } from "node:child_process";
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type express from "express";
import pino from "pino";
import { bareDomainTarget, resolveBrandId } from "./app/brands/resolve.server";
import { loadStorefrontConfig, type StorefrontConfig, workerHeapFor } from "./app/config.server";
import { originCheck, privateCacheControl, requestGuard, securityHeaders } from "./app/lib/http-security.server";
import { storefrontContextFor } from "./app/lib/request-context.server";
import { afterPageOf } from "./app/lib/after-page.server";
import { warmUpStorefront } from "./app/lib/warm-up.server";
import { type CommerceConfig, loadCommerceConfig } from "./commerce/config";
import { LOG_REDACTION } from "./commerce/contract/log-redaction";
import type { CommerceApi, Db } from "./commerce/service";
import type * as StorefrontEntry from "./app/entry.server";
import { ConfigurationError } from "./lib/environment";

// Express, Remix, the commerce service and the database driver are imported where they are used
// (the bundle splits them off), so a cluster primary that only forks never loads them.

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");

/**
 * Both parts' settings are checked before anything else happens. A bad one stops the store at once
 * with one line per variable (what it expects); a stack trace would only hide that line.
 */
function readSettings(): { storefront: StorefrontConfig; commerce: CommerceConfig } {
  const problems: string[] = [];
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (err) {
      if (!(err instanceof ConfigurationError)) throw err;
      problems.push(err.message);
      return undefined;
    }
  };
  const storefront = attempt(() => loadStorefrontConfig());
  const commerce = attempt(() => loadCommerceConfig());
  // The same port for both would put the operators' endpoints on the public side.
  if (storefront && commerce && commerce.operator.port === storefront.port) {
    problems.push(`  OPERATOR_PORT=${commerce.operator.port}: expected a port other than PORT (the public one)`);
  }
  if (!storefront || !commerce || problems.length > 0) {
    process.stderr.write(`${problems.join("\n")}\n`);
    process.exit(1);
  }
  return { storefront, commerce };
}

const { storefront: config, commerce: commerceConfig } = readSettings();

/** Readable lines for a person at a terminal; JSON, one object a line, for everything else. */
const readableLogs = process.stdout.isTTY === true;
const logger = pino({
  level: config.logLevel,
  base: { service: "brewfront" },
  redact: LOG_REDACTION,
  ...(readableLogs ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname,service", translateTime: "SYS:HH:MM:ss" } } } : {}),
});

/** What a worker tells the first process once it listens. */
interface Listening {
  type: "brewfront:listening";
  port: number;
  database: string;
}

function isListening(message: unknown): message is Listening {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "brewfront:listening";
}

/** What the preparing child tells the primary when the database is ready. */
interface Prepared {
  type: "brewfront:prepared";
  products: number;
}

function isPrepared(message: unknown): message is Prepared {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "brewfront:prepared";
}

const PREPARE_FLAG = "--prepare-for-workers";
const oneOff = process.argv.includes("--migrate-only") || process.argv.includes("--seed-only");

/**
 * The database is prepared first (migrations, seed); then, in production, the primary forks one
 * worker per core (WEB_CONCURRENCY overrides) and each worker serves the store. Workers share
 * nothing in memory: the catalog change feed keeps their caches in step through the database.
 * With workers, the preparing runs in a short-lived child, so the primary never holds the database
 * driver, the seed or the server's modules: it only forks and watches.
 */
if (process.argv.includes(PREPARE_FLAG)) {
  const { catalogSize } = await import("./commerce/service");
  const db = await prepareDatabase();
  const message: Prepared = { type: "brewfront:prepared", products: await catalogSize(db) };
  await db.destroy();
  process.send?.(message);
  process.disconnect?.();
} else if (cluster.isPrimary && config.workers > 1 && !oneOff) {
  const products = await prepareInChild();
  // The workers' rate limits count here when no Redis shares them, so a limit is one limit for the machine.
  if (!config.redisUrl) (await import("./lib/rate-limit")).countRateLimitsForWorkers();
  runPrimary(config.workers, config.workerHeapMb ?? workerHeapFor(products));
} else if (cluster.isPrimary) {
  const db = await prepareDatabase();
  await serve(db, (listening) => announce(listening, 1));
} else {
  const { openDatabase } = await import("./commerce/service");
  await serve(openDatabase(commerceConfig), (listening) => process.send?.(listening));
}

/** Migrations, the seed when asked for, and the change feed pruned; --migrate-only and --seed-only stop there. */
async function prepareDatabase(): Promise<Db> {
  const { migrateDatabase, openDatabase, pruneCatalogChanges, refuseDemoPasswords, seedDatabase } = await import("./commerce/service");
  const db = openDatabase(commerceConfig);
  await migrateDatabase(db);
  if (process.argv.includes("--migrate-only")) {
    await db.destroy();
    process.exit(0);
  }
  if (commerceConfig.seed) {
    const seed = await seedDatabase(db, commerceConfig);
    logger.info(seed, seed.seeded ? "database seeded" : "database already has a catalog");
  }
  // Production refuses demo accounts that still have the published demo password (ALLOW_DEMO_PASSWORDS=true allows them).
  await refuseDemoPasswords(db, commerceConfig);
  if (process.argv.includes("--seed-only")) {
    await db.destroy();
    process.exit(0);
  }
  await pruneCatalogChanges(db);
  return db;
}

/** Runs prepareDatabase in a child process; answers the catalog's size. A failed child stops the store. */
function prepareInChild(): Promise<number> {
  const child = fork(fileURLToPath(import.meta.url), [...process.argv.slice(2), PREPARE_FLAG], { stdio: "inherit" });
  return new Promise((resolve) => {
    let prepared = false;
    child.on("message", (message: unknown) => {
      if (!isPrepared(message)) return;
      prepared = true;
      resolve(message.products);
    });
    const failUnlessPrepared = (code: number | null, signal: NodeJS.Signals | null) => {
      if (prepared) return;
      logger.error({ code, signal }, "preparing the database failed");
      process.exit(1);
    };
    // Its answer comes over the channel before the channel closes, so wait for the close to judge.
    child.on("exit", (code, signal) => {
      if (child.connected) child.once("disconnect", () => failUnlessPrepared(code, signal));
      else failUnlessPrepared(code, signal);
    });
  });
}

function runPrimary(count: number, heapMb: number) {
  let stopping = false;
  let announced = false;
  const listening = new Set<number>();
  // Each worker's heap is bounded so V8 collects early: unbounded, a worker under load keeps
  // hundreds of MB of garbage it would have reclaimed, and the store outgrows a small machine.
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-old-space-size=${heapMb}`] });
  for (let i = 0; i < count; i++) cluster.fork();
  // The stores' addresses are printed once, when every worker listens, not once per worker.
  cluster.on("message", (worker, message: unknown) => {
    if (announced || !isListening(message)) return;
    listening.add(worker.id);
    if (listening.size < count) return;
    announced = true;
    announce(message, count);
  });
  cluster.on("exit", (worker, code, signal) => {
    listening.delete(worker.id);
    if (!stopping) {
      logger.error({ pid: worker.process.pid, code, signal }, "worker died; starting another");
      cluster.fork();
    } else if (Object.keys(cluster.workers ?? {}).length === 0) {
      logger.info("all workers stopped");
      process.exit(0);
    }
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping workers");
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * Where each store can be opened from this machine. `<www host>.localhost` reaches this server and
 * still tells the stores apart (browsers send *.localhost to the loopback address); a host that
 * would not resolve to its own brand, or a server bound to one outside address, gets ?site= instead.
 */
function storeAddresses(port: number): { brand: string; name: string; url: string; frenchUrl?: string }[] {
  const local = ["0.0.0.0", "::", "127.0.0.1", "::1", "localhost"].includes(config.host);
  return Object.values(config.brands).map((brand) => {
    const named = `${brand.host}.localhost`;
    const base =
      local && resolveBrandId(config.brands, named) === brand.id
        ? `http://${named}:${port}/`
        : `http://${local ? "localhost" : config.host}:${port}/?site=${brand.id}`;
    const frenchUrl = brand.languages.includes("fr") ? base.replace(/\/(\?|$)/, "/fr/$1") : undefined;
    return { brand: brand.id, name: brand.name, url: base, frenchUrl };
  });
}

/** The last lines of start-up: one per store, saying where to open it. At a terminal, just the lines. */
function announce({ port, database }: Listening, workers: number) {
  logger.info(
    readableLogs ? {} : { port, workers, database },
    `Brewfront listening on port ${port} (${workers} ${workers === 1 ? "process" : "workers"}, ${database})`,
  );
  const stores = storeAddresses(port);
  const width = Math.max(...stores.map((s) => s.name.length));
  for (const store of stores) {
    const line = `${store.name.padEnd(width)}  ${store.url}${store.frenchUrl ? `  (French: ${store.frenchUrl})` : ""}`;
    logger.info(readableLogs ? {} : { brand: store.brand, url: store.url, frenchUrl: store.frenchUrl }, line);
  }
}

/** The commerce API's paths on the public port; every other path is the storefront's. */
function isApiPath(path: string): boolean {
  return path === "/rest" || path.startsWith("/rest/") || path.startsWith("/authorizationserver/");
}

/** The host the shopper asked for: a trusted proxy's X-Forwarded-Host (requestGuard drops others), else Host. */
function requestHost(req: express.Request): string | undefined {
  return req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
}

async function serve(db: Db, listening: (message: Listening) => void) {
  const [
    { default: express },
    { default: compression },
    { createRequestHandler },
    { createCommerceApi, healthChecks, OPERATOR_ROUTES, requestLog },
    { REMEMBER_ME_SECONDS, ShopperSession },
    { refreshTokens },
  ] = await Promise.all([
    import("express"),
    import("compression"),
    import("@remix-run/express"),
    import("./commerce/service"),
    import("./app/lib/auth/shopper-session.server"),
    import("./app/models/account.server"),
  ]);
  let stopping = false;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  // Headers first, so every answer carries them: health, static files, the API, and the 400, 403,
  // 405 and 413 answers below.
  app.use(securityHeaders(config.production));
  app.use(requestGuard({ isApiPath }));

  let warm = false;
  app.use(healthChecks(db, () => warm));

  app.use(requestLog(logger));
  app.use((_req, res, next) => {
    if (stopping) res.setHeader("Connection", "close");
    // A response that sets a cookie is this shopper's alone: never let a shared cache keep it.
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (res.getHeader("set-cookie")) res.setHeader("Cache-Control", "private, no-store");
      // An HTML page embeds this response's CSP nonce: browsers may keep it, shared caches may not.
      else if (String(res.getHeader("content-type") ?? "").startsWith("text/html")) {
        const cacheControl = res.getHeader("cache-control");
        if (typeof cacheControl === "string" && /public|s-maxage/i.test(cacheControl)) res.setHeader("Cache-Control", privateCacheControl(cacheControl));
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });

  // The bare domains answer 302 to their www host.
  app.use((req, res, next) => {
    const target = bareDomainTarget(config.brands, requestHost(req));
    if (!target) return next();
    res.redirect(302, `${req.protocol}://${target}${req.originalUrl}`);
  });

  app.use(compression());
  // Static files only for paths that name a file, so page requests cost no file-system look-up.
  // Fingerprinted build assets are immutable; other public files are kept an hour.
  const buildDir = `${path.join(root, "public/build")}${path.sep}`;
  const staticFiles = express.static(path.join(root, "public"), {
    index: false,
    setHeaders(res, filePath) {
      res.setHeader("Cache-Control", filePath.startsWith(buildDir) ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
  app.use((req, res, next) => {
    if (!/\.[a-z0-9]{1,8}$/i.test(req.path) || req.path.endsWith(".xml") || req.path.endsWith(".txt")) return next();
    staticFiles(req, res, next);
  });

  app.use(originCheck({ requireForPaths: (p) => !isApiPath(p) }));

  /**
   * The embedded commerce service answers on the public port (for outside API clients) and on a
   * loopback-only port that the storefront's loaders call over HTTP. Keeping the storefront's calls
   * on their own listener lets shutdown close the public port first while in-flight pages still
   * reach the API.
   */
  let internalApi: import("node:http").Server | undefined;
  let operatorApi: import("node:http").Server | undefined;
  let commerce: CommerceApi | undefined;
  let apiBaseUrl = config.commerceApiUrl ?? "";
  if (!apiBaseUrl) {
    const api = createCommerceApi(db, commerceConfig, logger);
    commerce = api;
    // Pages skip the API's router: walking its routes cost every page a little.
    app.use((req, res, next) => (isApiPath(req.path) ? api(req, res, next) : next()));
    const internal = express();
    internal.disable("x-powered-by");
    // Only this process's storefront calls here; it names the shopper it calls for (X-Forwarded-For).
    internal.set("trust proxy", "loopback");
    internal.use(requestLog(logger), commerce);
    // exclusive: in a cluster each worker keeps its own loopback port instead of sharing one.
    internalApi = internal.listen({ port: 0, host: "127.0.0.1", exclusive: true });
    await new Promise((resolve) => internalApi!.once("listening", resolve));
    const address = internalApi.address();
    apiBaseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    internalApi.keepAliveTimeout = 65_000;

    // With OPERATOR_PORT the operators' endpoints get a listener of their own (loopback unless
    // OPERATOR_HOST says otherwise) that serves nothing else; the API refuses them on every other port.
    const { port: operatorPort, host: operatorHost } = commerceConfig.operator;
    if (operatorPort !== undefined) {
      const operator = express();
      operator.disable("x-powered-by");
      operator.use(securityHeaders(config.production), requestLog(logger));
      for (const route of OPERATOR_ROUTES) operator[route.method](route.path, commerce);
      operator.use((req, res) => {
        res.status(404).json({ errors: [{ type: "UnknownResourceError", message: `No operator resource at ${req.method} ${req.path}.` }] });
      });
      operatorApi = operator.listen(operatorPort, operatorHost);
      await new Promise((resolve, reject) => {
        operatorApi!.once("listening", resolve).once("error", reject);
      });
    }
  }

  const build = (await import(pathToFileURL(path.join(here, "index.js")).href)) as ServerBuild;
  // The embedded service's guest client: the storefront fetches guest tokens with it.
  const guestClient = commerce ? commerceConfig.auth.guestClient : undefined;
  const sessionSettings = {
    secrets: config.sessionSecrets,
    secure: config.secureCookies,
    rememberForSeconds: REMEMBER_ME_SECONDS,
    privacyCookiesEnabled: config.privacyCookiesEnabled,
  };

  app.all(
    "*",
    (req, res, next) => {
      const decision = storefrontContextFor(
        {
          url: new URL(req.originalUrl, "http://storefront"),
          host: requestHost(req),
          cookieHeader: req.get("cookie"),
          correlationId: res.locals.correlationId as string,
          cspNonce: res.locals.cspNonce as string,
        },
        { brands: config.brands, apiBaseUrl, logger, privacyCookiesEnabled: config.privacyCookiesEnabled },
      );
      if ("redirect" in decision) return res.redirect(302, decision.redirect);
      for (const cookie of decision.setCookies) res.append("Set-Cookie", cookie);
      const context = decision.context;
      ShopperSession.open(req.get("cookie"), {
        ...sessionSettings,
        refresh: (refreshToken, clientId) => refreshTokens(context, refreshToken, clientId),
      }).then((shopper) => {
        // Whatever a loader or action changed in the session goes out with the response; a
        // signed-in shopper's pages are theirs alone, never kept by any cache.
        const writeHead = res.writeHead;
        res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
          for (const cookie of shopper.setCookieHeaders()) res.append("Set-Cookie", cookie);
          if (shopper.isLoggedIn) res.setHeader("Cache-Control", "private, no-store");
          return writeHead.apply(this, args);
        } as typeof writeHead;
        const afterPage = afterPageOf(res, () => stopping);
        // The shopper's address as TRUST_PROXY allows it to be known: rate limits count per address.
        res.locals.storefront = { ...context, clientAddress: req.ip, shopper, guestClient, afterPage };
        next();
      }, next);
    },
    createRequestHandler({ build, mode: config.production ? "production" : "development", getLoadContext: (_req, res) => res.locals.storefront }),
  );

  // A worker takes traffic (listens) only once its indexes are built and its pages have been
  // served to itself: no shopper pays for a cold start. Thirty rounds (about a second on the demo
  // catalog, never past three) rather than a few: after four, the first shoppers' pages still ran
  // code V8 had not yet optimised, and cost half as much again as after thirty. Before the rounds,
  // up to 1,500 searches nobody has made (at most twelve seconds), whose answers are then
  // forgotten (decision 033): after 200 of them a worker's next few hundred new searches still
  // cost about 30% more than after 1,500.
  await commerce?.warm();
  const storefrontEntry = build.entry.module as unknown as typeof StorefrontEntry;
  const warmedUp = await warmUpStorefront(app, {
    hosts: Object.values(config.brands).map((b) => b.host),
    rounds: 30,
    budgetMs: 3_000,
    searches: 1_500,
    frenchHost: Object.values(config.brands).find((b) => b.languages.includes("fr"))?.host,
    searchBudgetMs: 12_000,
    forgetSearches: async () => {
      await commerce?.forgetSearchAnswers();
      storefrontEntry.forgetKeptAnswersAndMarkup();
    },
  });
  logger.debug(warmedUp, "warmed up");
  warm = true;

  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const database = db.getExecutor().adapter.constructor.name;
    logger.debug({ port, api: apiBaseUrl, database }, "worker listening");
    listening({ type: "brewfront:listening", port, database });
  });
  server.keepAliveTimeout = 65_000;

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("forced exit after 10 s");
      process.exit(1);
    }, 10_000);
    force.unref();
    // Shoppers' connections that finish their last request after this point are closed as soon as
    // they idle. The internal API's keep-alive sockets are left alone until every page is done:
    // a page between two API calls holds an idle socket it is about to reuse, and closing it under
    // the page makes that call fail.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    if (operatorApi) {
      operatorApi.close();
      operatorApi.closeIdleConnections();
    }
    server.close(async () => {
      if (internalApi) {
        await new Promise((resolve) => {
          internalApi!.close(resolve);
          internalApi!.closeAllConnections();
        });
      }
      // Mail delivery stops while the database is still there to record what it sent.
      await commerce?.close();
      await db.destroy();
      logger.info("stopped cleanly");
      process.exit(0);
    });
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));
}
