import type { Lang } from "../contract/common";
import { FACET_KEYS, type FacetKey, type SortCode } from "../contract/search";
import { LRUCache } from "lru-cache";
import type { ListingFacts } from "../db/listing-facts";
import { normalizeSearchText } from "../db/search-text";
import { textBytes } from "./caches";

/** One listing as the index holds it (site-specific: price and stock are this site's). */
export type { ListingFacts };

/** Price bands in minor units (the same numbers in USD and CAD). */
export const PRICE_BANDS: { code: string; min: number; max: number }[] = [
  { code: "0-15", min: 0, max: 1500 },
  { code: "15-25", min: 1500, max: 2500 },
  { code: "25-50", min: 2500, max: 5000 },
  { code: "50-100", min: 5000, max: 10000 },
  { code: "100-200", min: 10000, max: 20000 },
  { code: "200+", min: 20000, max: Number.MAX_SAFE_INTEGER },
];

function priceBand(minor: number): string {
  return PRICE_BANDS.find((b) => minor >= b.min && minor < b.max)!.code;
}

function valuesOf(f: ListingFacts, key: FacetKey): readonly string[] {
  switch (key) {
    case "category":
      return f.categories;
    case "type":
      return [f.productType];
    case "brand":
      return [f.brand];
    case "roast":
      return f.roast ? [f.roast] : [];
    case "flavour":
      return f.flavor ? [f.flavor] : [];
    case "caffeine":
      return f.caffeine ? [f.caffeine] : [];
    case "packType":
      return f.packTypes;
    case "packSize":
      return f.packSizes;
    case "series":
      return f.series ? [f.series] : [];
    case "colour":
      return f.colors;
    case "price":
      return [priceBand(f.minPrice)];
    case "availability":
      return f.inStock ? ["inStock"] : [];
  }
}

export interface IndexQuery {
  lang: Lang;
  /** Only listings in this category (by code), if given. */
  category?: string;
  /**
   * Only these listings, if given (the text matches, each id once); for relevance, names holding
   * every word rank first.
   */
  text?: { ids: ArrayLike<number>; words: readonly string[] };
  filters: readonly [FacetKey, string][];
  sort: SortCode;
  page: number;
  pageSize: number;
  /** false: no facet counts and no exact total (carousels), so the walk stops at the page's end. */
  facets?: boolean;
}

export interface IndexResult {
  baseCodes: string[];
  total: number;
  /** Per facet: value → count, counted as if that facet's own selection were not applied. */
  facetCounts: Map<FacetKey, Map<string, number>>;
}

/**
 * A query's matches: their positions when they are few (at most one in 16 of the site), so the page
 * and its name ranking visit just them; otherwise one flag per listing, for the walk along the
 * sort order.
 */
type Matches = { positions: Int32Array; flags?: undefined } | { flags: Uint8Array; positions?: undefined };

interface Counted {
  matches: Matches;
  total: number;
  /** Per facet (in FACET_KEYS order): count per value id. */
  counts: Int32Array[];
  facetCounts: Map<FacetKey, Map<string, number>>;
}

/** A remembered count's rough size: its typed arrays, and its facet counts' entries. */
function countedBytes(c: Counted): number {
  const arrays = (c.matches.positions ?? c.matches.flags).byteLength + c.counts.reduce((n, counts) => n + counts.byteLength, 0);
  let entries = 0;
  for (const values of c.facetCounts.values()) entries += values.size;
  return arrays + 64 * entries + 256;
}

/** One facet's values for every listing, as interned ids in compressed-row form. */
interface FacetColumn {
  names: string[];
  ids: Map<string, number>;
  /** Listing i's value ids are data[offsets[i]] … data[offsets[i + 1] - 1]. */
  offsets: Int32Array;
  data: Int32Array;
}

/**
 * The words of every listing's name in one language, as ids into `words`, in compressed-row form:
 * listing i's name holds words data[offsets[i]] … data[offsets[i + 1] - 1].
 */
interface NameWords {
  words: string[];
  offsets: Int32Array;
  data: Int32Array;
}

/**
 * Listings that share every facet value (category, brand, roast, pack, price band, stock…) share a
 * signature: a 100,000-product catalog has a few hundred of them. A query's counts are tallied per
 * signature, one addition per matching listing, and each signature touched then adds its count to
 * its values, instead of every listing adding to each of its values in every facet.
 */
