import type { KyselyPlugin } from "kysely";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createShop } from "../../commerce/domain/shop";
import type { ShopContext } from "../../commerce/domain/shop-context";
import { seededDatabaseForSuite, testCommerceConfig } from "../support/commerce";

const usb2c: ShopContext = { site: "usb2c", lang: "en", currency: "USD", userGroups: [] };
const cab2cFrench: ShopContext = { site: "cab2c", lang: "fr", currency: "CAD", userGroups: [] };

describe("keyword redirects consulted by every search", () => {
  const database = seededDatabaseForSuite("sqlite");
  afterEach(() => vi.useRealTimers());

  /** A shop over the test database, counting the statements that read the keyword redirects. */
  const shopCountingReads = () => {
    let reads = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes('"keyword_redirect"')) reads++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const config = testCommerceConfig("unused.sqlite");
    const shop = createShop({
      db: database().withPlugin(counter),
      brands: config.brands,
      mailer: { send: async () => {} },
      logger: pino({ level: "silent" }),
      catalogSyncMs: 60_000,
      productCacheSize: 100,
    });
    return { shop, reads: () => reads };
  };

  it("reads a site language's redirects once for many searches, and again after a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { shop, reads } = shopCountingReads();
    expect(await shop.search.keywordRedirect(usb2c, "Brewers")).toBe("/c/brewers");
    expect(await shop.search.keywordRedirect(usb2c, "coffee  makers")).toBe("/c/brewers");
    expect(await shop.search.keywordRedirect(usb2c, "hazelnut")).toBeNull();
    expect(reads()).toBe(1);
    // The Canadian store's French keywords are a list of their own.
    expect(await shop.search.keywordRedirect(cab2cFrench, "cafetières")).toBe("/fr/c/brewers");
    expect(reads()).toBe(2);
    // An edited redirect takes effect within a minute, as CMS content does.
    vi.setSystemTime(Date.now() + 61_000);
    expect(await shop.search.keywordRedirect(usb2c, "brewers")).toBe("/c/brewers");
    expect(reads()).toBe(3);
  });
});
