import type { Logger } from "pino";
import type { BrandFacts } from "../contract/brands";
import type { BrandId, Currency, Lang } from "../contract/common";
import type { PriceUpdate, PriceUpdateResult } from "../contract/price-change";
import type { Compare, MediaSet, Product } from "../contract/product";
import { findSiteConfig } from "../db/content";
import type { Db } from "../db/index";
import { baseCodesOf, rebuildListingsIn } from "../db/listing";
import { mediaItems } from "../db/media";
import { changeVariantPrices } from "../db/price-changes";
import { insertStockAlert, markAlertsNotified, setStockLevel, waitingAlertPlaces, waitingAlerts } from "../db/stock";
import { writeTransaction } from "../db/write-transaction";
import { CatalogAnswers } from "./catalog-answers";
import { loadingCache } from "./caches";
import type { CatalogChangeFeed } from "./catalog-changes";
import { compareTable } from "./compare";
import { invalid, notFound, ShopError } from "./errors";
import type { ListingIndexes } from "./listing-indexes";
import { type MailOutbox, queueMails } from "./mail-outbox";
import { type Fields, productView } from "./product";
import { limitProductCodes } from "./product-codes";
import type { ProductFamilies } from "./product-families";
import type { ShopContext } from "./shop-context";
import { answerBackInStockAlerts, isRestock } from "./stock-alerts";
import { unavailableWhenBusy } from "./service-unavailable";

export interface CatalogServiceDeps {
  db: Db;
  brands: Readonly<Record<BrandId, BrandFacts>>;
  feed: CatalogChangeFeed;
  indexes: ListingIndexes;
  families: ProductFamilies;
  outbox: MailOutbox;
  logger: Logger;
  /** What the product answers kept as JSON text may take together. */
  answerBytes: number;
}

export interface StockUpdate {
  code: string;
  level: number;
  previousLevel: number;
  alertsSent: number;
}

/** Products as a site shows them, and the catalog's one workflow that writes: a stock change. */
export class CatalogService {
  /** Product and product-details answers as JSON text (home and product pages ask for the same ones over and over). */
  private readonly answers: CatalogAnswers;

  constructor(private readonly deps: CatalogServiceDeps) {
    this.answers = new CatalogAnswers(deps.feed, deps.answerBytes, "productAnswers");
  }

  /**
   * Each site's default size of a product-details answer, read at most once a minute: every home
   * page asks for its carousels' products, and the setting only changes with a new seed.
   */
  private readonly defaultDetailsSizes = loadingCache<number>({ max: 10, ttl: 60_000 });

  /** The products of these codes this site sells, in the order asked; unknown codes are left out. */
  async products(ctx: ShopContext, codes: readonly string[], fields: Fields): Promise<Product[]> {
    const found = await this.deps.families.load(codes, ctx.site, ctx.lang, ctx.currency);
    return codes.map((code) => found.get(code) && productView(found.get(code)!, code, ctx, fields)).filter((p): p is Product => !!p);
  }

  async product(ctx: ShopContext, code: string, fields: Fields = "FULL"): Promise<Product> {
    const [product] = await this.products(ctx, [code], fields);
    if (!product) throw notFound(code, `Product with code '${code}' not found.`);
    return product;
  }

  /** The product as the API answers it, as JSON text, remembered until the catalog changes. */
  async productAnswer(ctx: ShopContext, code: string, fields: Fields): Promise<string> {
    return this.answers.get(ctx, ["product", code, fields], async () => this.product(ctx, code, fields));
  }

  /** Product details as the API answers them (`{ products }`), as JSON text, remembered until the catalog changes. */
  async productDetailsAnswer(ctx: ShopContext, codes: readonly string[], productsSize: number | undefined, fields: Fields): Promise<string> {
    return this.answers.get(ctx, ["details", codes.join(","), productsSize ?? "", fields], async () => ({
      products: await this.productDetails(ctx, codes, productsSize, fields),
    }));
  }

  /** Only the first `productsSize` codes are answered; without it, the site's configured default. */
  async productDetails(ctx: ShopContext, codes: readonly string[], productsSize: number | undefined, fields: Fields): Promise<Product[]> {
    const limit =
      productsSize ??
      (await this.defaultDetailsSizes.forceFetch(ctx.site, {
        context: async () => {
          const config = await findSiteConfig(this.deps.db, ctx.site);
          return Number(config.find((c) => c.config_key === "productDetails.defaultSize")?.value ?? 20);
        },
      }));
    return this.products(ctx, limitProductCodes(codes, limit), fields);
  }

  carousel(ctx: ShopContext, codes: readonly string[]): Promise<Product[]> {
    return this.products(ctx, limitProductCodes(codes, 12), "DEFAULT");
  }

  async bestSellers(ctx: ShopContext, pageSize: number, category?: string): Promise<Product[]> {
    const index = await this.deps.indexes.get(ctx.site);
    const result = index.query({ lang: ctx.lang, category, filters: [["availability", "inStock"]], sort: "bestsellers", page: 0, pageSize, facets: false });
    return this.products(ctx, result.baseCodes, "DEFAULT");
  }

