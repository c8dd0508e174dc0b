import type { Lang } from "../contract/common";
import type { MailMessage } from "./mail";
import { messagesFor } from "./messages";
import type { MailingBrand } from "./stock-alerts";

export function newsletterWelcome(email: string, store: MailingBrand, lang: Lang): MailMessage {
  return { to: email, ...messagesFor(lang).newsletterWelcome(store.name) };
}
