import type { Selectable } from "kysely";
import type { Db } from "./index";
import type { CouponRow, NewCoupon } from "./coupons";
import type { BrewerRegistrationTable, BrewerSerialTable } from "./registration-tables";
import { lockingRows } from "./write-transaction";

export type BrewerSerialRow = Selectable<BrewerSerialTable>;
export type BrewerRegistrationRow = Selectable<BrewerRegistrationTable>;

/** A serial the factory made, with the account it is registered to (null: nobody yet). */
export async function findSerial(db: Db, serial: string): Promise<(BrewerSerialRow & { registered_to: string | null }) | undefined> {
  return db
    .selectFrom("brewer_serial")
    .leftJoin("brewer_registration", "brewer_registration.serial", "brewer_serial.serial")
    .select(["brewer_serial.serial", "brewer_serial.family_code", "brewer_serial.made_on", "brewer_registration.customer_id as registered_to"])
    .where("brewer_serial.serial", "=", serial)
    .executeTakeFirst();
}

/**
 * The serial's row, locked until the caller's write transaction ends (PostgreSQL; SQLite's
 * BEGIN IMMEDIATE already lets one writer in), so two owners registering one serial take turns.
 */
export async function lockSerial(trx: Db, serial: string): Promise<BrewerSerialRow | undefined> {
  const query = trx.selectFrom("brewer_serial").selectAll().where("serial", "=", serial);
  return (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function registrationOfSerial(db: Db, serial: string): Promise<BrewerRegistrationRow | undefined> {
  return db.selectFrom("brewer_registration").selectAll().where("serial", "=", serial).executeTakeFirst();
}

export async function insertRegistration(trx: Db, row: Omit<BrewerRegistrationTable, "id" | "answers">): Promise<void> {
  await trx.insertInto("brewer_registration").values(row).execute();
}

export async function updateRegistrationAnswers(trx: Db, id: number, answers: string, at: string): Promise<void> {
  await trx.updateTable("brewer_registration").set({ answers, updated_at: at }).where("id", "=", id).execute();
}

/** The customer's registrations on the store, oldest first. */
export async function registrationsOf(db: Db, customerId: string, site: string): Promise<BrewerRegistrationRow[]> {
  return db
    .selectFrom("brewer_registration")
    .selectAll()
    .where("customer_id", "=", customerId)
    .where("site", "=", site)
    .orderBy("registered_at")
    .orderBy("id")
    .execute();
}

/** The welcome coupon the customer was given on the store, if any (one per account). */
export async function couponOfCustomer(db: Db, customerId: string, site: string): Promise<CouponRow | undefined> {
  return db.selectFrom("coupon").selectAll().where("customer_id", "=", customerId).where("site", "=", site).orderBy("id").executeTakeFirst();
}

export async function insertCustomerCoupon(trx: Db, coupon: NewCoupon & { customer_id: string }): Promise<void> {
  await trx
    .insertInto("coupon")
    .values({ ...coupon, uses: 0 })
    .execute();
}

/** Whether any order redeemed the coupon. */
export async function couponUsed(db: Db, couponId: number): Promise<boolean> {
  const row = await db.selectFrom("coupon_redemption").select("id").where("coupon_id", "=", couponId).executeTakeFirst();
  return row !== undefined;
}

/** Adds the serials the factory made, leaving those already listed. */
export async function insertMissingSerials(db: Db, serials: readonly BrewerSerialRow[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < serials.length; i += 200) {
    const result = await db
      .insertInto("brewer_serial")
      .values(serials.slice(i, i + 200))
      .onConflict((oc) => oc.column("serial").doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function countSerials(db: Db): Promise<number> {
  const row = await db
    .selectFrom("brewer_serial")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The brewer families (models) of the catalog, in code order. */
export async function brewerFamilies(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("product")
    .select("base_code")
    .distinct()
    .where("product_type", "=", "Brewer")
    .where("base_code", "is not", null)
    .orderBy("base_code")
    .execute();
  return rows.map((r) => r.base_code!);
}

/** The family (model) a product code belongs to: itself for a family, its base for a variant. */
export async function familyOf(db: Db, productCode: string): Promise<string | undefined> {
  const row = await db.selectFrom("product").select(["code", "base_code"]).where("code", "=", productCode).executeTakeFirst();
  return row ? (row.base_code ?? row.code) : undefined;
}
