import { z } from "zod";
import { CurrencySchema } from "./common";

const minor = z.number().int("must be whole minor units").min(1, "must be at least 1").max(100_000_000, "is too large");

/**
 * PUT /rest/v2/{brand}/prices/{code} (operators): a variant's list price and sale price in the
 * brand's currency, in minor units. `salePrice: null` ends a sale; absent leaves it as it is.
 */
export const PriceUpdateSchema = z
  .object({ listPrice: minor, salePrice: minor.nullable().optional() })
  .strict()
  .refine((u) => u.salePrice == null || u.salePrice < u.listPrice, { message: "must be below the list price", path: ["salePrice"] });
export type PriceUpdate = z.infer<typeof PriceUpdateSchema>;

/** What a price change changed; every instance shows it within the catalog sync interval. */
export const PriceUpdateResultSchema = z.object({
  code: z.string(),
  currency: CurrencySchema,
  listPrice: z.number().int(),
  salePrice: z.number().int().nullable(),
  previousListPrice: z.number().int(),
  previousSalePrice: z.number().int().nullable(),
});
export type PriceUpdateResult = z.infer<typeof PriceUpdateResultSchema>;
