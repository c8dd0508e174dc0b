import { describe, expect, it } from "vitest";
import { FACET_KEYS, type FacetKey, parseListingQuery } from "../../commerce/contract/listing-query";
import { assembleSearchPage } from "../../commerce/domain/search-page";

function pageFor(site: "usb2c" | "cab2c" | "usafh", lang: "en" | "fr") {
  const parsed = parseListingQuery(":relevance:colour:Black");
  if (!parsed.ok) throw new Error(parsed.message);
  return assembleSearchPage({
    query: parsed.query,
    result: {
      baseCodes: [],
      total: 3,
      facetCounts: new Map<FacetKey, Map<string, number>>([
        ...FACET_KEYS.map((key): [FacetKey, Map<string, number>] => [key, new Map()]),
        [
          "flavour",
          new Map([
            ["Chocolate", 2],
            ["Nutty", 1],
          ]),
        ],
        [
          "colour",
          new Map([
            ["Black", 2],
            ["Red", 1],
          ]),
        ],
      ]),
    },
    products: [],
    page: 0,
    pageSize: 20,
    lang,
    site,
    categories: new Map(),
  });
}

describe("facet names follow the site's spelling", () => {
  it("writes Flavor and Color on the US consumer and commercial stores", () => {
    for (const site of ["usb2c", "usafh"] as const) {
      expect(pageFor(site, "en").facets.map((f) => f.name)).toEqual(expect.arrayContaining(["Flavor", "Color"]));
    }
  });

  it("writes Flavour and Colour on the Canadian English store", () => {
    expect(pageFor("cab2c", "en").facets.map((f) => f.name)).toEqual(expect.arrayContaining(["Flavour", "Colour"]));
  });

  it("writes French names on the Canadian French store, filter chips included", () => {
    const page = pageFor("cab2c", "fr");
    expect(page.facets.map((f) => f.name).join(" ")).not.toMatch(/Flavou?r|Colou?r/);
    expect(page.breadcrumbs[0].facetValueName).not.toBe("Black");
  });
});

describe("facet values from the URL that name object properties", () => {
  it.each(["__proto__", "constructor", "toString"])("read as themselves (%s)", async (value) => {
    const { facetValueName } = await import("../../commerce/domain/search-page");
    for (const key of ["roast", "type", "caffeine", "packType", "flavour"] as const) {
      expect(facetValueName(key, value, "en", "usb2c", new Map())).toBe(value);
    }
  });
});
