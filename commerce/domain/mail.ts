/**
 * The mails the shop sends, and the one thing the domain needs of whatever delivers them. The
 * delivery itself (SMTP, or .eml files in an outbox) lives in commerce/delivery.
 */
export interface MailMessage {
  /**
   * The message's own id, the same at every attempt to send it (the outbox gives one): it becomes
   * the Message-ID and the .eml file's name, so a message sent again after a crash replaces its
   * file or is recognised by mail servers as the same message.
   */
  id?: string;
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
