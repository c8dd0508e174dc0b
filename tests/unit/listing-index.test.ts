import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { FACET_KEYS, type FacetKey } from "../../commerce/contract/search";
import { type ListingFacts, ListingIndex, PRICE_BANDS } from "../../commerce/domain/listing-index";

let nextId = 1;
function listing(over: Partial<ListingFacts>): ListingFacts {
  const id = nextId++;
  return {
    id,
    baseCode: `B${id}`,
    productType: "Coffee",
    brand: "Summit Ridge",
    roast: "dark",
    flavor: "Smoky",
    caffeine: "caffeinated",
    series: null,
    categories: ["coffee"],
    packTypes: ["KCup"],
    packSizes: ["24 ct"],
    colors: [],
    nameEn: `Coffee ${id}`,
    nameFr: `Café ${id}`,
    salesRank: id,
    createdAt: `2026-01-${String(id).padStart(2, "0")}`,
    minPrice: 1000 + id * 100,
    inStock: true,
    ...over,
  };
}

const index = new ListingIndex();
index.replaceAll([
  listing({ brand: "Summit Ridge", roast: "dark" }),
  listing({ brand: "Summit Ridge", roast: "light" }),
  listing({ brand: "Harbor Roast", roast: "dark" }),
  listing({ brand: "Harbor Roast", roast: "medium", inStock: false }),
  listing({ brand: "Brewfront", roast: null, productType: "Brewer", categories: ["brewers"], packTypes: [], packSizes: [], colors: ["Black", "Red"] }),
]);
const base = { lang: "en" as const, sort: "bestsellers" as const, page: 0, pageSize: 10 };

describe("the facet index", () => {
  it("filters a category and counts every facet", () => {
    const r = index.query({ ...base, category: "coffee", filters: [] });
    expect(r.total).toBe(4);
    expect(Object.fromEntries(r.facetCounts.get("roast")!)).toEqual({ dark: 2, light: 1, medium: 1 });
    expect(r.facetCounts.get("colour")!.size).toBe(0);
  });

  it("ANDs facets, ORs values within one, and counts each facet as if its own choice were not made", () => {
    const r = index.query({
      ...base,
      category: "coffee",
      filters: [
        ["brand", "Summit Ridge"],
        ["roast", "dark"],
        ["roast", "medium"],
      ],
    });
    expect(r.baseCodes).toEqual(["B1"]);
    // Brand counts ignore the brand choice but keep the roast choice (dark or medium).
    expect(Object.fromEntries(r.facetCounts.get("brand")!)).toEqual({ "Summit Ridge": 1, "Harbor Roast": 2 });
    // Roast counts ignore the roast choice but keep the brand choice.
    expect(Object.fromEntries(r.facetCounts.get("roast")!)).toEqual({ dark: 1, light: 1 });
  });

  it("sorts by price and pages without overlap", () => {
    const asc = index.query({ ...base, category: "coffee", filters: [], sort: "price-asc", pageSize: 2 });
    const next = index.query({ ...base, category: "coffee", filters: [], sort: "price-asc", pageSize: 2, page: 1 });
    expect([...asc.baseCodes, ...next.baseCodes]).toEqual(["B1", "B2", "B3", "B4"]);
    expect(index.query({ ...base, category: "coffee", filters: [], sort: "price-desc", pageSize: 1 }).baseCodes).toEqual(["B4"]);
  });

  it("narrows to text matches and ranks names holding every word first", () => {
    const r = index.query({ ...base, filters: [], sort: "relevance", text: { ids: [2, 3], words: ["coffee", "3"] } });
    expect(r.total).toBe(2);
    expect(r.baseCodes).toEqual(["B3", "B2"]);
  });

  it("reflects changes applied from the change log", () => {
    index.apply([listing({ id: 1, baseCode: "B1", brand: "Summit Ridge", roast: "dark", inStock: false })], [1]);
    const r = index.query({ ...base, category: "coffee", filters: [["availability", "inStock"]] });
    expect(r.baseCodes).not.toContain("B1");
  });

  it("remembers the counts of searches and category pages until a listing changes", () => {
    const search = { ...base, filters: [], sort: "relevance" as const, text: { ids: [2, 3], words: ["coffee"] } };
    const category = { ...base, category: "coffee", filters: [] };
    const searched = index.query(search).facetCounts;
    const listed = index.query(category).facetCounts;
    expect(index.query(search).facetCounts).toBe(searched);
    expect(index.query(category).facetCounts).toBe(listed);
    index.apply([], []);
    const searchedAgain = index.query(search).facetCounts;
    expect(searchedAgain).not.toBe(searched);
    expect(searchedAgain).toEqual(searched);
    expect(index.query(category).facetCounts).not.toBe(listed);
  });

  it("walks to the page without counting when facets are not needed", () => {
    const r = index.query({ ...base, category: "coffee", filters: [], facets: false, pageSize: 2 });
    expect(r.baseCodes).toHaveLength(2);
    expect(r.facetCounts.size).toBe(0);
  });
});

