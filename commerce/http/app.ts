import express, { Router } from "express";
import type { Logger } from "pino";
import type { CommerceConfig } from "../config";
import type { Db } from "../db/index";
import type { Mailer } from "../mail";
import { catalogRouter } from "./catalog";
import { contentRouter } from "./content";
import { searchRouter } from "./search";
import { ListingIndexes } from "../db/listing-facts";
import { CatalogChangeFeed } from "../db/catalog-changes";
import { ProductFamilies } from "../db/catalog";
import { ApiProblem, errorHandler } from "./errors";
import { openApiDocument } from "./openapi";
import { siteMiddleware } from "./site";

export interface CommerceDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  config: CommerceConfig;
}

/**
 * The commerce service: OCC-shaped REST under /rest/v2/{brand}/. Mounted in the storefront's
 * process by default, or served on its own by commerce/main.ts.
 */
export function createCommerceRouter({ db, mailer, logger, config }: CommerceDeps): Router {
  const api = Router();
  // Bodies are read only for API paths: the storefront's own form posts must reach Remix unread.
  api.use("/rest", express.json({ limit: "100kb" }), express.urlencoded({ extended: false, limit: "100kb" }));

  const openapi = openApiDocument();
  api.get("/rest/v2/openapi.json", (_req, res) => {
    res.json(openapi);
  });

  const site = Router({ mergeParams: true });
  site.use(siteMiddleware);
  const feed = new CatalogChangeFeed(db, { intervalMs: config.catalogSyncMs });
  const indexes = new ListingIndexes(db, feed);
  const families = new ProductFamilies(db, feed, config.productCacheSize);
  site.use(searchRouter(db, indexes, families, feed));
  site.use(catalogRouter({ db, indexes, families, feed, mailer, logger, adminKey: config.adminApiKey }));
  site.use(contentRouter(db, mailer, logger));
  api.use("/rest/v2/:brand", site);

  api.use("/rest", (req, _res, next) => {
    next(new ApiProblem(404, { type: "UnknownResourceError", message: `No API resource at ${req.method} ${req.originalUrl.split("?")[0]}.` }));
  });
  api.use(errorHandler(logger));
  return api;
}
