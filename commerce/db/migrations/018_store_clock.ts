import type { Kysely } from "kysely";

/**
 * The store clock's offset from the system's time (decision 055), one row shared by every process
 * and machine. It stays 0 unless STORE_CLOCK_MOVABLE lets an operator move the clock ahead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("store_clock")
    .addColumn("id", "integer", (c) => c.primaryKey())
    // Seconds ahead of the system's time: a year is about 31.5 million, well within an integer.
    .addColumn("offset_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await (db as Kysely<{ store_clock: { id: number; offset_seconds: number; updated_at: string } }>)
    .insertInto("store_clock")
    .values({ id: 1, offset_seconds: 0, updated_at: new Date().toISOString() })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("store_clock").execute();
}
