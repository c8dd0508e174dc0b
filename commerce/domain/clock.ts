/**
 * The one clock auto-delivery reads (what is due, when a declined card is tried again, when the
 * reminder goes out). The store runs on the system's; tests move one of their own, so a delivery
 * weeks away is due at once without waiting or patching Date. Asynchronous because the store's
 * movable clock (decision 055) is read from the database, so every process tells the same time;
 * on SQLite, read it before a write transaction, never inside one (its one connection is taken).
 */
export interface Clock {
  now(): Promise<Date>;
}

export const systemClock: Clock = { now: () => Promise.resolve(new Date()) };

/** A clock that stands still until moved (tests, and an operator's dry run). */
export class MovableClock implements Clock {
  private at: number;

  constructor(start: Date = new Date()) {
    this.at = start.getTime();
  }

  now(): Promise<Date> {
    return Promise.resolve(this.current());
  }

  /** The time it shows, without waiting (tests). */
  current(): Date {
    return new Date(this.at);
  }

  /** Moves the clock on by `days` (and `ms`). */
  advance(days: number, ms = 0): void {
    this.at += days * 86_400_000 + ms;
  }

  set(to: Date): void {
    this.at = to.getTime();
  }
}

/** The store's calendar day of an instant, YYYY-MM-DD (UTC: one day for every process and database). */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `days` after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return dayOf(at);
}