interface Signatures {
  /** Listing i's signature. */
  of: Int32Array;
  /** Signature s holds the values (slots[j], values[j]) for j in offsets[s] … offsets[s + 1] - 1. */
  offsets: Int32Array;
  slots: Int32Array;
  values: Int32Array;
}

function buildSignatures(columns: readonly FacetColumn[], listings: number): Signatures {
  // Facet by facet, a listing's signature so far and its values in this facet name its next one.
  // Keys are numbers, not strings: this runs again on every catalog change. A facet's values get
  // fewer ids than its values plus its listings, so `signature × span + values` names one pair.
  let of = new Int32Array(listings);
  // Signatures so far: every listing starts in one (none when there are no listings).
  let signatureCount = listings > 0 ? 1 : 0;
  for (const col of columns) {
    const span = col.names.length + 2 + listings;
    const next = new Int32Array(listings);
    const signatures = new Map<number, number>();
    const valueLists = new Map<string, number>();
    for (let i = 0; i < listings; i++) {
      const from = col.offsets[i]!;
      const count = col.offsets[i + 1]! - from;
      let values = count === 0 ? 0 : col.data[from]! + 1;
      if (count > 1) {
        const list = col.data.subarray(from, from + count).join(",");
        const known = valueLists.get(list);
        values = known ?? col.names.length + 1 + valueLists.size;
        if (known === undefined) valueLists.set(list, values);
      }
      const key = of[i]! * span + values;
      let id = signatures.get(key);
      if (id === undefined) {
        id = signatures.size;
        signatures.set(key, id);
      }
      next[i] = id;
    }
    of = next;
    signatureCount = signatures.size;
  }
  // Each signature's values, read from the first listing that has it.
  const first = new Int32Array(signatureCount).fill(-1);
  for (let i = 0; i < listings; i++) if (first[of[i]!] === -1) first[of[i]!] = i;
  const offsets = new Int32Array(signatureCount + 1);
  const slots: number[] = [];
  const values: number[] = [];
  for (let s = 0; s < signatureCount; s++) {
    const i = first[s]!;
    columns.forEach((col, slot) => {
      for (let j = col.offsets[i]!; j < col.offsets[i + 1]!; j++) {
        slots.push(slot);
        values.push(col.data[j]!);
      }
    });
    offsets[s + 1] = slots.length;
  }
  return { of, offsets, slots: Int32Array.from(slots), values: Int32Array.from(values) };
}

/** Working space for counting over this many listings and signatures (see ListingIndex.scratch). */
function workingSpace(listings: number, signatures: number) {
  return {
    positions: new Int32Array(listings),
    others: new Int32Array(listings),
    recorded: new Int32Array(Math.floor(listings / 16)),
    flags: new Uint8Array(listings),
    /** Per signature: its count in the current tally (0 outside one), and the signatures touched. */
    bySignature: new Int32Array(signatures),
    touched: new Int32Array(signatures),
  };
}

/**
 * Texts of every listing (codes, names) in one string: listing i's is text[offsets[i]] …
 * text[offsets[i + 1] - 1]. One string instead of one per listing: 100,000 short strings cost
 * their headers and pointers again, in the heap every full collection walks.
 */
class PackedTexts {
  /** 1 when every character fits in one byte, as V8 then stores the string (Latin-1 covers French); else 2. */
  private readonly charBytes: 1 | 2;

  private constructor(
    private readonly text: string,
    private readonly offsets: Int32Array,
  ) {
    let wide = false;
    for (let k = 0; k < text.length && !wide; k++) wide = text.charCodeAt(k) > 0xff;
    this.charBytes = wide ? 2 : 1;
  }

  static of(texts: readonly string[]): PackedTexts {
    const offsets = new Int32Array(texts.length + 1);
    texts.forEach((t, i) => {
      offsets[i + 1] = offsets[i]! + t.length;
    });
    return new PackedTexts(texts.join(""), offsets);
  }

  at(i: number): string {
    return this.text.slice(this.offsets[i], this.offsets[i + 1]);
  }

  get bytes(): number {
    return this.charBytes * this.text.length + 16 + this.offsets.byteLength;
  }
}

