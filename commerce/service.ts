import { type RequestHandler, Router } from "express";
import type { Logger } from "pino";
import { RateLimits } from "../lib/rate-limit";
import type { CommerceConfig } from "./config";
import { type Db, createDb, isDatabaseReachable, migrateToLatest, poolUse } from "./db/index";
import { jobQueueDepths } from "./db/jobs";
import { outboxBacklog } from "./db/outbox";
import { cacheCounts } from "./domain/caches";
import { pruneListingChanges } from "./db/catalog-changes";
import { withStartLock } from "./db/start-lock";
import { createMailer } from "./delivery/mailer";
import { siteCurrencies } from "./domain/catalog-service";
import { paymentProviderFor, paypalFor } from "./domain/payments/index";
import { jobRunnerFor } from "./domain/job-runner";
import { createShop, type ShopOptions } from "./domain/shop";
import { StoreClock } from "./domain/store-clock";
import { createCommerceRouter } from "./http/app";
import { errorHandler } from "./http/errors";
import { operatorAccess } from "./http/operator-access";
import { healthChecks as healthChecksFor } from "./http/health";
import { ConfigurationError } from "../lib/environment";
import { demoAccountsWithDemoPassword, seedDemoAccounts } from "./seed/accounts";
import { seedIfEmpty } from "./seed/index";

/**
 * What a process hosting the commerce service needs (the storefront's server.ts, commerce/main.ts,
 * the tests): open and prepare the database, and mount the API. Everything behind it may move.
 */
export type { Db };
export { requestLog } from "./http/request-log";
export { OPERATOR_ROUTES } from "./http/operator-access";
export { paypalApprovalOrigin } from "./domain/payments/paypal-provider";

export function openDatabase(config: CommerceConfig): Db {
  return createDb(config.database, { pgPoolMax: config.pgPoolMax });
}

export function migrateDatabase(db: Db): Promise<void> {
  return migrateToLatest(db);
}

/**
 * Runs a start-up's preparing (migrations, seed, pruning) while no other instance on the same
 * database runs its own, so any number started together all come up and one of them seeds.
 */
export function whileOthersWait<T>(config: CommerceConfig, prepare: () => Promise<T>): Promise<T> {
  return withStartLock(config.database, prepare);
}

/**
 * Loads the demo catalog into an empty database, unless seeding is switched off (SEED=false), and
 * adds the demo accounts that are missing unless DEMO_ACCOUNTS=false.
 */
export async function seedDatabase(db: Db, config: CommerceConfig): Promise<{ seeded: boolean; products?: number; demoAccountsAdded?: number }> {
  if (!config.seed) return { seeded: false };
  const seeded = await seedIfEmpty(db, { catalogSize: config.seedCatalogSize, siteCurrencies: siteCurrencies(config.brands) });
  return config.demoAccounts ? { ...seeded, demoAccountsAdded: await seedDemoAccounts(db) } : seeded;
}

/**
 * With NODE_ENV=production, refuses (throws ConfigurationError) while a demo account still has
 * the published demo password, unless ALLOW_DEMO_PASSWORDS=true: anyone who read the README
 * could otherwise sign in as an agent. Change or delete those accounts, or seed with DEMO_ACCOUNTS=false.
 */
export async function refuseDemoPasswords(db: Db, config: CommerceConfig): Promise<void> {
  if (!config.production || config.allowDemoPasswords) return;
  const open = await demoAccountsWithDemoPassword(db);
  if (open.length === 0) return;
  throw new ConfigurationError(
    `The commerce service will not start in production while demo accounts have the demo password (${open.join(", ")}). Change their passwords, start an empty database with DEMO_ACCOUNTS=false, or set ALLOW_DEMO_PASSWORDS=true for a demonstration store.`,
  );
}

/** Trims the catalog change log at start-up, before any worker reads it. */
export function pruneCatalogChanges(db: Db): Promise<void> {
  return pruneListingChanges(db);
}

/**
 * The /rest router; `warm()` builds what its pages need before the process takes traffic (the
 * listing indexes and search word lists of every site, see Shop.warm) and `close()` stops its background work (the job runner, Redis) before the database closes.
 */
