import { createHash } from "node:crypto";
import type PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { z } from "zod";
import { isPostgres } from "../db/dialect";
import type { Db } from "../db/index";
import { claimDueJobs, hasDueJobs, insertJob, markJobCompleted, markJobFailed, pruneFinishedJobs } from "../db/jobs";

/**
 * Scheduled work (decision 044): one interface, two runners. On PostgreSQL pg-boss, so every
 * process of every machine shares one queue; on the embedded SQLite default a runner that keeps
 * its jobs in the database's `job` table, claimed with a lease, so the processes of one machine
 * share them. Either way a job runs at least once: handlers must be idempotent (the work they do
 * checks its own state in its transaction).
 */
export interface JobRunner {
  /** Which runner this is, for the logs. */
  readonly name: "pg-boss" | "database";
  /**
   * What runs a queue's jobs, each payload checked with `schema` first (a payload that fails the
   * check is a failed job, never retried). Declared before `start()`.
   */
  handle<S extends z.ZodType>(queue: string, schema: S, run: (payload: z.infer<S>) => Promise<void>, retry?: RetryPolicy): void;
  /**
   * Queues a job; with `singletonKey`, a job with the same key on the same queue is the same job
   * and is queued once (answers false the second time).
   */
  send(queue: string, payload: object, options?: { singletonKey?: string; runAt?: Date }): Promise<boolean>;
  /**
   * Runs `sweep` in this process every `intervalSeconds` (never two at once). A sweep finds its own
   * work with a plain read and claims what it takes in a transaction, so every process may run it:
   * an idle store writes nothing, and a sweep of a dead process is done by the others.
   */
  every(name: string, intervalSeconds: number, sweep: () => Promise<unknown>): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits for those under way. */
  stop(): Promise<void>;
}

export interface RetryPolicy {
  /** Runs in all, the first included. */
  attempts: number;
  /** Seconds before the first retry; each later one waits twice as long. */
  delaySeconds: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, delaySeconds: 30 };

interface Queue {
  schema: z.ZodType;
  run: (payload: unknown) => Promise<void>;
  retry: RetryPolicy;
}

/** A payload that does not pass its queue's schema: the job fails for good, it would fail again. */
export class UnreadablePayload extends Error {}

async function runChecked(queue: Queue, payload: unknown): Promise<void> {
  const checked = queue.schema.safeParse(payload);
  if (!checked.success) throw new UnreadablePayload(`unreadable payload: ${checked.error.message}`);
  await queue.run(checked.data);
}

export interface JobRunnerOptions {
  /** How often a process looks for due jobs. */
  pollMs: number;
  /** How long a process holds a job it runs before another may take it over. */
  leaseMs: number;
  /** Finished jobs are kept this long (for operators), then deleted. */
  keepFinishedMs: number;
}

export const DEFAULT_JOB_RUNNER_OPTIONS: JobRunnerOptions = { pollMs: 1000, leaseMs: 5 * 60_000, keepFinishedMs: 7 * 24 * 3600_000 };

/** The periodic sweeps of one process (both runners run them the same way). */
class Sweeps {
  private readonly sweeps: { name: string; seconds: number; sweep: () => Promise<unknown> }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly underWay = new Map<string, Promise<unknown>>();

  constructor(private readonly logger: Logger) {}

  add(name: string, seconds: number, sweep: () => Promise<unknown>): void {
    this.sweeps.push({ name, seconds, sweep });
  }

  start(): void {
    for (const { name, seconds, sweep } of this.sweeps) {
      const timer = setInterval(() => {
        if (this.underWay.has(name)) return;
        const run = sweep()
          .catch((err) => this.logger.error({ err, sweep: name }, "sweep failed; it runs again at its next interval"))
          .finally(() => this.underWay.delete(name));
        this.underWay.set(name, run);
      }, seconds * 1000);
      timer.unref();
      this.timers.push(timer);
    }
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    await Promise.all(this.underWay.values());
  }
}

/** The runner for this database: pg-boss on PostgreSQL, the database runner on SQLite. */
export function jobRunnerFor(db: Db, options: { logger: Logger; postgresUrl?: string } & Partial<JobRunnerOptions>): JobRunner {
  const settings = { ...DEFAULT_JOB_RUNNER_OPTIONS, ...options };
  if (isPostgres(db) && options.postgresUrl) return new PgBossRunner(options.postgresUrl, options.logger, settings);
  return new DatabaseJobRunner(db, options.logger, settings);
}

