import type { Kysely } from "kysely";

/**
 * Assisted sessions: the customers a customer-service agent is acting for. An agent's call on
 * users/{customerId}/… is answered only while a row for the agent, the customer and the agent's
 * sign-in (refresh family) exists; ending the session deletes the agent's rows for the customer.
 * The audit log keeps every start and end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("assisted_session")
    .addColumn("agent_id", "varchar(36)", (c) => c.notNull())
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("family_id", "varchar(36)", (c) => c.notNull().references("refresh_family.id").onDelete("cascade"))
    .addColumn("started_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("assisted_session_pk", ["agent_id", "customer_id", "family_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("assisted_session").ifExists().execute();
}
