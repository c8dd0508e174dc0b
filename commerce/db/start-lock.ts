import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import type { DatabaseLocation } from "./index";

/**
 * The key of the PostgreSQL advisory lock that instances starting together take in turn. Kysely's
 * migrator takes a lock of its own key on another connection, inside ours: the two must differ.
 */
const START_LOCK_KEY = 4_404_404_404;

/** How long an instance waits for the others' start-up (a large catalog's seed takes minutes). */
const START_LOCK_PATIENCE_MS = 30 * 60_000;

/**
 * Runs `fn` (migrations, the seed, the start-up's other writes) while no other instance of the
 * store on the same database runs its own: any number started together on an empty database come
 * up one after the other, the first seeds and the others find a catalog.
 *
 * PostgreSQL: a session-level advisory lock on a connection of its own, outside the pool (the pool
 * may hold a single connection, which `fn` needs). SQLite: the write lock of a small side file
 * (`<database>.start-lock`), taken with BEGIN IMMEDIATE; the database's own write lock cannot be
 * held while this process writes through its one connection. Either lock goes with the process
 * that holds it, however it ends, so a crashed start holds up nobody.
 */
export async function withStartLock<T>(location: DatabaseLocation, fn: () => Promise<T>): Promise<T> {
  if (location.kind === "postgres") return withAdvisoryLock(location.url, fn);
  if (location.file === ":memory:") return fn();
  return withSideFileLock(`${path.resolve(location.file)}.start-lock`, fn);
}

async function withAdvisoryLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set lock_timeout = ${START_LOCK_PATIENCE_MS}`);
    await client.query("select pg_advisory_lock($1)", [START_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [START_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withSideFileLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const lock = new SQLite(file);
  // Waiting in short synchronous steps with pauses in between: the process has nothing else to do
  // yet, but its timers (logs, the primary's messages) keep running.
  lock.pragma("busy_timeout = 20");
  const giveUpAt = Date.now() + START_LOCK_PATIENCE_MS;
  try {
    for (;;) {
      try {
        lock.exec("begin immediate");
        break;
      } catch (err) {
        if ((err as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() > giveUpAt) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    try {
      return await fn();
    } finally {
      lock.exec("rollback");
    }
  } finally {
    lock.close();
  }
}