/** The SQLite runner: jobs in the `job` table, taken by whichever process claims them first. */
export class DatabaseJobRunner implements JobRunner {
  readonly name = "database";
  private readonly queues = new Map<string, Queue>();
  private readonly sweeps: Sweeps;
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: JobRunnerOptions,
  ) {
    this.sweeps = new Sweeps(logger);
  }

  handle<S extends z.ZodType>(queue: string, schema: S, run: (payload: z.infer<S>) => Promise<void>, retry = DEFAULT_RETRY): void {
    this.queues.set(queue, { schema, run: run as (payload: unknown) => Promise<void>, retry });
  }

  send(queue: string, payload: object, options: { singletonKey?: string; runAt?: Date } = {}): Promise<boolean> {
    return insertJob(this.db, {
      queue,
      payload,
      singletonKey: options.singletonKey,
      runAt: options.runAt ?? new Date(),
      maxAttempts: (this.queues.get(queue)?.retry ?? DEFAULT_RETRY).attempts,
    });
  }

  every(name: string, intervalSeconds: number, sweep: () => Promise<unknown>): void {
    this.sweeps.add(name, intervalSeconds, sweep);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    const poll = setInterval(() => this.tick(), this.options.pollMs);
    const prune = setInterval(() => {
      pruneFinishedJobs(this.db, new Date(Date.now() - this.options.keepFinishedMs)).catch((err) => this.logger.warn({ err }, "finished jobs not pruned"));
    }, 3600_000);
    for (const timer of [poll, prune]) timer.unref();
    this.timers.push(poll, prune);
    this.sweeps.start();
  }

  private tick(): void {
    if (this.running || this.stopped) return;
    this.running = this.runDue()
      .catch((err) => this.logger.warn({ err }, "job runner paused; due jobs stay queued"))
      .finally(() => {
        this.running = null;
      });
  }

  /** Runs the jobs due now in this process; answers how many ran (completed or not). */
  async runDue(now = new Date()): Promise<number> {
    const queues = [...this.queues.keys()];
    if (!(await hasDueJobs(this.db, queues, now))) return 0;
    let ran = 0;
    for (;;) {
      const claimed = await claimDueJobs(this.db, { queues, now, leaseMs: this.options.leaseMs, limit: 10 });
      for (const job of claimed) {
        const queue = this.queues.get(job.queue)!;
        ran++;
        try {
          await runChecked(queue, job.payload);
          await markJobCompleted(this.db, job.id);
        } catch (err) {
          const lastTry = err instanceof UnreadablePayload || job.attempts >= job.maxAttempts;
          const retryAt = lastTry ? null : new Date(Date.now() + queue.retry.delaySeconds * 1000 * 2 ** (job.attempts - 1));
          this.logger.error({ err, job: job.id, queue: job.queue, attempts: job.attempts }, lastTry ? "job failed for good" : "job failed; it will be retried");
          await markJobFailed(this.db, job.id, err instanceof Error ? err.message : String(err), retryAt);
        }
      }
      if (claimed.length < 10 || this.stopped) return ran;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await Promise.all([this.running, this.sweeps.stop()]);
  }
}

/** The PostgreSQL runner: pg-boss in its own schema (`pgboss`), with a small pool of its own. */
export class PgBossRunner implements JobRunner {
  readonly name = "pg-boss";
  private readonly queues = new Map<string, Queue>();
  private readonly sweeps: Sweeps;
  private boss: PgBoss | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
    private readonly options: JobRunnerOptions,
  ) {
    this.sweeps = new Sweeps(logger);
  }

  handle<S extends z.ZodType>(queue: string, schema: S, run: (payload: z.infer<S>) => Promise<void>, retry = DEFAULT_RETRY): void {
    this.queues.set(queue, { schema, run: run as (payload: unknown) => Promise<void>, retry });
  }

  async send(queue: string, payload: object, options: { singletonKey?: string; runAt?: Date } = {}): Promise<boolean> {
    if (!this.boss) throw new Error("the job runner has not started");
    const retry = this.queues.get(queue)?.retry ?? DEFAULT_RETRY;
    const id = options.singletonKey === undefined ? undefined : keyedJobId(queue, options.singletonKey);
    return (await this.boss.send(queue, payload, { id, startAfter: options.runAt, ...pgBossRetry(retry) })) !== null;
  }

  every(name: string, intervalSeconds: number, sweep: () => Promise<unknown>): void {
    this.sweeps.add(name, intervalSeconds, sweep);
  }

  async start(): Promise<void> {
    if (this.boss) return;
    const { default: PgBossClass } = await import("pg-boss");
    const boss = new PgBossClass({
      connectionString: this.connectionString,
      max: 3,
      application_name: "brewfront-jobs",
      deleteAfterSeconds: Math.round(this.options.keepFinishedMs / 1000),
    });
    boss.on("error", (err) => this.logger.warn({ err }, "job runner (pg-boss) error"));
    await boss.start();
    const pollingIntervalSeconds = Math.max(0.5, this.options.pollMs / 1000);
    for (const [name, queue] of this.queues) {
      await boss.createQueue(name, { name, ...pgBossRetry(queue.retry), expireInSeconds: Math.round(this.options.leaseMs / 1000) });
      await boss.work(name, { pollingIntervalSeconds, batchSize: 10 }, async (jobs) => {
        // Each job of the batch succeeds or fails on its own; pg-boss completes those still active.
        for (const job of jobs) {
          try {
            await runChecked(queue, job.data);
          } catch (err) {
            this.logger.error({ err, job: job.id, queue: name }, "job failed");
            // An unreadable payload would fail the same way again: left to complete, with the error logged.
            if (!(err instanceof UnreadablePayload)) await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
          }
        }
      });
    }
    this.boss = boss;
    this.sweeps.start();
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    await this.sweeps.stop();
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

/**
 * The job id of a keyed job: the same queue and key give the same id, and pg-boss inserts a job
 * whose id it already holds as nothing (it answers null).
 */
function keyedJobId(queue: string, key: string): string {
  const hex = createHash("sha256").update(`${queue}\0${key}`).digest("hex");
  // Shaped as a UUID (version 8, "custom"), the type of pg-boss's id column.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function pgBossRetry(retry: RetryPolicy) {
  return { retryLimit: retry.attempts - 1, retryDelay: retry.delaySeconds, retryBackoff: true };
}
