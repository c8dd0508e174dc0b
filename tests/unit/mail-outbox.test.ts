import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDueMessages } from "../../commerce/db/outbox";
import { writeTransaction } from "../../commerce/db/write-transaction";
import { createMailer } from "../../commerce/delivery/mailer";
import type { MailMessage } from "../../commerce/domain/mail";
import { DEFAULT_OUTBOX_OPTIONS, MailOutbox, outgoingMail, queueMails, retryDelayMs } from "../../commerce/domain/mail-outbox";
import { signUpWithWelcome } from "../../commerce/domain/newsletter";
import { BRAND_DEFAULTS } from "../../commerce/contract/brands";
import { type Db, migrateDatabase, openDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { DIALECTS, type TestDatabase, tempDatabase } from "../support/databases";

const logger = pino({ level: "silent" });
const mail = (to: string): MailMessage => ({ to, subject: `Hello ${to}`, text: "Back in stock." });

describe.each(DIALECTS)("mail outbox on %s", (dialect) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await tempDatabase(dialect);
    db = openDatabase(testCommerceConfig(database.url));
    await migrateDatabase(db);
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const later = (ms: number) => new Date(Date.now() + ms);
  const queue = (...to: string[]) => writeTransaction(db, (trx) => queueMails(trx, "test", to.map(mail)));

  it("sends each queued mail exactly once when several workers deliver at the same time", async () => {
    const recipients = Array.from({ length: 30 }, (_, i) => `shopper-${i}@example.com`);
    await queue(...recipients);
    const sent: string[] = [];
    const worker = () => new MailOutbox(db, { send: async (m) => void sent.push(m.to) }, logger);
    const now = later(60_000);
    const counts = await Promise.all([worker().deliver({ now }), worker().deliver({ now }), worker().deliver({ now })]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect([...sent].sort()).toEqual([...recipients].sort());
  });

  it("lets the worker that queued a mail send it first, and the loops only after the hand-off time", async () => {
    const [id] = await queue("first@example.com");
    const sent: string[] = [];
    const outbox = new MailOutbox(db, { send: async (m) => void sent.push(m.to) }, logger);
    expect(await outbox.deliver()).toBe(0);
    expect(await outbox.deliver({ ids: [id!] })).toBe(1);
    expect(await outbox.deliver({ now: later(60_000) })).toBe(0);
    expect(sent).toEqual(["first@example.com"]);
  });

  it("takes over a message whose sender died once its lease has run out", async () => {
    const [id] = await queue("orphan@example.com");
    const claimed = await claimDueMessages(db, { now: new Date(), leaseMs: 60_000, limit: 10, maxAttempts: 12, ids: [id!] });
    expect(claimed.map((m) => m.recipient)).toEqual(["orphan@example.com"]);
    const sent: string[] = [];
    const outbox = new MailOutbox(db, { send: async (m) => void sent.push(m.to) }, logger);
    expect(await outbox.deliver({ now: later(30_000) })).toBe(0);
    expect(await outbox.deliver({ now: later(61_000) })).toBe(1);
    expect(sent).toEqual(["orphan@example.com"]);
  });

  it("retries a failed mail with a growing delay and records why it failed", async () => {
    const [id] = await queue("flaky@example.com");
    let down = true;
    const outbox = new MailOutbox(
      db,
      {
        send: async () => {
          if (down) throw new Error("connection refused");
        },
      },
      logger,
    );
    expect(await outbox.deliver({ ids: [id!] })).toBe(0);
    const row = await db.selectFrom("outbox_message").selectAll().where("id", "=", id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, last_error: "connection refused", sent_at: null });
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
    down = false;
    expect(await outbox.deliver({ now: later(retryDelayMs(1) - 5_000) })).toBe(0);
    expect(await outbox.deliver({ now: later(retryDelayMs(1) + 5_000) })).toBe(1);
  });

  it("prunes sent messages and delivered .eml files past the keeping time, and nothing newer", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-outbox-"));
    try {
      const outbox = new MailOutbox(db, createMailer({ outboxDir: dir, from: "test@example.com" }), logger, { keepSentMs: 24 * 3600_000 });
      const [id] = await queue("kept@example.com");
      expect(await outbox.deliver({ ids: [id!] })).toBe(1);
      expect(fs.readdirSync(dir)).toHaveLength(1);
      expect(await outbox.prune()).toBe(0);
      expect(fs.readdirSync(dir)).toHaveLength(1);
      const unsentBefore = await db.selectFrom("outbox_message").select("id").where("sent_at", "is", null).execute();
      expect(await outbox.prune(later(2 * 24 * 3600_000))).toBeGreaterThan(0);
      expect(fs.readdirSync(dir)).toHaveLength(0);
      expect(await db.selectFrom("outbox_message").select("id").where("sent_at", "is not", null).execute()).toEqual([]);
      expect(await db.selectFrom("outbox_message").select("id").where("sent_at", "is", null).execute()).toEqual(unsentBefore);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stores a newsletter sign-up with its welcome mail queued, which the outbox sends even after a failed first try", async () => {
    let down = true;
    const sent: string[] = [];
    const outbox = new MailOutbox(
      db,
      {
        send: async (m) => {
          if (down) throw new Error("smtp down");
          sent.push(m.subject);
        },
      },
      logger,
    );
    const signUp = { site: "usb2c" as const, lang: "en" as const, email: "nora@example.com", store: BRAND_DEFAULTS.usb2c };
    expect(await signUpWithWelcome(db, outbox, signUp)).toBe(true);
    expect(sent).toEqual([]);
    expect(await signUpWithWelcome(db, outbox, signUp)).toBe(false);
    down = false;
    expect(await outbox.deliver({ now: later(retryDelayMs(1) + 5_000) })).toBe(1);
    expect(sent).toEqual(["Welcome to the Brewfront newsletter"]);
    const queued = await db.selectFrom("outbox_message").select("kind").where("recipient", "=", "nora@example.com").execute();
    expect(queued).toEqual([{ kind: "newsletter-welcome" }]);
  });

  describe("a mail goes out once, even when its sender dies", () => {
    it("names each mail for good: sent again after a crash between writing it and marking it sent, it leaves exactly one .eml with the same Message-ID", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brewfront-outbox-"));
      try {
        const mailer = createMailer({ outboxDir: dir, from: "Brewfront <orders@brewfront.com>" });
        const [id] = await queue("twice@example.com");
        // What a sender that dies mid-send leaves: its claim, and the file it had written.
        const [claimed] = await claimDueMessages(db, { now: new Date(), leaseMs: DEFAULT_OUTBOX_OPTIONS.leaseMs, limit: 1, maxAttempts: 12, ids: [id!] });
        await mailer.send(outgoingMail(claimed!));
        const firstFiles = fs.readdirSync(dir);
        const outbox = new MailOutbox(db, mailer, logger);
        expect(await outbox.deliver({ now: later(DEFAULT_OUTBOX_OPTIONS.leaseMs + 1_000) })).toBe(1);
        expect(fs.readdirSync(dir)).toEqual(firstFiles);
        const [file] = firstFiles;
        expect(file).toMatch(/-twice@example\.com\.eml$/);
        const messageId = /^Message-ID: (<[^>]+>)/m.exec(fs.readFileSync(path.join(dir, file!), "utf8"))?.[1];
        expect(messageId).toBe(`<${outgoingMail(claimed!).id}@brewfront.com>`);
        const row = await db.selectFrom("outbox_message").select(["attempts", "sent_at"]).where("id", "=", id!).executeTakeFirstOrThrow();
        expect(row.attempts).toBe(2);
        expect(row.sent_at).not.toBeNull();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it("gives a dead sender's claim to another process within seconds, not a minute", async () => {
      expect(DEFAULT_OUTBOX_OPTIONS.leaseMs).toBeLessThanOrEqual(15_000);
      const [id] = await queue("orphaned-briefly@example.com");
      await claimDueMessages(db, { now: new Date(), leaseMs: DEFAULT_OUTBOX_OPTIONS.leaseMs, limit: 1, maxAttempts: 12, ids: [id!] });
      const sent: string[] = [];
      const outbox = new MailOutbox(db, { send: async (m) => void sent.push(m.to) }, logger);
      expect(await outbox.deliver({ ids: [id!] })).toBe(0);
      expect(await outbox.deliver({ ids: [id!], now: later(DEFAULT_OUTBOX_OPTIONS.leaseMs + 1_000) })).toBe(1);
      expect(sent).toEqual(["orphaned-briefly@example.com"]);
    });

    it("lets a live sender keep its claim for as long as a slow send lasts, so nobody else sends the mail meanwhile", async () => {
      const [id] = await queue("slow@example.com");
      const sent: string[] = [];
      let finish = () => {};
      const slow = new MailOutbox(
        db,
        {
          send: (m) =>
            new Promise<void>((resolve) => {
              finish = () => {
                sent.push(`slow:${m.to}`);
                resolve();
              };
            }),
        },
        logger,
        { leaseMs: 300 },
      );
      const sending = slow.deliver({ ids: [id!] });
      await new Promise((r) => setTimeout(r, 1_000));
      const other = new MailOutbox(db, { send: async (m) => void sent.push(`other:${m.to}`) }, logger, { leaseMs: 300 });
      expect(await other.deliver({ ids: [id!] })).toBe(0);
      finish();
      expect(await sending).toBe(1);
      expect(sent).toEqual(["slow:slow@example.com"]);
    });
  });
});
