import type { Kysely } from "kysely";

/**
 * Assisted sessions: which customer a customer-service agent is acting for. An agent's call on
 * users/{customerId}/… is answered only while the agent's session for that customer is open, and
 * only for the sign-in (refresh family) that started it. One row per agent and customer; the
 * audit log keeps every start and end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("assisted_session")
    .addColumn("agent_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("family_id", "varchar(36)", (c) => c.notNull())
    .addColumn("started_at", "varchar(32)", (c) => c.notNull())
    .addColumn("ended_at", "varchar(32)")
    .addPrimaryKeyConstraint("assisted_session_pk", ["agent_id", "customer_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("assisted_session").ifExists().execute();
}
