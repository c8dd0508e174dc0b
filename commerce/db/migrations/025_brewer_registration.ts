import { type Kysely, sql } from "kysely";
import { autoId } from "../dialect";

/**
 * Brewer registration (decision 070). `brewer_serial` is the factory's list of the serials it
 * made, per brewer model (family); `brewer_registration` one owner's registration of one serial,
 * never two (the serial is unique), with the questionnaire's answers. A welcome coupon is an
 * ordinary coupon that only its customer may use (`coupon.customer_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("brewer_serial")
    // Upper case, no spaces: two model letters, YYWW, a six-digit unit, a check digit.
    .addColumn("serial", "varchar(16)", (c) => c.primaryKey())
    // The brewer model's family code.
    .addColumn("family_code", "varchar(64)", (c) => c.notNull())
    .addColumn("made_on", "varchar(10)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("brewer_serial_family_idx").on("brewer_serial").column("family_code").execute();

  await db.schema
    .createTable("brewer_registration")
    .addColumn("id", "integer", autoId(db))
    .addColumn("serial", "varchar(16)", (c) => c.notNull().unique().references("brewer_serial.serial"))
    .addColumn("site", "varchar(8)", (c) => c.notNull())
    .addColumn("customer_id", "varchar(36)", (c) => c.notNull().references("customer.id").onDelete("cascade"))
    .addColumn("family_code", "varchar(64)", (c) => c.notNull())
    .addColumn("purchased_from", "varchar(20)")
    .addColumn("purchased_on", "varchar(10)")
    // JSON of the questionnaire's answers.
    .addColumn("answers", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("registered_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("brewer_registration_customer_idx").on("brewer_registration").column("customer_id").execute();

  // A coupon only this customer may use (the welcome coupon); null: anyone.
  await db.schema.alterTable("coupon").addColumn("customer_id", "varchar(36)").execute();
  await db.schema.createIndex("coupon_customer_idx").on("coupon").column("customer_id").where(sql.ref("customer_id"), "is not", null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("coupon_customer_idx").ifExists().execute();
  await db.schema.alterTable("coupon").dropColumn("customer_id").execute();
  await db.schema.dropTable("brewer_registration").ifExists().execute();
  await db.schema.dropTable("brewer_serial").ifExists().execute();
}