/** A catalog of many kinds of listing: every facet varies, some listings have several values. */
function variedCatalog(count: number): ListingFacts[] {
  let seed = 7;
  const pick = <T>(xs: readonly T[]): T => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    // The high bits: the low bits of this generator repeat with a short period.
    return xs[Math.floor(seed / 65536) % xs.length]!;
  };
  return Array.from({ length: count }, (_, k) =>
    listing({
      id: 1000 + k,
      baseCode: `V${k}`,
      brand: pick(["Summit Ridge", "Harbor Roast", "Brewfront", "Night Owl"]),
      roast: pick(["dark", "medium", "light", null]),
      flavor: pick(["Smoky", "Nutty", null]),
      caffeine: pick(["caffeinated", "decaf"]),
      series: pick([null, "Classic", "Reserve"]),
      categories: pick([["coffee"], ["coffee", "decaf"], ["brewers"], ["coffee", "flavoured"]]),
      packTypes: pick([["KCup"], ["KCup", "Bag"], []]),
      packSizes: pick([["24 ct"], ["12 ct", "24 ct"], ["48 ct"]]),
      colors: pick([[], ["Black"], ["Black", "Red"]]),
      minPrice: pick([900, 1700, 3000, 6500, 12000, 25000]),
      inStock: pick([true, true, false]),
      nameEn: `${pick(["Night Owl", "Morning", "Harbor"])} ${pick(["Roast", "Roasted Blend", "Reserve"])} ${k}`,
      salesRank: pick([5, 1, 9, 3, 7]) * 1000 + k,
    }),
  );
}

/** Every facet's counts worked out one listing at a time, the way the index promises to count them. */
function countedByHand(facts: readonly ListingFacts[], matching: (f: ListingFacts) => boolean, filters: readonly [FacetKey, string][]) {
  const valuesOf = (f: ListingFacts, key: FacetKey): readonly string[] =>
    ({
      category: f.categories,
      type: [f.productType],
      brand: [f.brand],
      roast: f.roast ? [f.roast] : [],
      flavour: f.flavor ? [f.flavor] : [],
      caffeine: f.caffeine ? [f.caffeine] : [],
      packType: f.packTypes,
      packSize: f.packSizes,
      series: f.series ? [f.series] : [],
      colour: f.colors,
      price: [PRICE_BANDS.find((b) => f.minPrice >= b.min && f.minPrice < b.max)!.code],
      availability: f.inStock ? ["inStock"] : [],
    })[key];
  const satisfies = (f: ListingFacts, key: FacetKey) => {
    const wanted = filters.filter(([k]) => k === key).map(([, v]) => v);
    return wanted.length === 0 || valuesOf(f, key).some((v) => wanted.includes(v));
  };
  const counts = new Map<FacetKey, Record<string, number>>();
  for (const key of FACET_KEYS) {
    const c: Record<string, number> = {};
    for (const f of facts) {
      if (!matching(f) || !FACET_KEYS.every((k) => k === key || satisfies(f, k))) continue;
      for (const v of valuesOf(f, key)) c[v] = (c[v] ?? 0) + 1;
    }
    counts.set(key, c);
  }
  const found = facts.filter((f) => matching(f) && FACET_KEYS.every((k) => satisfies(f, k)));
  return { counts, total: found.length, found };
}

