import type { Kysely } from "kysely";

/**
 * A campaign bundle's box entry keeps the frequency the customer chose when adding it (decision
 * 065): the commitment's deliveries, its cost and its early charge depend on it, so the cart must
 * show them and checkout must start the subscription with it. Null on every other entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("cart_entry").addColumn("frequency_weeks", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("cart_entry").dropColumn("frequency_weeks").execute();
}
