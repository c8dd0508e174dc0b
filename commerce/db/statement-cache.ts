import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";
import { LRUCache } from "lru-cache";

/**
 * SQLite compiles a statement on every prepare, and Kysely prepares every query it runs, so a page
 * that runs the same few queries paid for compiling them on each request. This keeps the compiled
 * statements of the last `max` distinct SQL texts (queries differ in text only by their shape: an
 * IN list's length, say) and hands the same statement back for the same text. Safe because a
 * statement runs to completion synchronously before the next one is handed out; nothing here
 * iterates a statement across awaits.
 */
export function withStatementCache(database: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max, memoMethod: (sql) => database.prepare(sql) });
  return {
    close: () => database.close(),
    prepare: (sql: string) => statements.memo(sql),
  };
}
