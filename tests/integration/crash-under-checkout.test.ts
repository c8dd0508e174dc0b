import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS, type TestDatabase, tempDatabase } from "../support/databases";
import { guestCheckoutUpToTheCard, plentifulCoffee, randomHex } from "../support/guest-checkout";
import { type RunningStore, STORE_TOKEN_SECRET, startStore } from "../support/server";
import { StripeStandIn } from "../support/stripe-stand-in";

const ROUNDS = 3;
const CHECKOUTS_PER_ROUND = 12;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The whole store killed (SIGKILL, primary and workers) three times while guests place orders paid
 * by card, against the Stripe stand-in. After the last restart and one sweep, no card is held
 * without an order, and every order's card was captured, once.
 */
describe.each(DIALECTS)("the store killed under checkout load on %s", (dialect) => {
  const standIn = new StripeStandIn();
  let database: TestDatabase;
  let db: Db;
  let store: RunningStore | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    const standInUrl = await standIn.start();
    database = await tempDatabase(dialect);
    env = {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_API_BASE: standInUrl,
      WEB_CONCURRENCY: "2",
      LOG_LEVEL: "error",
      // Holds are released (or their orders captured) two seconds after they were asked for, looked for every second.
      PAYMENT_HOLD_TIMEOUT_SECONDS: "2",
      PAYMENT_SWEEP_SECONDS: "1",
    };
    db = openDatabase(testCommerceConfig(database.url));
  }, 60_000);

  afterAll(async () => {
    await store?.stop();
    await db?.destroy();
    await database?.drop();
    await standIn.stop();
  });

  const guestClient = () => testCommerceConfig(database.url, { AUTH_TOKEN_SECRET: STORE_TOKEN_SECRET }).auth.guestClient;

  it("leaves no card held without an order and captures every order once", { timeout: 240_000 }, async () => {
    const acknowledged: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      store = await startStore({ dialect, database, env });
      const coffee = await plentifulCoffee(db);
      const checkouts = await Promise.all(Array.from({ length: CHECKOUTS_PER_ROUND }, () => guestCheckoutUpToTheCard(store!.url, guestClient(), coffee)));
      // The round's orders are asked for a few milliseconds apart; the store dies once the first is
      // acknowledged, with the others in flight (or after two seconds, whatever happened by then).
      let firstAcknowledged: () => void = () => undefined;
      const acknowledgedOne = new Promise<void>((resolve) => (firstAcknowledged = resolve));
      const answers = Promise.allSettled(
        checkouts.map(async ({ place }, i) => {
          await pause(i * 15);
          const answer = await place(randomHex(32));
          if (answer.status === 201) firstAcknowledged();
          return answer;
        }),
      );
      await Promise.race([acknowledgedOne, pause(2_000)]);
      await store.kill();
      for (const answer of await answers) {
        if (answer.status === "fulfilled" && answer.value.status === 201) acknowledged.push((answer.value.body as { code: string }).code);
      }
    }
    // Started again, the sweeps release what the dead processes held and capture what they left uncaptured.
    store = await startStore({ dialect, database, env });
    const deadline = Date.now() + 30_000;
    const uncaptured = () =>
      db.selectFrom("shop_order").select("code").where("payment_reference", "is not", null).where("payment_captured_at", "is", null).execute();
    while ((standIn.held().length > 0 || (await uncaptured()).length > 0) && Date.now() < deadline) await pause(250);

    const orders = await db.selectFrom("shop_order").select(["code", "payment_reference"]).execute();
    expect(orders.length).toBeGreaterThan(0);
    // Every order the store acknowledged is there, once.
    for (const code of acknowledged) expect(orders.filter((o) => o.code === code)).toHaveLength(1);
    expect(standIn.held()).toEqual([]);
    expect(await uncaptured()).toEqual([]);
    const byOrder = new Set(orders.map((o) => o.payment_reference));
    for (const [reference, intent] of standIn.paymentIntents) {
      // A captured hold is an order's, and an order's hold is captured, for its whole amount; any other was released.
      if (byOrder.has(reference)) expect(intent).toMatchObject({ status: "succeeded", amount_received: intent.amount });
      else expect(intent.status).toBe("canceled");
    }
  });
});
