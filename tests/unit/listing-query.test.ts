import { describe, expect, it } from "vitest";
import { listingStateFromUrl } from "../../app/lib/listing-url";
import { parseListingQuery, PRICE_BAND_CODES, SearchRequestSchema } from "../../commerce/contract/search";
import { PRICE_BANDS } from "../../commerce/domain/listing-index";

describe("listing query values", () => {
  it("names the same price bands as the index", () => {
    expect(PRICE_BANDS.map((b) => b.code)).toEqual([...PRICE_BAND_CODES]);
  });
  it("refuses unknown fixed facet values with a readable reason", () => {
    const parsed = parseListingQuery(":relevance:price:x");
    expect(parsed).toEqual({ ok: false, message: expect.stringContaining("price takes one of 0-15") });
    expect(parseListingQuery(":relevance:availability:soon").ok).toBe(false);
    expect(parseListingQuery(":relevance:price:25-50:availability:inStock").ok).toBe(true);
    expect(SearchRequestSchema.safeParse({ query: ":relevance:allCategories:coffee:price:zzz" }).success).toBe(false);
  });
  it("drops unknown filter values from a page address instead of failing", () => {
    expect(listingStateFromUrl(new URLSearchParams("price=x&price=0-15&roast=dark")).filters).toEqual([
      ["roast", "dark"],
      ["price", "0-15"],
    ]);
  });
});
