import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { mailsTo, mailTextsTo } from "../../support/mail";

/**
 * The e2e store writes its mail as .eml files under `brewfront-e2e-<pid>/outbox` in the temp
 * directory, where <pid> is the process that read playwright.config.ts and started the server:
 * the Playwright runner. Test workers are forked from that runner, so it is their parent process.
 * E2E_OUTBOX overrides the guess (e.g. for a server started by hand).
 */
export function outboxDir(): string {
  return process.env.E2E_OUTBOX ?? path.join(os.tmpdir(), `brewfront-e2e-${process.ppid}`, "outbox");
}

/** The mails to an address so far, decoded (none yet when the outbox does not exist). */
export function mailsFor(address: string): string[] {
  const outbox = outboxDir();
  if (!fs.existsSync(outbox)) return [];
  return mailsTo(outbox, address);
}

/** The decoded text bodies of the mails to an address so far (mailText). */
export function mailTextsFor(address: string): string[] {
  const outbox = outboxDir();
  if (!fs.existsSync(outbox)) return [];
  return mailTextsTo(outbox, address);
}

export type MailedLinkKind = "confirm" | "reset";

/** The /login/confirm or /login/reset links (path and query, /fr/ kept) in the mails to an address, oldest first. */
export function mailedLinks(address: string, kind: MailedLinkKind): string[] {
  const pattern = new RegExp(`https?://[^\\s/]+((?:/fr)?/login/${kind}\\?token=[A-Za-z0-9_-]+)`, "g");
  return mailsFor(address).flatMap((mail) => [...mail.matchAll(pattern)].map((m) => m[1]!));
}

/**
 * Waits until the mail to `address` holding the `nth` (1-based) link of that kind has arrived and
 * answers that link as a path on the store (the mails name the brand's public host).
 */
export async function waitForMailedLink(address: string, kind: MailedLinkKind, nth = 1): Promise<string> {
  await expect
    .poll(() => mailedLinks(address, kind).length, { message: `a ${kind} mail to ${address} in ${outboxDir()}`, timeout: 10_000 })
    .toBeGreaterThanOrEqual(nth);
  return mailedLinks(address, kind)[nth - 1]!;
}
