import type {
  CollectionCategory,
  MonthlyCampaign,
  MonthlyDetails,
  MonthlyGroups,
  MonthlyProduct,
  MonthlyProducts,
  MonthlyProductsQuery,
  MonthlySearchQuery,
  ProductSelect,
  ProductSelectRequest,
} from "../contract/monthly-box";
import type { Db } from "../db/index";
import { allMonthlyBoxes, categoryNames, type MonthlyBoxRow, monthlyCandidates } from "../db/monthly-box";
import { type LoadingCache, loadingCache } from "./caches";
import { campaignStatusOn } from "./campaign-rules";
import type { CatalogChangeFeed } from "./catalog-changes";
import type { CatalogService } from "./catalog-service";
import { type Clock, dayOf } from "./clock";
import { notFound, ShopError } from "./errors";
import { monthlyBoxMessagesFor } from "./monthly-box-messages";
import {
  BOX_CATEGORIES,
  BOX_CATEGORY_OF_TYPE,
  boxesPerMonth,
  boxPriceMinor,
  fillBox,
  matchesWords,
  monthlySelection,
  monthOf,
  monthRefusal,
  pricePerPodMinor,
  selectableRefusal,
} from "./monthly-box-rules";
import { pagination } from "./pagination";
import { price } from "./pricing";
import { eligibilityFlags } from "./product";
import { normalizeSearchText, queryWords } from "./search-text";
import type { ShopContext } from "./shop-context";

/** The month asked for, checked: this month or next (400 with the reason in words otherwise). */
export function checkedMonth(ctx: ShopContext, month: string, today: string): string {
  const refusal = monthRefusal(month, today);
  if (refusal)
    throw new ShopError("invalid", {
      type: "ValidationError",
      reason: refusal,
      subject: "month",
      message: monthlyBoxMessagesFor(ctx.lang, ctx.site).months[refusal],
    });
  return month;
}

export interface MonthlyBoxServiceDeps {
  db: Db;
  catalog: CatalogService;
  feed: CatalogChangeFeed;
  clock: Clock;
}

/**
 * The selections kept: one per store, language, currency, price groups and month asked in the
 * last while. A month's selection is at most the box's select count of products, so the kept
 * selections stay small whatever the catalog's size.
 */
const KEPT_SELECTIONS = 48;

/** A store without a monthly box (the commercial store) answers as if the box did not exist. */
const noBox = () => notFound("MONTHLY_FIXED_PRICE", "There is no monthly fixed-price box on this store.", "campaign");

/** A page of a list, and how many there are. */
function page<T>(items: readonly T[], currentPage: number, pageSize: number) {
  return { items: items.slice(currentPage * pageSize, (currentPage + 1) * pageSize), pagination: pagination(currentPage, pageSize, items.length) };
}

/**
 * The monthly fixed-price box (decision 062): its price and size on a store, the month's
 * selection of products (organised by category and collection, searchable) and whether a pick
 * fills the box. Reads only: subscribing and changing next month's picks come in a later slice.
 */
export class MonthlyBoxService {
  /**
   * Each month's selection as shoppers see it: the box's page asks for it three times (details,
   * how it is organised, a page of it), and it changes only with the catalog, which clears it.
   */
  private readonly selections: LoadingCache<MonthlyProduct[]> = loadingCache({ max: KEPT_SELECTIONS });

  constructor(private readonly deps: MonthlyBoxServiceDeps) {
    deps.feed.subscribe(() => this.selections.clear());
  }

  /** The store's monthly box (404 on a store without one), the month asked (this month by default) and today. */
  private async boxAndMonth(ctx: ShopContext, month: string | undefined): Promise<{ box: MonthlyBoxRow; month: string; day: string }> {
    const box = (await allMonthlyBoxes(this.deps.db)).find((b) => b.sites.includes(ctx.site));
    if (!box || boxPriceMinor(box.prices, ctx.currency) === null) throw noBox();
    const day = dayOf(await this.deps.clock.now());
    const asked = month ?? monthOf(day);
    return { box, month: checkedMonth(ctx, asked, day), day };
  }

  /** The store's monthly box; 404 on a store without one (the commercial store). */
  async storeBox(ctx: ShopContext): Promise<MonthlyBoxRow> {
    const box = (await allMonthlyBoxes(this.deps.db)).find((b) => b.sites.includes(ctx.site));
    if (!box || boxPriceMinor(box.prices, ctx.currency) === null) throw noBox();
    return box;
  }

  /** A month's selection on this store, in the order the shopper sees it (subscribing and placing the month's box use it too). */
  offered(ctx: ShopContext, box: MonthlyBoxRow, month: string): Promise<MonthlyProduct[]> {
    return this.selection(ctx, box, month);
  }

