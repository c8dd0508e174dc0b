import type { Db } from "./index";
import { idsToClaim, writeTransaction } from "./write-transaction";

/** A mail to send, as the outbox stores it. */
export interface OutboxEntry {
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html?: string;
}

export interface ClaimedMessage extends OutboxEntry {
  id: number;
  attempts: number;
  /** When it was queued (ISO); with the id, what names it for good. */
  createdAt: string;
  /** The claim's end, which the sender moves on while it still works (renewClaims). */
  claimedUntil: string;
}

/** Records mails inside the caller's write transaction, for the delivery loop to take from `dueAt` on; answers their ids. */
export async function recordOutboxMessages(trx: Db, entries: readonly OutboxEntry[], dueAt: Date, now = new Date()): Promise<number[]> {
  if (entries.length === 0) return [];
  const at = now.toISOString();
  const rows = await trx
    .insertInto("outbox_message")
    .values(
      entries.map((e) => ({
        kind: e.kind,
        recipient: e.recipient,
        subject: e.subject,
        body: JSON.stringify({ text: e.text, html: e.html }),
        created_at: at,
        next_attempt_at: dueAt.toISOString(),
      })),
    )
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

/** Whether anything is due; a plain read, so idle workers do not take the write lock to find out. */
export async function hasDueMessages(db: Db, now: Date, maxAttempts: number): Promise<boolean> {
  const at = now.toISOString();
  const row = await db
    .selectFrom("outbox_message")
    .select("id")
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", at)
    .where("attempts", "<", maxAttempts)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at)]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * Takes up to `limit` due messages (or just `ids`, when given and still unsent) for `leaseMs`: no
 * other worker takes them until the lease runs out, so each is sent by one worker. A worker that
 * dies mid-send leaves its messages to be taken again once the lease has passed. Each claim counts
 * as an attempt.
 */
export async function claimDueMessages(
  db: Db,
  options: { now: Date; leaseMs: number; limit: number; maxAttempts: number; ids?: readonly number[] },
): Promise<ClaimedMessage[]> {
  const at = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  return writeTransaction(db, async (trx) => {
    let due = trx
      .selectFrom("outbox_message")
      .select("id")
      .where("sent_at", "is", null)
      .where("attempts", "<", options.maxAttempts)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at)]))
      .orderBy("id")
      .limit(options.limit);
    // Named messages are taken whenever they are due: their writer sends them before the loop may.
    due = options.ids ? due.where("id", "in", options.ids.length ? [...options.ids] : [-1]) : due.where("next_attempt_at", "<=", at);
    // Another worker's claim in progress is skipped, not waited for.
    const ids = await idsToClaim(trx, due);
    if (ids.length === 0) return [];
    const rows = await trx
      .updateTable("outbox_message")
      .set((eb) => ({ claimed_until: until, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", ids)
      .returning(["id", "kind", "recipient", "subject", "body", "attempts", "created_at"])
      .execute();
    return rows
      .sort((a, b) => a.id - b.id)
      .map((r) => {
        const body = JSON.parse(r.body) as { text: string; html?: string };
        return {
          id: r.id,
          kind: r.kind,
          recipient: r.recipient,
          subject: r.subject,
          text: body.text,
          html: body.html,
          attempts: r.attempts,
          createdAt: r.created_at,
          claimedUntil: until,
        };
      });
  });
}

/**
 * Moves the claim on `ids` from `from` to `until`, for the messages still claimed with `from` and
 * unsent: a sender that is alive keeps what it works on, and its lease can stay short, so a dead
 * sender's messages are taken over within seconds. Answers the ids still held.
 */
export async function renewClaims(db: Db, ids: readonly number[], from: string, until: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await writeTransaction(db, (trx) =>
    trx
      .updateTable("outbox_message")
      .set({ claimed_until: until })
      .where("id", "in", [...ids])
      .where("claimed_until", "=", from)
      .where("sent_at", "is", null)
      .returning("id")
      .execute(),
  );
  return rows.map((r) => r.id);
}

export async function markMessageSent(db: Db, id: number, now = new Date()): Promise<void> {
  await writeTransaction(db, (trx) =>
    trx.updateTable("outbox_message").set({ sent_at: now.toISOString(), claimed_until: null, last_error: null }).where("id", "=", id).execute(),
  );
}

/** Gives the message back for another attempt at `retryAt`, keeping the reason. */
export async function markMessageFailed(db: Db, id: number, error: string, retryAt: Date): Promise<void> {
  await writeTransaction(db, (trx) =>
    trx
      .updateTable("outbox_message")
      .set({ last_error: error.slice(0, 2000), next_attempt_at: retryAt.toISOString(), claimed_until: null })
      .where("id", "=", id)
      .execute(),
  );
}

/** Deletes messages sent before `before`; answers how many. */
export async function pruneSentMessages(db: Db, before: Date): Promise<number> {
  const result = await writeTransaction(db, (trx) => trx.deleteFrom("outbox_message").where("sent_at", "<", before.toISOString()).executeTakeFirst());
  return Number(result.numDeletedRows);
}

/** The mail not sent yet: how many, and when the oldest was queued (null when none waits). */
export async function outboxBacklog(db: Db): Promise<{ unsent: number; oldestQueuedAt: string | null }> {
  const row = await db
    .selectFrom("outbox_message")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("oldest")])
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return { unsent: Number(row?.n ?? 0), oldestQueuedAt: row?.oldest ?? null };
}
