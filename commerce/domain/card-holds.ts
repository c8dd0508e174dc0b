import type { Logger } from "pino";
import type { Db } from "../db/index";
import {
  claimAbandonedAttempts,
  claimUncapturedOrders,
  markAttemptAnswered,
  markAttemptDeclined,
  markAttemptVoided,
  markOrderCaptured,
  type PaymentAttemptRow,
  recordPaymentAttempt,
  releaseCaptureClaim,
  useAttemptIn,
} from "../db/payment-attempts";
import type { CheckoutParts, StoredCard } from "./checkout-parts";
import type { JobRunner } from "./job-runner";

/**
 * Holds on shoppers' cards (decision 045). Every authorisation is recorded as a payment attempt
 * before the provider is asked for it, keyed by the checkout key and the amount only, so a double
 * submit or a retry after a crash asks the provider for the same hold and names the same order.
 * The order's transaction uses the attempt; a request whose order was not written releases its
 * hold at once; the sweeps release what a dead process left held and capture what it left
 * uncaptured.
 */

/** The provider's idempotency key of a checkout's hold: the same checkout and amount, the same hold. */
export const holdKeyOf = (checkoutKey: string, amountMinor: number) => `order-${checkoutKey}-${amountMinor}`;

/** An amount held on the shopper's card for one checkout: captured once its order is written, released otherwise. */
export interface CardHold {
  attemptId: number;
  /** The provider that holds it: the card's, or PayPal's (decision 082). */
  provider: string;
  reference: string;
  amountMinor: number;
  idempotencyKey: string;
}

export interface CardHoldsOptions {
  /** How long a hold may wait for its order before the sweep releases it (or captures its order). */
  holdTimeoutMs: number;
  /** How often each process sweeps. */
  sweepSeconds: number;
}

export const DEFAULT_CARD_HOLDS_OPTIONS: CardHoldsOptions = { holdTimeoutMs: 5 * 60_000, sweepSeconds: 60 };

/** Captures are tried this many times in all before an order waits for an operator. */
const CAPTURE_ATTEMPTS = 10;
const SWEEP_BATCH = 20;
const SWEEP_LEASE_MS = 60_000;

/** What a hold asks for: the checkout, the card and the amount, and the order the description names. */
export interface HoldRequest {
  site: string;
  cartId: number;
  checkoutKey: string;
  card: StoredCard;
  amountMinor: number;
  currency: string;
  orderCode: string;
  description: string;
}

export type HoldOutcome =
  | { status: "held"; hold: CardHold; orderCode: string }
  | { status: "declined"; reason: string; message: string }
  /** The attempt became an order already (a retry after the order was written): that order answers. */
  | { status: "ordered"; orderCode: string }
  /** The sweep released this checkout's hold (it waited too long): the shopper places the order again. */
  | { status: "released" };

export class CardHolds {
  private readonly options: CardHoldsOptions;

  constructor(
    private readonly deps: { db: Db; payments: CheckoutParts["payments"]; logger: Logger },
    options: Partial<CardHoldsOptions> = {},
  ) {
    this.options = { ...DEFAULT_CARD_HOLDS_OPTIONS, ...options };
  }

  /** Records the attempt, then asks the provider to hold the amount. */
  async hold(request: HoldRequest): Promise<HoldOutcome> {
    const { db } = this.deps;
    const attempt = await recordPaymentAttempt(db, {
      site: request.site,
      cart_id: request.cartId,
      checkout_key: request.checkoutKey,
      amount_minor: request.amountMinor,
      currency: request.currency,
      provider: request.card.provider,
      card_token: request.card.token,
      idempotency_key: holdKeyOf(request.checkoutKey, request.amountMinor),
      order_code: request.orderCode,
      description: request.description,
    });
    if (attempt.status === "used") return { status: "ordered", orderCode: attempt.order_code };
    if (attempt.status === "voiding" || attempt.status === "voided") return { status: "released" };
    const answer = await this.ask(attempt);
    if (answer.status === "declined") {
      // "processing_error" may be a provider that did not answer after holding: the sweep finds out.
      if (answer.reason !== "processing_error") await markAttemptAnswered(db, attempt.id, { status: "declined" });
      return answer;
    }
    await markAttemptAnswered(db, attempt.id, { status: "authorized", reference: answer.reference });
    return {
      status: "held",
      orderCode: attempt.order_code,
      hold: {
        attemptId: attempt.id,
        provider: attempt.provider,
        reference: answer.reference,
        amountMinor: attempt.amount_minor,
        idempotencyKey: attempt.idempotency_key,
      },
    };
  }

  /** Inside the order's transaction: false when the hold was released meanwhile (the order must not be written). */
  useIn(trx: Db, hold: CardHold): Promise<boolean> {
    return useAttemptIn(trx, hold.attemptId, hold.reference);
  }

