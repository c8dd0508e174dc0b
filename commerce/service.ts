import type { Router } from "express";
import type { Logger } from "pino";
import type { CommerceConfig } from "./config";
import { createDb, type Db, migrateToLatest } from "./db/index";
import { pruneListingChanges } from "./db/listing";
import { seedIfEmpty } from "./db/seed/index";
import { createCommerceRouter } from "./http/app";
import { createMailer } from "./mail";

/**
 * What a process hosting the commerce service needs (the storefront's server.ts, commerce/main.ts,
 * the tests): open and prepare the database, and mount the API. Everything behind it may move.
 */
export type { Db };
export { healthRouter } from "./http/health";
export { requestLog } from "./http/request-log";

export function openDatabase(config: CommerceConfig): Db {
  return createDb(config.database, { pgPoolMax: config.pgPoolMax });
}

export function migrateDatabase(db: Db): Promise<void> {
  return migrateToLatest(db);
}

/** Loads the demo catalog into an empty database, unless seeding is switched off (SEED=false). */
export async function seedDatabase(db: Db, config: CommerceConfig): Promise<{ seeded: boolean; products?: number }> {
  if (!config.seed) return { seeded: false };
  return seedIfEmpty(db, config.seedCatalogSize);
}

/** Forgets old catalog changes at start-up; every process reads the log from its own start on. */
export function pruneCatalogChanges(db: Db): Promise<void> {
  return pruneListingChanges(db);
}

/** The /rest router (bodies, OpenAPI document, brand APIs, errors), mailing as the configuration says. */
export function createCommerceApi(db: Db, config: CommerceConfig, logger: Logger): Router {
  return createCommerceRouter({ db, config, mailer: createMailer(config.mail), logger });
}
