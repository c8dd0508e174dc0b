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

/**
 * A mail's text body as its reader sees it: the transfer encoding (quoted-printable or base64)
 * undone and the bytes read as UTF-8, so French punctuation and accents compare character for
 * character with a page.
 */
export function mailText(raw: string): string {
  const split = raw.indexOf("\n\n");
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 2);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8");
  if (encoding !== "quoted-printable") return body;
  const bytes: number[] = [];
  const unwrapped = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped[i] === "=" ? /^[0-9A-F]{2}$/i.exec(unwrapped.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(unwrapped[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The text bodies of the mails to an address, fully decoded (mailText), oldest first. */
export function mailTextsTo(outbox: string, address: string): string[] {
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => fs.readFileSync(`${outbox}/${f}`, "utf8"))
    .filter((raw) => raw.includes(`To: ${address}`))
    .map(mailText);
}