  /** After the commit: takes the held amount. The order stands either way; a failed capture is the sweep's to retry. */
  async capture(hold: CardHold, order: { id: number; code: string }): Promise<void> {
    try {
      await this.deps.payments.capture(hold.provider, hold.reference, hold.amountMinor, `${hold.idempotencyKey}:capture`);
      await markOrderCaptured(this.deps.db, order.id);
    } catch (err) {
      this.deps.logger.error({ err, order: order.code }, "card capture failed; the capture sweep retries it");
    }
  }

  /**
   * After the commit: takes a held charge that is no order's (a campaign's early-cancellation
   * charge, decision 065). The charge stands recorded either way; a failed capture is logged for
   * an operator, as no sweep retries it.
   */
  async captureCharge(hold: CardHold): Promise<void> {
    try {
      await this.deps.payments.capture(hold.provider, hold.reference, hold.amountMinor, `${hold.idempotencyKey}:capture`);
    } catch (err) {
      this.deps.logger.error({ err, reference: hold.reference }, "charge capture failed; an operator must capture it");
    }
  }

  /** Releases a hold whose order was not written (or was written with another hold). A failure is the sweep's to retry. */
  async release(hold: CardHold): Promise<void> {
    try {
      await this.deps.payments.voidAuthorization(hold.provider, hold.reference, `${hold.idempotencyKey}:void`);
      await markAttemptVoided(this.deps.db, hold.attemptId);
    } catch (err) {
      this.deps.logger.error({ err, attempt: hold.attemptId }, "card hold not released; the release sweep retries it");
    }
  }

  /**
   * Releases the holds of attempts that did not become an order within the hold timeout (their
   * process died, or could not reach the provider). An attempt without a reference asks the
   * provider again with its own idempotency key, which answers the hold it made, if any.
   */
  async releaseAbandoned(now = new Date()): Promise<number> {
    const { db, payments, logger } = this.deps;
    const olderThan = new Date(now.getTime() - this.options.holdTimeoutMs);
    return sweepInBatches(
      () => claimAbandonedAttempts(db, { olderThan, now, leaseMs: SWEEP_LEASE_MS, limit: SWEEP_BATCH }),
      async (attempt) => {
        try {
          const answer = attempt.reference ? { status: "authorized" as const, reference: attempt.reference } : await this.ask(attempt);
          if (answer.status === "declined") {
            await markAttemptDeclined(db, attempt.id);
            return false;
          }
          await payments.voidAuthorization(attempt.provider, answer.reference, `${attempt.idempotency_key}:void`);
          await markAttemptVoided(db, attempt.id);
          return true;
        } catch (err) {
          logger.error({ err, attempt: attempt.id }, "card hold not released; the next sweep tries again");
          return false;
        }
      },
    );
  }

  /** Captures the cards of orders whose capture failed or never ran (their process died after the commit). */
  async captureWaiting(now = new Date()): Promise<number> {
    const { db, payments, logger } = this.deps;
    const placedBefore = new Date(now.getTime() - this.options.holdTimeoutMs);
    return sweepInBatches(
      () => claimUncapturedOrders(db, { placedBefore, now, leaseMs: SWEEP_LEASE_MS, limit: SWEEP_BATCH, maxAttempts: CAPTURE_ATTEMPTS }),
      async (order) => {
        try {
          await payments.capture(
            order.payment_provider,
            order.payment_reference,
            order.card_minor,
            `${holdKeyOf(order.checkout_key, order.card_minor)}:capture`,
          );
          await markOrderCaptured(db, order.id);
          return true;
        } catch (err) {
          const last = order.capture_attempts >= CAPTURE_ATTEMPTS;
          logger.error(
            { err, order: order.code, attempts: order.capture_attempts },
            last ? "card capture failed for good; the order's payment needs an operator" : "card capture failed; the next sweep tries again",
          );
          await releaseCaptureClaim(db, order.id);
          return false;
        }
      },
    );
  }

  /** Both sweeps, on every process: each claims what it takes, so none is done twice. */
  scheduleOn(jobs: JobRunner): void {
    jobs.every("release abandoned card holds", this.options.sweepSeconds, () => this.releaseAbandoned());
    jobs.every("capture waiting orders", this.options.sweepSeconds, () => this.captureWaiting());
  }

  /** Asks the provider for the attempt's hold, always with the same parameters: the same key answers the same hold. */
  private async ask(attempt: PaymentAttemptRow) {
    const { db, payments } = this.deps;
    return payments.authorize({
      provider: attempt.provider,
      token: attempt.card_token,
      amountMinor: attempt.amount_minor,
      currency: attempt.currency,
      idempotencyKey: attempt.idempotency_key,
      description: attempt.description,
      customerRef: await payments.customerRefOf(db, attempt.cart_id),
    });
  }
}

/** Claims a batch at a time until one comes back short; answers how many items `handle` completed. */
async function sweepInBatches<T>(claim: () => Promise<T[]>, handle: (item: T) => Promise<boolean>): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await claim();
    for (const item of claimed) if (await handle(item)) done++;
    if (claimed.length < SWEEP_BATCH) return done;
  }
}
