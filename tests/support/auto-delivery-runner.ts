import pino from "pino";
import { loadCommerceConfig } from "../../commerce/config";
import type { Clock } from "../../commerce/domain/clock";
import { DEFAULT_CARD_HOLDS_OPTIONS } from "../../commerce/domain/card-holds";
import { openDatabase, shopFromConfig } from "../../commerce/service";

/**
 * A store process that runs only auto-delivery's runner, for the tests that kill one with SIGKILL
 * (tests/integration/auto-delivery.test.ts bundles and starts it). Its environment:
 *
 * - DATABASE_URL, MAIL_OUTBOX_DIR, ADMIN_API_KEY: as the store's, so its card tokens and holds are
 *   the test gateway's of that database.
 * - RUNNER_CLOCK_AHEAD_MS: how far the store's clock is ahead of the system's, as the movable store
 *   clock keeps it (decision 055): every runner process tells the same time, and it runs on with the
 *   system's, so claims run out as they would.
 * - RUNNER_LEASE_MS: how long a claim holds (0: not at all, as if every claim had run out).
 * - RUNNER_TASK: `place` sweeps for due subscriptions until a sweep finds none; `clean-up` runs the
 *   card holds' sweeps as they run once the hold timeout has passed (decision 045).
 */
const ahead = Number(process.env.RUNNER_CLOCK_AHEAD_MS ?? 0);
const clock: Clock = { now: async () => new Date(Date.now() + ahead) };

const config = loadCommerceConfig(process.env);
const db = openDatabase(config);
const shop = shopFromConfig(db, config, pino({ level: "silent" }), {
  clock,
  autoDelivery: { leaseMs: Number(process.env.RUNNER_LEASE_MS ?? 60_000) },
});

if (process.env.RUNNER_TASK === "clean-up") {
  // The store's clock, not the system's: the orders and holds it sweeps were written at the moved clock's time.
  const afterTimeout = new Date((await clock.now()).getTime() + DEFAULT_CARD_HOLDS_OPTIONS.holdTimeoutMs + 1000);
  await shop.holds.releaseAbandoned(afterTimeout);
  await shop.holds.captureWaiting(afterTimeout);
} else {
  while ((await shop.autoDeliveryOrders.placeDue()).length > 0);
}
await db.destroy();
process.exit(0);
