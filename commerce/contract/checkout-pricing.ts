import { z } from "zod";

/**
 * What checkout shows besides the cart's lines: the delivery modes a shopper may choose, and the
 * taxes on the order. All amounts are integer minor units of the site's currency.
 */

/** Overnight exists only on the US consumer store (see docs/decisions/019-taxes-and-delivery.md). */
export const DeliveryModeCodeSchema = z.enum(["standard", "expedited", "overnight"]);
export type DeliveryModeCode = z.infer<typeof DeliveryModeCodeSchema>;

/** A calendar date, YYYY-MM-DD, in the warehouse's time zone. */
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date such as 2026-11-23");

export const DeliveryModeSchema = z.object({
  code: DeliveryModeCodeSchema,
  /** In the language asked for. */
  name: z.string(),
  /** 0 when the mode is free. */
  costMinor: z.number().int().nonnegative(),
  /** The first and last business day the parcel should arrive on (weekends are not business days). */
  estimate: z.object({ earliest: IsoDateSchema, latest: IsoDateSchema }),
  /** Free because the order reached the site's free-shipping minimum. */
  free: z.boolean(),
});
export type DeliveryMode = z.infer<typeof DeliveryModeSchema>;

/**
 * The tax a line stands for: US state sales tax, or Canada's GST, HST, a provincial sales tax
 * (PST in British Columbia and Saskatchewan, RST in Manitoba) or Québec's QST.
 */
export const TaxNameSchema = z.enum(["Sales tax", "GST", "HST", "PST", "RST", "QST"]);
export type TaxName = z.infer<typeof TaxNameSchema>;

export const TaxLineSchema = z.object({
  name: TaxNameSchema,
  /** As published, e.g. 9.975 for QST. */
  ratePercent: z.number().nonnegative(),
  amountMinor: z.number().int().nonnegative(),
});
export type TaxLine = z.infer<typeof TaxLineSchema>;

/** The taxes of one order: one line per tax charged (none where no tax applies), and their sum. */
export const OrderTaxesSchema = z.object({
  totalMinor: z.number().int().nonnegative(),
  lines: z.array(TaxLineSchema),
});
export type OrderTaxes = z.infer<typeof OrderTaxesSchema>;

/**
 * How much more the shopper must spend for free standard delivery ("$12.01 away from free
 * shipping"), in minor units; 0 once reached. Both parts use it, so the cart page and the
 * delivery modes agree on the cent.
 */
export function freeShippingGap(subtotalMinor: number, minimumMinor: number): number {
  return Math.max(0, minimumMinor - subtotalMinor);
}
