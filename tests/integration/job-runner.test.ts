import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobsOfQueue } from "../../commerce/db/jobs";
import { DatabaseJobRunner, type JobRunner, jobRunnerFor } from "../../commerce/domain/job-runner";
import { type Db, migrateDatabase, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS, type TestDatabase, tempDatabase } from "../support/databases";

const logger = pino({ level: "silent" });
const OrderPayload = z.object({ order: z.number().int() });

/** Waits until `done()` holds, checking every 50 ms, for at most `withinMs`. */
async function until(done: () => boolean, withinMs = 15_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(DIALECTS)("the job runner on %s", (dialect) => {
  let database: TestDatabase;
  let db: Db;
  const runners: JobRunner[] = [];
  /** A runner as a process of the store would have it, on the suite's database. */
  const runner = () => {
    const made = jobRunnerFor(db, { logger, postgresUrl: dialect === "postgres" ? database.url : undefined, pollMs: 100, leaseMs: 2_000 });
    runners.push(made);
    return made;
  };

  beforeAll(async () => {
    database = await tempDatabase(dialect);
    db = openDatabase(testCommerceConfig(database.url));
    await migrateDatabase(db);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await db?.destroy();
    await database?.drop();
  });

  it("is pg-boss on PostgreSQL and the database runner on SQLite", () => {
    expect(runner().name).toBe(dialect === "postgres" ? "pg-boss" : "database");
  });

  it("runs each of 60 jobs exactly once when two processes share the queue", { timeout: 60_000 }, async () => {
    const runs = new Map<number, number>();
    const count = (p: { order: number }) => {
      runs.set(p.order, (runs.get(p.order) ?? 0) + 1);
      return Promise.resolve();
    };
    const [first, second] = [runner(), runner()];
    for (const r of [first, second]) r.handle("count-orders", OrderPayload, count, { attempts: 1, delaySeconds: 1 });
    await first!.start();
    await second!.start();
    await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? first! : second!).send("count-orders", { order: i })));
    await until(() => runs.size === 60);
    await new Promise((r) => setTimeout(r, 500));
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it("queues a job sent twice with the same key once", { timeout: 30_000 }, async () => {
    const seen: number[] = [];
    const r = runner();
    r.handle("keyed", OrderPayload, async (p) => void seen.push(p.order));
    await r.start();
    const later = new Date(Date.now() + 60_000);
    expect(await r.send("keyed", { order: 1 }, { singletonKey: "subscription-7@2026-12-01", runAt: later })).toBe(true);
    expect(await r.send("keyed", { order: 2 }, { singletonKey: "subscription-7@2026-12-01", runAt: later })).toBe(false);
    expect(await r.send("keyed", { order: 3 }, { singletonKey: "subscription-7@2026-12-15", runAt: later })).toBe(true);
  });

  it("does not run a job before its time", { timeout: 30_000 }, async () => {
    const seen: number[] = [];
    const r = runner();
    r.handle("later", OrderPayload, async (p) => void seen.push(p.order));
    await r.start();
    await r.send("later", { order: 1 }, { runAt: new Date(Date.now() + 2_500) });
    await new Promise((res) => setTimeout(res, 1_000));
    expect(seen).toEqual([]);
    await until(() => seen.length === 1);
  });

  it("retries a failing job until it succeeds", { timeout: 30_000 }, async () => {
    let tries = 0;
    const r = runner();
    r.handle(
      "flaky",
      OrderPayload,
      async () => {
        tries++;
        if (tries < 3) throw new Error("the provider did not answer");
      },
      { attempts: 5, delaySeconds: 1 },
    );
    await r.start();
    await r.send("flaky", { order: 1 });
    await until(() => tries === 3, 20_000);
    await new Promise((res) => setTimeout(res, 1_500));
    expect(tries).toBe(3);
  });

  it("runs its sweeps on their interval and waits for a sweep under way when stopped", { timeout: 30_000 }, async () => {
    let sweeps = 0;
    let finished = 0;
    const r = jobRunnerFor(db, { logger, postgresUrl: dialect === "postgres" ? database.url : undefined });
    r.every("slow sweep", 1, async () => {
      sweeps++;
      await new Promise((res) => setTimeout(res, 700));
      finished++;
    });
    await r.start();
    await until(() => sweeps >= 2, 10_000);
    await r.stop();
    expect(finished).toBe(sweeps);
  });
});

describe("the database job runner (SQLite)", () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await tempDatabase("sqlite");
    db = openDatabase(testCommerceConfig(database.url));
    await migrateDatabase(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it("runs a job again in another process once the process that took it died", async () => {
    const seen: number[] = [];
    const dead = new DatabaseJobRunner(db, logger, { pollMs: 100, leaseMs: 300, keepFinishedMs: 60_000 });
    // The dead process took the job and never finished it.
    dead.handle("taken", OrderPayload, () => new Promise<void>(() => undefined));
    await dead.send("taken", { order: 42 });
    void dead.runDue();
    await new Promise((r) => setTimeout(r, 50));
    const alive = new DatabaseJobRunner(db, logger, { pollMs: 100, leaseMs: 300, keepFinishedMs: 60_000 });
    alive.handle("taken", OrderPayload, async (p) => void seen.push(p.order));
    expect(await alive.runDue()).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    expect(await alive.runDue()).toBe(1);
    expect(seen).toEqual([42]);
    const [job] = await jobsOfQueue(db, "taken");
    expect(job).toMatchObject({ attempts: 2, completed_at: expect.any(String) });
  });

  it("fails a job whose payload does not fit its queue for good, without retrying it", async () => {
    const r = new DatabaseJobRunner(db, logger, { pollMs: 100, leaseMs: 1_000, keepFinishedMs: 60_000 });
    let ran = 0;
    r.handle("typed", OrderPayload, async () => void ran++);
    await r.send("typed", { order: "not a number" });
    await r.runDue();
    const [job] = await jobsOfQueue(db, "typed");
    expect(ran).toBe(0);
    expect(job).toMatchObject({ failed_at: expect.any(String), attempts: 1 });
    expect(job!.last_error).toMatch(/unreadable payload/);
  });
});
