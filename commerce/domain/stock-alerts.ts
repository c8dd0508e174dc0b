import type { RateLimits } from "../../lib/rate-limit";
import type { BrandFacts } from "../contract/brands";
import type { BrandId, Lang } from "../contract/common";
import type { Product } from "../contract/product";
import { addPendingStockAlert, findByTokenHash, findWaitingAlert, markConfirmed, replaceConfirmationToken } from "../db/email-confirmation";
import type { Db } from "../db/index";
import type { WaitingAlert } from "../db/stock";
import { writeTransaction } from "../db/write-transaction";
import {
  type ConfirmOutcome,
  confirmationUrl,
  countConfirmationRequest,
  hashToken,
  isExpired,
  isWellFormedToken,
  mayResendConfirmation,
  newConfirmationToken,
} from "./email-confirmation";
import { invalid, notFound } from "./errors";
import type { MailMessage } from "./mail";
import { type MailOutbox, queueMails } from "./mail-outbox";
import { messagesFor } from "./messages";
import type { ShopContext } from "./shop-context";
import { unavailableWhenBusy } from "./service-unavailable";

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

/** Where an alert's confirmation link leads, on the storefront. */
export const ALERT_CONFIRM_PATH = "/notify-me/confirm";

export function alertConfirmation(email: string, store: MailingBrand, lang: Lang, productName: string, token: string): MailMessage {
  return { to: email, ...messagesFor(lang).alertConfirm(productName, confirmationUrl(store, lang, ALERT_CONFIRM_PATH, token), store.name) };
}

export interface StockAlertServiceDeps {
  db: Db;
  brands: Readonly<Record<BrandId, MailingBrand>>;
  outbox: MailOutbox;
  limits: RateLimits;
  /** How the shop shows a product on a site (to find the variant an alert waits for). */
  catalog: { products(ctx: ShopContext, codes: readonly string[], fields: "BASIC"): Promise<Product[]> };
}

/**
 * Notify me, with double opt-in: an alert is stored unconfirmed and its address mailed one link;
 * only confirmed alerts are answered by a restock. The answer never says whether the address was
 * already waiting.
 */
export class StockAlertService {
  constructor(private readonly deps: StockAlertServiceDeps) {}

  /**
   * Out-of-stock products only. A base product's page shows its default variant, so an alert sent
   * from it is stored under that variant, the one a restock names. Answers that code.
   */
  async request(ctx: ShopContext, code: string, email: string, clientAddress?: string): Promise<string> {
    const { db, outbox, brands, limits } = this.deps;
    await countConfirmationRequest(limits, clientAddress);
    const [asked] = await this.deps.catalog.products(ctx, [code], "BASIC");
    if (!asked) throw notFound(code, `No product '${code}'.`);
    const shown = asked.baseProduct ? asked.code : (asked.defaultVariantCode ?? asked.code);
    const product = shown === asked.code ? asked : ((await this.deps.catalog.products(ctx, [shown], "BASIC"))[0] ?? asked);
    if (product.stock.stockLevelStatus !== "outOfStock") throw invalid("productCode", "This product is in stock: add it to your cart instead.");
    const mailIds = await unavailableWhenBusy(() =>
      writeTransaction(db, async (trx) => {
        const existing = await findWaitingAlert(trx, ctx.site, product.code, email);
        if (existing && !mayResendConfirmation(existing)) return [];
        const { token, stored } = newConfirmationToken();
        if (existing) await replaceConfirmationToken(trx, "stock_alert", existing.id, stored);
        else if (!(await addPendingStockAlert(trx, ctx.site, ctx.lang, product.code, email, stored))) return [];
        return queueMails(trx, "alert-confirm", [alertConfirmation(email, brands[ctx.site], ctx.lang, product.name ?? product.code, token)]);
      }),
    );
    if (mailIds.length) await outbox.deliver({ ids: mailIds });
    return product.code;
  }

  /** Confirms the alert a link names (once); from then on a restock mails it. */
  async confirm(token: string): Promise<ConfirmOutcome> {
    if (!isWellFormedToken(token)) return "unknown";
    return unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx): Promise<ConfirmOutcome> => {
        const row = await findByTokenHash(trx, "stock_alert", hashToken(token));
        if (!row) return "unknown";
        if (isExpired(row)) return "expired";
        return (await markConfirmed(trx, "stock_alert", row.id)) ? "confirmed" : "unknown";
      }),
    );
  }
}
