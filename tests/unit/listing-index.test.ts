import { describe, expect, it } from "vitest";
import { type ListingFacts, ListingIndex } from "../../commerce/domain/listing-index";

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

  it("remembers the counts of searches until told to forget them, and those of category pages after that", () => {
    const search = { ...base, filters: [], sort: "relevance" as const, text: { ids: [2, 3], words: ["coffee"] } };
    const category = { ...base, category: "coffee", filters: [] };
    const searched = index.query(search).facetCounts;
    const listed = index.query(category).facetCounts;
    expect(index.query(search).facetCounts).toBe(searched);
    index.forgetTextCounts();
    const searchedAgain = index.query(search).facetCounts;
    expect(searchedAgain).not.toBe(searched);
    expect(searchedAgain).toEqual(searched);
    expect(index.query(category).facetCounts).toBe(listed);
  });

  it("walks to the page without counting when facets are not needed", () => {
    const r = index.query({ ...base, category: "coffee", filters: [], facets: false, pageSize: 2 });
    expect(r.baseCodes).toHaveLength(2);
    expect(r.facetCounts.size).toBe(0);
  });
});
