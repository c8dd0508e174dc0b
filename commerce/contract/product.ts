import { z } from "zod";
import { CurrencySchema, FieldsSchema } from "./common";

export const PriceTypeSchema = z.enum(["BUY", "FROM"]);

/** OCC price block; `value` is decimal, `minor` is the same amount in integer minor units. */
export const PriceSchema = z.object({
  currencyIso: CurrencySchema,
  value: z.number(),
  minor: z.number().int(),
  formattedValue: z.string(),
  priceType: PriceTypeSchema.default("BUY"),
});
export type Price = z.infer<typeof PriceSchema>;

export const StockStatusSchema = z.enum(["inStock", "lowStock", "outOfStock"]);
export const StockSchema = z.object({
  stockLevel: z.number().int().nonnegative(),
  stockLevelStatus: StockStatusSchema,
});
export type Stock = z.infer<typeof StockSchema>;

export const ImageSchema = z.object({
  imageType: z.enum(["PRIMARY", "GALLERY"]),
  format: z.string(),
  url: z.string(),
  altText: z.string(),
  galleryIndex: z.number().int().optional(),
});

export const CategoryRefSchema = z.object({ code: z.string(), name: z.string(), url: z.string().optional() });

export const ClassificationSchema = z.object({
  code: z.string(),
  name: z.string(),
  features: z.array(z.object({ code: z.string(), name: z.string(), featureValues: z.array(z.object({ value: z.string() })) })),
});

/** Eligibility flags; a product is "plain" only when none is set. */
export const ELIGIBILITY_FLAGS = [
  "isFiftyPercentCampaignEligible",
  "isFreeCampaignEligible",
  "isKskLiteCampaignEligible",
  "isBBADCampaignEligible",
  "isAFHKbbFreeEligible",
  "isAFHKbbPlatinumEligible",
  "isAFHSubscriptionEligible",
  "isPremiumBrewerCampaignEligible",
  "isProductBMSMEligible",
  "isPersonalizedProduct",
  "isVirtualProduct",
] as const;
export type EligibilityFlag = (typeof ELIGIBILITY_FLAGS)[number];
export const EligibilityFlagsSchema = z.object(Object.fromEntries(ELIGIBILITY_FLAGS.map((f) => [f, z.boolean()])) as Record<EligibilityFlag, z.ZodBoolean>);
export type EligibilityFlags = z.infer<typeof EligibilityFlagsSchema>;

/** Which orders a variant's sale price reaches: every order, one-offs only, one-offs and the first auto-delivery, or one-offs and the recurring ones. */
export const SalesPriceStrategySchema = z.enum(["ALL", "OTP", "AD_PARENT_OTP", "AD_RECURRING_OTP"]);
export type SalesPriceStrategy = z.infer<typeof SalesPriceStrategySchema>;

/** A variant with its price blocks. */
export const VariantOptionSchema = z.object({
  code: z.string(),
  url: z.string(),
  defaultVariant: z.boolean(),
  variantColor: z.string().optional(),
  packType: z.string().optional(),
  packSize: z.number().int().optional(),
  packLabel: z.string(),
  stock: StockSchema,
  priceData: PriceSchema,
  originalPriceData: PriceSchema.optional(),
  discountPriceData: PriceSchema.optional(),
  promotedPriceData: PriceSchema.optional(),
  personalizedPriceData: PriceSchema.optional(),
  campaignPriceData: PriceSchema.optional(),
  variantPrice: z.object({ listPrice: PriceSchema }),
  isDiscountPrice: z.boolean(),
  salesPriceStrategy: SalesPriceStrategySchema,
  variantOptionQualifiers: z.array(z.object({ qualifier: z.string(), name: z.string(), value: z.string() })),
});
export type VariantOption = z.infer<typeof VariantOptionSchema>;

export const BadgeSchema = z.object({ text: z.string(), foreground: z.string(), background: z.string() });
export type Badge = z.infer<typeof BadgeSchema>;

export const BundleProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  productBundlePrice: PriceSchema,
});

