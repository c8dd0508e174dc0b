import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PREPARE_FLAG, prepareForWorkers, prepareInChild, runPrimary } from "./server/cluster";
import { announce, createLogger, prepareDatabase, readSettings } from "./server/start-up";

/**
 * The store's entry (build/server.js). The database is prepared first (migrations, seed); then, in
 * production, the primary forks one worker per core (WEB_CONCURRENCY overrides) and each worker
 * serves the store. Workers share nothing in memory: the catalog change feed keeps their caches in
 * step through the database. With workers, the preparing runs in a short-lived child, so the
 * primary never holds the database driver, the seed or the server's modules: it only forks and
 * watches. server/serving.ts is imported only where a store is served, for the same reason.
 */
const entry = fileURLToPath(import.meta.url);
const settings = readSettings();
const { storefront: config, commerce: commerceConfig } = settings;
const logger = createLogger(config.logLevel);
const oneOff = process.argv.includes("--migrate-only") || process.argv.includes("--seed-only");

if (process.argv.includes(PREPARE_FLAG)) {
  await prepareForWorkers(commerceConfig, logger);
} else if (cluster.isPrimary && config.workers > 1 && !oneOff) {
  await prepareInChild(entry, logger);
  // Without Redis the workers' rate limits count here, so a limit is one limit for the machine.
  if (!config.redisUrl) (await import("./lib/rate-limit")).countRateLimitsForWorkers();
  runPrimary(
    config.workers,
    commerceConfig.memoryBudgetMb,
    logger,
    (listening) => announce(config, logger, listening, config.workers),
    commerceConfig.operator.port !== undefined,
  );
} else {
  const single = cluster.isPrimary;
  const db = single ? await prepareDatabase(commerceConfig, logger) : (await import("./commerce/service")).openDatabase(commerceConfig);
  const { serve } = await import("./server/serving");
  await serve(db, settings, logger, path.dirname(entry), (listening) => (single ? announce(config, logger, listening, 1) : process.send?.(listening)));
}
