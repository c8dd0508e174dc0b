import type { BrandId } from "../contract/common";
import type { ListingFacts } from "../domain/listing-index";
import { ListingIndex } from "../domain/listing-index";
import type { CatalogChangeFeed } from "./catalog-changes";
import type { Db } from "./index";

const list = (s: string) => (s ? s.split(",") : []);

async function loadFacts(db: Db, site: BrandId, ids?: readonly number[]): Promise<ListingFacts[]> {
  let q = db
    .selectFrom("listing")
    .innerJoin("listing_offer", (j) => j.onRef("listing_offer.listing_id", "=", "listing.id").on("listing_offer.site", "=", site))
    .selectAll("listing")
    .select(["listing_offer.min_price", "listing_offer.in_stock"]);
  if (ids) q = q.where("listing.id", "in", ids);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    baseCode: r.base_code,
    productType: r.product_type,
    brand: r.brand_name,
    roast: r.roast,
    flavor: r.flavor,
    caffeine: r.caffeine,
    series: r.series,
    categories: list(r.categories),
    packTypes: list(r.pack_types),
    packSizes: list(r.pack_sizes),
    colors: list(r.colors),
    nameEn: r.name_en,
    nameFr: r.name_fr,
    salesRank: r.sales_rank,
    createdAt: r.created_at,
    minPrice: r.min_price,
    inStock: r.in_stock === 1,
  }));
}

/**
 * One in-memory listing index per site, kept in step with the database through the change feed:
 * changed listings are reloaded (just those) the next time the site's index is used.
 */
export class ListingIndexes {
  private readonly sites = new Map<BrandId, { index: Promise<ListingIndex>; stale: Set<number> }>();

  constructor(private readonly db: Db, private readonly feed: CatalogChangeFeed) {
    feed.subscribe((changes) => {
      if (changes === "all") return this.sites.clear();
      for (const entry of this.sites.values()) for (const c of changes) entry.stale.add(c.listingId);
    });
  }

  async get(site: BrandId): Promise<ListingIndex> {
    await this.feed.catchUp();
    let entry = this.sites.get(site);
    if (!entry) {
      const index = loadFacts(this.db, site).then((facts) => {
        const ix = new ListingIndex();
        ix.replaceAll(facts);
        return ix;
      });
      entry = { index, stale: new Set() };
      this.sites.set(site, entry);
      index.catch(() => this.sites.delete(site));
    }
    const index = await entry.index;
    if (entry.stale.size > 0) {
      const ids = [...entry.stale];
      entry.stale.clear();
      index.apply(await loadFacts(this.db, site, ids), ids);
    }
    return index;
  }
}
