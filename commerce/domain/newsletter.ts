import type { BrandId, Lang } from "../contract/common";
import { addNewsletterSubscription } from "../db/content";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import type { MailMessage } from "./mail";
import { type MailOutbox, queueMails } from "./mail-outbox";
import { messagesFor } from "./messages";
import type { MailingBrand } from "./stock-alerts";
import { orTryAgainLater } from "./try-again";

export function newsletterWelcome(email: string, store: MailingBrand, lang: Lang): MailMessage {
  return { to: email, ...messagesFor(lang).newsletterWelcome(store.name) };
}

/**
 * Subscribes the address once per site, and queues the welcome mail in the same transaction: a
 * stored sign-up always has its welcome on the way (sent at once, retried by the outbox when it
 * fails). Answers false when the address was already subscribed there.
 */
export async function signUpWithWelcome(
  db: Db,
  outbox: MailOutbox,
  signUp: { site: BrandId; lang: Lang; email: string; store: MailingBrand },
): Promise<boolean> {
  const { added, mailIds } = await orTryAgainLater(() =>
    writeTransaction(db, async (trx) => {
      const added = await addNewsletterSubscription(trx, signUp.site, signUp.email, signUp.lang);
      const mailIds = added ? await queueMails(trx, "newsletter-welcome", [newsletterWelcome(signUp.email, signUp.store, signUp.lang)]) : [];
      return { added, mailIds };
    }),
  );
  if (mailIds.length) await outbox.deliver({ ids: mailIds });
  return added;
}
