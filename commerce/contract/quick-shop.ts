import { z } from "zod";
import { blankAsAbsent } from "./form-values";
import { CartGuidSchema } from "./cart";
import { LangSchema } from "./common";
import { PriceSchema, ProductCodeParamSchema, StockStatusSchema } from "./product";

/**
 * Quick shop (a product tile's dialog) and bundle adds. The quick-shop view is the little a tile's
 * dialog needs to pick a size or colour and add it: far less than the product page's answer.
 */

export const QuickShopQuerySchema = z.object({ productCode: ProductCodeParamSchema });

export const QuickShopVariantSchema = z.object({
  code: z.string(),
  /** "24 pods", "Matte black": what the shopper chooses between. */
  label: z.string(),
  price: PriceSchema,
  /** The list price, when `price` is lower. */
  originalPrice: PriceSchema.optional(),
  stockStatus: StockStatusSchema,
  /** Units that can still be bought (the most the quantity picker offers). */
  stockLevel: z.number().int().nonnegative(),
});
export type QuickShopVariant = z.infer<typeof QuickShopVariantSchema>;

/** GET users/{user}/quickShop/productDetail?productCode=: the product priced for the cart owner's groups. */
export const QuickShopProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.string().optional(),
  /** The variant chosen at first: the one asked for, else the family's default. */
  selectedVariantCode: z.string(),
  /** A bundle is added with addBundleProduct (its components), not as one line. */
  isBundle: z.boolean(),
  variants: z.array(QuickShopVariantSchema).min(1),
});
export type QuickShopProduct = z.infer<typeof QuickShopProductSchema>;

/** POST users/{user}/addBundleProduct: every component of the bundle, `qty` times, in one add. */
export const AddBundleRequestSchema = z.object({
  /** The bundle's (or starter kit's) product code. */
  productCode: ProductCodeParamSchema,
  qty: z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,3}$/.test(value) ? Number(value) : blankAsAbsent(value)),
    z.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").max(5, "must be at most 5").default(1),
  ),
  cartGuid: z.preprocess(blankAsAbsent, CartGuidSchema.optional()),
  lang: z.preprocess(blankAsAbsent, LangSchema.optional()),
});
export type AddBundleRequest = z.infer<typeof AddBundleRequestSchema>;