/** Heap bytes of interned names (an upper bound), with their map entries. */
const namesBytes = (names: Iterable<string>): number => {
  let bytes = 0;
  for (const n of names) bytes += textBytes(n) + 48;
  return bytes;
};

/**
 * A site's listings, held once, as columns: each facet's values in its `FacetColumn` (a listing's
 * brand, roast, categories… are read back from there), the rest in typed arrays and packed texts.
 * No object per listing: 100,000 listings held as objects were about 29 MB of one worker's heap.
 */
interface Listings {
  count: number;
  ids: Int32Array;
  baseCodes: PackedTexts;
  names: Record<Lang, PackedTexts>;
  salesRank: Int32Array;
  minPrice: Float64Array;
  /** The distinct creation dates in ascending order, and each listing's place among them. */
  dates: string[];
  createdAt: Int32Array;
  columns: Map<FacetKey, FacetColumn>;
}

/** Gathers listings one at a time (the database's batches) into columns. */
class ListingsBuilder {
  private readonly ids: number[] = [];
  private readonly baseCodes: string[] = [];
  private readonly names: Record<Lang, string[]> = { en: [], fr: [] };
  private readonly salesRank: number[] = [];
  private readonly minPrice: number[] = [];
  private readonly createdAt: string[] = [];
  private readonly columns = FACET_KEYS.map((key) => ({ key, ids: new Map<string, number>(), names: [] as string[], offsets: [0], data: [] as number[] }));

  add(f: ListingFacts): void {
    this.ids.push(f.id);
    this.baseCodes.push(f.baseCode);
    this.names.en.push(f.nameEn);
    this.names.fr.push(f.nameFr);
    this.salesRank.push(f.salesRank);
    this.minPrice.push(f.minPrice);
    this.createdAt.push(f.createdAt);
    for (const col of this.columns) {
      for (const v of valuesOf(f, col.key)) {
        let id = col.ids.get(v);
        if (id === undefined) {
          id = col.names.length;
          col.ids.set(v, id);
          col.names.push(v);
        }
        col.data.push(id);
      }
      col.offsets.push(col.data.length);
    }
  }

  finish(): Listings {
    const dates = [...new Set(this.createdAt)].sort();
    const dateIds = new Map(dates.map((d, i) => [d, i]));
    return {
      count: this.ids.length,
      ids: Int32Array.from(this.ids),
      baseCodes: PackedTexts.of(this.baseCodes),
      names: { en: PackedTexts.of(this.names.en), fr: PackedTexts.of(this.names.fr) },
      salesRank: Int32Array.from(this.salesRank),
      minPrice: Float64Array.from(this.minPrice),
      dates,
      createdAt: Int32Array.from(this.createdAt, (d) => dateIds.get(d)!),
      columns: new Map(
        this.columns.map((col) => [col.key, { names: col.names, ids: col.ids, offsets: Int32Array.from(col.offsets), data: Int32Array.from(col.data) }]),
      ),
    };
  }
}

/** Listing i as the database gave it, read back from the columns (the inverse of `valuesOf`). */
function factsAt(l: Listings, i: number): ListingFacts {
  const all = (key: FacetKey): string[] => {
    const col = l.columns.get(key)!;
    return Array.from(col.data.subarray(col.offsets[i], col.offsets[i + 1]), (id) => col.names[id]!);
  };
  const one = (key: FacetKey): string | null => all(key)[0] ?? null;
  return {
    id: l.ids[i]!,
    baseCode: l.baseCodes.at(i),
    productType: one("type")!,
    brand: one("brand")!,
    roast: one("roast"),
    flavor: one("flavour"),
    caffeine: one("caffeine"),
    series: one("series"),
    categories: all("category"),
    packTypes: all("packType"),
    packSizes: all("packSize"),
    colors: all("colour"),
    nameEn: l.names.en.at(i),
    nameFr: l.names.fr.at(i),
    salesRank: l.salesRank[i]!,
    createdAt: l.dates[l.createdAt[i]!]!,
    minPrice: l.minPrice[i]!,
    inStock: all("availability").length > 0,
  };
}

