import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { intersectAll } from "../../commerce/db/search-text";
import { type ListingFacts, ListingIndex } from "../../commerce/domain/listing-index";
import { healthRouter } from "../../commerce/http/health";

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
        healthRouter(
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
