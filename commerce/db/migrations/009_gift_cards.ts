import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

/**
 * Gift cards, the cards applied to carts, and the ledger of what orders charged them. A card's
 * PIN is stored only as a SHA-256 hash of number and PIN (see decision 018). Applying a card to a
 * cart records how much of it to use; the balance changes only when an order charges it, and each
 * charge is a ledger row, so balance changes can always be accounted for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("gift_card")
    .addColumn("id", "integer", autoId(db))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("number", "varchar(16)", (c) => c.notNull())
    .addColumn("pin_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    // Minor units; never below zero.
    .addColumn("balance", "integer", (c) => c.notNull().check(sql`balance >= 0`))
    // active, or blocked by customer service (lost or stolen).
    .addColumn("status", "varchar(8)", (c) => c.notNull().defaultTo("active"))
    // ISO timestamp; null: the card does not expire.
    .addColumn("expires_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("gift_card_number_idx").on("gift_card").columns(["site", "number"]).unique().execute();

  await db.schema
    .createTable("cart_gift_card")
    .addColumn("id", "integer", autoId(db))
    .addColumn("cart_id", "integer", (c) => c.notNull().references("cart.id").onDelete("cascade"))
    .addColumn("gift_card_id", "integer", (c) => c.notNull().references("gift_card.id").onDelete("cascade"))
    // Minor units the shopper chose to use; null: as much of the balance as the order needs.
    .addColumn("amount", "integer")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cart_gift_card_idx").on("cart_gift_card").columns(["cart_id", "gift_card_id"]).unique().execute();

  await db.schema
    .createTable("gift_card_charge")
    .addColumn("id", "integer", autoId(db))
    .addColumn("gift_card_id", "integer", (c) => c.notNull().references("gift_card.id").onDelete("cascade"))
    .addColumn("order_code", "varchar(32)", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  // An order charges a card once, even if its placement runs again.
  await db.schema.createIndex("gift_card_charge_order_idx").on("gift_card_charge").columns(["gift_card_id", "order_code"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("gift_card_charge").ifExists().execute();
  await db.schema.dropTable("cart_gift_card").ifExists().execute();
  await db.schema.dropTable("gift_card").ifExists().execute();
}
