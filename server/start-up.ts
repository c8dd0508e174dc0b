import pino, { type Logger } from "pino";
import { resolveBrandId } from "../app/brands/resolve.server";
import { loadStorefrontConfig, type StorefrontConfig } from "../app/config.server";
import { type CommerceConfig, loadCommerceConfig } from "../commerce/config";
import { LOG_REDACTION } from "../commerce/contract/log-redaction";
import type { Db } from "../commerce/service";
import { ConfigurationError } from "../lib/environment";

export interface Settings {
  storefront: StorefrontConfig;
  commerce: CommerceConfig;
}

/**
 * Both parts' settings are checked before anything else happens. A bad one stops the store at once
 * with one line per variable (what it expects); a stack trace would only hide that line.
 */
export function readSettings(): Settings {
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

/** Readable lines for a person at a terminal; JSON, one object a line, for everything else. */
export const readableLogs = process.stdout.isTTY === true;

export function createLogger(level: StorefrontConfig["logLevel"]): Logger {
  return pino({
    level,
    base: { service: "brewfront" },
    redact: LOG_REDACTION,
    ...(readableLogs ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname,service", translateTime: "SYS:HH:MM:ss" } } } : {}),
  });
}

/**
 * Migrations, the seed when asked for, and the change feed pruned; --migrate-only and --seed-only
 * stop there. Instances started together on one database take turns (see whileOthersWait).
 */
export async function prepareDatabase(config: CommerceConfig, logger: Logger): Promise<Db> {
  // Imported here, not above: a cluster primary, which prepares nothing itself, never loads the service.
  const { migrateDatabase, openDatabase, pruneCatalogChanges, refuseDemoPasswords, seedDatabase, whileOthersWait } = await import("../commerce/service");
  const db = openDatabase(config);
  const oneOff = await whileOthersWait(config, async () => {
    await migrateDatabase(db);
    if (process.argv.includes("--migrate-only")) return true;
    if (config.seed) {
      const seed = await seedDatabase(db, config);
      const accounts = seed.demoAccountsAdded ? `, ${seed.demoAccountsAdded} demo accounts` : "";
      // One line at a terminal, like the announcement that follows it.
      logger.info(readableLogs ? {} : seed, seed.seeded ? `database seeded (${seed.products} products${accounts})` : "database already has a catalog");
    }
    // Production refuses demo accounts that still have the published demo password (ALLOW_DEMO_PASSWORDS=true allows them).
    await refuseDemoPasswords(db, config);
    if (process.argv.includes("--seed-only")) return true;
    await pruneCatalogChanges(db);
    return false;
  });
  if (oneOff) {
    await db.destroy();
    process.exit(0);
  }
  return db;
}

/** What the store's processes tell the primary: a worker listens, the preparing child is done. */
export type ProcessMessage = { type: "brewfront:listening"; port: number; database: string } | { type: "brewfront:prepared" };
export type Listening = Extract<ProcessMessage, { type: "brewfront:listening" }>;

export function isMessage<T extends ProcessMessage["type"]>(message: unknown, type: T): message is Extract<ProcessMessage, { type: T }> {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === type;
}

/**
 * Where each store can be opened from this machine. `<www host>.localhost` reaches this server and
 * still tells the stores apart (browsers send *.localhost to the loopback address); a host that
 * would not resolve to its own brand, or a server bound to one outside address, gets ?site= instead.
 */
function storeAddresses(config: StorefrontConfig, port: number): { brand: string; name: string; url: string; frenchUrl?: string }[] {
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
export function announce(config: StorefrontConfig, logger: Logger, { port, database }: Listening, workers: number) {
  logger.info(
    readableLogs ? {} : { port, workers, database },
    `Brewfront listening on port ${port} (${workers} ${workers === 1 ? "process" : "workers"}, ${database})`,
  );
  const stores = storeAddresses(config, port);
  const width = Math.max(...stores.map((s) => s.name.length));
  for (const store of stores) {
    const line = `${store.name.padEnd(width)}  ${store.url}${store.frenchUrl ? `  (French: ${store.frenchUrl})` : ""}`;
    logger.info(readableLogs ? {} : { brand: store.brand, url: store.url, frenchUrl: store.frenchUrl }, line);
  }
}
