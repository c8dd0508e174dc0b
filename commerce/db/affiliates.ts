import type { Db } from "./index";

export interface AffiliateOrderRow {
  code: string;
  created_at: string;
  affiliate_merchant_id: string;
  affiliate_site_id: string | null;
  total_minor: number;
  currency: string;
}

/** A store's orders placed through an affiliate between two instants (from included, to excluded), newest first. */
export async function affiliateOrders(
  db: Db,
  site: string,
  range: { fromInstant: string; toInstant: string; merchantId?: string },
  limit: number,
): Promise<AffiliateOrderRow[]> {
  let query = db
    .selectFrom("shop_order")
    .select(["code", "created_at", "affiliate_merchant_id", "affiliate_site_id", "total_minor", "currency"])
    .where("site", "=", site)
    .where("affiliate_merchant_id", "is not", null)
    .where("created_at", ">=", range.fromInstant)
    .where("created_at", "<", range.toInstant);
  if (range.merchantId) query = query.where("affiliate_merchant_id", "=", range.merchantId);
  const rows = await query.orderBy("created_at", "desc").orderBy("code", "desc").limit(limit).execute();
  return rows.map((r) => ({ ...r, affiliate_merchant_id: r.affiliate_merchant_id! }));
}

/** Orders and revenue per merchant and referring site over the same range (every order, not only the listed ones). */
export async function affiliateTotals(
  db: Db,
  site: string,
  range: { fromInstant: string; toInstant: string; merchantId?: string },
): Promise<{ merchant_id: string; site_id: string | null; orders: number; revenue_minor: number }[]> {
  let query = db
    .selectFrom("shop_order")
    .select((eb) => [
      "affiliate_merchant_id as merchant_id",
      "affiliate_site_id as site_id",
      eb.fn.countAll<number | string>().as("orders"),
      eb.fn.sum<number | string>("total_minor").as("revenue_minor"),
    ])
    .where("site", "=", site)
    .where("affiliate_merchant_id", "is not", null)
    .where("created_at", ">=", range.fromInstant)
    .where("created_at", "<", range.toInstant);
  if (range.merchantId) query = query.where("affiliate_merchant_id", "=", range.merchantId);
  const rows = await query.groupBy(["affiliate_merchant_id", "affiliate_site_id"]).execute();
  // PostgreSQL answers counts and sums of bigints as text.
  return rows.map((r) => ({ merchant_id: r.merchant_id!, site_id: r.site_id, orders: Number(r.orders), revenue_minor: Number(r.revenue_minor) }));
}
