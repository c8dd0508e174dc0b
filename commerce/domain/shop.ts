import type { Logger } from "pino";
import type { BrandFacts } from "../contract/brands";
import type { BrandId } from "../contract/common";
import type { Db } from "../db/index";
import { CatalogChangeFeed } from "./catalog-changes";
import { CatalogService } from "./catalog-service";
import { ContentService } from "./content-service";
import { ListingIndexes } from "./listing-indexes";
import type { Mailer } from "./mail";
import { ProductFamilies } from "./product-families";
import { SearchService } from "./search-service";

export interface ShopOptions {
  db: Db;
  /** The brand facts as configured: currencies, languages, and the names and hosts mails use. */
  brands: Readonly<Record<BrandId, BrandFacts>>;
  mailer: Mailer;
  logger: Logger;
  /** How often the change log is read at most (other processes' changes show within it). */
  catalogSyncMs: number;
  /** Product families kept in memory. */
  productCacheSize: number;
}

export interface Shop {
  brands: Readonly<Record<BrandId, BrandFacts>>;
  catalog: CatalogService;
  search: SearchService;
  content: ContentService;
}

/** The shop's services for one process, sharing one change feed and its caches. */
export function createShop({ db, brands, mailer, logger, catalogSyncMs, productCacheSize }: ShopOptions): Shop {
  const feed = new CatalogChangeFeed(db, { intervalMs: catalogSyncMs });
  const indexes = new ListingIndexes(db, feed);
  const families = new ProductFamilies(db, feed, productCacheSize);
  return {
    brands,
    catalog: new CatalogService({ db, brands, feed, indexes, families, mailer, logger }),
    search: new SearchService({ db, feed, indexes, families }),
    content: new ContentService({ db, brands, mailer, logger }),
  };
}
