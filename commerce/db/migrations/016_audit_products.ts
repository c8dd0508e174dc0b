import type { Kysely } from "kysely";

/**
 * The products an audit entry concerns (`[{"code":…,"qty":…}]`, or empty), so the agents' desk can
 * name them in the reader's language ("added 2 × Dark Roast K-Cup pods to the cart") instead of
 * repeating codes. Entries written before keep their detail as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("agent_audit")
    .addColumn("products", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("agent_audit").dropColumn("products").execute();
}
