import { type SelectQueryBuilder, sql } from "kysely";
import { isPostgres } from "./dialect";
import type { Database, Db } from "./index";

/**
 * The database stayed locked by other writers for longer than a request should wait. Nothing of
 * the write was applied; the caller may try again shortly.
 */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super("the database is busy with other writes", { cause });
  }
}

/** How long a write keeps trying to get the lock before giving up (without blocking its process). */
const PATIENCE_MS = 3000;

// SQLite: another process holds the write lock. PostgreSQL: serialization failure, deadlock, lock
// not available; each means the transaction was rolled back as a whole and may simply run again.
const RETRYABLE_CODES = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED", "40001", "40P01", "55P03"]);

function isContention(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && RETRYABLE_CODES.has(code);
}

/**
 * Runs `fn` as one short write transaction and answers its result. On SQLite it begins with
 * BEGIN IMMEDIATE, so the write lock is taken before anything is read: a transaction that reads
 * and then writes can no longer fail half-way with SQLITE_BUSY_SNAPSHOT. On PostgreSQL it is an
 * ordinary transaction; reads that decide a write lock their rows (`for update`), and statements
 * given to runAtCommit go to the server with the COMMIT.
 *
 * Waiting for the lock happens in short steps (SQLite's busy_timeout is kept small, because
 * better-sqlite3 waits synchronously and would hold up every other request of the process), with
 * asynchronous pauses in between. Past PATIENCE_MS it gives up with DatabaseBusyError, having
 * written nothing. `fn` may run more than once, so it must not have effects outside the database.
 */
export async function writeTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + PATIENCE_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await (isPostgres(db) ? postgresTransaction(db, fn) : immediateTransaction(db, fn));
    } catch (err) {
      if (!isContention(err)) throw err;
      if (Date.now() >= giveUpAt) throw new DatabaseBusyError(err);
      const pause = Math.min(50, 2 + attempt * 3) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** Statements each open PostgreSQL write transaction sends together with its COMMIT. */
const atCommit = new WeakMap<Db, string[]>();

/**
 * Runs `statement` as the transaction's last step, in the same message to the server as its COMMIT;
 * false when `trx` is not a PostgreSQL transaction of writeTransaction (the caller then runs it
 * itself). For a lock that must be held until commit but that other writers wait for: taken
 * here, it is held only while the server runs the statement and commits, never while this process
 * is busy with something else between two round trips. `statement` is sent as text, without
 * parameters: it must not contain values from outside.
 */
export function runAtCommit(trx: Db, statement: string): boolean {
  const statements = atCommit.get(trx);
  if (!statements) return false;
  statements.push(statement);
  return true;
}

async function postgresTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    const statements: string[] = [];
    await sql`begin`.execute(conn);
    atCommit.set(conn, statements);
    try {
      const result = await fn(conn);
      atCommit.delete(conn);
      // One simple-query message: the server runs the statements and commits without waiting for us.
      await sql.raw([...statements, "commit"].join(";\n")).execute(conn);
      return result;
    } catch (err) {
      atCommit.delete(conn);
      // After a failed statement of the final message the transaction is aborted, not ended.
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}

async function immediateTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}

/** `select … for update` where the database has it (PostgreSQL); SQLite's BEGIN IMMEDIATE already excludes other writers. */
export function lockingRows(db: Db): boolean {
  return isPostgres(db);
}

/**
 * The ids `due` finds for this transaction to claim. On PostgreSQL the rows are locked and those
 * another process is claiming are skipped, not waited for; on SQLite the write lock already keeps
 * every other writer out.
 */
export async function idsToClaim<TB extends keyof Database>(trx: Db, due: SelectQueryBuilder<Database, TB, { id: number }>): Promise<number[]> {
  const rows = await (lockingRows(trx) ? due.forUpdate().skipLocked() : due).execute();
  return rows.map((r) => r.id);
}

/**
 * Claims what `due` finds with `claim`, in one write transaction. A plain read comes first, so an
 * idle store takes no write lock to find there is nothing to do.
 */
export async function claimDue<TB extends keyof Database, R>(
  db: Db,
  due: (q: Db) => SelectQueryBuilder<Database, TB, { id: number }>,
  claim: (trx: Db, ids: number[]) => Promise<R[]>,
): Promise<R[]> {
  if ((await due(db).execute()).length === 0) return [];
  return writeTransaction(db, async (trx) => {
    const ids = await idsToClaim(trx, due(trx));
    return ids.length === 0 ? [] : claim(trx, ids);
  });
}
