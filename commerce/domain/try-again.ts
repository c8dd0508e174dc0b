import { DatabaseBusyError } from "../db/write-transaction";

/**
 * A write that could not get the database in time (other writes held it). Nothing was applied;
 * the caller should try again after `retryAfterSeconds`. The HTTP layer answers 503 with
 * Retry-After.
 */
export class TryAgainLater extends Error {
  readonly retryAfterSeconds = 1;
  constructor(cause: unknown) {
    super("The store is busy with other updates. Please try again in a moment.", { cause });
  }
}

/** Runs a write, turning "database busy" into TryAgainLater. */
export async function orTryAgainLater<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw err instanceof DatabaseBusyError ? new TryAgainLater(err) : err;
  }
}
