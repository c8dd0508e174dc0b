import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

/**
 * Scheduled work for the job runner on SQLite (decision 044). On PostgreSQL pg-boss keeps its own
 * tables in the `pgboss` schema and this one stays empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job")
    .addColumn("id", "integer", autoId(db))
    .addColumn("queue", "varchar(64)", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    // A job sent again with the same key is the same job: it is not queued twice.
    .addColumn("singleton_key", "varchar(200)")
    .addColumn("run_at", "varchar(32)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("claimed_until", "varchar(32)")
    .addColumn("completed_at", "varchar(32)")
    .addColumn("failed_at", "varchar(32)")
    .addColumn("last_error", "text")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await sql`create unique index job_singleton_idx on job (queue, singleton_key) where singleton_key is not null`.execute(db);
  await sql`create index job_due_idx on job (run_at) where completed_at is null and failed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job").ifExists().execute();
}