function buildNameWords(listings: Listings, lang: Lang): NameWords {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const offsets = new Int32Array(listings.count + 1);
  const data: number[] = [];
  for (let i = 0; i < listings.count; i++) {
    offsets[i] = data.length;
    for (const w of normalizeSearchText(listings.names[lang].at(i)).split(" ")) {
      let id = ids.get(w);
      if (id === undefined) {
        id = words.length;
        ids.set(w, id);
        words.push(w);
      }
      data.push(id);
    }
  }
  offsets[listings.count] = data.length;
  return { words, offsets, data: Int32Array.from(data) };
}

/**
 * What a query's matches and counts depend on: its scope, text and filters (not its sort or page).
 * It starts with "text|" when the query has words, so the counts of searches can be forgotten apart.
 */
function countedKey(q: IndexQuery): string {
  return `${q.text ? "text" : "all"}|${JSON.stringify([q.category ?? "", q.text ? q.text.words : null, q.text?.ids.length ?? -1, [...q.filters].sort()])}`;
}

const SORTS: readonly SortCode[] = ["relevance", "bestsellers", "price-asc", "price-desc", "name-asc", "newest"];

/**
 * An in-memory index of one site's listings for facet counting, filtering, sorting and paging.
 * The database stays the source of truth; the index is rebuilt from it and kept current through
 * the listing change log. One pass over the listings counts every facet disjunctively (a value's
 * count ignores the other values selected in its own facet); facet values are interned integers
 * in flat typed arrays, counted per signature, and the pass works in space the index keeps, so a
 * 100,000-product site answers in well under a millisecond.
 */
export class ListingIndex {
  private listings!: Listings;
  /** Listing id → position in `listings` (-1: not on this site). */
  private position = new Int32Array(0);
  private nameWords = new Map<Lang, NameWords>();
  private columns!: Map<FacetKey, FacetColumn>;
  private categoryColumn!: FacetColumn;
  private signatures!: Signatures;
  /**
   * Working space a count reuses instead of allocating: a new search on 100,000 listings had
   * allocated about half a megabyte of typed arrays, memory outside V8's heap that V8 answers with
   * a full garbage collection every time enough of it has been allocated. Used only within one
   * synchronous call; what a count keeps is copied out.
   */
  private scratch = workingSpace(0, 0);
  /** Per sort: positions in sort order, and each position's place in it. */
  private orders = new Map<string, { order: Int32Array; rank: Int32Array }>();
  private vocabularies = new Map<Lang, Set<string>>();
  /** What `bytes` answers: counted when the listings are indexed, and as each part is built. */
  private heldBytes = 0;
  /**
   * Matches and facet counts of recent queries (by scope, text and filters; sort and page do not
   * change them), as a search engine's query cache: head queries repeat. Cleared on any change.
   */
  private readonly counted: LRUCache<string, Counted, IndexQuery>;

  /** `countsBytes`: what the remembered matches and counts may take together. */
  constructor(countsBytes = 8 * 1024 * 1024) {
    this.counted = new LRUCache({ maxSize: countsBytes, sizeCalculation: countedBytes, memoMethod: (_key, _old, { context }) => this.count(context) });
    this.reindex(new ListingsBuilder().finish());
  }

  /** How many listings the site has. */
  get size(): number {
    return this.listings.count;
  }

  /**
   * What the index holds, in bytes: its columns, sort orders, name words, vocabularies and working
   * space (typed arrays by their length, texts at the one or two bytes a character V8 stores them
   * in, interned names and words with their entries, roughly). Not the remembered counts,
   * which have their own share (`countsBytes`). It grows as sort orders and name words are built
   * on first use, and with the catalog.
   */
  get bytes(): number {
    return this.heldBytes;
  }

  replaceAll(facts: Iterable<ListingFacts>): void {
    const builder = new ListingsBuilder();
    for (const f of facts) builder.add(f);
    this.reindex(builder.finish());
  }

  /** The same from batches as the database reads them, never holding all of them at once. */
  async replaceAllFrom(batches: AsyncIterable<readonly ListingFacts[]>): Promise<void> {
    const builder = new ListingsBuilder();
    for await (const batch of batches) for (const f of batch) builder.add(f);
    this.reindex(builder.finish());
  }

  /** Applies changed listings: present ones are replaced or added, `removedIds` dropped. */
  apply(changed: ListingFacts[], removedIds: readonly number[]): void {
    const gone = new Set(removedIds);
    for (const f of changed) gone.add(f.id);
    const builder = new ListingsBuilder();
    for (let i = 0; i < this.listings.count; i++) if (!gone.has(this.listings.ids[i]!)) builder.add(factsAt(this.listings, i));
    for (const f of changed) builder.add(f);
    this.reindex(builder.finish());
  }

