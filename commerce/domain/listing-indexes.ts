import type { Logger } from "pino";
import type { BrandId } from "../contract/common";
import type { Db } from "../db/index";
import { listingFactBatches, loadListingFacts } from "../db/listing-facts";
import { type LoadingCache, loadingCache } from "./caches";
import type { CatalogChangeFeed } from "./catalog-changes";
import { ListingIndex } from "./listing-index";

/** A site's index, and the listings changed since it was read (reloaded, just those, on its next use). */
interface SiteIndex {
  index: ListingIndex;
  stale: Set<number>;
}

/** What the cache counts for an index (lru-cache wants a positive size). */
const sizeOf = (entry: SiteIndex): number => Math.max(1, entry.index.bytes);

export interface ListingIndexSizes {
  /** What the sites' indexes may hold together, by their measured bytes. */
  indexBytes: number;
  /** What each site's index may keep of its queries' matches and counts. */
  countsBytes: number;
}

/**
 * The sites' in-memory listing indexes, each built from the database on its first use and kept in
 * step with it through the change feed. They are kept in an LRU cache by their measured size
 * (`ListingIndex.bytes`), within their share of the worker's memory budget: the catalog's size
 * decides how many sites' indexes fit, not how much memory they take. A site whose index was let
 * go is built again on its next use; one that does not fit the share on its own is built for each
 * use and never kept, so its pages are slow rather than the worker over its budget.
 */
export class ListingIndexes {
  private readonly kept: LoadingCache<SiteIndex>;
  /** Indexes being read from the database: changes made meanwhile must reach them too. */
  private readonly loading = new Set<SiteIndex>();

  constructor(
    private readonly db: Db,
    private readonly feed: CatalogChangeFeed,
    private readonly sizes: ListingIndexSizes,
    private readonly logger?: Logger,
  ) {
    this.kept = loadingCache({
      maxSize: sizes.indexBytes,
      sizeCalculation: sizeOf,
      // "evict": let go for a more recently used site; "set": measured again, it no longer fits on its own.
      dispose: (entry, site, reason) => {
        if (reason === "evict" || reason === "set") this.tooLittleRoom(site, entry);
      },
    });
    feed.subscribe((changes) => {
      if (changes === "all") return this.kept.clear();
      for (const site of [...this.kept.values(), ...this.loading]) for (const c of changes) site.stale.add(c.listingId);
    });
  }

  async get(site: BrandId): Promise<ListingIndex> {
    await this.feed.catchUp();
    const entry = await this.kept.forceFetch(site, { context: () => this.build(site) });
    // Kept by now (or refused): changes reach it through the cache.
    this.loading.delete(entry);
    if (entry.stale.size > 0) {
      const ids = [...entry.stale];
      entry.stale.clear();
      entry.index.apply(await loadListingFacts(this.db, site, ids), ids);
    }
    this.remeasure(site, entry);
    return entry.index;
  }

  /** Whether the site's index is kept (built and within the share). */
  has(site: BrandId): boolean {
    return this.kept.has(site);
  }

  /** What the kept indexes hold together, in bytes, as last measured. */
  get bytes(): number {
    return this.kept.calculatedSize;
  }

  private async build(site: BrandId): Promise<SiteIndex> {
    const entry: SiteIndex = { index: new ListingIndex(this.sizes.countsBytes), stale: new Set() };
    this.loading.add(entry);
    try {
      await entry.index.replaceAllFrom(listingFactBatches(this.db, site));
    } catch (error) {
      this.loading.delete(entry);
      throw error;
    }
    if (sizeOf(entry) > this.sizes.indexBytes) this.tooLittleRoom(site, entry);
    return entry;
  }

  /**
   * An index grows after it is kept (sort orders and name words are built on first use) and
   * changes with the catalog: measured again whenever it is used, so the cache lets go of the
   * least recently used sites (or of this one) once they no longer fit.
   */
  private remeasure(site: BrandId, entry: SiteIndex): void {
    const kept = this.kept.info(site);
    if (kept?.value === entry && kept.size !== sizeOf(entry)) this.kept.set(site, entry);
  }

  /** Each time an index is let go for room, or built too large to keep: it is built again on its site's next use. */
  private tooLittleRoom(site: string, entry: SiteIndex): void {
    this.logger?.warn(
      { site, indexMb: +(entry.index.bytes / 2 ** 20).toFixed(1), shareMb: +(this.sizes.indexBytes / 2 ** 20).toFixed(1) },
      "listing index let go: the sites' indexes do not fit their share of MEMORY_BUDGET_MB, so it is read from the database again on its next use",
    );
  }
}
