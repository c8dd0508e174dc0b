import type { Lang } from "../contract/common";
import type { CustomerDetails, CustomerDetailsQuery, SiteNotice } from "../contract/site-notices";
import { findCustomer } from "../db/customers";
import type { Db } from "../db/index";
import { cartUnits, dismissedKeys, insertDismissal, ownCouponsEnding, runningSubscriptionsOf } from "../db/site-notices";
import { writeTransaction } from "../db/write-transaction";
import { customerCookies } from "./account-rules";
import { cardOf } from "./auto-delivery-view";
import { addDays, type Clock, dayOf } from "./clock";
import { notFound } from "./errors";
import { unavailableWhenBusy } from "./service-unavailable";
import type { ShopContext } from "./shop-context";
import { noticesOf, REWARD_NOTICE_DAYS } from "./site-notice-rules";

export interface SiteNoticeDeps {
  db: Db;
  clock: Clock;
}

/**
 * Site notifications and the customer's details (decision 075): notices are worked out on every
 * read from what the store keeps (running subscriptions' cards and failed payments, the customer's
 * own coupons), less the ones the customer dismissed; details answer the header in one call.
 */
export class SiteNoticeService {
  constructor(private readonly deps: SiteNoticeDeps) {}

  /** The customer's notices on the store today, in `lang`, without the dismissed ones. */
  async noticesOf(site: ShopContext["site"], customerId: string, lang: Lang, today?: string): Promise<SiteNotice[]> {
    const { db } = this.deps;
    const day = today ?? dayOf(await this.deps.clock.now());
    const [subscriptions, coupons, dismissed] = await Promise.all([
      runningSubscriptionsOf(db, customerId, site),
      ownCouponsEnding(db, customerId, site, `${day}T00:00:00.000Z`, `${addDays(day, REWARD_NOTICE_DAYS)}T23:59:59.999Z`),
      dismissedKeys(db, customerId, site),
    ]);
    const notices = noticesOf(
      {
        subscriptions: subscriptions.map((s) => ({ code: s.code, card: cardOf(s), paymentFailures: s.payment_failures, retryAt: s.retry_at })),
        rewards: coupons.map((c) => ({
          code: c.code,
          description: { en: c.description_en, fr: c.description_fr },
          endsAt: c.ends_at,
          used: c.uses > 0 || c.redeemed > 0,
        })),
      },
      day,
      lang,
    );
    return notices.filter((n) => !dismissed.has(n.key));
  }

  /** Dismisses one of the customer's current notices; any other key (another customer's, an old cause) is not found. */
  async dismiss(ctx: ShopContext, customerId: string, key: string): Promise<SiteNotice[]> {
    // The clock is read before the transaction: a movable clock reads the database, which the transaction holds.
    const now = await this.deps.clock.now();
    const current = await this.noticesOf(ctx.site, customerId, ctx.lang, dayOf(now));
    if (!current.some((n) => n.key === key)) throw notFound("notice", "You have no such notice.", "notice");
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, (trx) =>
        insertDismissal(trx, { customer_id: customerId, site: ctx.site, notice_key: key, dismissed_at: now.toISOString() }),
      ),
    );
    return current.filter((n) => n.key !== key);
  }

  /**
   * getCustomerDetails: the header's state for a customer (their cart's units, perks, the employee
   * flag, first name, the cookies to write, the notices), or for an anonymous shopper their cart's
   * units by guid. Null for a customer who no longer exists.
   */
  async details(ctx: ShopContext, customerId: string | null, query: CustomerDetailsQuery): Promise<CustomerDetails | null> {
    const { db } = this.deps;
    const lang = query.lang ?? ctx.lang;
    if (!customerId) {
      return {
        isLoggedIn: false,
        firstName: null,
        cartCount: query.cartGuid ? await cartUnits(db, ctx.site, { guid: query.cartGuid }) : 0,
        perksOptIn: false,
        isEmployee: false,
        customerCookies: [],
        notices: [],
      };
    }
    const customer = await findCustomer(db, customerId);
    if (!customer || customer.site !== ctx.site) return null;
    const [cartCount, notices, adUser] = await Promise.all([
      cartUnits(db, ctx.site, { customerId }),
      query.isSPCFlow ? Promise.resolve([]) : this.noticesOf(ctx.site, customerId, lang),
      query.isADUser ? runningSubscriptionsOf(db, customerId, ctx.site).then((rows) => rows.length > 0) : Promise.resolve(undefined),
    ]);
    return {
      isLoggedIn: true,
      firstName: customer.first_name,
      cartCount,
      perksOptIn: !!customer.perks_member,
      isEmployee: !!customer.is_employee,
      ...(adUser === undefined ? {} : { isADUser: adUser }),
      customerCookies: customerCookies(customer),
      notices,
    };
  }
}
