import { z } from "zod";

/** The three regional brands, as they appear in API paths (/rest/v2/{brand}/...). */
export const BrandIdSchema = z.enum(["usb2c", "cab2c", "usafh"]);
export type BrandId = z.infer<typeof BrandIdSchema>;
export const BRAND_IDS = BrandIdSchema.options;

export const LangSchema = z.enum(["en", "fr"]);
export type Lang = z.infer<typeof LangSchema>;

export const CurrencySchema = z.enum(["USD", "CAD"]);
export type Currency = z.infer<typeof CurrencySchema>;

/** OCC-style error body: every non-2xx answer of the commerce API has this shape. */
export const ApiErrorItemSchema = z.object({
  type: z.string(),
  message: z.string(),
  reason: z.string().optional(),
  subject: z.string().optional(),
  subjectType: z.string().optional(),
  /** InsufficientStockError: how many more units could still be added. */
  availableQuantity: z.number().int().nonnegative().optional(),
  /** CouponError minimumSpend: the minor units of covered products the coupon needs. */
  minimumSpend: z.number().int().nonnegative().optional(),
});
export const ApiErrorBodySchema = z.object({ errors: z.array(ApiErrorItemSchema).min(1) });
export type ApiErrorItem = z.infer<typeof ApiErrorItemSchema>;
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** The body of an operation that takes no input: an empty object, or nothing at all. */
export const NoInputSchema = z.object({}).meta({ description: "Nothing: the operation takes no input" });

export const FieldsSchema = z.enum(["BASIC", "DEFAULT", "FULL"]).default("DEFAULT");

/** Common query parameters of every v2 call. */
export const LocaleQuerySchema = z.object({
  lang: LangSchema.optional(),
  curr: CurrencySchema.optional(),
});

/** Where a page of a list stands: the page asked for, its size, and how many pages and results there are. */
export const PaginationSchema = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalResults: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;
