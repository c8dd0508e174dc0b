import type { BrandFacts } from "../contract/brands";
import type { BrandId, Lang } from "../contract/common";
import type { WaitingAlert } from "../db/stock";
import type { MailMessage } from "./mail";
import { messagesFor } from "./messages";

export type { WaitingAlert };

/** The brand facts a mail needs: the store's name to sign with and the host its links go to. */
export type MailingBrand = Pick<BrandFacts, "name" | "host">;

/** Stock came back when it went from none to some. */
export function isRestock(before: number, after: number): boolean {
  return before === 0 && after > 0;
}

export function backInStockMail(email: string, store: MailingBrand, lang: Lang, productName: string, productPath: string): MailMessage {
  const url = `https://${store.host}${lang === "fr" ? "/fr" : ""}${productPath}`;
  return { to: email, ...messagesFor(lang).backInStock(productName, url, store.name) };
}

/** One waiting shopper's answer: the mail, and the alert it settles. */
export interface BackInStockAnswer {
  alertId: number;
  mail: MailMessage;
}

export interface BackInStockDeps {
  /** The brands as configured (overrides applied): mails link to and sign with these. */
  brands: Readonly<Record<BrandId, MailingBrand>>;
  waiting: () => Promise<WaitingAlert[]>;
  /** The product as the alert's own site shows it (its language and currency); null when it no longer sells there. */
  productFor: (site: BrandId, lang: Lang) => { name: string; url: string } | null;
  /** Marks the alerts answered and queues their mails, in the same transaction as the restock. */
  answer: (answers: BackInStockAnswer[]) => Promise<void>;
}

/**
 * Answers every shopper waiting for a product that came back: one mail each, in the language and
 * currency of the site they asked on. The mails are queued with the restock itself and sent
 * afterwards (with retries), so an answered alert always has its mail on the way. Shoppers on a
 * site that no longer sells the product keep waiting. Answers how many were answered.
 */
export async function answerBackInStockAlerts(deps: BackInStockDeps): Promise<number> {
  const answers: BackInStockAnswer[] = [];
  for (const alert of await deps.waiting()) {
    const product = deps.productFor(alert.site, alert.lang);
    if (!product) continue;
    answers.push({ alertId: alert.id, mail: backInStockMail(alert.email, deps.brands[alert.site], alert.lang, product.name, product.url) });
  }
  if (answers.length) await deps.answer(answers);
  return answers.length;
}
