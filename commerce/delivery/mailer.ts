import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "../domain/mail";

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
}

/**
 * SMTP_URL sends through a real server; without it every message is written as an .eml file under
 * the outbox folder, which any mail client opens.
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from;
  // The Message-ID's right-hand side: the sender's domain, as mail servers expect.
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "brewfront.localhost";
  const envelope = ({ id, ...m }: MailMessage) => ({ from, ...m, ...(id ? { messageId: `<${id}@${domain}>` } : {}) });
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail(envelope(m));
      },
    };
  }
  const outbox = path.resolve(options.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(m) {
      const info = await transport.sendMail(envelope(m));
      await fs.mkdir(outbox, { recursive: true });
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, "_");
      const name = m.id ? `${m.id}-${safeTo}.eml` : `${Date.now()}-${safeTo}-${info.messageId.replace(/[^a-z0-9]/gi, "").slice(0, 12)}.eml`;
      // Written whole or not at all: a reader (or a second attempt after a crash) never sees half a file.
      const partial = path.join(outbox, `.${name}.${process.pid}.${randomBytes(4).toString("hex")}.partial`);
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, path.join(outbox, name));
    },
    async pruneOlderThan(before) {
      const names = await fs.readdir(outbox).catch(() => [] as string[]);
      let removed = 0;
      // Half-written files a crash left behind go too.
      for (const name of names.filter((n) => n.endsWith(".eml") || n.endsWith(".partial"))) {
        const file = path.join(outbox, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat && stat.mtime < before) {
          await fs.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
