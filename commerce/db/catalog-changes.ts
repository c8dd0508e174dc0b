import type { Db } from "./index";
import { writeTransaction } from "./write-transaction";

export interface CatalogChange {
  listingId: number;
  baseCode: string;
}

/** The newest entry of the listing change log (0 when it is empty). */
export async function lastListingChangeId(db: Db): Promise<number> {
  const last = await db
    .selectFrom("listing_change")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(last?.id ?? 0);
}

/** Up to `limit` changes past `afterId`, oldest first, each with its entry id. */
export async function listingChangesAfter(db: Db, afterId: number, limit: number): Promise<(CatalogChange & { id: number })[]> {
  const rows = await db
    .selectFrom("listing_change")
    .innerJoin("listing", "listing.id", "listing_change.listing_id")
    .select(["listing_change.id", "listing_change.listing_id", "listing.base_code"])
    .where("listing_change.id", ">", afterId)
    .orderBy("listing_change.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, listingId: r.listing_id, baseCode: r.base_code }));
}

/**
 * The change log only needs to reach back as far as a running process may be behind; at start-up
 * (before any worker reads it) everything but the newest `keep` entries can go.
 */
export async function pruneListingChanges(db: Db, keep = 100_000): Promise<void> {
  const last = await db
    .selectFrom("listing_change")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  const maxId = Number(last?.id ?? 0);
  if (maxId > keep)
    await writeTransaction(db, (trx) =>
      trx
        .deleteFrom("listing_change")
        .where("id", "<=", maxId - keep)
        .execute(),
    );
}
