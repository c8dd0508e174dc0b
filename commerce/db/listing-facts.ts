import type { BrandId } from "../contract/common";
import type { ListingFacts } from "../domain/listing-index";
import { ListingIndex } from "../domain/listing-index";
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
 * One in-memory listing index per site, kept in step with the database: every use first reads
 * the listing change log past the last change it applied (an indexed range read that is empty
 * almost always) and reloads just those listings. Any number of processes stay consistent.
 */
export class ListingIndexes {
  private readonly sites = new Map<BrandId, Promise<{ index: ListingIndex; lastChange: number }>>();

  constructor(private readonly db: Db) {}

  async get(site: BrandId): Promise<ListingIndex> {
    let entry = this.sites.get(site);
    if (!entry) {
      entry = this.load(site);
      this.sites.set(site, entry);
      entry.catch(() => this.sites.delete(site));
    }
    const state = await entry;
    const changes = await this.db.selectFrom("listing_change").select(["id", "listing_id"]).where("id", ">", state.lastChange).orderBy("id").limit(5001).execute();
    if (changes.length > 5000) {
      this.sites.delete(site);
      return this.get(site);
    }
    if (changes.length > 0) {
      const ids = [...new Set(changes.map((c) => c.listing_id))];
      const facts = await loadFacts(this.db, site, ids);
      state.index.apply(facts, ids);
      state.lastChange = Math.max(state.lastChange, ...changes.map((c) => c.id));
    }
    return state.index;
  }

  private async load(site: BrandId) {
    // Read the change position first: anything changed during the load is applied again after.
    const last = await this.db.selectFrom("listing_change").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
    const index = new ListingIndex();
    index.replaceAll(await loadFacts(this.db, site));
    return { index, lastChange: Number(last?.id ?? 0) };
  }
}