  private campaignView(box: MonthlyBoxRow, ctx: ShopContext, day: string): MonthlyCampaign {
    return {
      campaignId: box.id,
      code: "MONTHLY_FIXED_PRICE",
      subscriptionCode: "MONTHLY_FIXED_PRICE",
      name: monthlyBoxMessagesFor(ctx.lang, ctx.site).name,
      sites: box.sites as MonthlyCampaign["sites"],
      startsOn: box.starts_on,
      endsOn: box.ends_on,
      running: campaignStatusOn({ startsOn: box.starts_on, endsOn: box.ends_on }, day) === "running",
    };
  }

  /** The month's selection on this store, ordered by category, then collection, then name. */
  private async selection(ctx: ShopContext, box: MonthlyBoxRow, month: string): Promise<MonthlyProduct[]> {
    await this.deps.feed.catchUp();
    const key = [ctx.site, ctx.lang, ctx.currency, ctx.userGroups.join(","), box.id, month].join("|");
    return this.selections.forceFetch(key, { context: () => this.chooseSelection(ctx, box, month) });
  }

  private async chooseSelection(ctx: ShopContext, box: MonthlyBoxRow, month: string): Promise<MonthlyProduct[]> {
    const rows = await monthlyCandidates(this.deps.db, ctx.site, box.pack_size);
    const shape = { sites: box.sites, packSize: box.pack_size };
    const selectable = rows.filter(
      (r) =>
        r.base_code !== null &&
        selectableRefusal(
          {
            productType: r.product_type,
            isAFHSubscriptionEligible: eligibilityFlags(r.flags).isAFHSubscriptionEligible,
            packType: r.pack_type,
            packSize: r.pack_size,
            isBundle: r.is_bundle === 1,
          },
          ctx.site,
          shape,
        ) === null,
    );
    const codes = monthlySelection(
      selectable.map((r) => r.code),
      month,
      box.select_count,
    );
    const byCode = new Map(selectable.map((r) => [r.code, r]));
    const [products, names] = await Promise.all([this.deps.catalog.products(ctx, codes, "BASIC"), categoryNames(this.deps.db, BOX_CATEGORIES, ctx.lang)]);
    const rank = (category: string) => BOX_CATEGORIES.indexOf(category as (typeof BOX_CATEGORIES)[number]);
    return products
      .map((p): MonthlyProduct => {
        const row = byCode.get(p.code)!;
        const category = BOX_CATEGORY_OF_TYPE[row.product_type]!;
        return {
          ...p,
          collection: { code: row.brand_code, name: row.brand_name },
          category: { code: category, name: names.get(category) ?? category },
          pods: row.pack_size!,
        };
      })
      .sort(
        (a, b) =>
          rank(a.category.code) - rank(b.category.code) ||
          a.collection.name.localeCompare(b.collection.name, ctx.lang) ||
          a.name.localeCompare(b.name, ctx.lang) ||
          (a.code < b.code ? -1 : 1),
      );
  }

  /** getMonthlyFixedPriceDetails: the price, the box's size, what a month includes, in the shopper's words. */
  async details(ctx: ShopContext, query: { month?: string }): Promise<MonthlyDetails> {
    const { box, month, day } = await this.boxAndMonth(ctx, query.month);
    const words = monthlyBoxMessagesFor(ctx.lang, ctx.site);
    const minor = boxPriceMinor(box.prices, ctx.currency)!;
    const money = price(minor, ctx.currency, ctx.lang);
    const perPod = price(pricePerPodMinor(minor, box.box_pods), ctx.currency, ctx.lang);
    const boxes = boxesPerMonth({ boxPods: box.box_pods, packSize: box.pack_size });
    const selectCount = (await this.selection(ctx, box, month)).length;
    const shape = { boxPods: box.box_pods, boxes, packSize: box.pack_size, selectCount };
    return {
      campaign: this.campaignView(box, ctx, day),
      month,
      currencyIso: ctx.currency,
      price: money,
      pricePerPod: perPod,
      boxPods: box.box_pods,
      packSize: box.pack_size,
      boxesPerMonth: boxes,
      selectCount,
      texts: {
        headline: words.headline(money.formattedValue, box.box_pods),
        price: words.price(money.formattedValue, perPod.formattedValue),
        howItWorks: words.howItWorks(shape),
        includes: words.includes(shape),
      },
    };
  }

