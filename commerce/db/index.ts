import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";
import { withStatementCache } from "./statement-cache";

export type Db = Kysely<Database>;
export type { Database } from "./schema";

/**
 * Where the catalog lives. The configuration decides (from DATABASE_URL); this layer only opens it.
 */
export type DatabaseLocation = { kind: "postgres"; url: string } | { kind: "sqlite"; file: string };

/** Each PostgreSQL handle's pool, for the operators' metrics. */
const pools = new WeakMap<Db, { pool: pg.Pool; max: number }>();

export function createDb(location: DatabaseLocation, options: { pgPoolMax: number } = { pgPoolMax: 10 }): Db {
  if (location.kind === "postgres") {
    // BIGINT and NUMERIC come back as strings from pg; our counts and sums are safe as numbers.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: location.url, max: options.pgPoolMax });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, { pool, max: options.pgPoolMax });
    return db;
  }
  const file = location.file;
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  database.pragma("foreign_keys = ON");
  // better-sqlite3 waits for a lock synchronously, holding up every request of the process: keep
  // each wait short. Writes go through writeTransaction, which retries asynchronously.
  database.pragma("busy_timeout = 50");
  // No memory map: mapped pages count in every worker's resident memory, and a large catalog's
  // file would outgrow the memory budget (MEMORY_BUDGET_MB). Pages are read from the operating
  // system's file cache instead.
  database.pragma("mmap_size = 0");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/** How the PostgreSQL pool is used now (null on SQLite, which has one connection and no pool). */
export function poolUse(db: Db): { open: number; idle: number; waiting: number; max: number } | null {
  const entry = pools.get(db);
  if (!entry) return null;
  return { open: entry.pool.totalCount, idle: entry.pool.idleCount, waiting: entry.pool.waitingCount, max: entry.max };
}

/** Refreshes the query planner's statistics; run after bulk loads (seeding, imports). */
export async function analyze(db: Db): Promise<void> {
  await sql`analyze`.execute(db);
}

/** /readyz: true when a trivial query answers. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