  /** A page of a category's best sellers in stock, and how many there are (the rewards' choices). */
  async bestSellerPage(ctx: ShopContext, category: string, page: number, pageSize: number): Promise<{ products: Product[]; total: number }> {
    const index = await this.deps.indexes.get(ctx.site);
    const result = index.query({ lang: ctx.lang, category, filters: [["availability", "inStock"]], sort: "bestsellers", page, pageSize, facets: true });
    return { products: await this.products(ctx, result.baseCodes, "DEFAULT"), total: result.total };
  }

  /** Alike: same main category, in stock, best sellers first; the product itself left out. */
  async recommended(ctx: ShopContext, code: string): Promise<Product[]> {
    const anchor = await this.product(ctx, code, "DEFAULT");
    const index = await this.deps.indexes.get(ctx.site);
    const result = index.query({
      lang: ctx.lang,
      category: anchor.categories[0]?.code,
      filters: [["availability", "inStock"]],
      sort: "bestsellers",
      page: 0,
      pageSize: 9,
      facets: false,
    });
    const codes = result.baseCodes.filter((c) => c !== (anchor.baseProduct ?? anchor.code)).slice(0, 8);
    return this.products(ctx, codes, "DEFAULT");
  }

  async compare(ctx: ShopContext, codes: readonly string[], brewersOnly: boolean): Promise<Compare> {
    const list = await this.products(ctx, codes, "FULL");
    if (list.length !== codes.length) {
      const missing = codes.filter((c) => !list.some((p) => p.code === c));
      throw notFound(missing.join(","), `Products not found: ${missing.join(", ")}.`);
    }
    if (brewersOnly && list.some((p) => p.productType !== "Brewer")) throw invalid("productCodes", "compare-appliance compares brewers only.");
    return compareTable(list);
  }

  /** The base product of a pod (variant) code, or the product itself. */
  async baseProduct(ctx: ShopContext, code: string): Promise<Product> {
    const [base] = await baseCodesOf(this.deps.db, [code]);
    return this.product(ctx, base ?? code);
  }

  async bundle(ctx: ShopContext, code: string): Promise<Product> {
    const p = await this.product(ctx, code, "FULL");
    if (!p.isBundle)
      throw new ShopError("notFound", {
        type: "UnknownIdentifierError",
        message: `Product '${p.code}' is not a bundle.`,
        subject: p.code,
        subjectType: "bundle",
      });
    return p;
  }

  /** The family's gallery for image hosting; only for products the site sells. */
  async mediaSet(ctx: ShopContext, code: string): Promise<MediaSet> {
    const [base] = await baseCodesOf(this.deps.db, [code]);
    const rows = base ? await mediaItems(this.deps.db, base) : [];
    if (!base || rows.length === 0 || !(await this.product(ctx, code, "BASIC").catch(() => null))) throw notFound(code, `No media for '${code}'.`);
    return {
      set: {
        n: base,
        item: rows.map((r) =>
          r.media_type === "video" ? { n: r.image_name, type: "video" as const, v: r.video_ref ?? undefined } : { n: r.image_name, type: "img" as const },
        ),
      },
    };
  }

  /**
   * Notify me: out-of-stock products only, one waiting alert per shopper. A base product's page
   * shows its default variant, so an alert sent from it is stored under that variant, the one a
   * restock names. Answers the code the alert waits for.
   */
  async registerStockAlert(ctx: ShopContext, code: string, email: string): Promise<string> {
    const asked = await this.product(ctx, code, "BASIC");
    const shown = asked.baseProduct ? asked.code : (asked.defaultVariantCode ?? asked.code);
    const product = shown === asked.code ? asked : ((await this.products(ctx, [shown], "BASIC"))[0] ?? asked);
    if (product.stock.stockLevelStatus !== "outOfStock") throw invalid("productCode", "This product is in stock: add it to your cart instead.");
    const added = await unavailableWhenBusy(() => insertStockAlert(this.deps.db, ctx.site, ctx.lang, product.code, email));
    if (!added) {
      throw new ShopError("conflict", {
        type: "DuplicateAlertError",
        reason: "alreadyRegistered",
        subject: "email",
        message: "You're already on the list for this product. We'll email you when it's back.",
      });
    }
    return product.code;
  }

