import type { Logger } from "pino";
import type { BrandFacts } from "../contract/brands";
import type { BrandId } from "../contract/common";
import type { Db } from "../db/index";
import { CatalogChangeFeed } from "./catalog-changes";
import { CatalogService } from "./catalog-service";
import { ContentService } from "./content-service";
import { ListingIndexes } from "./listing-indexes";
import type { Mailer } from "./mail";
import { MailOutbox, type MailOutboxOptions } from "./mail-outbox";
import { ProductFamilies } from "./product-families";
import { SearchService } from "./search-service";
import { StockAlertService } from "./stock-alerts";

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
  /** How the outbox's delivery loop runs (defaults suit production). */
  outbox?: Partial<MailOutboxOptions>;
}

export interface Shop {
  brands: Readonly<Record<BrandId, BrandFacts>>;
  catalog: CatalogService;
  search: SearchService;
  content: ContentService;
  alerts: StockAlertService;
  /** Mail waiting to be sent; its delivery loop is started by whoever hosts the shop. */
  outbox: MailOutbox;
}

/** The shop's services for one process, sharing one change feed and its caches. */
export function createShop({ db, brands, mailer, logger, catalogSyncMs, productCacheSize, outbox: outboxOptions }: ShopOptions): Shop {
  const feed = new CatalogChangeFeed(db, { intervalMs: catalogSyncMs });
  const indexes = new ListingIndexes(db, feed);
  const families = new ProductFamilies(db, feed, productCacheSize);
  const outbox = new MailOutbox(db, mailer, logger, outboxOptions);
  const catalog = new CatalogService({ db, brands, feed, indexes, families, outbox, logger });
  return {
    brands,
    catalog,
    search: new SearchService({ db, feed, indexes, families }),
    content: new ContentService({ db, brands, outbox, logger }),
    alerts: new StockAlertService({ db, brands, outbox, catalog }),
    outbox,
  };
}
