import type { Insertable, Selectable } from "kysely";
import type { CouponRow, NewCoupon } from "./coupons";
import type { Db } from "./index";
import type { ReferralTable } from "./referral-tables";
import { lockingRows } from "./write-transaction";

export type ReferralRow = Selectable<ReferralTable>;
export type NewReferral = Omit<Insertable<ReferralTable>, "id">;

/** The member's invitation of this address on the site, if they sent one. */
export async function referralOf(db: Db, referrerId: string, site: string, email: string): Promise<ReferralRow | undefined> {
  return db.selectFrom("referral").selectAll().where("referrer_id", "=", referrerId).where("site", "=", site).where("email", "=", email).executeTakeFirst();
}

/** Answers false (and adds nothing) when the member already invited this address. */
export async function insertReferral(trx: Db, referral: NewReferral): Promise<boolean> {
  const result = await trx
    .insertInto("referral")
    .values(referral)
    .onConflict((oc) => oc.columns(["referrer_id", "site", "email"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The member's invitations on the site, newest first. */
export async function referralsOf(db: Db, referrerId: string, site: string): Promise<ReferralRow[]> {
  return db.selectFrom("referral").selectAll().where("referrer_id", "=", referrerId).where("site", "=", site).orderBy("id", "desc").execute();
}

/** The invitation a link's token names, locked until the caller's write transaction ends (PostgreSQL). */
export async function lockReferralByToken(trx: Db, tokenHash: string): Promise<ReferralRow | undefined> {
  const query = trx.selectFrom("referral").selectAll().where("token_hash", "=", tokenHash);
  return (lockingRows(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function markJoined(trx: Db, id: number, at: string): Promise<void> {
  await trx.updateTable("referral").set({ state: "joined", joined_at: at }).where("id", "=", id).where("state", "=", "sent").execute();
}

/**
 * The invitations whose coupon this order redeemed and that no order completed yet, locked: two
 * placements of one order (a double submit) take turns, and the second finds it completed.
 */
export async function lockOpenReferralsOfOrder(trx: Db, orderCode: string): Promise<ReferralRow[]> {
  const query = trx
    .selectFrom("referral")
    .innerJoin("coupon_redemption", "coupon_redemption.coupon_id", "referral.coupon_id")
    .selectAll("referral")
    .where("coupon_redemption.order_code", "=", orderCode)
    .where("referral.order_code", "is", null)
    .orderBy("referral.id");
  return (lockingRows(trx) ? query.forUpdate() : query).execute();
}

/** Completes the invitation with the order; answers false when an order already did (nothing changed). */
export async function markCompleted(trx: Db, id: number, completion: { orderCode: string; points: number; at: string }): Promise<boolean> {
  const result = await trx
    .updateTable("referral")
    .set({ state: "completed", order_code: completion.orderCode, points_awarded: completion.points, completed_at: completion.at })
    .where("id", "=", id)
    .where("order_code", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Adds the friend's coupon and answers it as stored. */
export async function insertFriendCoupon(trx: Db, coupon: NewCoupon): Promise<CouponRow> {
  await trx
    .insertInto("coupon")
    .values({ ...coupon, uses: 0 })
    .execute();
  return trx.selectFrom("coupon").selectAll().where("site", "=", coupon.site).where("code", "=", coupon.code).executeTakeFirstOrThrow();
}

export async function couponById(db: Db, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom("coupon").selectAll().where("id", "=", id).executeTakeFirst();
}
