import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

/** Mails waiting to be sent, recorded in the same transaction as the change that causes them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("outbox_message")
    .addColumn("id", "integer", autoId(db))
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("recipient", "varchar(254)", (c) => c.notNull())
    .addColumn("subject", "varchar(300)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "varchar(32)", (c) => c.notNull())
    .addColumn("claimed_until", "varchar(32)")
    .addColumn("sent_at", "varchar(32)")
    .addColumn("last_error", "text")
    .execute();
  // The delivery loop looks for unsent messages that are due; pruning for old sent ones.
  await sql`create index outbox_message_due_idx on outbox_message (next_attempt_at) where sent_at is null`.execute(db);
  await db.schema.createIndex("outbox_message_sent_idx").on("outbox_message").column("sent_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox_message").ifExists().execute();
}
