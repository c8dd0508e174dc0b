import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { intersectAll, sortedIds } from "../../commerce/db/search-text";
import { type ListingFacts, ListingIndex } from "../../commerce/domain/listing-index";
import { queryWords } from "../../commerce/domain/search-text";
import { healthChecks } from "../../commerce/http/health";

function listing(id: number, nameEn: string, over: Partial<ListingFacts> = {}): ListingFacts {
  return {
    id,
    baseCode: `B${id}`,
    productType: "Coffee",
    brand: "Summit Ridge",
    roast: id % 2 ? "dark" : "light",
    flavor: null,
    caffeine: "caffeinated",
    series: null,
    categories: ["coffee"],
    packTypes: ["KCup"],
    packSizes: ["24 ct"],
    colors: [],
    nameEn,
    nameFr: nameEn,
    salesRank: id,
    createdAt: "2026-01-01",
    minPrice: 1000 + id,
    inStock: true,
    ...over,
  };
}

describe("a query's matches are the intersection of its words' listings", () => {
  it("keeps the listings every word holds", () => {
    const ids = intersectAll([Int32Array.of(1, 3, 5, 7, 9, 200), Int32Array.of(3, 4, 9, 200, 300), Int32Array.of(2, 3, 9, 200)]);
    expect([...ids]).toEqual([3, 9, 200]);
  });

  it("ignores a word that narrows nothing (a stop word) and finds nothing when no word narrows", () => {
    expect([...intersectAll([null, Int32Array.of(4, 8)])]).toEqual([4, 8]);
    expect([...intersectAll([null, null])]).toEqual([]);
    expect([...intersectAll([])]).toEqual([]);
  });

  it("finds nothing when one word is in no listing", () => {
    expect([...intersectAll([Int32Array.of(1, 2, 3), new Int32Array(0)])]).toEqual([]);
  });
});

describe("a query's words are the ones that narrow it", () => {
  it("drops English articles and prepositions, as PostgreSQL's English configuration does", () => {
    expect(queryWords("en", "The Hazelnut with Cream for two")).toEqual(["hazelnut", "cream", "two"]);
  });

  it("drops French articles and elisions, accents or not", () => {
    expect(queryWords("fr", "Le café de l'Éthiopie à la vanille")).toEqual(["cafe", "ethiopie", "vanille"]);
  });

  it("keeps a query of nothing but such words empty", () => {
    expect(queryWords("en", "the of and")).toEqual([]);
  });
});

describe("a word's listings arrive as one comma-separated text", () => {
  it("reads every id, in ascending order", () => {
    expect([...sortedIds("12,7,40,100003,1")]).toEqual([1, 7, 12, 40, 100003]);
    expect([...sortedIds("5")]).toEqual([5]);
  });

  it("reads no ids from no text (a word in no listing)", () => {
    expect([...sortedIds(null)]).toEqual([]);
    expect([...sortedIds("")]).toEqual([]);
  });
});

describe("relevance ranks names holding every word first, and pages stop at the page's end", () => {
  const index = new ListingIndex();
  // Best sellers first by id; names 2 and 5 hold both words, the others only match in their descriptions.
  index.replaceAll([
    listing(1, "Morning Blend"),
    listing(2, "Dark Roast Reserve"),
    listing(3, "Summit Classic"),
    listing(4, "House Blend"),
    listing(5, "Dark Roasted Estate"),
    listing(6, "Kenyan Harvest"),
  ]);
  index.warm(["en"]);
  const search = { lang: "en" as const, filters: [], sort: "relevance" as const, text: { ids: Int32Array.of(1, 2, 3, 4, 5, 6), words: ["dark", "roast"] } };

  it("answers name matches first, then the rest by best sellers, without overlap across pages", () => {
    const pages = [0, 1, 2].map((page) => index.query({ ...search, page, pageSize: 2 }).baseCodes);
    expect(pages).toEqual([
      ["B2", "B5"],
      ["B1", "B3"],
      ["B4", "B6"],
    ]);
    expect(index.query({ ...search, page: 0, pageSize: 2 }).total).toBe(6);
  });

  it("counts facets over every match, not only the page shown", () => {
    const r = index.query({ ...search, page: 0, pageSize: 1 });
    expect(Object.fromEntries(r.facetCounts.get("roast")!)).toEqual({ dark: 3, light: 3 });
  });

  it("walks only to the page's end for carousels, within the text matches and filters", () => {
    const r = index.query({
      ...search,
      text: { ids: Int32Array.of(2, 3, 5, 6), words: ["x"] },
      filters: [["roast", "dark"]],
      page: 0,
      pageSize: 5,
      facets: false,
    });
    expect(r.baseCodes).toEqual(["B3", "B5"]);
  });

  it("offers the words of names, brands and descriptive facets for warming", () => {
    const words = index.searchWords("en");
    for (const w of ["morning", "summit", "ridge", "dark", "light", "caffeinated", "coffee"]) expect(words).toContain(w);
  });
});