  /** fetchMonthlyProducts: a page of the month's selection, optionally one collection's or category's. */
  async products(ctx: ShopContext, query: MonthlyProductsQuery): Promise<MonthlyProducts> {
    const { box, month } = await this.boxAndMonth(ctx, query.month);
    const all = (await this.selection(ctx, box, month)).filter(
      (p) => (!query.collection || p.collection.code === query.collection) && (!query.category || p.category.code === query.category),
    );
    const { items, pagination } = page(all, query.currentPage, query.pageSize);
    return { month, products: items, pagination };
  }

  /**
   * searchMonthlyProducts: the month's products whose name, collection or category begins a word
   * with every word of the text (the catalog search's normalising and stop words; not its listing
   * index, which holds the whole catalog).
   */
  async search(ctx: ShopContext, query: MonthlySearchQuery): Promise<MonthlyProducts & { freeTextSearch: string }> {
    const { box, month } = await this.boxAndMonth(ctx, query.month);
    const words = queryWords(ctx.lang, query.text);
    const found = (await this.selection(ctx, box, month)).filter((p) =>
      matchesWords(words, normalizeSearchText(`${p.name} ${p.collection.name} ${p.category.name}`)),
    );
    const { items, pagination } = page(found, query.currentPage, query.pageSize);
    return { month, products: items, pagination, freeTextSearch: query.text };
  }

  /** getKSKCategoryAndCollection: the month's categories (each with its collections) and collections, with their counts. */
  async groups(ctx: ShopContext, query: { month?: string }): Promise<MonthlyGroups> {
    const { box, month } = await this.boxAndMonth(ctx, query.month);
    const products = await this.selection(ctx, box, month);
    const count = <K extends "collection" | "category">(items: readonly MonthlyProduct[], key: K) => {
      const groups = new Map<string, { code: string; name: string; count: number }>();
      for (const p of items) {
        const g = groups.get(p[key].code) ?? { code: p[key].code, name: p[key].name, count: 0 };
        g.count += 1;
        groups.set(g.code, g);
      }
      return [...groups.values()];
    };
    const collections = count(products, "collection").sort((a, b) => a.name.localeCompare(b.name, ctx.lang));
    return {
      month,
      categories: count(products, "category").map((c) => ({
        ...c,
        collections: count(
          products.filter((p) => p.category.code === c.code),
          "collection",
        ).sort((a, b) => a.name.localeCompare(b.name, ctx.lang)),
      })),
      collections,
    };
  }

  /** fetchCollectionCategoryData: one collection's products in the month (within one category when asked); 404 for a collection the month does not hold. */
  async collection(ctx: ShopContext, query: { month?: string; collection: string; category?: string }): Promise<CollectionCategory> {
    const { box, month } = await this.boxAndMonth(ctx, query.month);
    const all = await this.selection(ctx, box, month);
    const inCollection = all.filter((p) => p.collection.code === query.collection);
    if (inCollection.length === 0) throw notFound("collection", `Collection '${query.collection}' is not in this month's selection.`, "collection");
    const products = query.category ? inCollection.filter((p) => p.category.code === query.category) : inCollection;
    const category = query.category ? all.find((p) => p.category.code === query.category)?.category : undefined;
    if (query.category && !category) throw notFound("category", `Category '${query.category}' is not in this month's selection.`, "category");
    const first = inCollection[0]!;
    return {
      month,
      collection: { ...first.collection, count: inCollection.length },
      category: category ? { ...category, count: products.length } : null,
      products,
    };
  }

  /** productSelect: how a pick fills the month's box and what it costs; writes nothing. */
  async select(ctx: ShopContext, request: ProductSelectRequest): Promise<ProductSelect> {
    const { box, month } = await this.boxAndMonth(ctx, request.month);
    const words = monthlyBoxMessagesFor(ctx.lang, ctx.site);
    const products = await this.selection(ctx, box, month);
    const fill = fillBox(request.entries, new Map(products.map((p) => [p.code, p.pods])), box.box_pods);
    const names = new Map(products.map((p) => [p.code, p.name]));
    return {
      month,
      boxPods: box.box_pods,
      pickedPods: fill.pickedPods,
      remainingPods: fill.remainingPods,
      excessPods: fill.excessPods,
      state: fill.state,
      complete: fill.complete,
      entries: fill.entries.map((e) => ({ ...e, name: names.get(e.code)! })),
      refused: fill.refused.map((r) => ({ ...r, message: words.refusals[r.reason] })),
      price: price(boxPriceMinor(box.prices, ctx.currency)!, ctx.currency, ctx.lang),
      message: words.box[fill.state]({ remaining: fill.remainingPods, excess: fill.excessPods, boxPods: box.box_pods }),
    };
  }
}
