import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Mailer } from "../domain/mail";

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
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from, ...m });
      },
    };
  }
  const outbox = path.resolve(options.outboxDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(m) {
      const info = await transport.sendMail({ from, ...m });
      await fs.mkdir(outbox, { recursive: true });
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, "_");
      await fs.writeFile(path.join(outbox, `${Date.now()}-${safeTo}-${info.messageId.replace(/[^a-z0-9]/gi, "").slice(0, 12)}.eml`), info.message as Buffer);
    },
    async pruneOlderThan(before) {
      const names = await fs.readdir(outbox).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names.filter((n) => n.endsWith(".eml"))) {
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