  private reindex(listings: Listings): void {
    this.listings = listings;
    const maxId = listings.ids.reduce((m, id) => Math.max(m, id), 0);
    this.position = new Int32Array(maxId + 1).fill(-1);
    listings.ids.forEach((id, i) => {
      this.position[id] = i;
    });
    this.nameWords.clear();
    this.counted.clear();
    this.columns = listings.columns;
    this.categoryColumn = this.columns.get("category")!;
    this.signatures = buildSignatures(
      FACET_KEYS.map((k) => this.columns.get(k)!),
      listings.count,
    );
    this.scratch = workingSpace(listings.count, this.signatures.offsets.length - 1);
    this.orders.clear();
    this.vocabularies.clear();
    let bytes = listings.ids.byteLength + listings.salesRank.byteLength + listings.minPrice.byteLength + listings.createdAt.byteLength;
    bytes += namesBytes(listings.dates) + listings.baseCodes.bytes + listings.names.en.bytes + listings.names.fr.bytes + this.position.byteLength;
    for (const col of this.columns.values()) bytes += col.offsets.byteLength + col.data.byteLength + namesBytes(col.names);
    const sig = this.signatures;
    bytes += sig.of.byteLength + sig.offsets.byteLength + sig.slots.byteLength + sig.values.byteLength;
    this.heldBytes = bytes + Object.values(this.scratch).reduce((n, a) => n + a.byteLength, 0);
  }

  private order(sort: SortCode, lang: Lang): { order: Int32Array; rank: Int32Array } {
    // Relevance without text is best sellers: the same order, kept once.
    const key = sort === "name-asc" ? `${sort}:${lang}` : sort === "relevance" ? "bestsellers" : sort;
    let sorted = this.orders.get(key);
    if (!sorted) {
      const l = this.listings;
      const idx = Array.from({ length: l.count }, (_, i) => i);
      const { salesRank, ids, minPrice, createdAt } = l;
      const byRank = (a: number, b: number) => salesRank[a]! - salesRank[b]! || ids[a]! - ids[b]!;
      const byName = (): ((a: number, b: number) => number) => {
        const collator = new Intl.Collator(lang === "fr" ? "fr-CA" : "en-US", { sensitivity: "base" });
        const names = Array.from(idx, (i) => l.names[lang].at(i));
        return (a, b) => collator.compare(names[a]!, names[b]!) || byRank(a, b);
      };
      const cmp: Record<SortCode, () => (a: number, b: number) => number> = {
        relevance: () => byRank,
        bestsellers: () => byRank,
        "price-asc": () => (a, b) => minPrice[a]! - minPrice[b]! || byRank(a, b),
        "price-desc": () => (a, b) => minPrice[b]! - minPrice[a]! || byRank(a, b),
        "name-asc": byName,
        // Dates are held by their place among the site's dates, in ascending order.
        newest: () => (a, b) => createdAt[b]! - createdAt[a]! || byRank(a, b),
      };
      const order = Int32Array.from(idx.sort(cmp[sort]()));
      const rank = new Int32Array(order.length);
      order.forEach((i, k) => {
        rank[i] = k;
      });
      sorted = { order, rank };
      this.orders.set(key, sorted);
      this.heldBytes += order.byteLength + rank.byteLength;
    }
    return sorted;
  }

  /** Words of the site's product names and brands, for did-you-mean and typeahead. */
  vocabulary(lang: Lang): Set<string> {
    let v = this.vocabularies.get(lang);
    if (!v) {
      v = new Set<string>();
      const brands = this.columns.get("brand")!;
      for (let i = 0; i < this.listings.count; i++) {
        const brand = brands.names[brands.data[brands.offsets[i]!]!]!;
        for (const w of normalizeSearchText(`${this.listings.names[lang].at(i)} ${brand}`).split(" ")) if (w.length > 2) v.add(w);
      }
      this.vocabularies.set(lang, v);
      this.heldBytes += namesBytes(v);
    }
    return v;
  }