export const ProductSchema = z
  .object({
    code: z.string(),
    baseProduct: z.string().optional(),
    name: z.string(),
    summary: z.string(),
    description: z.string().optional(),
    url: z.string(),
    purchasable: z.boolean(),
    brand: z.string(),
    brandCode: z.string(),
    productType: z.string(),
    series: z.string().optional(),
    packType: z.string().optional(),
    price: PriceSchema,
    /** The list price, present when `price` is lower (shown struck through). */
    originalPriceData: PriceSchema.optional(),
    /** The category coupon `price` includes, when the shopper's appliedCategoryCoupons lowered it. */
    appliedCoupon: z.object({ code: z.string(), description: z.string() }).optional(),
    stock: StockSchema,
    /** The best stock status among the family's variants (what a listing card shows). */
    familyStockStatus: StockStatusSchema,
    images: z.array(ImageSchema),
    categories: z.array(CategoryRefSchema),
    classifications: z.array(ClassificationSchema).optional(),
    /** Empty with fields=BASIC (listings), which need only the family's price and stock. */
    variantOptions: z.array(VariantOptionSchema),
    defaultVariantCode: z.string().optional(),
    badge: BadgeSchema.optional(),
    isBundle: z.boolean(),
    bundleMarkerProduct: z.boolean(),
    bundleInStock: z.boolean().optional(),
    bundleTemplateData: z
      .object({
        name: z.string(),
        masterTemplateData: z.object({ bundleProductsData: z.array(BundleProductSchema) }),
      })
      .optional(),
    plain: z.boolean(),
  })
  .extend(EligibilityFlagsSchema.shape);
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.object({ products: z.array(ProductSchema) });
export type ProductList = z.infer<typeof ProductListSchema>;

export const ProductCodeParamSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "product codes are letters, digits, dashes and underscores");

export const FieldsQuerySchema = z.object({ fields: FieldsSchema });

export const ProductCodeQuerySchema = z.object({ productCode: ProductCodeParamSchema });

export const ProductCodesQuerySchema = z.object({
  productCodes: z
    .string()
    .min(1, "productCodes is required")
    .transform((s) =>
      s
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .pipe(z.array(ProductCodeParamSchema).min(1)),
});

/** productDetails: at most productsSize products (the site's productDetails.defaultSize without it). */
export const ProductDetailsQuerySchema = ProductCodesQuerySchema.extend({
  productsSize: z.coerce.number().int().min(1).max(100).optional(),
  fields: FieldsSchema,
});

export const BestSellersQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(48).default(28),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
});

/** productData: the product's family with this variant chosen (the product's own code without it). */
export const ProductDataQuerySchema = z.object({ variantCode: z.string().optional() });

export const CompareQuerySchema = z.object({
  productCodes: ProductCodesQuerySchema.shape.productCodes.pipe(
    z.array(z.string()).min(2, "compare at least two products").max(4, "compare at most four products"),
  ),
});

export const CompareSchema = z.object({
  products: z.array(ProductSchema),
  features: z.array(z.object({ code: z.string(), name: z.string(), values: z.record(z.string(), z.string()) })),
});
export type Compare = z.infer<typeof CompareSchema>;

export const VariantOptionsSchema = ProductSchema.pick({ code: true, defaultVariantCode: true, variantOptions: true });

export const ProductClassificationsSchema = z.object({ code: z.string(), classifications: z.array(ClassificationSchema) });

export const ProductDataSchema = z.object({ product: ProductSchema, selectedVariantCode: z.string() });

export const BundleDataSchema = ProductSchema.pick({ code: true, price: true, bundleTemplateData: true }).extend({
  isBundle: z.literal(true),
  bundleInStock: z.boolean(),
});

/**
 * A plain identifier only: a dotted name (document.body.remove) would let any page run our
 * origin's script against itself, getting around script-src 'self'.
 */
export const MediaQuerySchema = z.object({
  callback: z
    .string()
    .regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/, "callback must be a plain JavaScript identifier")
    .optional(),
});

/** Image-hosting media set: items with an image name, a type and, for video, a reference. */
export const MediaSetSchema = z.object({
  set: z.object({
    n: z.string(),
    item: z.array(z.object({ n: z.string(), type: z.enum(["img", "video"]), v: z.string().optional() })),
  }),
});
export type MediaSet = z.infer<typeof MediaSetSchema>;

export const StockAlertRequestSchema = z.object({
  productCode: ProductCodeParamSchema,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: "Enter a valid email address." })),
});
/** Always "pending" (a confirmation mail is on its way), whether or not the shopper was already waiting. */
export const StockAlertResultSchema = z.object({ status: z.literal("pending"), productCode: z.string(), email: z.string() });

export const StockUpdateSchema = z.object({ level: z.number().int().min(0).max(1_000_000) });

/** What a stock update changed, and how many waiting shoppers were mailed; `stock` repeats `level` for OCC callers. */
export const StockUpdateResultSchema = z.object({
  code: z.string(),
  level: z.number().int(),
  previousLevel: z.number().int(),
  alertsSent: z.number().int(),
  stock: z.number().int(),
});

/** Bagged and Canned coffee is sold by weight (oz), everything else by count (ct). */
export function packUnit(packType: string | null | undefined): "oz" | "ct" {
  return packType === "Bagged" || packType === "Canned" ? "oz" : "ct";
}