describe("the facet index counts listings of many kinds", () => {
  const facts = variedCatalog(600);
  const varied = new ListingIndex();
  varied.replaceAll(facts);
  const asCounts = (r: ReturnType<ListingIndex["query"]>) => new Map([...r.facetCounts].map(([k, m]) => [k, Object.fromEntries(m)]));
  const cases: { name: string; text?: (f: ListingFacts) => boolean; category?: string; filters: [FacetKey, string][] }[] = [
    { name: "a whole site", filters: [] },
    {
      name: "a category with two facets chosen",
      category: "coffee",
      filters: [
        ["brand", "Night Owl"],
        ["roast", "dark"],
        ["roast", "light"],
      ],
    },
    { name: "a search matching a few listings", text: (f) => f.id % 7 === 0, filters: [] },
    { name: "a search matching most of the site", text: (f) => f.id % 9 !== 0, filters: [] },
    { name: "a search matching most of the site, with a facet chosen", text: (f) => f.id % 9 !== 0, filters: [["packType", "Bag"]] },
    { name: "another search matching most of the site", text: (f) => f.id % 5 !== 0, filters: [] },
    { name: "a search matching very few listings", text: (f) => f.id % 40 === 0, filters: [] },
    {
      name: "a search matching most of a narrow choice",
      text: (f) => f.id % 9 !== 0,
      category: "decaf",
      filters: [
        ["brand", "Night Owl"],
        ["roast", "dark"],
      ],
    },
  ];
  for (const c of cases) {
    it(`counts every facet value and pages the best sellers as a listing-by-listing count would: ${c.name}`, () => {
      const inCategory = (f: ListingFacts) => !c.category || f.categories.includes(c.category);
      const matching = (f: ListingFacts) => inCategory(f) && (!c.text || c.text(f));
      const text = c.text ? { ids: facts.filter(c.text).map((f) => f.id), words: ["coffee"] } : undefined;
      const r = varied.query({ ...base, category: c.category, text, filters: c.filters, pageSize: facts.length });
      const expected = countedByHand(facts, matching, c.filters);
      expect(r.total).toBe(expected.total);
      expect(asCounts(r)).toEqual(expected.counts);
      const bestSellers = expected.found.sort((a, b) => a.salesRank - b.salesRank || a.id - b.id).map((f) => f.baseCode);
      expect(r.baseCodes).toEqual(bestSellers);
    });
  }

  it("counts a broad search the same after a search that only walked to its page", () => {
    const walked = facts.filter((f) => f.id % 3 === 0);
    varied.query({ ...base, filters: [], text: { ids: walked.map((f) => f.id), words: ["coffee"] }, facets: false });
    const broad = (f: ListingFacts) => f.id % 4 !== 0;
    const r = varied.query({ ...base, filters: [], text: { ids: facts.filter(broad).map((f) => f.id), words: ["coffee"] } });
    const expected = countedByHand(facts, broad, []);
    expect(r.total).toBe(expected.total);
    expect(asCounts(r)).toEqual(expected.counts);
  });
});

describe("an index with no listings", () => {
  it("answers every query with nothing", () => {
    const empty = new ListingIndex();
    empty.replaceAll([]);
    expect(empty.query({ ...base, filters: [] })).toEqual({ baseCodes: [], total: 0, facetCounts: expect.any(Map) });
    expect(empty.query({ ...base, filters: [], text: { ids: [1, 2], words: ["coffee"] } }).total).toBe(0);
  });
});

describe("relevance ranks the listings whose names hold every word first, then best sellers", () => {
  const facts = variedCatalog(600);
  const varied = new ListingIndex();
  varied.replaceAll(facts);
  const holds = (f: ListingFacts, words: readonly string[]) => {
    const nameWords = f.nameEn.toLowerCase().split(" ");
    return words.every((w) => nameWords.some((n) => n.startsWith(w) || (n.length >= 4 && w.startsWith(n))));
  };
  const ranked = (matching: readonly ListingFacts[], words: readonly string[]) => {
    const bySales = [...matching].sort((a, b) => a.salesRank - b.salesRank || a.id - b.id);
    return [...bySales.filter((f) => holds(f, words)), ...bySales.filter((f) => !holds(f, words))].map((f) => f.baseCode);
  };
  const cases = [
    { name: "few matches", text: (f: ListingFacts) => f.id % 20 === 0, words: ["night", "roast"] },
    { name: "many matches", text: (f: ListingFacts) => f.id % 2 === 0, words: ["night", "roast"] },
    { name: "many matches, few of them named so", text: (f: ListingFacts) => f.id % 2 === 0, words: ["harbor", "reserve", "1"] },
    { name: "many matches, a word no name holds", text: (f: ListingFacts) => f.id % 2 === 0, words: ["night", "smooth"] },
  ];
  for (const c of cases) {
    it(`pages through them in that order: ${c.name}`, () => {
      const matching = facts.filter(c.text);
      const text = { ids: matching.map((f) => f.id), words: c.words };
      const expected = ranked(matching, c.words);
      const pages = [0, 1, 2].flatMap((page) => varied.query({ ...base, sort: "relevance", filters: [], text, page, pageSize: 10 }).baseCodes);
      expect(pages).toEqual(expected.slice(0, 30));
    });
  }
});