  /**
   * Words shoppers search with: the vocabulary, and the words of the descriptive facets' values
   * (roasts, flavours, caffeine, product types), which descriptions hold but names may not.
   */
  searchWords(lang: Lang): Set<string> {
    const words = new Set(this.vocabulary(lang));
    for (const key of ["roast", "flavour", "caffeine", "type"] as const) {
      for (const value of this.columns.get(key)!.names) for (const w of normalizeSearchText(value).split(" ")) if (w.length > 2) words.add(w);
    }
    return words;
  }

  /**
   * Builds now what the first query would otherwise build: every sort order, the name words and
   * the vocabulary of these languages. A worker calls it before it takes traffic.
   */
  warm(langs: readonly Lang[]): void {
    for (const lang of langs) {
      for (const sort of SORTS) this.order(sort, lang);
      // The whole site's counts: a search matching most of it is counted from them.
      this.query({ lang, filters: [], sort: "bestsellers", page: 0, pageSize: 1 });
      this.namesOf(lang);
      this.vocabulary(lang);
    }
  }

  private namesOf(lang: Lang): NameWords {
    let names = this.nameWords.get(lang);
    if (!names) {
      names = buildNameWords(this.listings, lang);
      this.nameWords.set(lang, names);
      this.heldBytes += names.offsets.byteLength + names.data.byteLength + namesBytes(names.words);
    }
    return names;
  }

  /**
   * Per query word, which of the language's name words hold it: one starts with the other (plurals
   * and stems), the name word at least 4 letters long for the shorter-name direction.
   */
  private nameWordsHolding(words: readonly string[], names: NameWords): Uint8Array[] {
    return words.map((w) => {
      const holding = new Uint8Array(names.words.length);
      names.words.forEach((n, id) => {
        if (n.startsWith(w) || (n.length >= 4 && w.startsWith(n))) holding[id] = 1;
      });
      return holding;
    });
  }

  /** Whether listing i's name holds every query word. */
  private static nameHoldsAll(i: number, holding: readonly Uint8Array[], names: NameWords): boolean {
    for (const h of holding) {
      let held = false;
      for (let j = names.offsets[i]!; j < names.offsets[i + 1]! && !held; j++) held = h[names.data[j]!] === 1;
      if (!held) return false;
    }
    return true;
  }

  private positionOf(id: number): number {
    return id < this.position.length ? this.position[id]! : -1;
  }

  /**
   * Where the text's matching listings (by id) are in `listings`; ids not on this site are left out.
   * In the index's working space: valid until the next call.
   */
  private textPositions(ids: ArrayLike<number>): Int32Array {
    const positions = this.scratch.positions;
    let found = 0;
    for (let k = 0; k < ids.length; k++) {
      const p = this.positionOf(ids[k]!);
      if (p >= 0) positions[found++] = p;
    }
    return positions.subarray(0, found);
  }

  /** One flag per listing: 1 at these positions. */
  private marked(positions: Int32Array, flags = new Uint8Array(this.listings.count)): Uint8Array {
    for (let k = 0; k < positions.length; k++) flags[positions[k]!] = 1;
    return flags;
  }

  /** Runs `use` with the index's flags set at these positions, and clears them after. */
  private withMarked<T>(positions: Int32Array, use: (flags: Uint8Array) => T): T {
    const flags = this.marked(positions, this.scratch.flags);
    try {
      return use(flags);
    } finally {
      for (let k = 0; k < positions.length; k++) flags[positions[k]!] = 0;
    }
  }

  /** The chosen value ids of each facet with a choice (slot: the facet's place in FACET_KEYS). */
  private selections(filters: readonly [FacetKey, string][]): { col: FacetColumn; slot: number; wanted: Uint8Array }[] {
    const chosen: { col: FacetColumn; slot: number; wanted: Uint8Array }[] = [];
    for (const [key, value] of filters) {
      const col = this.columns.get(key)!;
      let entry = chosen.find((c) => c.col === col);
      if (!entry) {
        entry = { col, slot: FACET_KEYS.indexOf(key), wanted: new Uint8Array(col.names.length) };
        chosen.push(entry);
      }
      const id = col.ids.get(value);
      if (id !== undefined) entry.wanted[id] = 1;
    }
    return chosen;
  }

  /** The category's value id in the category column: -1 without a category, -2 for one no listing is in. */
  private categoryIdOf(q: IndexQuery): number {
    return q.category === undefined ? -1 : (this.categoryColumn.ids.get(q.category) ?? -2);
  }

