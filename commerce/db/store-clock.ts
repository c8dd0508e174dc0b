import { sql } from "kysely";
import type { Db } from "./index";

/** The store clock's offset (decision 055): one row, read by every process. */

export async function clockOffsetSeconds(db: Db): Promise<number> {
  const row = await db.selectFrom("store_clock").select("offset_seconds").where("id", "=", 1).executeTakeFirst();
  return Number(row?.offset_seconds ?? 0);
}

/** Sets the offset to `seconds` unless it is already further ahead: the clock only moves forward. */
export async function moveClockOffsetForward(db: Db, seconds: number, at: string): Promise<void> {
  await db
    .updateTable("store_clock")
    .set({ offset_seconds: sql<number>`case when offset_seconds < ${seconds} then ${seconds} else offset_seconds end`, updated_at: at })
    .where("id", "=", 1)
    .execute();
}

export async function resetClockOffset(db: Db, at: string): Promise<void> {
  await db.updateTable("store_clock").set({ offset_seconds: 0, updated_at: at }).where("id", "=", 1).execute();
}
