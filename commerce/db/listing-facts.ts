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

/** The site's listings (or just these ones), as the facet index reads them. */
export async function loadListingFacts(db: Db, site: BrandId, ids?: readonly number[]): Promise<ListingFacts[]> {
  let q = db
    .selectFrom("listing")
    .innerJoin("listing_offer", (j) => j.onRef("listing_offer.listing_id", "=", "listing.id").on("listing_offer.site", "=", site))
    .selectAll("listing")
    .select(["listing_offer.min_price", "listing_offer.in_stock"]);
  if (ids) q = q.where("listing.id", "in", ids);
  const rows = await q.execute();
  const shared = new SharedValues();
  return rows.map((r) => ({
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
  }));
}