  query(q: IndexQuery): IndexResult {
    if (q.facets === false) return this.walk(q);
    const { matches, total, facetCounts } = this.counted.memo(countedKey(q), { context: q });
    const { order, rank } = this.order(q.sort === "relevance" && !q.text ? "bestsellers" : q.sort, q.lang);
    const start = q.page * q.pageSize;
    const end = Math.min(start + q.pageSize, total);
    if (start >= end) return { baseCodes: [], total, facetCounts };

    // Relevance for text: listings whose name holds every word first, then the rest; best sellers
    // first within each.
    const names = q.sort === "relevance" && q.text ? this.namesOf(q.lang) : null;
    const holding = names ? this.nameWordsHolding(q.text!.words, names) : [];
    const n = this.listings.count;
    let positions: Int32Array;
    if (matches.positions) {
      const matching = matches.positions;
      // Few matches: sort them by their place in the order (names first: their places shifted
      // below everyone else's) rather than walk the whole order to find them.
      const places = new Int32Array(total);
      for (let k = 0; k < total; k++) {
        const i = matching[k]!;
        places[k] = rank[i]! + (names && !ListingIndex.nameHoldsAll(i, holding, names) ? n : 0);
      }
      places.sort();
      positions = places.subarray(start, end).map((place) => order[place % n]!);
    } else {
      const flags = matches.flags;
      // Many matches: walk the order and stop once the page is full, so a broad query costs what a
      // narrow one does. With names first, the walk keeps the first page's worth of name matches and
      // of the others, and stops once it has the name matches' share; a query word no name holds
      // means no name holds them all.
      const nameFirst = names && holding.every((h) => h.includes(1)) ? names : null;
      const first = new Int32Array(end);
      const others = new Int32Array(end);
      let firstCount = 0;
      let othersCount = 0;
      for (let k = 0; k < n && firstCount < end; k++) {
        const i = order[k]!;
        if (flags[i] !== 1) continue;
        if (!nameFirst || ListingIndex.nameHoldsAll(i, holding, nameFirst)) first[firstCount++] = i;
        else if (othersCount < end) others[othersCount++] = i;
      }
      // Fewer name matches than the page's end: the walk went through the whole order, so `first`
      // holds every one of them and the others follow.
      const inOrder = new Int32Array(firstCount + othersCount);
      inOrder.set(first.subarray(0, firstCount));
      inOrder.set(others.subarray(0, othersCount), firstCount);
      positions = inOrder.subarray(start, end);
    }
    const baseCodes = Array.from(positions, (i) => this.listings.baseCodes.at(i));
    return { baseCodes, total, facetCounts };
  }

  /**
   * Which listings in scope match, how many, and every facet's counts. A text query visits only
   * its matches; one matching most of the site visits the few listings it does not match instead,
   * taking them off the answer of the same query without text (remembered, as category and
   * filter pages ask for it too). Either way no count visits more than half of the listings (finding
   * the ones outside the text reads one flag per listing).
   */
  private count(q: IndexQuery): Counted {
    if (!q.text) return this.tally(q, null, null);
    const n = this.listings.count;
    const scope = this.textPositions(q.text.ids);
    if (scope.length * 2 <= n) return this.tally(q, scope, null);
    const withoutText = { ...q, text: undefined };
    const everything = this.counted.memo(countedKey(withoutText), { context: withoutText });
    const outside = this.scratch.others;
    let m = 0;
    this.withMarked(scope, (inText) => {
      for (let i = 0; i < n; i++) if (inText[i] === 0) outside[m++] = i;
    });
    return this.tally(q, outside.subarray(0, m), everything);
  }

