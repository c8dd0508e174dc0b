import { afterEach, describe, expect, it, vi } from "vitest";
import type { ShopContext } from "../../commerce/domain/shop-context";
import { countingStatements, seededDatabaseForSuite, testShop } from "../support/commerce";

const usb2c: ShopContext = { site: "usb2c", lang: "en", currency: "USD", userGroups: [] };
const cab2cFrench: ShopContext = { site: "cab2c", lang: "fr", currency: "CAD", userGroups: [] };

describe("keyword redirects consulted by every search", () => {
  const database = seededDatabaseForSuite("sqlite");
  afterEach(() => vi.restoreAllMocks());

  /** A shop over the test database, counting the statements that read the keyword redirects. */
  const shopCountingReads = () => {
    const { db, statements } = countingStatements(database(), (query) => JSON.stringify(query).includes('"keyword_redirect"'));
    return { shop: testShop(db), reads: statements };
  };

  it("reads a site language's redirects once for many searches, and again after a minute", async () => {
    const { shop, reads } = shopCountingReads();
    expect(await shop.search.keywordRedirect(usb2c, "Brewers")).toBe("/c/brewers");
    expect(await shop.search.keywordRedirect(usb2c, "coffee  makers")).toBe("/c/brewers");
    expect(await shop.search.keywordRedirect(usb2c, "hazelnut")).toBeNull();
    expect(reads()).toBe(1);
    // The Canadian store's French keywords are a list of their own.
    expect(await shop.search.keywordRedirect(cab2cFrench, "cafetières")).toBe("/fr/c/brewers");
    expect(reads()).toBe(2);
    // An edited redirect takes effect within a minute, as CMS content does.
    // A minute on (the cache's clock is performance.now), and past lru-cache's millisecond of reusing its last reading.
    const now = performance.now.bind(performance);
    vi.spyOn(performance, "now").mockImplementation(() => now() + 61_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await shop.search.keywordRedirect(usb2c, "brewers")).toBe("/c/brewers");
    expect(reads()).toBe(3);
  });
});
