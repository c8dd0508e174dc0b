import { Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { FieldsSchema } from "../contract/common";
import {
  type MediaSet, type Product, ProductCodeParamSchema, ProductCodesQuerySchema, StockAlertRequestSchema, StockUpdateSchema,
} from "../contract/product";
import type { ProductFamilies } from "../db/catalog";
import type { CatalogChangeFeed } from "../db/catalog-changes";
import { findSiteConfig } from "../db/content";
import type { Db } from "../db/index";
import { baseCodesOf, rebuildListings } from "../db/listing";
import { mediaItems } from "../db/media";
import type { ListingIndexes } from "../db/listing-facts";
import { insertStockAlert, markAlertNotified, setStockLevel, waitingAlerts } from "../db/stock";
import { compareTable } from "../domain/compare";
import { type Fields, productView } from "../domain/product";
import { limitProductCodes } from "../domain/product-codes";
import { SITE_CURRENCY } from "../domain/sites";
import { answerBackInStockAlerts, isRestock } from "../domain/stock-alerts";
import type { Mailer } from "../mail";
import { ApiProblem, invalid, notFound } from "./errors";
import { handle, parse } from "./handle";
import { type SiteLocals, siteOf } from "./site";

const ProductQuery = z.object({ fields: FieldsSchema });
const DetailsQuery = ProductCodesQuerySchema.extend({ productsSize: z.coerce.number().int().min(1).max(100).optional(), fields: FieldsSchema });
const CompareQuery = z.object({
  productCodes: ProductCodesQuerySchema.shape.productCodes.pipe(z.array(z.string()).min(2, "compare at least two products").max(4, "compare at most four products")),
});
const Callback = z.string().regex(/^[A-Za-z_$][\w$.]{0,40}$/, "callback must be a JavaScript identifier").default("s7jsonResponse");
const PageSizeQuery = z.object({ pageSize: z.coerce.number().int().min(1).max(48).default(28), category: z.string().regex(/^[a-z0-9-]{1,64}$/).optional() });

export interface CatalogDeps {
  db: Db;
  indexes: ListingIndexes;
  families: ProductFamilies;
  feed: CatalogChangeFeed;
  mailer: Mailer;
  logger: Logger;
  adminKey?: string;
}

export function catalogRouter({ db, indexes, families, feed, mailer, logger, adminKey }: CatalogDeps): Router {
  const router = Router({ mergeParams: true });

  async function products(site: SiteLocals, codes: readonly string[], fields: Fields): Promise<Product[]> {
    const found = await families.load(codes, site.site, site.lang, site.currency);
    return codes
      .map((code) => found.get(code) && productView(found.get(code)!, code, site, fields))
      .filter((p): p is Product => !!p);
  }

  async function one(site: SiteLocals, rawCode: unknown, fields: Fields = "FULL"): Promise<Product> {
    const code = parse(ProductCodeParamSchema, rawCode);
    const [product] = await products(site, [code], fields);
    if (!product) throw notFound(code, `Product with code '${code}' not found.`);
    return product;
  }

  router.get("/products/productDetails", handle(async (req, res) => {
    const site = siteOf(res);
    const query = parse(DetailsQuery, req.query);
    const config = await findSiteConfig(db, site.site);
    const limit = query.productsSize ?? Number(config.find((c) => c.config_key === "productDetails.defaultSize")?.value ?? 20);
    res.json({ products: await products(site, limitProductCodes(query.productCodes, limit), query.fields) });
  }));

  router.get("/products/getProductsForCarousel", handle(async (req, res) => {
    const query = parse(ProductCodesQuerySchema, req.query);
    res.json({ products: await products(siteOf(res), limitProductCodes(query.productCodes, 12), "DEFAULT") });
  }));

  router.get("/products/getBestSellerProducts", handle(async (req, res) => {
    const site = siteOf(res);
    const { pageSize, category } = parse(PageSizeQuery, req.query);
    const index = await indexes.get(site.site);
    const result = index.query({ lang: site.lang, category, filters: [["availability", "inStock"]], sort: "bestsellers", page: 0, pageSize, facets: false });
    res.json({ products: await products(site, result.baseCodes, "DEFAULT") });
  }));

  router.get("/products/recommendedProducts", handle(async (req, res) => {
    const site = siteOf(res);
    const anchor = await one(site, req.query.productCode, "DEFAULT");
    const index = await indexes.get(site.site);
    // Alike: same main category, in stock, best sellers first; the product itself left out.
    const result = index.query({ lang: site.lang, category: anchor.categories[0]?.code, filters: [["availability", "inStock"]], sort: "bestsellers", page: 0, pageSize: 9, facets: false });
    const codes = result.baseCodes.filter((c) => c !== (anchor.baseProduct ?? anchor.code)).slice(0, 8);
    res.json({ products: await products(site, codes, "DEFAULT") });
  }));

  const compare = (brewersOnly: boolean) =>
    handle(async (req, res) => {
      const site = siteOf(res);
      const { productCodes } = parse(CompareQuery, req.query);
      const list = await products(site, productCodes, "FULL");
      if (list.length !== productCodes.length) {
        const missing = productCodes.filter((c) => !list.some((p) => p.code === c));
        throw notFound(missing.join(","), `Products not found: ${missing.join(", ")}.`);
      }
      if (brewersOnly && list.some((p) => p.productType !== "Brewer")) throw invalid("productCodes", "compare-appliance compares brewers only.");
      res.json(compareTable(list));
    });
  router.get("/products/compare-product", compare(false));
  router.get("/products/compare-appliance", compare(true));

  router.get("/products/pod-id/:code", handle(async (req, res) => {
    const site = siteOf(res);
    const code = parse(ProductCodeParamSchema, req.params.code);
    const [base] = await baseCodesOf(db, [code]);
    res.json(await one(site, base ?? code));
  }));

  router.get("/products/:code", handle(async (req, res) => {
    const { fields } = parse(ProductQuery, req.query);
    res.json(await one(siteOf(res), req.params.code, fields));
  }));

  router.get("/products/:code/variantOptions", handle(async (req, res) => {
    const p = await one(siteOf(res), req.params.code, "DEFAULT");
    res.json({ code: p.code, defaultVariantCode: p.defaultVariantCode, variantOptions: p.variantOptions });
  }));

  router.get("/products/:code/productClassifications", handle(async (req, res) => {
    const p = await one(siteOf(res), req.params.code, "FULL");
    res.json({ code: p.code, classifications: p.classifications ?? [] });
  }));

  router.get("/products/:code/productData", handle(async (req, res) => {
    const site = siteOf(res);
    const variantCode = typeof req.query.variantCode === "string" && req.query.variantCode ? req.query.variantCode : req.params.code;
    const p = await one(site, variantCode, "FULL");
    res.json({ product: p, selectedVariantCode: p.baseProduct ? p.code : p.defaultVariantCode ?? p.code });
  }));

  router.get("/products/:code/bundleData", handle(async (req, res) => {
    const p = await one(siteOf(res), req.params.code, "FULL");
    if (!p.isBundle) throw new ApiProblem(404, { type: "UnknownIdentifierError", message: `Product '${p.code}' is not a bundle.`, subject: p.code, subjectType: "bundle" });
    res.json({ code: p.code, isBundle: true, bundleInStock: p.bundleInStock ?? false, price: p.price, bundleTemplateData: p.bundleTemplateData });
  }));

  // Image hosting (spec §7): a JSONP-style wrapper around the product's media set.
  router.get("/products/:code/media", handle(async (req, res) => {
    const site = siteOf(res);
    const code = parse(ProductCodeParamSchema, req.params.code);
    const callback = parse(Callback, req.query.callback || undefined);
    const [base] = await baseCodesOf(db, [code]);
    const rows = base ? await mediaItems(db, base) : [];
    if (!base || rows.length === 0 || !(await one(site, code, "BASIC").catch(() => null))) throw notFound(code, `No media for '${code}'.`);
    const set: MediaSet = { set: { n: base, item: rows.map((r) => (r.media_type === "video" ? { n: r.image_name, type: "video" as const, v: r.video_ref ?? undefined } : { n: r.image_name, type: "img" as const })) } };
    res.type("text/javascript").send(`${callback}(${JSON.stringify(set)});`);
  }));

  // Notify me (spec §7 alert/alertMe): out-of-stock products only, one waiting alert per shopper.
  router.post("/alert/alertMe", handle(async (req, res) => {
    const site = siteOf(res);
    const { productCode, email } = parse(StockAlertRequestSchema, req.body);
    const product = await one(site, productCode, "BASIC");
    if (product.stock.stockLevelStatus !== "outOfStock") throw invalid("productCode", "This product is in stock: add it to your cart instead.");
    const added = await insertStockAlert(db, site.site, site.lang, product.code, email);
    if (!added) {
      throw new ApiProblem(409, { type: "DuplicateAlertError", reason: "alreadyRegistered", subject: "email", message: "You're already on the list for this product. We'll email you when it's back." });
    }
    res.status(201).json({ status: "registered", productCode: product.code, email });
  }));

  // Operators' stock update; answering back-in-stock alerts is part of it. Needs ADMIN_API_KEY.
  router.put("/stock/:code", handle(async (req, res) => {
    if (!adminKey || req.get("X-Admin-Key") !== adminKey) {
      throw new ApiProblem(adminKey ? 401 : 404, { type: adminKey ? "UnauthorizedError" : "UnknownResourceError", message: adminKey ? "A valid X-Admin-Key is required." : "Not found." });
    }
    const site = siteOf(res);
    const code = parse(ProductCodeParamSchema, req.params.code);
    const { level } = parse(StockUpdateSchema, req.body);
    const before = await setStockLevel(db, code, level);
    if (before === null) throw notFound(code, `Product with code '${code}' not found.`);
    await rebuildListings(db, await baseCodesOf(db, [code]));
    // This process's caches see the change at once; other processes within the sync interval.
    await feed.catchUp({ force: true });
    const notified = isRestock(before, level)
      ? await answerBackInStockAlerts({
          waiting: () => waitingAlerts(db, code),
          productFor: async (alertSite, lang) => (await products({ ...site, site: alertSite, lang, currency: SITE_CURRENCY[alertSite] }, [code], "BASIC"))[0] ?? null,
          send: (mail) => mailer.send(mail),
          markNotified: (id) => markAlertNotified(db, id),
          onMailFailed: (id, err) => logger.error({ err, alert: id }, "back-in-stock mail failed; the alert stays waiting"),
        })
      : 0;
    res.json({ code, level, previousLevel: before, alertsSent: notified, stock: level });
  }));

  return router;
}
