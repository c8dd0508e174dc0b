import type { Request, Response, Router } from "express";
import { z } from "zod";
import { AppliedCategoryCouponsSchema } from "../contract/coupon";
import { PriceUpdateResultSchema, PriceUpdateSchema } from "../contract/price-change";
import {
  BestSellersQuerySchema,
  BundleDataSchema,
  CompareQuerySchema,
  CompareSchema,
  FieldsQuerySchema,
  MediaQuerySchema,
  MediaSetSchema,
  type Product,
  ProductClassificationsSchema,
  ProductCodeParamSchema,
  ProductCodeQuerySchema,
  ProductCodesQuerySchema,
  ProductDataQuerySchema,
  ProductDataSchema,
  ProductDetailsQuerySchema,
  ProductListSchema,
  ProductSchema,
  StockUpdateResultSchema,
  StockUpdateSchema,
  VariantOptionsSchema,
} from "../contract/product";
import type { CatalogService } from "../domain/catalog-service";
import type { CouponService } from "../domain/coupons";
import { CATALOG_CACHE_CONTROL, parse } from "./handle";
import { apiRouter, BUSY } from "./operations";
import { requireOperatorKey } from "./operator-access";
import { siteOf } from "./site";

const NOT_FOUND = { 400: "A malformed product code or query (ValidationError)", 404: "No such product on this site (UnknownIdentifierError)" };
const CATEGORY_COUPONS = z.object({
  appliedCategoryCoupons: AppliedCategoryCouponsSchema.optional().meta({ description: "The shopper's category coupons, comma-separated: prices include them" }),
});

