import { fork } from "node:child_process";
import cluster from "node:cluster";
import type { Logger } from "pino";
import type { CommerceConfig } from "../commerce/config";
import { isMessage, type Listening, type ProcessMessage, prepareDatabase } from "./start-up";

/** The flag that makes the store's entry a preparing child instead of a server. */
export const PREPARE_FLAG = "--prepare-for-workers";

/** The preparing child's whole life: prepare the database, tell the primary it is done, leave. */
export async function prepareForWorkers(config: CommerceConfig, logger: Logger): Promise<void> {
  const db = await prepareDatabase(config, logger);
  const message: ProcessMessage = { type: "brewfront:prepared" };
  await db.destroy();
  process.send?.(message);
  process.disconnect?.();
}

/**
 * Runs `entry` (the store's own script) as a preparing child, so that the primary never holds the
 * database driver, the seed or the server's modules. A failed child stops the store.
 */
export function prepareInChild(entry: string, logger: Logger): Promise<void> {
  const child = fork(entry, [...process.argv.slice(2), PREPARE_FLAG], { stdio: "inherit" });
  return new Promise((resolve) => {
    let prepared = false;
    child.on("message", (message: unknown) => {
      if (!isMessage(message, "brewfront:prepared")) return;
      prepared = true;
      resolve();
    });
    const failUnlessPrepared = (code: number | null, signal: NodeJS.Signals | null) => {
      if (prepared) return;
      logger.error({ code, signal }, "preparing the database failed");
      process.exit(1);
    };
    // Its answer comes over the channel before the channel closes, so wait for the close to judge.
    child.on("exit", (code, signal) => {
      if (child.connected) child.once("disconnect", () => failUnlessPrepared(code, signal));
      else failUnlessPrepared(code, signal);
    });
  });
}

/**
 * Forks `count` workers and keeps them running: a worker that dies is replaced, and SIGTERM or
 * SIGINT stops them all. `allListening` runs once, when every worker listens, so the store's
 * addresses are printed once, not once per worker.
 */
export function runPrimary(
  count: number,
  memoryBudgetMb: number,
  logger: Logger,
  allListening: (message: Listening) => void,
  /** With an operator listener: a scraped worker's /metrics asks here for every worker's. */
  gatherMetrics = false,
) {
  if (gatherMetrics) void import("./metrics").then(({ answerMetricsRequests }) => answerMetricsRequests());
  let stopping = false;
  let announced = false;
  const listening = new Set<number>();
  // Each worker's heap is bounded by its memory budget, so V8 collects early: unbounded, a worker
  // under load keeps hundreds of MB of garbage it would have reclaimed. Its caches take shares of
  // the same budget (MEMORY_BUDGET_MB), so what they hold fits whatever the catalog's size.
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-old-space-size=${memoryBudgetMb}`] });
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("message", (worker, message: unknown) => {
    if (announced || !isMessage(message, "brewfront:listening")) return;
    listening.add(worker.id);
    if (listening.size < count) return;
    announced = true;
    allListening(message);
  });
  cluster.on("exit", (worker, code, signal) => {
    listening.delete(worker.id);
    if (!stopping) {
      logger.error({ pid: worker.process.pid, code, signal }, "worker died; starting another");
      cluster.fork();
    } else if (Object.keys(cluster.workers ?? {}).length === 0) {
      logger.info("all workers stopped");
      process.exit(0);
    }
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping workers");
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
