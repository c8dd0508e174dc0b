import type { BrandId } from "../contract/common";
import type { Db } from "./index";

/** What the facet index knows of one listing on one site. */
export interface ListingFacts {
  id: number;
  baseCode: string;
  productType: string;
  brand: string;
  roast: string | null;
  flavor: string | null;
  caffeine: string | null;
  series: string | null;
  categories: readonly string[];
  packTypes: readonly string[];
  packSizes: readonly string[];
  colors: readonly string[];
  nameEn: string;
  nameFr: string;
  salesRank: number;
  createdAt: string;
  minPrice: number;
  inStock: boolean;
}

/**
 * One string or list for each distinct value read. The driver makes a new string for every row,
 * and a site's 100,000 listings repeat a few dozen values (brands, roasts, "k-cup-pods"): kept as
 * read, they were about 2.3 million strings and 800,000 arrays, 110 MB of each worker's heap that
 * every full garbage collection walked.
 */
class SharedValues {
  private readonly strings = new Map<string, string>();
  private readonly lists = new Map<string, readonly string[]>();

  one<T extends string | null>(value: T): T {
    if (value === null) return value;
    const kept = this.strings.get(value);
    if (kept !== undefined) return kept as T;
    this.strings.set(value, value);
    return value;
  }

  /** A comma-separated column as a list, shared by every listing with the same one. */
  list(value: string): readonly string[] {
    let kept = this.lists.get(value);
    if (!kept) {
      kept = Object.freeze(value ? value.split(",").map((v) => this.one(v)) : []);
      this.lists.set(value, kept);
    }
    return kept;
  }
}

function selectFacts(db: Db, site: BrandId) {
  return db
    .selectFrom("listing")
    .innerJoin("listing_offer", (j) => j.onRef("listing_offer.listing_id", "=", "listing.id").on("listing_offer.site", "=", site))
    .selectAll("listing")
    .select(["listing_offer.min_price", "listing_offer.in_stock"]);
}

type FactsRow = Awaited<ReturnType<ReturnType<typeof selectFacts>["execute"]>>[number];

function factsOf(r: FactsRow, shared: SharedValues): ListingFacts {
  return {
    id: r.id,
    baseCode: r.base_code,
    productType: shared.one(r.product_type),
    brand: shared.one(r.brand_name),
    roast: shared.one(r.roast),
    flavor: shared.one(r.flavor),
    caffeine: shared.one(r.caffeine),
    series: shared.one(r.series),
    categories: shared.list(r.categories),
    packTypes: shared.list(r.pack_types),
    packSizes: shared.list(r.pack_sizes),
    colors: shared.list(r.colors),
    nameEn: r.name_en,
    nameFr: r.name_fr,
    salesRank: r.sales_rank,
    createdAt: shared.one(r.created_at),
    minPrice: r.min_price,
    inStock: r.in_stock === 1,
  };
}

/** The site's listings (or just these ones), as the facet index reads them. */
export async function loadListingFacts(db: Db, site: BrandId, ids?: readonly number[]): Promise<ListingFacts[]> {
  let q = selectFacts(db, site);
  if (ids) q = q.where("listing.id", "in", ids);
  const rows = await q.execute();
  const shared = new SharedValues();
  return rows.map((r) => factsOf(r, shared));
}

/**
 * Every listing of the site, in batches of at most `batchSize` by ascending id. The driver hands a
 * query's rows over all at once: read in one query, a 100,000-listing site was about 120 MB of rows
 * in the worker's heap at the same time, a peak the heap kept growing to after the rows were gone.
 */
export async function* listingFactBatches(db: Db, site: BrandId, batchSize = 5000): AsyncGenerator<ListingFacts[]> {
  const shared = new SharedValues();
  for (let after = 0; ;) {
    // The offers' bound too: without it PostgreSQL's merge join reads the site's offers from the first on every batch.
    const rows = await selectFacts(db, site)
      .where("listing.id", ">", after)
      .where("listing_offer.listing_id", ">", after)
      .orderBy("listing.id")
      .limit(batchSize)
      .execute();
    if (rows.length > 0) yield rows.map((r) => factsOf(r, shared));
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.id;
  }
}