  /**
   * Sets a product's stock. In one write transaction: the level, its listings (the change log
   * tells every process), and when the product came back, every waiting shopper's alert marked
   * answered with its mail queued in the outbox, each as their own site shows the product. Either
   * all of it happens or none. Then this process's caches catch up (others within the sync
   * interval) and the queued mails are sent.
   */
  async updateStock(code: string, level: number): Promise<StockUpdate> {
    const { db, feed, brands, outbox, logger } = this.deps;
    const bases = await baseCodesOf(db, [code]);
    // Alerts stored under the base code (sent from a base product's page) wait for its variants too.
    const alertCodes = [code, ...bases];
    // The mails show the product as each waiting shopper's site and language do. Those views are
    // read before the transaction, from this process's caches, which must not wait on the
    // connection the transaction holds; and only where shoppers wait (each view costs several
    // queries, and most stock updates have nobody waiting). Keyed "site/lang"; null: not sold there.
    const shownAs = new Map<string, { name: string; url: string } | null>();
    const loadViews = async (places: readonly { site: BrandId; lang: Lang }[]) => {
      for (const { site, lang } of places) if (!shownAs.has(`${site}/${lang}`)) shownAs.set(`${site}/${lang}`, await this.shownOn(code, site, lang));
    };
    if (level > 0) await loadViews(await waitingAlertPlaces(db, alertCodes));
    let outcome: { before: number; alertsSent: number; mailIds: number[] } | null;
    for (;;) {
      try {
        outcome = await unavailableWhenBusy(() =>
          writeTransaction(db, async (trx) => {
            const before = await setStockLevel(trx, code, level);
            if (before === null) return null;
            await rebuildListingsIn(trx, siteCurrencies(brands), bases);
            let mailIds: number[] = [];
            const alertsSent = isRestock(before, level)
              ? await answerBackInStockAlerts({
                  brands,
                  waiting: async () => {
                    const alerts = await waitingAlerts(trx, alertCodes);
                    // Someone started waiting since the views were read: read theirs, then start over.
                    const unread = alerts.filter((a) => !shownAs.has(`${a.site}/${a.lang}`));
                    if (unread.length) throw new ViewsNeeded(unread);
                    return alerts;
                  },
                  productFor: (site: BrandId, lang: Lang) => shownAs.get(`${site}/${lang}`) ?? null,
                  answer: async (answers) => {
                    await markAlertsNotified(
                      trx,
                      answers.map((a) => a.alertId),
                    );
                    mailIds = await queueMails(
                      trx,
                      "back-in-stock",
                      answers.map((a) => a.mail),
                    );
                  },
                })
              : 0;
            return { before, alertsSent, mailIds };
          }),
        );
        break;
      } catch (err) {
        // Each round reads at least one more view, and there are only so many sites and languages.
        if (!(err instanceof ViewsNeeded)) throw err;
        await loadViews(err.places);
      }
    }
    if (!outcome) throw notFound(code, `Product with code '${code}' not found.`);
    // The change is committed: from here on nothing may turn the answer into an error.
    await feed.catchUp({ force: true }).catch((err) => logger.warn({ err }, "catalog caches will catch up on the next read"));
    if (outcome.mailIds.length) await outbox.deliver({ ids: outcome.mailIds });
    return { code, level, previousLevel: outcome.before, alertsSent: outcome.alertsSent };
  }

  /**
   * An operator's change of a variant's list and sale prices in one currency, recorded with who
   * made it (`by`: the operator's address). Its listings are rebuilt in the same transaction, which
   * puts the change in the catalog change log: this process shows it at once, every other within
   * the catalog sync interval, on pages, listings, carts and checkout alike (carts are priced when
   * read, and an order whose review showed the old price is refused with `priceChanged`).
   */
  async updatePrices(code: string, currency: Currency, update: PriceUpdate, by: string): Promise<PriceUpdateResult> {
    const { db, feed, brands, logger } = this.deps;
    const bases = await baseCodesOf(db, [code]);
    const at = new Date().toISOString();
    const before = await unavailableWhenBusy(() =>
      writeTransaction(db, async (trx) => {
        const previous = await changeVariantPrices(trx, { code, currency, listPrice: update.listPrice, salePrice: update.salePrice, at, by });
        if (previous) await rebuildListingsIn(trx, siteCurrencies(brands), bases);
        return previous;
      }),
    );
    if (!before) throw notFound(code, `Product with code '${code}' has no ${currency} price.`);
    const salePrice = update.salePrice === undefined ? before.salePrice : update.salePrice;
    logger.info({ operator: by, code, currency, before, after: { listPrice: update.listPrice, salePrice } }, "prices changed");
    // The change is committed: from here on nothing may turn the answer into an error.
    await feed.catchUp({ force: true }).catch((err) => logger.warn({ err }, "catalog caches will catch up on the next read"));
    return { code, currency, listPrice: update.listPrice, salePrice, previousListPrice: before.listPrice, previousSalePrice: before.salePrice };
  }

  /** The product's name and page as this site shows it in this language; null when the site does not sell it. */
  private async shownOn(code: string, site: BrandId, lang: Lang): Promise<{ name: string; url: string } | null> {
    const [p] = await this.products({ site, lang, currency: this.deps.brands[site].currency, userGroups: [] }, [code], "BASIC");
    return p ? { name: p.name, url: p.url } : null;
  }
}

/** A restock found shoppers waiting in places whose product views were not read before it began. */
class ViewsNeeded extends Error {
  constructor(readonly places: readonly { site: BrandId; lang: Lang }[]) {
    super("product views needed for waiting shoppers");
  }
}

/** Each site's one currency, as the brand facts say. */
export function siteCurrencies(brands: Readonly<Record<BrandId, BrandFacts>>): Record<BrandId, BrandFacts["currency"]> {
  return { usb2c: brands.usb2c.currency, cab2c: brands.cab2c.currency, usafh: brands.usafh.currency };
}
