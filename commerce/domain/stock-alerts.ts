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

export interface BackInStockDeps {
  /** The brands as configured (overrides applied): mails link to and sign with these. */
  brands: Readonly<Record<BrandId, MailingBrand>>;
  waiting: () => Promise<WaitingAlert[]>;
  /** The product as the alert's own site shows it (its language and currency); null when it no longer sells there. */
  productFor: (site: BrandId, lang: Lang) => Promise<{ name: string; url: string } | null>;
  send: (mail: MailMessage) => Promise<void>;
  markNotified: (id: number) => Promise<void>;
  onMailFailed: (alertId: number, err: unknown) => void;
}

/**
 * Answers every shopper waiting for a product that came back: one mail each, in the language and
 * currency of the site they asked on. An alert is marked only after its mail went out, so a failed
 * mail leaves it waiting for the next restock. Answers how many were sent.
 */
export async function answerBackInStockAlerts(deps: BackInStockDeps): Promise<number> {
  let sent = 0;
  for (const alert of await deps.waiting()) {
    const product = await deps.productFor(alert.site, alert.lang);
    if (!product) continue;
    try {
      await deps.send(backInStockMail(alert.email, deps.brands[alert.site], alert.lang, product.name, product.url));
      await deps.markNotified(alert.id);
      sent++;
    } catch (err) {
      deps.onMailFailed(alert.id, err);
    }
  }
  return sent;
}