/**
 * The shop's services as a store process builds them from its configuration: the API's, and a
 * process that only runs auto-delivery's runner (the bench's throughput, the kill -9 tests).
 */
export function shopFromConfig(
  db: Db,
  config: CommerceConfig,
  logger: Logger,
  /** What the caller sets: the accounts' keys and limits (the API's), the clock (the system's unless given) and the runner's timings. */
  overrides: Pick<ShopOptions, "accounts" | "clock" | "autoDelivery"> = {},
) {
  return createShop({
    db,
    brands: config.brands,
    mailer: createMailer(config.mail),
    logger,
    catalogSyncMs: config.catalogSyncMs,
    memoryBudgetMb: config.memoryBudgetMb,
    payments: paymentProviderFor(config.payments),
    paypal: paypalFor(config.payments),
    cardHolds: config.cardHolds,
    quizzes: config.quizzes,
    addressService: config.addressService,
    ...overrides,
  });
}

export type CommerceApi = Router & { warm(): Promise<void>; close(): Promise<void> };

/**
 * The /rest router (bodies, OpenAPI document, brand APIs, errors), mailing as the configuration
 * says. It starts this process's job runner (scheduled work such as mail delivery, taken by
 * whichever process claims it first); `close()` stops it. Its timers do not keep a process alive
 * on their own.
 */
export function createCommerceApi(
  db: Db,
  config: CommerceConfig,
  logger: Logger,
  /** What tests set: the clock auto-delivery reads, and how often its runner sweeps. */
  overrides: Pick<ShopOptions, "clock" | "autoDelivery"> = {},
): CommerceApi {
  const limits = RateLimits.create({ redisUrl: config.redisUrl, prefix: "brewfront:commerce" });
  // Off unless configured: the system's clock, read without a query.
  const storeClock = config.storeClockMovable ? new StoreClock(db) : undefined;
  const shop = shopFromConfig(db, config, logger, { accounts: { keys: config.auth, limits }, clock: storeClock, ...overrides });
  const jobs = jobRunnerFor(db, { logger, postgresUrl: config.database.kind === "postgres" ? config.database.url : undefined });
  shop.outbox.scheduleOn(jobs);
  shop.holds.scheduleOn(jobs);
  shop.autoDeliveryOrders.scheduleOn(jobs);
  // Started without holding up the router: until it runs, mail still goes out right after each commit.
  const jobsStarted = jobs.start().catch((err: unknown) => logger.error({ err, runner: jobs.name }, "the job runner did not start; scheduled work waits"));
  // The operators' guard runs before the API: its refusals never reach the stock handler.
  const router = Router();
  router.use(operatorAccess({ adminKey: config.adminApiKey, limits, operatorPort: config.operator.port }), errorHandler(logger));
  router.use(createCommerceRouter({ shop, logger, adminKey: config.adminApiKey, storeClock }));
  return Object.assign(router, {
    warm: () => shop.warm(),
    close: async () => {
      await jobsStarted;
      await jobs.stop();
      await limits.close();
    },
  });
}

/**
 * /healthz: the process answers. /readyz: it has finished warming up (`isWarm`, when given) and
 * its database answers.
 */
export function healthChecks(db: Db, isWarm: () => boolean = () => true): RequestHandler {
  return healthChecksFor(() => isDatabaseReachable(db), isWarm);
}

/** What the operators' metrics read of the service at each scrape (decision 077). */
export interface ServiceReadings {
  /** The PostgreSQL pool's connections; null on SQLite. */
  pool: { open: number; idle: number; waiting: number; max: number } | null;
  outbox: { unsent: number; oldestQueuedAt: string | null };
  jobs: { queue: string; jobs: number }[];
  /** Lookups and misses of the named caches since the process started. */
  caches: ReadonlyMap<string, { lookups: number; misses: number }>;
}

/** Reads the pool, the outbox's backlog and the job queues (two small queries) and the cache counts. */
export async function serviceReadings(db: Db): Promise<ServiceReadings> {
  const [outbox, jobs] = await Promise.all([outboxBacklog(db), jobQueueDepths(db)]);
  return { pool: poolUse(db), outbox, jobs, caches: cacheCounts };
}
