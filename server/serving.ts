import { once } from "node:events";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import compression from "compression";
import express from "express";
import type { Logger } from "pino";
import { bareDomainTarget } from "../app/brands/resolve.server";
import { originCheck, requestGuard, securityHeaders } from "../app/lib/http-security.server";
import { warmUpStorefront } from "../app/lib/warm-up.server";
import { createCommerceApi, type Db, healthChecks, OPERATOR_ROUTES, paypalApprovalOrigin, requestLog, serviceReadings } from "../commerce/service";
import { metricsEndpoint, requestMetrics, startMetrics } from "./metrics";
import { monitoringOrigin, startErrorMonitoring } from "./monitoring";
import type { Listening, Settings } from "./start-up";
import { productPictures } from "./product-pictures";
import { requestHost, storefrontHandler } from "./storefront-handler";

/** The commerce API's paths on the public port; every other path is the storefront's. */
function isApiPath(path: string): boolean {
  return path === "/rest" || path.startsWith("/rest/") || path.startsWith("/authorizationserver/");
}

/**
 * The embedded commerce service answers on the public port (for outside API clients) and on a
 * loopback-only port that the storefront's loaders call over HTTP. Keeping the storefront's calls
 * on their own listener lets shutdown close the public port first while in-flight pages still
 * reach the API. With OPERATOR_PORT the operators' endpoints get a listener of their own
 * (loopback unless OPERATOR_HOST says otherwise) that serves nothing else; the API refuses them on
 * every other port.
 */
async function embeddedApi({ storefront: config, commerce: commerceConfig }: Settings, db: Db, logger: Logger, quiet: () => boolean) {
  const api = createCommerceApi(db, commerceConfig, logger);
  const internal = express();
  internal.disable("x-powered-by");
  // Only this process's storefront calls here; it names the shopper it calls for (X-Forwarded-For).
  internal.set("trust proxy", "loopback");
  internal.use(requestLog(logger, { skip: quiet }));
  if (commerceConfig.operator.port !== undefined) internal.use(requestMetrics("commerceApi"));
  internal.use(api);
  // exclusive: in a cluster each worker keeps its own loopback port instead of sharing one.
  const internalApi = internal.listen({ port: 0, host: "127.0.0.1", exclusive: true });
  await once(internalApi, "listening");
  internalApi.keepAliveTimeout = 65_000;
  const { port: operatorPort, host: operatorHost } = commerceConfig.operator;
  let operatorApi: Server | undefined;
  if (operatorPort !== undefined) {
    const operator = express();
    operator.disable("x-powered-by");
    operator.use(securityHeaders(config.production), requestLog(logger));
    // Prometheus scrapes here, and only here (decision 077).
    operator.get("/metrics", metricsEndpoint);
    for (const route of OPERATOR_ROUTES) operator[route.method](route.path, api);
    operator.use((req, res) => {
      res.status(404).json({ errors: [{ type: "UnknownResourceError", message: `No operator resource at ${req.method} ${req.path}.` }] });
    });
    operatorApi = operator.listen(operatorPort, operatorHost);
    await once(operatorApi, "listening");
  }
  const address = internalApi.address();
  return { api, internalApi, operatorApi, baseUrl: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}

/**
 * One process's store: the public Express app (security headers, request guard, health, request
 * log, bare-domain redirects, compression, static files, the commerce API, the storefront),
 * warmed up before it listens, and stopped gracefully on SIGTERM or SIGINT. `buildDir` holds the
 * React Router build (server/index.js, and client/ for the browser); `listening` is told where it listens.
 */
export async function serve(db: Db, settings: Settings, logger: Logger, buildDir: string, listening: (message: Listening) => void) {
  const { storefront: config } = settings;
  let stopping = false;
  // The warm-up's requests are the process's own: only those made once it is warm are logged.
  let warm = false;
  const quiet = () => !warm;
  // Before anything else runs, so that an error from here on is reported (SENTRY_DSN only).
  const monitor = await startErrorMonitoring(config.errorMonitoring, logger);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  // Headers first, so every answer carries them: health, static files, the API, and the 400, 403,
  // 405 and 413 answers below.
  // Forms may lead to PayPal's approval pages, and browsers report to the monitoring service, only where each is configured.
  const paypal = settings.commerce.payments.paypal;
  app.use(
    securityHeaders(config.production, {
      formTargets: paypal ? [paypalApprovalOrigin(paypal.apiBase)] : [],
      reportOrigin: monitoringOrigin(config.errorMonitoring),
    }),
  );
  // Metrics exist where they can be read: on the operator listener (OPERATOR_PORT).
  if (settings.commerce.operator.port !== undefined) {
    startMetrics(db, config.port, serviceReadings);
    app.use(requestMetrics("public"));
  }
  app.use(requestGuard({ isApiPath }));
  app.use(healthChecks(db, () => warm));
  app.use(requestLog(logger, { skip: quiet }));
  app.use((_req, res, next) => {
    if (stopping) res.setHeader("Connection", "close");
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
  const publicDir = path.join(buildDir, "client");
  const fingerprinted = `${path.join(publicDir, "assets")}${path.sep}`;
  const staticFiles = express.static(publicDir, {
    index: false,
    setHeaders(res, filePath) {
      res.setHeader("Cache-Control", filePath.startsWith(fingerprinted) ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
  app.use(productPictures());
  app.use((req, res, next) => {
    if (!/\.[a-z0-9]{1,8}$/i.test(req.path) || req.path.endsWith(".xml") || req.path.endsWith(".txt")) return next();
    staticFiles(req, res, next);
  });

  app.use(originCheck({ requireForPaths: (p) => !isApiPath(p) }));

  // With COMMERCE_API_URL the storefront calls that API; otherwise this process embeds the service.
  const embedded = config.commerceApiUrl ? undefined : await embeddedApi(settings, db, logger, quiet);
  const commerce = embedded?.api;
  // Pages skip the API's router: walking its routes cost every page a little.
  if (commerce) app.use((req, res, next) => (isApiPath(req.path) ? commerce(req, res, next) : next()));
  const apiBaseUrl = embedded?.baseUrl ?? config.commerceApiUrl ?? "";

  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const guestClient = commerce ? settings.commerce.auth.guestClient : undefined;
  app.all("*", storefrontHandler({ build, config, logger, apiBaseUrl, guestClient, monitor }));

  // A worker takes traffic (listens) only once its indexes are built and its pages have been
  // served to itself: no shopper pays for a cold start.
  await commerce?.warm();
  const warmedUp = await warmUpStorefront(app, { hosts: Object.values(config.brands).map((b) => b.host), rounds: 10, budgetMs: config.warmUpMs });
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
    if (embedded?.operatorApi) {
      embedded.operatorApi.close();
      embedded.operatorApi.closeIdleConnections();
    }
    server.close(async () => {
      if (embedded) {
        const { internalApi } = embedded;
        await new Promise((resolve) => {
          internalApi.close(resolve);
          internalApi.closeAllConnections();
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
  // Written down before the process ends (a monitor, so Node still ends it as it would have).
  process.on("uncaughtExceptionMonitor", (err) => logger.fatal({ err }, "uncaught exception"));
}
