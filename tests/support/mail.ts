import fs from "node:fs";

/** The .eml files in an outbox directory, with quoted-printable soft breaks and `=3D` undone. */
export function readMails(outbox: string): string[] {
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) =>
      fs
        .readFileSync(`${outbox}/${f}`, "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    );
}

export function mailsTo(outbox: string, address: string): string[] {
  return readMails(outbox).filter((m) => m.includes(`To: ${address}`));
}

/** The confirmation link's token in the newest confirmation mail to the address. */
export function confirmationToken(outbox: string, address: string): string {
  const links = mailsTo(outbox, address)
    .map((m) => /confirm\?token=([A-Za-z0-9_-]+)/.exec(m)?.[1])
    .filter((t): t is string => !!t);
  const token = links.at(-1);
  if (!token) throw new Error(`no confirmation mail to ${address}`);
  return token;
}
