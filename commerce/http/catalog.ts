import { Router } from "express";
import { z } from "zod";
import { FieldsSchema } from "../contract/common";
import { ProductCodeParamSchema } from "../contract/product";
import { loadProductFamilies } from "../db/catalog";
import { findSiteConfig } from "../db/content";
import type { Db } from "../db/index";
import { assembleProduct } from "../domain/product";
import { limitProductCodes } from "../domain/product-codes";
import { notFound } from "./errors";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

const ProductQuery = z.object({ fields: FieldsSchema });
const ProductDetailsQuery = z.object({
  productCodes: z
    .string()
    .min(1, "productCodes is required")
    .transform((s) => s.split(",").map((c) => c.trim()).filter(Boolean))
    .pipe(z.array(ProductCodeParamSchema).min(1)),
  productsSize: z.coerce.number().int().min(1).max(100).optional(),
  fields: FieldsSchema,
});

export function catalogRouter(db: Db): Router {
  const router = Router({ mergeParams: true });

  router.get(
    "/products/productDetails",
    handle(async (req, res) => {
      const site = siteOf(res);
      const query = parse(ProductDetailsQuery, req.query);
      const config = await findSiteConfig(db, site.site);
      const limit = query.productsSize ?? Number(config.find((c) => c.config_key === "productDetails.defaultSize")?.value ?? 20);
      const codes = limitProductCodes(query.productCodes, limit);
      const families = await loadProductFamilies(db, codes, site.site, site.lang, site.currency);
      const products = codes
        .map((code) => families.get(code) && assembleProduct(families.get(code)!, code, site, query.fields))
        .filter((p): p is NonNullable<typeof p> => !!p);
      res.json({ products });
    }),
  );

  router.get(
    "/products/:code",
    handle(async (req, res) => {
      const site = siteOf(res);
      const code = parse(ProductCodeParamSchema, req.params.code);
      const { fields } = parse(ProductQuery, req.query);
      const family = (await loadProductFamilies(db, [code], site.site, site.lang, site.currency)).get(code);
      const product = family && assembleProduct(family, code, site, fields);
      if (!product) throw notFound(code, `Product with code '${code}' not found.`);
      res.json(product);
    }),
  );

  return router;
}
