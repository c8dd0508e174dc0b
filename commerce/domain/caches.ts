import { LRUCache } from "lru-cache";

/**
 * What each of the service's caches may hold, as a share of a worker's memory budget
 * (MEMORY_BUDGET_MB). The shares add up to under the whole: the rest is for what is not a cache
 * (the code, requests under way, and the garbage they leave between collections).
 */
export const CACHE_SHARES = {
  /** The sites' listing indexes, by their measured bytes (ListingIndexes). */
  listingIndexes: 0.25,
  /** Product families and the product views made from them (ProductFamilies). */
  productFamilies: 0.2,
  /** Product and product-details answers as JSON text (CatalogService). */
  productAnswers: 0.05,
  /** Search and category pages as JSON text (SearchService). */
  searchPages: 0.05,
  /** Each search word's listings (SearchService). */
  wordListings: 0.04,
  /** Matches and facet counts of recent queries, shared by the sites' listing indexes. */
  listingCounts: 0.04,
  /** Quiz lookups' answers and beverage facts, and the question trees. */
  quizzes: 0.01,
} as const;

export type CacheSizes = Record<keyof typeof CACHE_SHARES, number>;

/** Each cache's share of a budget of `memoryBudgetMb`, in bytes. */
export function cacheSizes(memoryBudgetMb: number): CacheSizes {
  const bytes = memoryBudgetMb * 1024 * 1024;
  return Object.fromEntries(Object.entries(CACHE_SHARES).map(([name, share]) => [name, Math.floor(bytes * share)])) as CacheSizes;
}

/** Heap bytes a string takes, counted as two-byte characters (a rough upper bound). */
export const textBytes = (text: string): number => 2 * text.length + 16;

/**
 * An LRU cache of loads, asked with `forceFetch(key, { context: load })`: callers asking for a key
 * while it loads share the one load, and a load that fails is not kept, so the next caller tries
 * again. A load outlives a `clear()` under way (the catalog changed): its caller gets what it
 * read, and the cache does not keep it.
 */
export type LoadingCache<V extends NonNullable<unknown>> = LRUCache<string, V, () => Promise<V>>;

export function loadingCache<V extends NonNullable<unknown>>(
  options: LRUCache.Options<string, V, () => Promise<V>>,
  /** The name its lookups are counted under (cacheCounts). */
  name = "other",
): LoadingCache<V> {
  const counts = countsOf(name);
  const cache = new LRUCache<string, V, () => Promise<V>>({
    ...options,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => {
      counts.misses++;
      return context();
    },
  });
  const forceFetch = cache.forceFetch.bind(cache);
  cache.forceFetch = ((key: string, fetchOptions: never) => {
    counts.lookups++;
    return forceFetch(key, fetchOptions);
  }) as typeof cache.forceFetch;
  return cache;
}

/** Lookups and misses (loads) of each named cache since the process started, for the operators' metrics. */
export const cacheCounts = new Map<string, { lookups: number; misses: number }>();

/** The counts kept under `name`, made on first use. */
export function countsOf(name: string): { lookups: number; misses: number } {
  let counts = cacheCounts.get(name);
  if (!counts) cacheCounts.set(name, (counts = { lookups: 0, misses: 0 }));
  return counts;
}
