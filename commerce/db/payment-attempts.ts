import type { Selectable } from "kysely";
import type { Db } from "./index";
import type { PaymentAttemptStatus, PaymentAttemptTable } from "./schema";
import { claimDue, lockingRows, writeTransaction } from "./write-transaction";

export type PaymentAttemptRow = Selectable<PaymentAttemptTable>;
export type NewPaymentAttempt = Pick<
  PaymentAttemptTable,
  "site" | "cart_id" | "checkout_key" | "amount_minor" | "currency" | "provider" | "card_token" | "idempotency_key" | "order_code" | "description"
>;

/**
 * Records an attempt before the provider is asked (its own short transaction), or answers the one
 * recorded before with the same idempotency key: a retry or a double submit asks for the same hold.
 */
export async function recordPaymentAttempt(db: Db, attempt: NewPaymentAttempt, now = new Date()): Promise<PaymentAttemptRow> {
  const at = now.toISOString();
  return writeTransaction(db, async (trx) => {
    await trx
      .insertInto("payment_attempt")
      .values({ ...attempt, status: "authorizing", created_at: at, updated_at: at })
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .execute();
    return trx.selectFrom("payment_attempt").selectAll().where("idempotency_key", "=", attempt.idempotency_key).executeTakeFirstOrThrow();
  });
}

/** What the provider answered: held (with its reference) or declined. An attempt used or being released keeps its state. */
export async function markAttemptAnswered(db: Db, id: number, answer: { status: "authorized"; reference: string } | { status: "declined" }, now = new Date()) {
  await writeTransaction(db, (trx) =>
    trx
      .updateTable("payment_attempt")
      .set({ status: answer.status, reference: answer.status === "authorized" ? answer.reference : null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "in", ["authorizing", "authorized", "declined"])
      .execute(),
  );
}

/**
 * Inside the order's transaction: the attempt becomes the order's payment. False when it is being
 * released or was (the hold is gone): the order must not be written.
 */
export async function useAttemptIn(trx: Db, id: number, reference: string, now = new Date()): Promise<boolean> {
  let locked = trx.selectFrom("payment_attempt").select("status").where("id", "=", id);
  if (lockingRows(trx)) locked = locked.forUpdate();
  const row = await locked.executeTakeFirst();
  if (!row || !["authorizing", "authorized", "used"].includes(row.status)) return false;
  await trx.updateTable("payment_attempt").set({ status: "used", reference, updated_at: now.toISOString() }).where("id", "=", id).execute();
  return true;
}

/** After the hold was released (at once, by the request that made it, or by the sweep). */
export async function markAttemptVoided(db: Db, id: number, now = new Date()): Promise<void> {
  await writeTransaction(db, (trx) =>
    trx
      .updateTable("payment_attempt")
      .set({ status: "voided", claimed_until: null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "!=", "used")
      .execute(),
  );
}

/**
 * Takes up to `limit` attempts that have held (or may hold) a card for longer than an order takes
 * to be written, and whose order was never written: they are marked `voiding`, so the order's
 * transaction can no longer use them, and claimed for `leaseMs` by the caller, which releases them.
 * A claim of a process that died passes, and another sweep takes the attempt again.
 */
export async function claimAbandonedAttempts(db: Db, options: { olderThan: Date; now: Date; leaseMs: number; limit: number }): Promise<PaymentAttemptRow[]> {
  const at = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const due = (q: Db) =>
    q
      .selectFrom("payment_attempt")
      .select("id")
      .where("status", "in", ["authorizing", "authorized", "voiding"])
      .where("updated_at", "<", options.olderThan.toISOString())
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at)]))
      .orderBy("id")
      .limit(options.limit);
  return claimDue(db, due, (trx, ids) =>
    trx.updateTable("payment_attempt").set({ status: "voiding", claimed_until: until }).where("id", "in", ids).returningAll().execute(),
  );
}

/** The attempt the provider turned down after all (when asked again to find its hold): nothing to release. */
export async function markAttemptDeclined(db: Db, id: number, now = new Date()): Promise<void> {
  await writeTransaction(db, (trx) =>
    trx.updateTable("payment_attempt").set({ status: "declined", claimed_until: null, updated_at: now.toISOString() }).where("id", "=", id).execute(),
  );
}

export function attemptsOfCheckout(db: Db, checkoutKey: string): Promise<PaymentAttemptRow[]> {
  return db.selectFrom("payment_attempt").selectAll().where("checkout_key", "=", checkoutKey).orderBy("id").execute();
}

export function attemptsWithStatus(db: Db, statuses: readonly PaymentAttemptStatus[]): Promise<PaymentAttemptRow[]> {
  return db
    .selectFrom("payment_attempt")
    .selectAll()
    .where("status", "in", [...statuses])
    .orderBy("id")
    .execute();
}

/** An order whose card hold waits to be captured. */
export interface UncapturedOrder {
  id: number;
  code: string;
  payment_reference: string;
  /** The provider that holds it (orders before PayPal were all the store's one card provider's). */
  payment_provider: string | null;
  card_minor: number;
  checkout_key: string;
  capture_attempts: number;
}

/**
 * Claims up to `limit` orders placed before `placedBefore` whose card was never captured (the
 * capture after the commit failed, or the process died before it), for `leaseMs`.
 */
export async function claimUncapturedOrders(
  db: Db,
  options: { placedBefore: Date; now: Date; leaseMs: number; limit: number; maxAttempts: number },
): Promise<UncapturedOrder[]> {
  const at = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const due = (q: Db) =>
    q
      .selectFrom("shop_order")
      .select("id")
      .where("payment_reference", "is not", null)
      .where("payment_captured_at", "is", null)
      .where("created_at", "<", options.placedBefore.toISOString())
      .where("capture_attempts", "<", options.maxAttempts)
      .where((eb) => eb.or([eb("capture_claimed_until", "is", null), eb("capture_claimed_until", "<", at)]))
      .orderBy("id")
      .limit(options.limit);
  return claimDue(db, due, async (trx, ids) => {
    const rows = await trx
      .updateTable("shop_order")
      .set((eb) => ({ capture_claimed_until: until, capture_attempts: eb("capture_attempts", "+", 1) }))
      .where("id", "in", ids)
      .returning(["id", "code", "payment_reference", "payment_provider", "card_minor", "checkout_key", "capture_attempts"])
      .execute();
    return rows.map((r) => ({ ...r, payment_reference: r.payment_reference! }));
  });
}

export async function markOrderCaptured(db: Db, orderId: number, now = new Date()): Promise<void> {
  await writeTransaction(db, (trx) =>
    trx.updateTable("shop_order").set({ payment_captured_at: now.toISOString(), capture_claimed_until: null }).where("id", "=", orderId).execute(),
  );
}

/** Gives a claimed order back to the next sweep after a failed capture. */
export async function releaseCaptureClaim(db: Db, orderId: number): Promise<void> {
  await writeTransaction(db, (trx) => trx.updateTable("shop_order").set({ capture_claimed_until: null }).where("id", "=", orderId).execute());
}