export function catalogRouter(catalog: CatalogService, adminKey: string | undefined, coupons?: CouponService): Router {
  const api = apiRouter();
  const code = (raw: unknown) => parse(ProductCodeParamSchema, raw);
  /** The shopper's category coupons (the appliedCategoryCoupons query). */
  const categoryCoupons = (req: Request) => parse(AppliedCategoryCouponsSchema, req.query.appliedCategoryCoupons);
  /** Whether this request's products are priced for its shopper; everyone else shares the kept answers. */
  const pricedWithCoupons = (req: Request) => categoryCoupons(req).length > 0 && coupons !== undefined;
  /** Product answers priced with the shopper's category coupons, when they name any. */
  const withCoupons = async (req: Request, res: Response, products: Product[]): Promise<Product[]> => {
    const codes = categoryCoupons(req);
    return coupons && codes.length > 0 ? coupons.priceProducts(siteOf(res), products, codes) : products;
  };
  const withCoupon = async (req: Request, res: Response, product: Product): Promise<Product> => (await withCoupons(req, res, [product]))[0] ?? product;

  api.get(
    "/products/productDetails",
    {
      summary: "Products by codes, at most productsSize (site config productDetails.defaultSize)",
      query: ProductDetailsQuerySchema.extend(CATEGORY_COUPONS.shape),
      answers: { 200: { description: "Products", schema: ProductListSchema } },
      errors: NOT_FOUND,
    },
    async (req, res, input) => {
      const query = input.query();
      if (!pricedWithCoupons(req)) {
        res
          .set("Cache-Control", CATALOG_CACHE_CONTROL)
          .type("json")
          .send(await catalog.productDetailsAnswer(siteOf(res), query.productCodes, query.productsSize, query.fields));
        return;
      }
      res.json({ products: await withCoupons(req, res, await catalog.productDetails(siteOf(res), query.productCodes, query.productsSize, query.fields)) });
    },
  );

  api.get(
    "/products/getProductsForCarousel",
    { summary: "Products for a carousel, by codes", query: ProductCodesQuerySchema, answers: { 200: ProductListSchema }, errors: NOT_FOUND },
    async (_req, res, input) => {
      const query = input.query();
      res.set("Cache-Control", CATALOG_CACHE_CONTROL).json({ products: await catalog.carousel(siteOf(res), query.productCodes) });
    },
  );

  api.get(
    "/products/getBestSellerProducts",
    {
      summary: "The site's best sellers in stock, of a category when named",
      query: BestSellersQuerySchema,
      answers: { 200: ProductListSchema },
      errors: NOT_FOUND,
    },
    async (_req, res, input) => {
      const { pageSize, category } = input.query();
      res.set("Cache-Control", CATALOG_CACHE_CONTROL).json({ products: await catalog.bestSellers(siteOf(res), pageSize, category) });
    },
  );

  api.get(
    "/products/recommendedProducts",
    { summary: "Products to recommend beside a product", query: ProductCodeQuerySchema, answers: { 200: ProductListSchema }, errors: NOT_FOUND },
    async (req, res) => {
      res.set("Cache-Control", CATALOG_CACHE_CONTROL).json({ products: await catalog.recommended(siteOf(res), code(req.query.productCode)) });
    },
  );

  const compare = (brewersOnly: boolean) => async (_req: Request, res: Response, input: { query(): { productCodes: string[] } }) => {
    const { productCodes } = input.query();
    res.json(await catalog.compare(siteOf(res), productCodes, brewersOnly));
  };
  const comparing = (summary: string) => ({ summary, query: CompareQuerySchema, answers: { 200: CompareSchema }, errors: NOT_FOUND });
  api.get("/products/compare-product", comparing("Two to four products side by side, with their features"), compare(false));
  api.get("/products/compare-appliance", comparing("Two to four brewers side by side, with their features"), compare(true));

  api.get(
    "/products/pod-id/:code",
    { summary: "The base product of a variant (or of itself)", answers: { 200: ProductSchema }, errors: NOT_FOUND },
    async (req, res) => {
      res.json(await catalog.baseProduct(siteOf(res), code(req.params.code)));
    },
  );

  api.get(
    "/products/:code",
    {
      summary: "One product (base or variant) with its variant options and price blocks",
      query: FieldsQuerySchema.extend(CATEGORY_COUPONS.shape),
      answers: { 200: { description: "Product", schema: ProductSchema } },
      errors: NOT_FOUND,
    },
    async (req, res, input) => {
      const { fields } = input.query();
      const productCode = code(req.params.code);
      if (!pricedWithCoupons(req)) {
        res
          .set("Cache-Control", CATALOG_CACHE_CONTROL)
          .type("json")
          .send(await catalog.productAnswer(siteOf(res), productCode, fields));
        return;
      }
      res.json(await withCoupon(req, res, await catalog.product(siteOf(res), productCode, fields)));
    },
  );

  api.get(
    "/products/:code/variantOptions",
    { summary: "A product's variant options and the default variant", answers: { 200: VariantOptionsSchema }, errors: NOT_FOUND },
    async (req, res) => {
      const p = await catalog.product(siteOf(res), code(req.params.code), "DEFAULT");
      res.json({ code: p.code, defaultVariantCode: p.defaultVariantCode, variantOptions: p.variantOptions });
    },
  );

  api.get(
    "/products/:code/productClassifications",
    { summary: "A product's classifications (its features)", answers: { 200: ProductClassificationsSchema }, errors: NOT_FOUND },
    async (req, res) => {
      const p = await catalog.product(siteOf(res), code(req.params.code), "FULL");
      res.json({ code: p.code, classifications: p.classifications ?? [] });
    },
  );

  api.get(
    "/products/:code/productData",
    {
      summary: "A product page's product, with the variant chosen (variantCode, else the product itself or its default variant)",
      query: ProductDataQuerySchema.extend(CATEGORY_COUPONS.shape),
      answers: { 200: ProductDataSchema },
      errors: NOT_FOUND,
    },
    async (req, res) => {
      const variantCode = typeof req.query.variantCode === "string" && req.query.variantCode ? req.query.variantCode : req.params.code;
      const p = await withCoupon(req, res, await catalog.product(siteOf(res), code(variantCode), "FULL"));
      res.json({ product: p, selectedVariantCode: p.baseProduct ? p.code : (p.defaultVariantCode ?? p.code) });
    },
  );

  api.get(
    "/products/:code/bundleData",
    { summary: "A bundle's price, stock and components; 404 for a product that is not a bundle", answers: { 200: BundleDataSchema }, errors: NOT_FOUND },
    async (req, res) => {
      const p = await catalog.bundle(siteOf(res), code(req.params.code));
      res.json({ code: p.code, isBundle: true, bundleInStock: p.bundleInStock ?? false, price: p.price, bundleTemplateData: p.bundleTemplateData });
    },
  );

  // Image hosting: the product's media set as JSON, or wrapped in a JSONP callback for old pages.
  api.get(
    "/products/:code/media",
    {
      summary: "A product's media set: JSON, or JavaScript calling `callback` with it (JSONP)",
      query: MediaQuerySchema,
      answers: {
        200: {
          description: "Media set; text/javascript (with X-Content-Type-Options: nosniff) when a callback is named",
          content: { "application/json": MediaSetSchema, "text/javascript": z.string() },
        },
      },
      errors: { ...NOT_FOUND, 400: "The callback is not a plain identifier, or the product code is malformed (ValidationError)" },
    },
    async (req, res, input) => {
      const productCode = code(req.params.code);
      const { callback } = input.query({ callback: req.query.callback || undefined });
      const set = await catalog.mediaSet(siteOf(res), productCode);
      if (!callback) {
        res.set("Cache-Control", CATALOG_CACHE_CONTROL).json(set);
        return;
      }
      res
        .set("X-Content-Type-Options", "nosniff")
        .type("text/javascript")
        .send(`${callback}(${JSON.stringify(set)});`);
    },
  );

  // Operators' stock update; without ADMIN_API_KEY the endpoint does not exist. Where it answers
  // and how wrong keys are throttled is decided in front of this router (operator-access.ts).
  api.put(
    "/stock/:code",
    {
      summary: "Set a variant's stock level (operators: X-Admin-Key)",
      headers: z.object({ "X-Admin-Key": z.string() }),
      body: StockUpdateSchema,
      answers: { 200: { description: "Updated", schema: StockUpdateResultSchema } },
      errors: {
        400: "Invalid input (ValidationError)",
        401: "A missing or wrong X-Admin-Key (UnauthorizedError)",
        // Also the answer everywhere but the operators' side (OPERATOR_PORT, else loopback).
        404: "No such product, or not the operators' side (UnknownIdentifierError, UnknownResourceError)",
        429: "Too many wrong keys from this address (TooManyRequestsError)",
        503: BUSY,
      },
    },
    async (req, res, input) => {
      requireOperatorKey(req, adminKey);
      const productCode = code(req.params.code);
      const { level } = input.body();
      const update = await catalog.updateStock(productCode, level);
      res.json({ ...update, stock: update.level });
    },
  );

  // Operators' price change, guarded as the stock update is (operator-access.ts).
  api.put(
    "/prices/:code",
    {
      summary: "Set a variant's list and sale prices in the store's currency, in minor units (operators: X-Admin-Key)",
      headers: z.object({ "X-Admin-Key": z.string() }),
      body: PriceUpdateSchema,
      answers: { 200: { description: "Changed; every instance shows it within the catalog sync interval", schema: PriceUpdateResultSchema } },
      errors: {
        400: "Invalid input, or a sale price not below the list price (ValidationError)",
        401: "A missing or wrong X-Admin-Key (UnauthorizedError)",
        404: "No such product, none priced in this currency, or not the operators' side (UnknownIdentifierError, UnknownResourceError)",
        429: "Too many wrong keys from this address (TooManyRequestsError)",
        503: BUSY,
      },
    },
    async (req, res, input) => {
      requireOperatorKey(req, adminKey);
      const productCode = code(req.params.code);
      const update = input.body();
      const operator = req.ip ?? req.socket.remoteAddress ?? "unknown";
      res.json(await catalog.updatePrices(productCode, siteOf(res).currency, update, operator));
    },
  );

  return api.router;
}
