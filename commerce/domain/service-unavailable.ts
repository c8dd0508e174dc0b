import { DatabaseBusyError } from "../db/write-transaction";

/**
 * A write that could not get the database in time (other writes held it). Nothing was applied;
 * the HTTP layer answers 503 Service Unavailable with Retry-After, and the caller sends it again.
 */
export class ServiceUnavailable extends Error {
  readonly retryAfterSeconds = 1;
  constructor(cause: unknown) {
    super("The store is busy with other updates. Please try again in a moment.", { cause });
  }
}

/** Runs a write, turning "database busy" into ServiceUnavailable. */
export async function unavailableWhenBusy<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw err instanceof DatabaseBusyError ? new ServiceUnavailable(err) : err;
  }
}
