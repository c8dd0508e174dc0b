import { describe, expect, it } from "vitest";
import { levenshtein, spellingSuggestion } from "../../commerce/domain/search-text";

describe("edit distance between a shopper's word and the catalog's", () => {
  it("counts letters dropped, added, changed and swapped (a swap is two edits)", () => {
    expect(levenshtein("hazelnut", "hazelnut")).toBe(0);
    expect(levenshtein("hazlnut", "hazelnut")).toBe(1);
    expect(levenshtein("hazelnutt", "hazelnut")).toBe(1);
    expect(levenshtein("hazelmut", "hazelnut")).toBe(1);
    expect(levenshtein("hazelnut", "hazlenut")).toBe(2);
    expect(levenshtein("kitten", "sitting")).toBe(3);
  });

  it("stops counting past the limit", () => {
    expect(levenshtein("espresso", "decaf", 2)).toBe(3);
    expect(levenshtein("a", "abcdefgh", 2)).toBe(3);
  });

  it("measures words longer than any before it, and shorter ones after, the same way", () => {
    const long = "x".repeat(150);
    expect(levenshtein(long, `${long}y`)).toBe(1);
    expect(levenshtein(`${long}yz`, `${long}zy`)).toBe(2);
    expect(levenshtein("roast", "roasts")).toBe(1);
    expect(levenshtein("", "ab")).toBe(2);
  });
});

describe("did you mean", () => {
  const vocabulary = new Set(["hazelnut", "caramel", "colombian", "roast", "dark", "kit"]);

  it("replaces each word the catalog lacks with its closest word, and leaves the rest as typed", () => {
    expect(spellingSuggestion("dark colombain", vocabulary, "en")).toBe("dark colombian");
    expect(spellingSuggestion("hazlenut caramell", vocabulary, "en")).toBe("hazelnut caramel");
    // "it" narrows nothing and stays, though "kit" is one letter away.
    expect(spellingSuggestion("it hazelnutt", vocabulary, "en")).toBe("it hazelnut");
  });

  it("suggests nothing when nothing is close enough, or nothing would change", () => {
    expect(spellingSuggestion("zeppelin", vocabulary, "en")).toBeNull();
    expect(spellingSuggestion("dark roast", vocabulary, "en")).toBeNull();
  });
});
