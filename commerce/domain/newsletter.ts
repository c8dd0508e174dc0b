import type { BrandId, Lang } from "../contract/common";
import { addNewsletterSubscription } from "../db/content";
import {
  addPendingNewsletterSubscription,
  findByTokenHash,
  findNewsletterSubscription,
  markConfirmed,
  replaceConfirmationToken,
} from "../db/email-confirmation";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import { BrandIdSchema, LangSchema } from "../contract/common";
import {
  type ConfirmOutcome,
  confirmationUrl,
  hashToken,
  isExpired,
  isWellFormedToken,
  mayResendConfirmation,
  newConfirmationToken,
} from "./email-confirmation";
import type { MailMessage } from "./mail";
import { type MailOutbox, queueMails } from "./mail-outbox";
import { messagesFor } from "./messages";
import type { MailingBrand } from "./stock-alerts";
import { unavailableWhenBusy } from "./service-unavailable";

/** Where the confirmation link leads, on the storefront. */
export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";

export function newsletterWelcome(email: string, store: MailingBrand, lang: Lang): MailMessage {
  return { to: email, ...messagesFor(lang).newsletterWelcome(store.name) };
}

export function newsletterConfirmation(email: string, store: MailingBrand, lang: Lang, token: string): MailMessage {
  return { to: email, ...messagesFor(lang).newsletterConfirm(store.name, confirmationUrl(store, lang, NEWSLETTER_CONFIRM_PATH, token)) };
}

/**
 * Double opt-in: a new address is stored unconfirmed and mailed one confirmation link, queued in
 * the same transaction; a pending address gets a fresh link at most once per resend window; a
 * confirmed one gets nothing. Answers nothing, so callers cannot tell which case it was.
 */
export async function signUpForConfirmation(
  db: Db,
  outbox: MailOutbox,
  signUp: { site: BrandId; lang: Lang; email: string; store: MailingBrand },
): Promise<void> {
  const mailIds = await unavailableWhenBusy(() =>
    writeTransaction(db, async (trx) => {
      const existing = await findNewsletterSubscription(trx, signUp.site, signUp.email);
      if (existing && !mayResendConfirmation(existing)) return [];
      const { token, stored } = newConfirmationToken();
      if (existing) await replaceConfirmationToken(trx, "newsletter_subscription", existing.id, stored);
      else if (!(await addPendingNewsletterSubscription(trx, signUp.site, signUp.email, signUp.lang, stored))) return [];
      return queueMails(trx, "newsletter-confirm", [newsletterConfirmation(signUp.email, signUp.store, signUp.lang, token)]);
    }),
  );
  if (mailIds.length) await outbox.deliver({ ids: mailIds });
}

/** Confirms the subscription a link names (once) and queues its welcome mail with it. */
export async function confirmNewsletter(db: Db, outbox: MailOutbox, brands: Readonly<Record<BrandId, MailingBrand>>, token: string): Promise<ConfirmOutcome> {
  if (!isWellFormedToken(token)) return "unknown";
  const { outcome, mailIds } = await unavailableWhenBusy(() =>
    writeTransaction(db, async (trx): Promise<{ outcome: ConfirmOutcome; mailIds: number[] }> => {
      const row = await findByTokenHash(trx, "newsletter_subscription", hashToken(token));
      if (!row) return { outcome: "unknown", mailIds: [] };
      if (isExpired(row)) return { outcome: "expired", mailIds: [] };
      if (!(await markConfirmed(trx, "newsletter_subscription", row.id))) return { outcome: "unknown", mailIds: [] };
      const site = BrandIdSchema.parse(row.site);
      const mail = newsletterWelcome(row.email, brands[site], LangSchema.parse(row.lang));
      return { outcome: "confirmed", mailIds: await queueMails(trx, "newsletter-welcome", [mail]) };
    }),
  );
  if (mailIds.length) await outbox.deliver({ ids: mailIds });
  return outcome;
}

/**
 * Subscribes the address once per site without asking it first, and queues the welcome mail in the
 * same transaction. Only for addresses whose owner has already agreed elsewhere: shoppers'
 * sign-ups go through signUpForConfirmation.
 */
export async function signUpWithWelcome(
  db: Db,
  outbox: MailOutbox,
  signUp: { site: BrandId; lang: Lang; email: string; store: MailingBrand },
): Promise<boolean> {
  const { added, mailIds } = await unavailableWhenBusy(() =>
    writeTransaction(db, async (trx) => {
      const added = await addNewsletterSubscription(trx, signUp.site, signUp.email, signUp.lang);
      const mailIds = added ? await queueMails(trx, "newsletter-welcome", [newsletterWelcome(signUp.email, signUp.store, signUp.lang)]) : [];
      return { added, mailIds };
    }),
  );
  if (mailIds.length) await outbox.deliver({ ids: mailIds });
  return added;
}
