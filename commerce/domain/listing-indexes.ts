import type { BrandId } from "../contract/common";
import type { Db } from "../db/index";
import { listingFactBatches, loadListingFacts } from "../db/listing-facts";
import type { CatalogChangeFeed } from "./catalog-changes";
import { ListingIndex } from "./listing-index";

/**
 * One in-memory listing index per site, kept in step with the database through the change feed:
 * changed listings are reloaded (just those) the next time the site's index is used.
 */
export class ListingIndexes {
  private readonly sites = new Map<BrandId, { index: Promise<ListingIndex>; stale: Set<number> }>();

  constructor(
    private readonly db: Db,
    private readonly feed: CatalogChangeFeed,
    /** What each site's index may keep of its queries' matches and counts. */
    private readonly countsBytes: number,
  ) {
    feed.subscribe((changes) => {
      if (changes === "all") return this.sites.clear();
      for (const entry of this.sites.values()) for (const c of changes) entry.stale.add(c.listingId);
    });
  }

  async get(site: BrandId): Promise<ListingIndex> {
    await this.feed.catchUp();
    let entry = this.sites.get(site);
    if (!entry) {
      const ix = new ListingIndex(this.countsBytes);
      const index = ix.replaceAllFrom(listingFactBatches(this.db, site)).then(() => ix);
      entry = { index, stale: new Set() };
      this.sites.set(site, entry);
      index.catch(() => this.sites.delete(site));
    }
    const index = await entry.index;
    if (entry.stale.size > 0) {
      const ids = [...entry.stale];
      entry.stale.clear();
      index.apply(await loadListingFacts(this.db, site, ids), ids);
    }
    return index;
  }
}
