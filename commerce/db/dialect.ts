import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

/** The one place that asks which database we are on; dialect-specific SQL branches on this. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer key: IDENTITY on PostgreSQL, the rowid alias on SQLite. */
export function autoId(db: Kysely<any>) {
  return (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}
