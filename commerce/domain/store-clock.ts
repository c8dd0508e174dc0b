import { clockOffsetSeconds, moveClockOffsetForward, resetClockOffset } from "../db/store-clock";
import type { Db } from "../db/index";
import type { Clock } from "./clock";

/**
 * The store's clock when operators may move it (STORE_CLOCK_MOVABLE, decision 055): the system's
 * time plus an offset kept in the database, read on every call, so all worker processes (and
 * machines) place, remind and validate by the same day. It only moves forward, so two end-to-end
 * tests moving it at once never take a due day away from each other.
 */
export class StoreClock implements Clock {
  constructor(private readonly db: Db) {}

  async now(): Promise<Date> {
    return new Date(Date.now() + (await clockOffsetSeconds(this.db)) * 1000);
  }

  /** Moves the clock ahead to `to`, unless it already shows a later time. */
  async moveForwardTo(to: Date): Promise<Date> {
    const seconds = Math.ceil((to.getTime() - Date.now()) / 1000);
    await moveClockOffsetForward(this.db, seconds, new Date().toISOString());
    return this.now();
  }

  /** Back to the system's time. */
  async reset(): Promise<Date> {
    await resetClockOffset(this.db, new Date().toISOString());
    return this.now();
  }
}
