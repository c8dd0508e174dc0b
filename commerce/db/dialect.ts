import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

/** Any database handle, whatever its table types (migrations see the schema as it was then). */
type AnyDb = Pick<Kysely<unknown>, "getExecutor">;

/** The one place that asks which database we are on; dialect-specific SQL branches on this. */
export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer key: IDENTITY on PostgreSQL, the rowid alias on SQLite. */
export function autoId(db: AnyDb) {
  return (col: ColumnDefinitionBuilder) => (isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement());
}
