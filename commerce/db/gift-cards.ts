import type { Selectable } from "kysely";
import type { Db } from "./index";
import { preparedQuery } from "./prepared-query";
import type { GiftCardTable } from "./schema";
import { lockingRows } from "./write-transaction";

export type GiftCardRow = Selectable<GiftCardTable>;
export type NewGiftCard = Omit<GiftCardTable, "id">;

/** A card applied to a cart, with the card as it stands. */
export interface AppliedGiftCardRow {
  appliedId: number;
  /** Minor units the shopper chose; null: as much as needed. */
  amount: number | null;
  card: GiftCardRow;
}

export async function findGiftCard(db: Db, site: string, number: string): Promise<GiftCardRow | undefined> {
  return db.selectFrom("gift_card").selectAll().where("site", "=", site).where("number", "=", number).executeTakeFirst();
}

export async function insertGiftCards(db: Db, cards: readonly NewGiftCard[]): Promise<void> {
  if (cards.length === 0) return;
  await db
    .insertInto("gift_card")
    .values([...cards])
    .onConflict((oc) => oc.columns(["site", "number"]).doNothing())
    .execute();
}

const giftCardsOnCart = preparedQuery((db, cartId: number) =>
  db
    .selectFrom("cart_gift_card as a")
    .innerJoin("gift_card as g", "g.id", "a.gift_card_id")
    .select(["a.id as applied_id", "a.amount as applied_amount"])
    .selectAll("g")
    .where("a.cart_id", "=", cartId)
    .orderBy("a.id"),
);

/** The cart's cards in the order they were applied (the order they are charged in). */
export async function appliedGiftCardRows(db: Db, cartId: number): Promise<AppliedGiftCardRow[]> {
  const rows = await giftCardsOnCart(db, cartId);
  return rows.map(({ applied_id, applied_amount, ...card }) => ({ appliedId: applied_id, amount: applied_amount, card }));
}

/**
 * Locks these cards until the caller's write transaction ends (PostgreSQL `for update`; SQLite's
 * BEGIN IMMEDIATE already excludes other writers), in id order so two orders sharing cards
 * cannot deadlock, and answers them as they are now.
 */
export async function lockGiftCards(trx: Db, ids: readonly number[]): Promise<Map<number, GiftCardRow>> {
  if (ids.length === 0) return new Map();
  const query = trx
    .selectFrom("gift_card")
    .selectAll()
    .where("id", "in", [...new Set(ids)])
    .orderBy("id");
  const rows = await (lockingRows(trx) ? query.forUpdate() : query).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertAppliedGiftCard(trx: Db, cartId: number, giftCardId: number, now: string): Promise<void> {
  await trx
    .insertInto("cart_gift_card")
    .values({ cart_id: cartId, gift_card_id: giftCardId, amount: null, created_at: now })
    .onConflict((oc) => oc.columns(["cart_id", "gift_card_id"]).doNothing())
    .execute();
}

/** Answers whether the cart had that applied card. */
export async function deleteAppliedGiftCard(trx: Db, cartId: number, appliedId: number): Promise<boolean> {
  const result = await trx.deleteFrom("cart_gift_card").where("cart_id", "=", cartId).where("id", "=", appliedId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setAppliedAmount(trx: Db, appliedId: number, amount: number | null): Promise<void> {
  await trx.updateTable("cart_gift_card").set({ amount }).where("id", "=", appliedId).execute();
}

/**
 * Takes `amount` off the card's balance and records the charge. The balance condition is the
 * last guard against overdrawing: answers false (and changes nothing) if the balance is short.
 */
export async function chargeGiftCard(trx: Db, giftCardId: number, orderCode: string, amount: number, now: string): Promise<boolean> {
  const updated = await trx
    .updateTable("gift_card")
    .set((eb) => ({ balance: eb("balance", "-", amount), updated_at: now }))
    .where("id", "=", giftCardId)
    .where("balance", ">=", amount)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx.insertInto("gift_card_charge").values({ gift_card_id: giftCardId, order_code: orderCode, amount, created_at: now }).execute();
  return true;
}

/** What this order already charged each card (placing the same order again charges nothing more). */
export async function chargesOfOrder(trx: Db, orderCode: string, giftCardIds: readonly number[]): Promise<Map<number, number>> {
  if (giftCardIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom("gift_card_charge")
    .select(["gift_card_id", "amount"])
    .where("order_code", "=", orderCode)
    .where("gift_card_id", "in", [...giftCardIds])
    .execute();
  return new Map(rows.map((r) => [r.gift_card_id, r.amount]));
}

/** The cart's site and currency, which its gift cards must match. */
export async function cartSiteAndCurrency(db: Db, cartId: number): Promise<{ site: string; currency: string } | undefined> {
  return db.selectFrom("cart").select(["site", "currency"]).where("id", "=", cartId).executeTakeFirst();
}
