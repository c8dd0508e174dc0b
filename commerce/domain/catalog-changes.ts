import { type CatalogChange, lastListingChangeId, listingChangesAfter, pruneListingChanges } from "../db/catalog-changes";
import type { Db } from "../db/index";

export type { CatalogChange };

/** Past this many changes at once, listeners are told "all" and rebuild from the tables. */
const FULL_RELOAD_AFTER = 5000;

/**
 * Follows the listing change log so in-memory views of the catalog (the facet index, the product
 * cache) stay current in every process. Whatever changes what a product shows (prices, stock,
 * texts) must go through rebuildListings, which appends to the log.
 */
export class CatalogChangeFeed {
  private lastId = -1;
  private lastRead = 0;
  private lastPruned = Date.now();
  private pending: Promise<void> | null = null;
  private readonly listeners: ((changes: CatalogChange[] | "all") => void)[] = [];

  private readonly intervalMs: number;
  private readonly pruneEveryMs: number;
  private readonly keepChanges: number;

  /**
   * `intervalMs`: how often the log is read at most. Other processes' changes show within that
   * time; this process's own writes call catchUp({ force: true }) and show at once.
   * `pruneEveryMs` / `keepChanges`: how often the log is trimmed to its newest entries, so a
   * long-running store's log stays bounded.
   */
  constructor(
    private readonly db: Db,
    options: { intervalMs: number; pruneEveryMs?: number; keepChanges?: number },
  ) {
    this.intervalMs = options.intervalMs;
    this.pruneEveryMs = options.pruneEveryMs ?? 10 * 60_000;
    this.keepChanges = options.keepChanges ?? 100_000;
  }

  subscribe(listener: (changes: CatalogChange[] | "all") => void): void {
    this.listeners.push(listener);
  }

  /** Reads changes past the last one seen and tells every listener; concurrent callers share one read. */
  catchUp(options: { force?: boolean } = {}): Promise<void> {
    // A forced read must start after any read already under way (which may predate the write).
    if (this.pending) return options.force ? this.pending.then(() => this.catchUp(options)) : this.pending;
    const now = Date.now();
    if (!options.force && this.lastId >= 0 && now - this.lastRead < this.intervalMs) return Promise.resolve();
    this.lastRead = now;
    this.pending = this.read()
      .then(() => this.pruneWhenDue(now))
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  // Safe from any process: every process has read far past what is trimmed, and one that falls
  // further behind than the trimmed log gets "all" and rebuilds from the tables.
  private async pruneWhenDue(now: number): Promise<void> {
    if (now - this.lastPruned < this.pruneEveryMs) return;
    this.lastPruned = now;
    await pruneListingChanges(this.db, this.keepChanges);
  }

  private async read(): Promise<void> {
    if (this.lastId < 0) {
      this.lastId = await lastListingChangeId(this.db);
      return;
    }
    const rows = await listingChangesAfter(this.db, this.lastId, FULL_RELOAD_AFTER + 1);
    if (rows.length === 0) return;
    this.lastId = rows[rows.length - 1]!.id;
    const changes = rows.length > FULL_RELOAD_AFTER ? "all" : rows.map((r) => ({ listingId: r.listingId, baseCode: r.baseCode }));
    for (const l of this.listeners) l(changes);
  }
}
