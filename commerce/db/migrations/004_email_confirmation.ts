import { type Kysely, sql } from "kysely";

const TABLES = ["newsletter_subscription", "stock_alert"] as const;

/**
 * Double opt-in: a sign-up or alert waits, unconfirmed, until the address's owner follows the
 * link mailed to it. Only the token's SHA-256 hash is kept. Rows stored before this change were
 * accepted under the old rules and count as confirmed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn("confirm_token_hash", "varchar(64)").execute();
    await db.schema.alterTable(table).addColumn("confirm_expires_at", "varchar(32)").execute();
    await db.schema.alterTable(table).addColumn("confirm_sent_at", "varchar(32)").execute();
    await db.schema.alterTable(table).addColumn("confirmed_at", "varchar(32)").execute();
    await sql`update ${sql.table(table)} set confirmed_at = created_at`.execute(db);
    await db.schema.createIndex(`${table}_confirm_token_idx`).on(table).column("confirm_token_hash").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_confirm_token_idx`).ifExists().execute();
    for (const column of ["confirm_token_hash", "confirm_expires_at", "confirm_sent_at", "confirmed_at"]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
