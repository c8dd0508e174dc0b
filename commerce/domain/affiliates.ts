import type { AffiliateReport, AffiliateReportQuery } from "../contract/affiliate";
import { affiliateOrders, affiliateTotals } from "../db/affiliates";
import type { Db } from "../db/index";
import { price } from "./pricing";
import type { ShopContext } from "./shop-context";

/** The most orders a report lists one by one; its totals count them all. */
export const AFFILIATE_REPORT_ORDERS = 500;

/** The instant a day (YYYY-MM-DD, UTC) begins, and the one the next begins. */
function dayRange(from: string, to: string): { fromInstant: string; toInstant: string } {
  const next = new Date(`${to}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { fromInstant: `${from}T00:00:00.000Z`, toInstant: next.toISOString() };
}

/** Operators' reading of the orders affiliates brought (decision 078). */
export class AffiliateReports {
  constructor(private readonly deps: { db: Db }) {}

  async report(ctx: ShopContext, query: AffiliateReportQuery): Promise<AffiliateReport> {
    const range = { ...dayRange(query.from, query.to), merchantId: query.merchantId };
    const [orders, totals] = await Promise.all([
      affiliateOrders(this.deps.db, ctx.site, range, AFFILIATE_REPORT_ORDERS),
      affiliateTotals(this.deps.db, ctx.site, range),
    ]);
    return {
      from: query.from,
      to: query.to,
      currencyIso: ctx.currency,
      affiliates: totals
        .sort((a, b) => b.revenue_minor - a.revenue_minor || a.merchant_id.localeCompare(b.merchant_id))
        .map((t) => ({ merchantId: t.merchant_id, siteId: t.site_id, orders: t.orders, revenue: price(t.revenue_minor, ctx.currency, ctx.lang) })),
      orders: orders.map((o) => ({
        code: o.code,
        placedAt: o.created_at,
        merchantId: o.affiliate_merchant_id,
        siteId: o.affiliate_site_id,
        total: price(o.total_minor, ctx.currency, ctx.lang),
      })),
    };
  }
}
