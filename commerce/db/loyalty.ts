import { type Selectable, sql } from "kysely";
import type { BrandId } from "../contract/common";
import type { LedgerEntryKind } from "../contract/loyalty";
import type { Db } from "./index";
import { preparedQuery } from "./prepared-query";
import type { LoyaltyEntryTable, RewardTable } from "./loyalty-tables";
import { lockingRows } from "./write-transaction";

export type RewardRow = Selectable<RewardTable>;
export type LedgerRow = Selectable<LoyaltyEntryTable>;
export type NewReward = Omit<RewardTable, "id" | "active">;
export type NewLedgerEntry = Omit<LoyaltyEntryTable, "id" | "note"> & { note?: string };

/** A reward on a cart, with the reward as the catalog has it. */
export interface CartRewardRow {
  appliedId: number;
  productCode: string | null;
  reward: RewardRow;
}

// The reads every perks call and every signed-in customer's cart page make are compiled once (see preparedQuery).
const rewardsOfSite = preparedQuery((db, site: string) =>
  db.selectFrom("reward").selectAll().where("site", "=", site).where("active", "=", 1).orderBy("points").orderBy("code"),
);

export async function activeRewards(db: Db, site: BrandId): Promise<RewardRow[]> {
  return rewardsOfSite(db, site);
}

export async function findReward(db: Db, site: BrandId, code: string): Promise<RewardRow | undefined> {
  return db.selectFrom("reward").selectAll().where("site", "=", site).where("code", "=", code).where("active", "=", 1).executeTakeFirst();
}

export async function insertRewards(db: Db, rewards: readonly NewReward[]): Promise<void> {
  if (rewards.length === 0) return;
  await db
    .insertInto("reward")
    .values([...rewards])
    .onConflict((oc) => oc.columns(["site", "code"]).doNothing())
    .execute();
}

const ledgerSum = preparedQuery((db, customerId: string) =>
  db
    .selectFrom("loyalty_entry")
    .select(sql<string | number | null>`sum(points)`.as("balance"))
    .where("customer_id", "=", customerId),
);

/** A member's balance: the sum of their ledger. */
export async function pointsBalance(db: Db, customerId: string): Promise<number> {
  const [row] = await ledgerSum(db, customerId);
  return Number(row?.balance ?? 0);
}

/**
 * Locks the member until the caller's write transaction ends (PostgreSQL `for update` on their
 * customer row; SQLite's BEGIN IMMEDIATE already excludes other writers), so two transactions
 * spending the same points take turns and the second sees the first one's entries. Answers
 * whether the customer is a perks member, or undefined when there is no such customer.
 */
export async function lockMember(trx: Db, customerId: string): Promise<{ perksMember: boolean } | undefined> {
  const query = trx.selectFrom("customer").select("perks_member").where("id", "=", customerId);
  const row = await (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
  return row ? { perksMember: row.perks_member === 1 } : undefined;
}

export async function setPerksMember(trx: Db, customerId: string, member: boolean): Promise<void> {
  await trx
    .updateTable("customer")
    .set({ perks_member: member ? 1 : 0 })
    .where("id", "=", customerId)
    .execute();
}

export async function insertLedgerEntry(trx: Db, entry: NewLedgerEntry): Promise<void> {
  await trx.insertInto("loyalty_entry").values(entry).execute();
}

/** Whether the order already has an entry of this kind for the customer (placing it again adds none). */
export async function hasOrderEntry(trx: Db, customerId: string, kind: LedgerEntryKind, orderCode: string): Promise<boolean> {
  const row = await trx
    .selectFrom("loyalty_entry")
    .select("id")
    .where("customer_id", "=", customerId)
    .where("kind", "=", kind)
    .where("order_code", "=", orderCode)
    .executeTakeFirst();
  return row !== undefined;
}

/** A page of the member's entries dated from `from` up to (not including) `until`, newest first, and how many there are. */
export async function ledgerPage(
  db: Db,
  customerId: string,
  range: { from?: string; until?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: LedgerRow[]; total: number }> {
  let base = db.selectFrom("loyalty_entry").where("customer_id", "=", customerId);
  if (range.from) base = base.where("created_at", ">=", range.from);
  if (range.until) base = base.where("created_at", "<", range.until);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(page.limit).offset(page.offset).execute(),
    base.select(sql<string | number>`count(*)`.as("n")).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every entry of the member, oldest first (the order they were written in). */
export async function ledgerOf(db: Db, customerId: string): Promise<LedgerRow[]> {
  return db.selectFrom("loyalty_entry").selectAll().where("customer_id", "=", customerId).orderBy("id").execute();
}

const rewardsOnCart = preparedQuery((db, cartId: number) =>
  db
    .selectFrom("cart_reward as a")
    .innerJoin("reward as r", "r.id", "a.reward_id")
    .select(["a.id as applied_id", "a.product_code as applied_product"])
    .selectAll("r")
    .where("a.cart_id", "=", cartId)
    .orderBy("a.id"),
);

export async function cartRewardRows(db: Db, cartId: number): Promise<CartRewardRow[]> {
  const rows = await rewardsOnCart(db, cartId);
  return rows.map(({ applied_id, applied_product, ...reward }) => ({ appliedId: applied_id, productCode: applied_product, reward }));
}

/** Answers false (and adds nothing) when the reward is already on the cart. */
export async function insertCartReward(trx: Db, cartId: number, rewardId: number, productCode: string | null, now: string): Promise<boolean> {
  const result = await trx
    .insertInto("cart_reward")
    .values({ cart_id: cartId, reward_id: rewardId, product_code: productCode, created_at: now })
    .onConflict((oc) => oc.columns(["cart_id", "reward_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Answers whether the cart had that applied reward. */
export async function deleteCartReward(trx: Db, cartId: number, appliedId: number): Promise<boolean> {
  const result = await trx.deleteFrom("cart_reward").where("cart_id", "=", cartId).where("id", "=", appliedId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setCartRewardItem(trx: Db, appliedId: number, productCode: string): Promise<void> {
  await trx.updateTable("cart_reward").set({ product_code: productCode }).where("id", "=", appliedId).execute();
}
