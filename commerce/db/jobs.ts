import type { Db } from "./index";
import { idsToClaim, writeTransaction } from "./write-transaction";

/** A job as the SQLite job runner stores it. */
export interface NewJob {
  queue: string;
  payload: unknown;
  singletonKey?: string;
  runAt: Date;
  maxAttempts: number;
}

export interface ClaimedJob {
  id: number;
  queue: string;
  payload: unknown;
  /** Runs started so far, this one included. */
  attempts: number;
  maxAttempts: number;
}

/**
 * Queues a job; false when a job of the queue with the same singleton key is already there (done
 * or not), so sending the same work twice queues it once.
 */
export async function insertJob(db: Db, job: NewJob, now = new Date()): Promise<boolean> {
  const result = await writeTransaction(db, (trx) =>
    trx
      .insertInto("job")
      .values({
        queue: job.queue,
        payload: JSON.stringify(job.payload ?? null),
        singleton_key: job.singletonKey ?? null,
        run_at: job.runAt.toISOString(),
        max_attempts: job.maxAttempts,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(["queue", "singleton_key"]).where("singleton_key", "is not", null).doNothing())
      .executeTakeFirst(),
  );
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The jobs waiting or running, per queue (finished and failed ones left out). */
export async function jobQueueDepths(db: Db): Promise<{ queue: string; jobs: number }[]> {
  const rows = await db
    .selectFrom("job")
    .select((eb) => ["queue", eb.fn.countAll<number>().as("n")])
    .where("completed_at", "is", null)
    .where("failed_at", "is", null)
    .groupBy("queue")
    .execute();
  return rows.map((r) => ({ queue: r.queue, jobs: Number(r.n) }));
}

/** Whether any job of `queues` is due; a plain read, so idle processes do not take the write lock to find out. */
export async function hasDueJobs(db: Db, queues: readonly string[], now: Date): Promise<boolean> {
  if (queues.length === 0) return false;
  const at = now.toISOString();
  const row = await db
    .selectFrom("job")
    .select("id")
    .where("completed_at", "is", null)
    .where("failed_at", "is", null)
    .where("queue", "in", [...queues])
    .where("run_at", "<=", at)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at)]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * Takes up to `limit` due jobs of `queues` for `leaseMs`: no other process takes them until the
 * lease runs out, so a job whose process died is run again once it has. Each claim counts as an attempt.
 */
export async function claimDueJobs(db: Db, options: { queues: readonly string[]; now: Date; leaseMs: number; limit: number }): Promise<ClaimedJob[]> {
  const at = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  return writeTransaction(db, async (trx) => {
    const due = trx
      .selectFrom("job")
      .select("id")
      .where("completed_at", "is", null)
      .where("failed_at", "is", null)
      .where("queue", "in", [...options.queues])
      .where("run_at", "<=", at)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at)]))
      .orderBy("run_at")
      .orderBy("id")
      .limit(options.limit);
    const ids = await idsToClaim(trx, due);
    if (ids.length === 0) return [];
    const rows = await trx
      .updateTable("job")
      .set((eb) => ({ claimed_until: until, attempts: eb("attempts", "+", 1) }))
      .where("id", "in", ids)
      .returning(["id", "queue", "payload", "attempts", "max_attempts"])
      .execute();
    return rows
      .sort((a, b) => a.id - b.id)
      .map((r) => ({ id: r.id, queue: r.queue, payload: JSON.parse(r.payload) as unknown, attempts: r.attempts, maxAttempts: r.max_attempts }));
  });
}

export async function markJobCompleted(db: Db, id: number, now = new Date()): Promise<void> {
  await writeTransaction(db, (trx) =>
    trx.updateTable("job").set({ completed_at: now.toISOString(), claimed_until: null, last_error: null }).where("id", "=", id).execute(),
  );
}

/** Gives the job back for another run at `retryAt`, or (`retryAt` null) records it as failed for good. */
export async function markJobFailed(db: Db, id: number, error: string, retryAt: Date | null, now = new Date()): Promise<void> {
  await writeTransaction(db, (trx) =>
    trx
      .updateTable("job")
      .set({
        last_error: error.slice(0, 2000),
        claimed_until: null,
        ...(retryAt ? { run_at: retryAt.toISOString() } : { failed_at: now.toISOString() }),
      })
      .where("id", "=", id)
      .execute(),
  );
}

/** Deletes jobs that completed or failed before `before`; answers how many. */
export async function pruneFinishedJobs(db: Db, before: Date): Promise<number> {
  const at = before.toISOString();
  const result = await writeTransaction(db, (trx) =>
    trx
      .deleteFrom("job")
      .where((eb) => eb.or([eb("completed_at", "<", at), eb("failed_at", "<", at)]))
      .executeTakeFirst(),
  );
  return Number(result.numDeletedRows);
}

/** The jobs of a queue as they stand (for tests and operators). */
export function jobsOfQueue(db: Db, queue: string) {
  return db.selectFrom("job").selectAll().where("queue", "=", queue).orderBy("id").execute();
}
