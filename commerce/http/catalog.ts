import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { FieldsSchema } from "../contract/common";
import { AppliedCategoryCouponsSchema } from "../contract/coupon";
import { type Product, ProductCodeParamSchema, ProductCodesQuerySchema, StockUpdateSchema } from "../contract/product";
import type { CatalogService } from "../domain/catalog-service";
import type { CouponService } from "../domain/coupons";
import { ApiProblem } from "./errors";
import { handle, parse } from "./handle";
import { sendCatalogJson, sendKeptJson } from "./kept-json";
import { sameSecret } from "./operator-access";
import { siteOf } from "./site";

const ProductQuery = z.object({ fields: FieldsSchema });
const DetailsQuery = ProductCodesQuerySchema.extend({ productsSize: z.coerce.number().int().min(1).max(100).optional(), fields: FieldsSchema });
const CompareQuery = z.object({
  productCodes: ProductCodesQuerySchema.shape.productCodes.pipe(
    z.array(z.string()).min(2, "compare at least two products").max(4, "compare at most four products"),
  ),
});
// A plain identifier only: a dotted name (document.body.remove) would let any page run our
// origin's script against itself, getting around script-src 'self'.
const Callback = z
  .string()
  .regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/, "callback must be a plain JavaScript identifier")
  .optional();
const PageSizeQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(48).default(28),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
});

export function catalogRouter(catalog: CatalogService, adminKey: string | undefined, coupons?: CouponService): Router {
  const router = Router({ mergeParams: true });
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

  router.get(
    "/products/productDetails",
    handle(async (req, res) => {
      const query = parse(DetailsQuery, req.query);
      if (!pricedWithCoupons(req)) {
        sendKeptJson(res, await catalog.productDetailsAnswer(siteOf(res), query.productCodes, query.productsSize, query.fields));
        return;
      }
      res.json({ products: await withCoupons(req, res, await catalog.productDetails(siteOf(res), query.productCodes, query.productsSize, query.fields)) });
    }),
  );

  router.get(
    "/products/getProductsForCarousel",
    handle(async (req, res) => {
      const query = parse(ProductCodesQuerySchema, req.query);
      sendCatalogJson(res, { products: await catalog.carousel(siteOf(res), query.productCodes) });
    }),
  );

  router.get(
    "/products/getBestSellerProducts",
    handle(async (req, res) => {
      const { pageSize, category } = parse(PageSizeQuery, req.query);
      sendCatalogJson(res, { products: await catalog.bestSellers(siteOf(res), pageSize, category) });
    }),
  );

  router.get(
    "/products/recommendedProducts",
    handle(async (req, res) => {
      sendCatalogJson(res, { products: await catalog.recommended(siteOf(res), code(req.query.productCode)) });
    }),
  );

  const compare = (brewersOnly: boolean) =>
    handle(async (req, res) => {
      const { productCodes } = parse(CompareQuery, req.query);
      res.json(await catalog.compare(siteOf(res), productCodes, brewersOnly));
    });
  router.get("/products/compare-product", compare(false));
  router.get("/products/compare-appliance", compare(true));

  router.get(
    "/products/pod-id/:code",
    handle(async (req, res) => {
      res.json(await catalog.baseProduct(siteOf(res), code(req.params.code)));
    }),
  );

  router.get(
    "/products/:code",
    handle(async (req, res) => {
      const { fields } = parse(ProductQuery, req.query);
      const productCode = code(req.params.code);
      if (!pricedWithCoupons(req)) {
        sendKeptJson(res, await catalog.productAnswer(siteOf(res), productCode, fields));
        return;
      }
      res.json(await withCoupon(req, res, await catalog.product(siteOf(res), productCode, fields)));
    }),
  );

  router.get(
    "/products/:code/variantOptions",
    handle(async (req, res) => {
      const p = await catalog.product(siteOf(res), code(req.params.code), "DEFAULT");
      res.json({ code: p.code, defaultVariantCode: p.defaultVariantCode, variantOptions: p.variantOptions });
    }),
  );

  router.get(
    "/products/:code/productClassifications",
    handle(async (req, res) => {
      const p = await catalog.product(siteOf(res), code(req.params.code), "FULL");
      res.json({ code: p.code, classifications: p.classifications ?? [] });
    }),
  );

  router.get(
    "/products/:code/productData",
    handle(async (req, res) => {
      const variantCode = typeof req.query.variantCode === "string" && req.query.variantCode ? req.query.variantCode : req.params.code;
      const p = await withCoupon(req, res, await catalog.product(siteOf(res), code(variantCode), "FULL"));
      res.json({ product: p, selectedVariantCode: p.baseProduct ? p.code : (p.defaultVariantCode ?? p.code) });
    }),
  );

  router.get(
    "/products/:code/bundleData",
    handle(async (req, res) => {
      const p = await catalog.bundle(siteOf(res), code(req.params.code));
      res.json({ code: p.code, isBundle: true, bundleInStock: p.bundleInStock ?? false, price: p.price, bundleTemplateData: p.bundleTemplateData });
    }),
  );

  // Image hosting: the product's media set as JSON, or wrapped in a JSONP callback for old pages.
  router.get(
    "/products/:code/media",
    handle(async (req, res) => {
      const productCode = code(req.params.code);
      const callback = parse(Callback, req.query.callback || undefined);
      const set = await catalog.mediaSet(siteOf(res), productCode);
      if (!callback) return sendCatalogJson(res, set);
      res
        .set("X-Content-Type-Options", "nosniff")
        .type("text/javascript")
        .send(`${callback}(${JSON.stringify(set)});`);
    }),
  );

  // Operators' stock update; without ADMIN_API_KEY the endpoint does not exist. Where it answers
  // and how wrong keys are throttled is decided in front of this router (operator-access.ts).
  router.put(
    "/stock/:code",
    handle(async (req, res) => {
      if (!adminKey || !sameSecret(req.get("X-Admin-Key"), adminKey)) {
        throw new ApiProblem(adminKey ? 401 : 404, {
          type: adminKey ? "UnauthorizedError" : "UnknownResourceError",
          message: adminKey ? "A valid X-Admin-Key is required." : "Not found.",
        });
      }
      const productCode = code(req.params.code);
      const { level } = parse(StockUpdateSchema, req.body);
      const update = await catalog.updateStock(productCode, level);
      res.json({ ...update, stock: update.level });
    }),
  );

  return router;
}