  /**
   * One pass over `visits` (every listing when null). Without `from`, each visited listing adds
   * to the counts it belongs to; with `from`, it is taken off `from`'s counts and matches instead.
   */
  private tally(q: IndexQuery, visits: Int32Array | null, from: Counted | null): Counted {
    const n = this.listings.count;
    const keys = FACET_KEYS;
    const cols = keys.map((k) => this.columns.get(k)!);
    const active = this.selections(q.filters);
    const categoryId = this.categoryIdOf(q);
    const cat = this.categoryColumn;

    const step = from ? -1 : 1;
    const counts = from ? from.counts.map((c) => c.slice()) : cols.map((c) => new Int32Array(c.names.length));
    // Flags from the start when taking off; otherwise positions until they stop being few.
    let flags: Uint8Array | null = null;
    if (from) flags = from.matches.flags ? from.matches.flags.slice() : this.marked(from.matches.positions);
    let total = from ? from.total : 0;
    const sig = this.signatures;
    const { bySignature, touched } = this.scratch;
    let touchedCount = 0;
    const visitCount = visits ? visits.length : n;
    const recorded = this.scratch.recorded;
    for (let v = 0; v < visitCount; v++) {
      const i = visits ? visits[v]! : v;
      if (categoryId !== -1) {
        let found = false;
        for (let j = cat.offsets[i]!; j < cat.offsets[i + 1]!; j++) if (cat.data[j] === categoryId) found = true;
        if (!found) continue;
      }
      let failedSlot = -1;
      let failures = 0;
      for (const a of active) {
        let ok = false;
        for (let j = a.col.offsets[i]!; j < a.col.offsets[i + 1]!; j++) if (a.wanted[a.col.data[j]!] === 1) ok = true;
        if (!ok) {
          failures++;
          failedSlot = a.slot;
          if (failures > 1) break;
        }
      }
      if (failures > 1) continue;
      if (failures === 1) {
        // Counts toward its failed facet only: choosing one of those values would include it.
        const col = cols[failedSlot]!;
        const c = counts[failedSlot]!;
        for (let j = col.offsets[i]!; j < col.offsets[i + 1]!; j++) c[col.data[j]!]! += step;
        continue;
      }
      if (flags) flags[i] = from ? 0 : 1;
      else if (total < recorded.length) recorded[total] = i;
      else {
        flags = this.marked(recorded);
        flags[i] = 1;
      }
      total += step;
      const s = sig.of[i]!;
      if (bySignature[s] === 0) touched[touchedCount++] = s;
      bySignature[s]! += step;
    }
    // Each signature's matches count toward each of its values (a tally only adds or only takes off,
    // so a touched signature's count never returns to 0 and each is listed once).
    for (let t = 0; t < touchedCount; t++) {
      const s = touched[t]!;
      const times = bySignature[s]!;
      bySignature[s] = 0;
      for (let j = sig.offsets[s]!; j < sig.offsets[s + 1]!; j++) counts[sig.slots[j]!]![sig.values[j]!]! += times;
    }

    const facetCounts = new Map<FacetKey, Map<string, number>>();
    keys.forEach((k, s) => {
      const m = new Map<string, number>();
      counts[s]!.forEach((count, id) => {
        if (count > 0) m.set(cols[s]!.names[id]!, count);
      });
      facetCounts.set(k, m);
    });

    const matches: Matches = flags ? { flags } : { positions: recorded.slice(0, total) };
    return { matches, total, counts, facetCounts };
  }

  /** Walks the sort order and stops once the page is full: no facet counts, total = listings seen. */
  private walk(q: IndexQuery): IndexResult {
    const cat = this.categoryColumn;
    const categoryId = this.categoryIdOf(q);
    // Within a facet any chosen value will do; every facet must be satisfied.
    const facets = this.selections(q.filters);
    const has = (col: FacetColumn, i: number, wantedIds: (id: number) => boolean) => {
      for (let j = col.offsets[i]!; j < col.offsets[i + 1]!; j++) if (wantedIds(col.data[j]!)) return true;
      return false;
    };
    const walkIn = (inScope: Uint8Array | null) => {
      const end = (q.page + 1) * q.pageSize;
      const baseCodes: string[] = [];
      let seen = 0;
      for (const i of this.order(q.sort === "relevance" ? "bestsellers" : q.sort, q.lang).order) {
        if (inScope && !inScope[i]) continue;
        if (categoryId !== -1 && !has(cat, i, (id) => id === categoryId)) continue;
        if (!facets.every((f) => has(f.col, i, (id) => f.wanted[id] === 1))) continue;
        if (seen >= q.page * q.pageSize) baseCodes.push(this.listings.baseCodes.at(i));
        if (++seen >= end) break;
      }
      return { baseCodes, total: seen, facetCounts: new Map() };
    };
    return q.text ? this.withMarked(this.textPositions(q.text.ids), walkIn) : walkIn(null);
  }
}
