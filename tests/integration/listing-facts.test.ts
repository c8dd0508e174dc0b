import { describe, expect, it } from "vitest";
import { loadListingFacts } from "../../commerce/db/listing-facts";
import { seededDatabaseForSuite } from "../support/commerce";

/**
 * The facet index holds every listing of a site in each worker. Read as the driver hands them
 * over, 100,000 listings were millions of copies of a few dozen values.
 */
describe("a site's listings as the facet index reads them", () => {
  const database = seededDatabaseForSuite("sqlite");

  it("holds each listing's values as the database has them", async () => {
    const facts = await loadListingFacts(database(), "usb2c");
    const rows = await database()
      .selectFrom("listing")
      .innerJoin("listing_offer", "listing_offer.listing_id", "listing.id")
      .where("listing_offer.site", "=", "usb2c")
      .selectAll("listing")
      .execute();
    expect(facts).toHaveLength(rows.length);
    const row = rows.find((r) => r.base_code === facts[0]!.baseCode)!;
    expect([facts[0]!.categories, facts[0]!.packTypes, facts[0]!.brand]).toEqual([
      row.categories.split(","),
      row.pack_types ? row.pack_types.split(",") : [],
      row.brand_name,
    ]);
  });

  it("shares one frozen list among the listings whose lists are the same", async () => {
    const facts = await loadListingFacts(database(), "usb2c");
    const byCategories = new Map<string, (typeof facts)[number]["categories"]>();
    let shared = 0;
    for (const f of facts) {
      const key = f.categories.join(",");
      const first = byCategories.get(key);
      if (first) {
        expect(f.categories).toBe(first);
        shared++;
      } else byCategories.set(key, f.categories);
      expect(Object.isFrozen(f.packTypes)).toBe(true);
    }
    expect(shared).toBeGreaterThan(0);
  });
});
