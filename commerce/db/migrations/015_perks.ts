import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

/**
 * Perks: each brand's rewards, the points ledger and the rewards on carts. A member's balance is
 * the sum of their ledger entries (earned, redeemed, reversed, adjusted, expired), never a stored
 * number that could drift from them. An order earns and redeems at most once (unique per customer,
 * kind and order). A guest who joins perks at checkout is remembered on the checkout and the order,
 * so the order's points are credited when the account is made from the confirmation page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reward")
    .addColumn("id", "integer", autoId(db))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("code", "varchar(32)", (c) => c.notNull())
    // freeBox, amountOff or freeShipping.
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull().check(sql`points > 0`))
    // amountOff: minor units taken off the merchandise.
    .addColumn("amount_minor", "integer")
    .addColumn("name_en", "varchar(80)", (c) => c.notNull())
    .addColumn("name_fr", "varchar(80)", (c) => c.notNull())
    .addColumn("description_en", "varchar(300)", (c) => c.notNull())
    .addColumn("description_fr", "varchar(300)", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reward_code_idx").on("reward").columns(["site", "code"]).unique().execute();

  await db.schema
    .createTable("loyalty_entry")
    .addColumn("id", "integer", autoId(db))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    // earned, redeemed, reversed, adjusted or expired.
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    // Signed: what the entry adds to (or takes from) the balance.
    .addColumn("points", "integer", (c) => c.notNull().check(sql`points <> 0`))
    .addColumn("order_code", "varchar(32)")
    .addColumn("reward_code", "varchar(32)")
    .addColumn("note", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("loyalty_entry_customer_idx").on("loyalty_entry").columns(["customer_id", "created_at"]).execute();
  // An order earns once and redeems once, even if its placement runs again (NULL order codes do not collide).
  await db.schema.createIndex("loyalty_entry_order_idx").on("loyalty_entry").columns(["customer_id", "kind", "order_code"]).unique().execute();

  await db.schema
    .createTable("cart_reward")
    .addColumn("id", "integer", autoId(db))
    .addColumn("cart_id", "integer", (c) => c.notNull().references("cart.id").onDelete("cascade"))
    .addColumn("reward_id", "integer", (c) => c.notNull().references("reward.id").onDelete("cascade"))
    // freeBox: the chosen item.
    .addColumn("product_code", "varchar(64)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cart_reward_idx").on("cart_reward").columns(["cart_id", "reward_id"]).unique().execute();

  await db.schema
    .alterTable("cart_checkout")
    .addColumn("perks_join", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("shop_order")
    .addColumn("perks_join", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("shop_order").dropColumn("perks_join").execute();
  await db.schema.alterTable("cart_checkout").dropColumn("perks_join").execute();
  await db.schema.dropTable("cart_reward").ifExists().execute();
  await db.schema.dropTable("loyalty_entry").ifExists().execute();
  await db.schema.dropTable("reward").ifExists().execute();
}
