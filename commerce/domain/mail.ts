/**
 * The mails the shop sends, and the one thing the domain needs of whatever delivers them. The
 * delivery itself (SMTP, or .eml files in an outbox) lives in commerce/delivery.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Deletes delivered copies kept locally (the .eml files) older than `before`; answers how many. */
  pruneOlderThan?(before: Date): Promise<number>;
}
