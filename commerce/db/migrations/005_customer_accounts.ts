import type { Kysely } from "kysely";
import { autoId } from "../dialect";

/**
 * Customers' accounts (one per brand and address), their addresses, sign-in sessions (refresh
 * token families), single-use links (sign-up confirmation, password reset) and what customer-
 * service agents did for whom. Tokens are stored only as SHA-256 hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("customer")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    // Stored lower-cased, so the unique index below is case-insensitive in effect.
    .addColumn("email", "varchar(254)", (c) => c.notNull())
    .addColumn("password_hash", "varchar(200)", (c) => c.notNull())
    .addColumn("first_name", "varchar(60)", (c) => c.notNull())
    .addColumn("last_name", "varchar(60)", (c) => c.notNull())
    .addColumn("phone", "varchar(30)", (c) => c.notNull().defaultTo(""))
    .addColumn("role", "varchar(16)", (c) => c.notNull().defaultTo("customer"))
    .addColumn("is_employee", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("perks_member", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("price_group", "varchar(32)", (c) => c.notNull().defaultTo(""))
    .addColumn("user_group", "varchar(32)", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("customer_site_email_idx").on("customer").columns(["site", "email"]).unique().execute();

  await db.schema
    .createTable("customer_address")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("first_name", "varchar(60)", (c) => c.notNull())
    .addColumn("last_name", "varchar(60)", (c) => c.notNull())
    .addColumn("line1", "varchar(120)", (c) => c.notNull())
    .addColumn("line2", "varchar(120)")
    .addColumn("town", "varchar(80)", (c) => c.notNull())
    .addColumn("region", "varchar(3)", (c) => c.notNull())
    .addColumn("postal_code", "varchar(10)", (c) => c.notNull())
    .addColumn("country", "varchar(2)", (c) => c.notNull())
    .addColumn("phone", "varchar(30)")
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("customer_address_customer_idx").on("customer_address").column("customer_id").execute();

  // One family per sign-in: every refresh token it ever issued belongs to it, and ending the
  // family ends the session (its access tokens stop working too).
  await db.schema
    .createTable("refresh_family")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("client_id", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("revoked_at", "varchar(32)")
    .addColumn("revoked_reason", "varchar(32)")
    .execute();
  await db.schema.createIndex("refresh_family_customer_idx").on("refresh_family").column("customer_id").execute();

  await db.schema
    .createTable("refresh_token")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("family_id", "varchar(36)", (c) => c.notNull().references("refresh_family.id").onDelete("cascade"))
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("issued_at", "varchar(32)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    // Set when the token is used (rotated); its successor is the token issued in its place.
    .addColumn("rotated_at", "varchar(32)")
    .addColumn("successor_id", "varchar(36)")
    .execute();
  await db.schema.createIndex("refresh_token_hash_idx").on("refresh_token").column("token_hash").unique().execute();
  await db.schema.createIndex("refresh_token_family_idx").on("refresh_token").column("family_id").execute();

  // Single-use links mailed to the customer: `signup` (confirm the address) and `reset` (choose a new password).
  await db.schema
    .createTable("customer_token")
    .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("purpose", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    .addColumn("used_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("customer_token_customer_idx").on("customer_token").columns(["customer_id", "purpose"]).execute();

  await db.schema
    .createTable("agent_audit")
    .addColumn("id", "integer", autoId(db))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("agent_id", "varchar(36)", (c) => c.notNull())
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull())
    .addColumn("action", "varchar(64)", (c) => c.notNull())
    .addColumn("detail", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("correlation_id", "varchar(100)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("agent_audit_customer_idx").on("agent_audit").columns(["customer_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["agent_audit", "customer_token", "refresh_token", "refresh_family", "customer_address", "customer"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
