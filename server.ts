import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import pino from "pino";
import { createDb, migrateToLatest } from "./commerce/db/index";
import { pruneListingChanges } from "./commerce/db/listing";
import { seedIfEmpty } from "./commerce/db/seed/index";
import { createCommerceRouter } from "./commerce/http/app";
import { healthRouter } from "./commerce/http/health";
import { requestLog } from "./commerce/http/request-log";
import { createMailer } from "./commerce/mail";
import { loadBrands } from "./app/brands/brands";
import { bareDomainTarget } from "./app/brands/resolve.server";
import { originCheck, securityHeaders } from "./app/lib/http-security.server";
import { storefrontContextFor } from "./app/lib/request-context.server";

const production = process.env.NODE_ENV !== "development";
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: "brewfront" } });
const brands = loadBrands();

/**
 * One process prepares the database (migrations, seed); then, in production, it forks one worker
 * per core (WEB_CONCURRENCY overrides) and each worker serves the store. Workers share nothing in
 * memory: the catalog change feed keeps their caches in step through the database.
 */
const workerCount = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? (production ? os.availableParallelism() : 1)));

if (cluster.isPrimary) {
  const db = createDb(process.env.DATABASE_URL);
  await migrateToLatest(db);
  if (process.argv.includes("--migrate-only")) {
    await db.destroy();
    process.exit(0);
  }
  if (process.env.SEED !== "false") {
    const seed = await seedIfEmpty(db, Number(process.env.SEED_CATALOG_SIZE ?? 0));
    logger.info(seed, seed.seeded ? "database seeded" : "database already has a catalog");
  }
  if (process.argv.includes("--seed-only")) {
    await db.destroy();
    process.exit(0);
  }
  await pruneListingChanges(db);
  if (workerCount > 1) {
    await db.destroy();
    runPrimary(workerCount);
  } else {
    await serve(db);
  }
} else {
  await serve(createDb(process.env.DATABASE_URL));
}

function runPrimary(count: number) {
  let stopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
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

async function serve(db: ReturnType<typeof createDb>) {
  let stopping = false;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");

  app.use(healthRouter(db));

  app.use(requestLog(logger));
  app.use((_req, res, next) => {
    if (stopping) res.setHeader("Connection", "close");
    // A response that sets a cookie is this shopper's alone: never let a shared cache keep it.
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (res.getHeader("set-cookie")) res.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });

  // Spec §1: the bare domains answer 302 to their www host.
  app.use((req, res, next) => {
    const target = bareDomainTarget(brands, req.get("host"));
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

  app.use(originCheck({ requireForPaths: (p) => !p.startsWith("/rest/") && !p.startsWith("/authorizationserver/") }));

  /**
   * The embedded commerce service answers on the public port (for outside API clients) and on a
   * loopback-only port that the storefront's loaders call over HTTP. Keeping the storefront's calls
   * on their own listener lets shutdown close the public port first while in-flight pages still
   * reach the API.
   */
  let internalApi: import("node:http").Server | undefined;
  let apiBaseUrl = process.env.COMMERCE_API_URL ?? "";
  if (!apiBaseUrl) {
    const mailer = createMailer({ smtpUrl: process.env.SMTP_URL, outboxDir: process.env.MAIL_OUTBOX_DIR });
    const commerce = createCommerceRouter({ db, mailer, logger, adminKey: process.env.ADMIN_API_KEY });
    app.use(commerce);
    const internal = express();
    internal.disable("x-powered-by");
    internal.use(requestLog(logger), commerce);
    // exclusive: in a cluster each worker keeps its own loopback port instead of sharing one.
    internalApi = internal.listen({ port: 0, host: "127.0.0.1", exclusive: true });
    await new Promise((resolve) => internalApi!.once("listening", resolve));
    const address = internalApi.address();
    apiBaseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    internalApi.keepAliveTimeout = 65_000;
  }

  app.use(securityHeaders(production));

  const build = (await import(pathToFileURL(path.join(here, "index.js")).href)) as ServerBuild;
  const privacyCookiesEnabled = process.env.PRIVACY_COOKIES !== "false";

  app.all(
    "*",
    (req, res, next) => {
      const decision = storefrontContextFor(
        { url: new URL(req.originalUrl, "http://storefront"), host: req.get("host"), cookieHeader: req.get("cookie"), correlationId: res.locals.correlationId as string, cspNonce: res.locals.cspNonce as string },
        { brands, apiBaseUrl, logger, privacyCookiesEnabled },
      );
      if ("redirect" in decision) return res.redirect(302, decision.redirect);
      for (const cookie of decision.setCookies) res.append("Set-Cookie", cookie);
      res.locals.storefront = decision.context;
      next();
    },
    createRequestHandler({ build, mode: production ? "production" : "development", getLoadContext: (_req, res) => res.locals.storefront }),
  );

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const server = app.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    logger.info({ port: actualPort, api: apiBaseUrl, database: db.getExecutor().adapter.constructor.name }, `Brewfront listening on http://localhost:${actualPort}`);
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
    // Connections that finish their last request after this point are closed as soon as they idle.
    const sweep = setInterval(() => {
      server.closeIdleConnections();
      internalApi?.closeIdleConnections();
    }, 100);
    sweep.unref();
    server.close(async () => {
      if (internalApi) {
        internalApi.closeIdleConnections();
        await new Promise((resolve) => internalApi!.close(resolve));
      }
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