describe("/readyz", () => {
  it("says not ready while the process warms up, and ready once it has", async () => {
    let warm = false;
    const server = express()
      .use(
        healthChecks(
          async () => true,
          () => warm,
        ),
      )
      .listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
    try {
      const before = await fetch(url);
      expect(before.status).toBe(503);
      expect(await before.json()).toEqual({ status: "warming up" });
      expect((await fetch(url.replace("readyz", "healthz"))).status).toBe(200);
      warm = true;
      expect((await fetch(url)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});

describe("a query answers the same however few or many listings it matches", () => {
  // A seeded catalog of 2,000 listings, and the answer worked out the plain way to compare with:
  // the index sorts few matches, walks the order for many, and counts the listings a text query
  // misses when it matches most of the site.
  let seed = 42;
  const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const nameWords = ["dark", "roast", "morning", "blend", "estate", "reserve", "vanilla", "kenyan", "house", "decaf"];
  const ranks = Array.from({ length: 2000 }, (_, i) => i).sort(() => rand() - 0.5);
  const listings = ranks.map((salesRank, k) =>
    listing(k + 1, `${pick(nameWords)} ${pick(nameWords)} ${pick(nameWords)}`, {
      salesRank,
      roast: pick(["dark", "medium", "light"]),
      brand: pick(["Summit Ridge", "Harbor Roast", "Brewfront", "Night Owl"]),
      colors: ["Red", "Black", "White"].filter(() => rand() < 0.4),
      minPrice: 500 + Math.floor(rand() * 3000),
    }),
  );
  const index = new ListingIndex();
  index.replaceAll(listings);

  const holds = (name: string, word: string) => name.split(" ").some((n) => n.startsWith(word) || (n.length >= 4 && word.startsWith(n)));
  const valuesOf = (l: ListingFacts, facet: "roast" | "brand" | "colour") => (facet === "colour" ? l.colors : [facet === "roast" ? l.roast! : l.brand]);
  function expected(textIds: Set<number>, words: string[], filters: ["roast" | "brand" | "colour", string][], sort: "relevance" | "price-asc", page: number) {
    // Every facet with a choice holds one of its chosen values (the counted facet's own choice aside).
    const passes = (l: ListingFacts, except?: string) =>
      filters.every(([facet]) => facet === except || filters.some(([f, v]) => f === facet && valuesOf(l, facet).includes(v)));
    const inScope = listings.filter((l) => textIds.has(l.id));
    const matched = inScope.filter((l) => passes(l));
    const byRank = (a: ListingFacts, b: ListingFacts) => a.salesRank - b.salesRank || a.id - b.id;
    const nameFirst = (l: ListingFacts) => (words.every((w) => holds(l.nameEn, w)) ? 0 : 1);
    matched.sort(sort === "relevance" ? (a, b) => nameFirst(a) - nameFirst(b) || byRank(a, b) : (a, b) => a.minPrice - b.minPrice || byRank(a, b));
    const counts = (facet: "roast" | "brand" | "colour") => {
      const m: Record<string, number> = {};
      for (const l of inScope.filter((x) => passes(x, facet))) for (const v of valuesOf(l, facet)) m[v] = (m[v] ?? 0) + 1;
      return m;
    };
    return {
      baseCodes: matched.slice(page * 24, page * 24 + 24).map((l) => l.baseCode),
      total: matched.length,
      roast: counts("roast"),
      brand: counts("brand"),
      colour: counts("colour"),
    };
  }

  const filterSets: ["roast" | "brand" | "colour", string][][] = [
    [],
    [["roast", "dark"]],
    [
      ["roast", "dark"],
      ["brand", "Harbor Roast"],
    ],
    [
      ["colour", "Red"],
      ["colour", "White"],
      ["roast", "light"],
    ],
  ];
  for (const size of [30, 600, 1950]) {
    for (const filters of filterSets) {
      it(`matching ${size} of 2,000 listings with ${filters.length ? filters.map((f) => f.join("=")).join(", ") : "no filters"}`, () => {
        const ids = new Set(
          [...listings]
            .sort(() => rand() - 0.5)
            .slice(0, size)
            .map((l) => l.id),
        );
        const words = [pick(nameWords), pick(nameWords)];
        const text = { ids: Int32Array.from([...ids].sort((a, b) => a - b)), words };
        for (const sort of ["relevance", "price-asc"] as const) {
          for (const page of [0, 3]) {
            const answer = index.query({ lang: "en", text, filters, sort, page, pageSize: 24 });
            const want = expected(ids, words, filters, sort, page);
            expect({
              baseCodes: answer.baseCodes,
              total: answer.total,
              roast: Object.fromEntries(answer.facetCounts.get("roast")!),
              brand: Object.fromEntries(answer.facetCounts.get("brand")!),
              colour: Object.fromEntries(answer.facetCounts.get("colour")!),
            }).toEqual(want);
          }
        }
      });
    }
  }
});