/**
 * The index holds a site's listings as columns, not as an object per listing, and says what it
 * holds (`bytes`): the listing indexes' cache keeps them within their share of a worker's memory
 * budget by that figure, so it must be the memory the index takes.
 */
describe("what the index holds", () => {
  const pageOf = (ix: ListingIndex, filters: [FacetKey, string][], sort: "bestsellers" | "price-asc" | "name-asc" | "newest") =>
    ix.query({ lang: "en", filters, sort, page: 0, pageSize: 500 });

  it("reads every listing back from its columns when some change: the same answers as built afresh", () => {
    const facts = variedCatalog(400).map((f, k) => ({ ...f, createdAt: `2026-0${1 + (k % 9)}-01`, nameFr: `Café ${f.nameEn}` }));
    const changed = facts.filter((_, k) => k % 7 === 0).map((f) => ({ ...f, inStock: !f.inStock, minPrice: f.minPrice + 50, roast: null }));
    const removed = facts.filter((_, k) => k % 11 === 0).map((f) => f.id);
    const applied = new ListingIndex();
    applied.replaceAll(facts);
    applied.apply(changed, removed);
    const afresh = new ListingIndex();
    const changedIds = new Set(changed.map((f) => f.id));
    afresh.replaceAll([...facts.filter((f) => !changedIds.has(f.id) && !removed.includes(f.id)), ...changed]);
    for (const sort of ["bestsellers", "price-asc", "name-asc", "newest"] as const) {
      for (const filters of [[], [["roast", "dark"]], [["availability", "inStock"]], [["price", "15-25"]]] as [FacetKey, string][][]) {
        expect(pageOf(applied, filters, sort), `${sort} ${JSON.stringify(filters)}`).toEqual(pageOf(afresh, filters, sort));
      }
    }
    expect(applied.query({ lang: "fr", filters: [], sort: "name-asc", page: 0, pageSize: 500 })).toEqual(
      afresh.query({ lang: "fr", filters: [], sort: "name-asc", page: 0, pageSize: 500 }),
    );
    expect(applied.vocabulary("fr")).toEqual(afresh.vocabulary("fr"));
  });

  it("counts what it builds on first use (sort orders, name words, vocabularies) as it builds it", () => {
    const ix = new ListingIndex();
    ix.replaceAll(variedCatalog(2000));
    const indexed = ix.bytes;
    ix.query({ lang: "en", filters: [], sort: "price-asc", page: 0, pageSize: 1 });
    // An order and each listing's place in it: two 4-byte numbers per listing.
    expect(ix.bytes - indexed).toBe(2 * 4 * 2000);
    ix.warm(["en", "fr"]);
    expect(ix.bytes).toBeGreaterThan(indexed + 6 * 2 * 4 * 2000);
  });

  it("takes the memory it says it holds, and no object per listing", () => {
    // A collection on demand, so the heap holds only what is reachable when it is read.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const used = () => {
      gc();
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const count = 20_000;
    const words = ["Breakfast", "Blend", "Dark", "Colombian", "Reserve", "Hazelnut", "Morning", "Decaf", "Estate", "Vanilla"];
    const mots = ["Mélange", "déjeuner", "Foncé", "Colombien", "Réserve", "Noisette", "Matin", "Déca", "Domaine", "Vanille"];
    // Made one at a time and dropped once read, as the database's batches are.
    function* catalog(): Generator<ListingFacts> {
      for (let k = 0; k < count; k++) {
        const [a, b] = [k % 10, Math.floor(k / 10) % 10];
        yield listing({
          id: 1 + k,
          baseCode: `${50000 + k}-SMRG`,
          nameEn: `${words[a]} ${words[b]}`,
          nameFr: `${mots[a]} ${mots[b]}`,
          salesRank: (k * 7919) % count,
        });
      }
    }
    const before = used();
    const ix = new ListingIndex();
    ix.replaceAll(catalog());
    ix.warm(["en", "fr"]);
    const taken = used() - before;
    expect(ix.size).toBe(count);
    // Within a tenth (and half a megabyte for the code's own first runs); an object per listing,
    // kept and not counted, would be about 250 bytes a listing more (5 MB here).
    expect(taken).toBeLessThan(ix.bytes * 1.1 + 512 * 1024);
    expect(taken).toBeGreaterThan(ix.bytes * 0.7);
  });
});
