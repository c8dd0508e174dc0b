import { describe, expect, it } from "vitest";
import { listingFactBatches, loadListingFacts } from "../../commerce/db/listing-facts";
import { seededDatabaseForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";

/** A worker builds each site's listing index from the database, never holding all its rows at once. */
describe.each(DIALECTS)("the sites' listing indexes on %s", (dialect) => {
  const database = seededDatabaseForSuite(dialect);

  it("reads a site's listings in batches, never more than a batch at once, the same listings as one read", async () => {
    const batches = [];
    for await (const batch of listingFactBatches(database(), "usb2c", 7)) batches.push(batch);
    expect(Math.max(...batches.map((b) => b.length))).toBe(7);
    const all = await loadListingFacts(database(), "usb2c");
    expect(batches.flat()).toEqual(all.sort((a, b) => a.id - b.id));
  });
});
