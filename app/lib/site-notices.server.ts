import type { BrandId, Lang } from "../../commerce/contract/common";
import type { CustomerDetails, SiteNotice } from "../../commerce/contract/site-notices";
import { format } from "../brands/locale";
import { noticeMessages } from "../brands/notice-messages";
import { type FormatLocale, formatDate, formatLocale } from "../../lib/format";
import { clientContext } from "./api-client.server";
import type { CustomerDetailsSnapshot } from "./auth/shopper-session.server";
import type { StorefrontContext } from "./context";
import { localePath } from "./paths";
import { getCustomerDetails } from "../models/customer-details.server";

/**
 * How long the header trusts what getCustomerDetails last said of a signed-in customer. Within it
 * a page makes no call for the header; the account overview (which lists the notices), a sign-in,
 * an order, a change to a subscription and a dismissal read it again at once (decisions 075, 085).
 */
export const DETAILS_FRESH_MS = 5 * 60_000;

const ACCOUNT_OVERVIEW = /^(?:\/fr)?\/account\/?$/;

/** Whether this page reads getCustomerDetails again rather than use the session's copy read at `keptAt`. */
export function readsCustomerDetailsAgain(pathname: string, keptAt: number | undefined, now: number): boolean {
  return keptAt === undefined || ACCOUNT_OVERVIEW.test(pathname) || now - keptAt >= DETAILS_FRESH_MS;
}

/**
 * Keeps what getCustomerDetails answered: the cookies the service asks for (through the consent
 * rule, and only those that changed), the cart's units, and the header's state with its notices.
 */
export async function rememberCustomerDetails(context: StorefrontContext, details: CustomerDetails): Promise<void> {
  const shopper = context.shopper;
  if (!shopper) return;
  shopper.setCustomerCookies(details.customerCookies.filter((c) => shopper.cookie(c.key) !== c.value));
  if (shopper.customer && shopper.cart.quantity !== details.cartCount) await shopper.rememberCart(undefined, details.cartCount);
  await shopper.rememberCustomerDetails({ at: Date.now(), firstName: details.firstName ?? "", perksOptIn: details.perksOptIn, notices: details.notices });
}

/**
 * The signed-in customer's header state: the session's copy while it is fresh, else one
 * getCustomerDetails call. Guests and agents have none (their header reads the session, as before).
 */
export async function headerCustomerDetails(context: StorefrontContext, pathname: string): Promise<CustomerDetailsSnapshot | undefined> {
  const shopper = context.shopper;
  if (!shopper?.customer) return undefined;
  const kept = shopper.customerDetails;
  if (kept && !readsCustomerDetailsAgain(pathname, kept.at, Date.now())) return kept;
  try {
    await rememberCustomerDetails(context, await getCustomerDetails(clientContext(context)));
    return shopper.customerDetails;
  } catch (err) {
    // The header does without: the page still renders, from what the session last knew.
    context.logger.warn({ err, correlationId: context.correlationId }, "customer details unavailable");
    return kept;
  }
}

/** A notice as a page shows it: its sentence and where to act on it. */
export interface NoticeView {
  key: string;
  text: string;
  link: { url: string; label: string };
}

/** The words around the notices (the area's name, the dismiss button). */
export interface NoticeArea {
  label: string;
  accountHeading: string;
  none: string;
  dismiss: string;
  dismissLabel: string;
  items: NoticeView[];
}

const monthFormats = new Map<FormatLocale, Intl.DateTimeFormat>();
/** A card's expiry month (YYYY-MM): "December 2026", "décembre 2026". */
function monthOf(yearMonth: string, locale: FormatLocale): string {
  let fmt = monthFormats.get(locale);
  if (!fmt) monthFormats.set(locale, (fmt = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" })));
  return fmt.format(new Date(`${yearMonth}-01T00:00:00Z`));
}

/** The notices in the shop's words. */
export function noticeArea(notices: readonly SiteNotice[], lang: Lang, brand: BrandId, currency: "USD" | "CAD"): NoticeArea {
  const t = noticeMessages(lang, brand);
  const locale = formatLocale(lang, currency);
  const date = (day: string) => formatDate(day, locale);
  const autoDelivery = localePath(lang, "/account/auto-delivery");
  const items = notices.map((n): NoticeView => {
    if ((n.kind === "cardExpiring" || n.kind === "cardExpired") && n.card) {
      const values = { brand: n.card.brand.toUpperCase(), last4: n.card.last4, month: monthOf(n.card.expires, locale) };
      return { key: n.key, text: format(n.kind === "cardExpired" ? t.cardExpired : t.cardExpiring, values), link: { url: autoDelivery, label: t.updateCard } };
    }
    if (n.kind === "subscriptionPaymentFailed" && n.subscription) {
      const { code, retryOn } = n.subscription;
      const text = retryOn ? format(t.paymentFailedRetry, { code, date: date(retryOn) }) : format(t.paymentFailedPaused, { code });
      return { key: n.key, text, link: { url: autoDelivery, label: t.reviewAutoDelivery } };
    }
    const reward = n.reward ?? { code: "", description: "", lastDay: "" };
    return {
      key: n.key,
      text: format(t.rewardExpiring, { code: reward.code, description: reward.description, date: reward.lastDay ? date(reward.lastDay) : "" }),
      link: { url: localePath(lang, "/cart"), label: t.useReward },
    };
  });
  return { label: t.areaLabel, accountHeading: t.accountHeading, none: t.none, dismiss: t.dismiss, dismissLabel: t.dismissLabel, items };
}
