import { createHash } from "node:crypto";
import type { Logger } from "pino";
import type { Db } from "../db/index";
import {
  type ClaimedMessage,
  claimDueMessages,
  hasDueMessages,
  markMessageFailed,
  markMessageSent,
  pruneSentMessages,
  recordOutboxMessages,
  renewClaims,
} from "../db/outbox";
import { writeTransaction } from "../db/write-transaction";
import type { JobRunner } from "./job-runner";
import type { Mailer, MailMessage } from "./mail";

export interface MailOutboxOptions {
  /** How often each process looks for due mail. */
  pollMs: number;
  /**
   * How long a claim on a message lasts unless its sender renews it (it does, a third of the way
   * through, while it is alive): after a sender dies, another takes its messages over this soon.
   */
  leaseMs: number;
  /** After this many failed attempts a message stays unsent, with its last error, for an operator. */
  maxAttempts: number;
  /** Sent messages (and written .eml files) are kept this long. */
  keepSentMs: number;
  pruneEveryMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: MailOutboxOptions = {
  pollMs: 1000,
  leaseMs: 10_000,
  maxAttempts: 12,
  keepSentMs: 7 * 24 * 3600_000,
  pruneEveryMs: 3600_000,
};

const BATCH = 20;

/** Waits 30 s after the first failure, doubling up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3600_000);
}

/**
 * The process that queued a mail sends it right after its transaction commits; the delivery loops
 * take it only after this hand-off time, so they do not race that first attempt (and mail is
 * already out when the request that caused it answers).
 */
const HANDOFF_MS = 10_000;

/**
 * The mail as the mailer gets it, named for good: the time it was queued, its row and a digest of
 * both (two stores' databases may share row numbers). Every attempt to send it carries the same
 * name, so an attempt repeated after a crash replaces the first one's .eml file and has its
 * Message-ID.
 */
export function outgoingMail(message: ClaimedMessage): MailMessage {
  const queuedMs = Date.parse(message.createdAt);
  const digest = createHash("sha256").update(`${message.id}\n${message.createdAt}\n${message.recipient}`).digest("hex").slice(0, 12);
  return {
    id: `${queuedMs}-${String(message.id).padStart(9, "0")}-${digest}`,
    to: message.recipient,
    subject: message.subject,
    text: message.text,
    html: message.html,
  };
}

/** Queues mails inside the caller's write transaction (the change that causes them); answers their ids. */
export function queueMails(trx: Db, kind: string, mails: readonly MailMessage[]): Promise<number[]> {
  return recordOutboxMessages(
    trx,
    mails.map((m) => ({ kind, recipient: m.to, subject: m.subject, text: m.text, html: m.html })),
    new Date(Date.now() + HANDOFF_MS),
  );
}

/**
 * Sends the mails recorded in the outbox table. Every process runs the same sweep on the job
 * runner: it claims due messages with a lease (so exactly one process sends each), sends them
 * through the mailer, marks them sent, and on failure gives them back with a growing delay. Old
 * sent messages are pruned.
 */
export class MailOutbox {
  private readonly options: MailOutboxOptions;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    options: Partial<MailOutboxOptions> = {},
  ) {
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  }

  /**
   * Sends what is due now (or just the messages `ids`, right after the change that queued them);
   * answers how many went out. Never throws: what could not be sent stays in the outbox.
   */
  async deliver(options: { ids?: readonly number[]; now?: Date } = {}): Promise<number> {
    const now = options.now ?? new Date();
    let sent = 0;
    try {
      if (!options.ids && !(await hasDueMessages(this.db, now, this.options.maxAttempts))) return 0;
      for (;;) {
        const claimed = await claimDueMessages(this.db, {
          now,
          leaseMs: this.options.leaseMs,
          limit: BATCH,
          maxAttempts: this.options.maxAttempts,
          ids: options.ids,
        });
        sent += await this.sendClaimed(claimed, now);
        if (options.ids || claimed.length < BATCH) return sent;
      }
    } catch (err) {
      this.logger.warn({ err }, "mail delivery paused; queued mail stays in the outbox");
      return sent;
    }
  }

  /** Sends a claimed batch one by one, renewing the claim on what is left while the sending lasts. */
  private async sendClaimed(claimed: readonly ClaimedMessage[], now: Date): Promise<number> {
    if (claimed.length === 0) return 0;
    const started = Date.now();
    let remaining = claimed.map((m) => m.id);
    let heldUntil = claimed[0]!.claimedUntil;
    let renewing = Promise.resolve();
    const renew = () => {
      renewing = renewing.then(async () => {
        const until = new Date(now.getTime() + (Date.now() - started) + this.options.leaseMs).toISOString();
        try {
          await renewClaims(this.db, remaining, heldUntil, until);
          heldUntil = until;
        } catch (err) {
          this.logger.warn({ err }, "could not renew the claim on mail being sent");
        }
      });
    };
    const timer = setInterval(renew, Math.max(50, this.options.leaseMs / 3));
    timer.unref();
    let sent = 0;
    try {
      for (const message of claimed) {
        if (await this.send(message, now)) sent++;
        remaining = remaining.filter((id) => id !== message.id);
      }
    } finally {
      clearInterval(timer);
      await renewing;
    }
    return sent;
  }

  private async send(message: ClaimedMessage, now: Date): Promise<boolean> {
    try {
      await this.mailer.send(outgoingMail(message));
    } catch (err) {
      const retryAt = new Date(now.getTime() + retryDelayMs(message.attempts));
      this.logger.error({ err, outboxMessage: message.id, kind: message.kind, attempts: message.attempts }, "mail failed; it will be retried");
      await markMessageFailed(this.db, message.id, err instanceof Error ? err.message : String(err), retryAt);
      return false;
    }
    await markMessageSent(this.db, message.id);
    return true;
  }

  /** Deletes sent messages and delivered files older than the keeping time; answers how many rows went. */
  async prune(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.options.keepSentMs);
    const rows = await pruneSentMessages(this.db, before);
    await this.mailer.pruneOlderThan?.(before);
    return rows;
  }

  /** A mailer for workflows that queue outside a transaction of their own: record, then send at once. */
  asMailer(kind: string): Mailer {
    return {
      send: async (mail) => {
        const ids = await writeTransaction(this.db, (trx) => queueMails(trx, kind, [mail]));
        await this.deliver({ ids });
      },
    };
  }

  /** Delivery and pruning as sweeps of the job runner: every process looks, one claims each message. */
  scheduleOn(jobs: JobRunner): void {
    jobs.every("deliver mail", this.options.pollMs / 1000, () => this.deliver());
    jobs.every("prune sent mail", this.options.pruneEveryMs / 1000, () => this.prune());
  }
}
