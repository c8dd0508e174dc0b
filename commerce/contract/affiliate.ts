import { z } from "zod";
import { PriceSchema } from "./product";

/**
 * Affiliate tracking (decision 078): a shopper who lands with `ranMID` (the affiliate network's
 * merchant id) and `ranSiteID` (the referring site) keeps them in targeting cookies for 180 days,
 * and the order they place records them. Operators read orders by affiliate.
 */

/** The network's merchant id: letters and digits. */
export const AffiliateMerchantIdSchema = z.string().regex(/^[A-Za-z0-9]{1,32}$/, "must be 1 to 32 letters or digits");
/** The referring site's id: letters, digits and . _ * ~ - (the network's encoding of a publisher and link). */
export const AffiliateSiteIdSchema = z.string().regex(/^[A-Za-z0-9._*~-]{1,64}$/, "must be 1 to 64 letters, digits or . _ * ~ -");

/** What an order says about the affiliate it came through. */
export const AffiliateSchema = z.object({ merchantId: AffiliateMerchantIdSchema, siteId: AffiliateSiteIdSchema.optional() });
export type Affiliate = z.infer<typeof AffiliateSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)");

/** GET operator/affiliate-orders: orders placed through affiliates on this store, from and to a day (UTC, both included). */
export const AffiliateReportQuerySchema = z
  .object({ from: day, to: day, merchantId: AffiliateMerchantIdSchema.optional() })
  .refine((q) => q.from <= q.to, { message: "must not be after to", path: ["from"] });
export type AffiliateReportQuery = z.infer<typeof AffiliateReportQuerySchema>;

export const AffiliateOrderSchema = z.object({
  code: z.string(),
  placedAt: z.string(),
  merchantId: z.string(),
  siteId: z.string().nullable(),
  total: PriceSchema,
});

export const AffiliateTotalSchema = z.object({
  merchantId: z.string(),
  siteId: z.string().nullable(),
  orders: z.number().int(),
  revenue: PriceSchema,
});

export const AffiliateReportSchema = z.object({
  from: day,
  to: day,
  currencyIso: z.string(),
  /** One line per merchant and referring site, most revenue first. */
  affiliates: z.array(AffiliateTotalSchema),
  /** The orders, newest first (at most 500). */
  orders: z.array(AffiliateOrderSchema),
});
export type AffiliateReport = z.infer<typeof AffiliateReportSchema>;
