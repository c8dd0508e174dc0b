import type { TokenRecord } from "./token-rules";

export const REFRESH_POLL_MS = 200;
export const REFRESH_WAIT_MS = 10_000;
export const REFRESH_TIMEOUT_MESSAGE = "Timeout waiting for user login";
/** How long a finished refresh is remembered for requests that still carry the old refresh token. */
const REMEMBER_RESULT_MS = 10_000;

type Outcome = { tokens: TokenRecord } | { failed: unknown };

interface Flight {
  outcome?: Outcome;
  finishedAt?: number;
}

/**
 * One refresh at a time per session. The first request that finds its access token expired
 * refreshes; the others set no second refresh going but poll every 200 ms for its result, for up
 * to 10 s, then fail with 'Timeout waiting for user login'. A session is known by the refresh token
 * it holds, so requests arriving just after the refresh (still carrying the old cookie) take its
 * result too instead of spending the rotated token again. Across processes the commerce service
 * answers a token reused within seconds of its rotation with the same successor, so two workers
 * racing end with the same tokens.
 */
export class RefreshGate {
  private readonly flights = new Map<string, Flight>();

  constructor(private readonly options: { pollMs?: number; waitMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> } = {}) {}

  async refresh(refreshToken: string, run: () => Promise<TokenRecord>): Promise<TokenRecord> {
    this.forgetOld();
    const existing = this.flights.get(refreshToken);
    if (existing) return this.waitFor(existing);
    const flight: Flight = {};
    this.flights.set(refreshToken, flight);
    try {
      const tokens = await run();
      flight.outcome = { tokens };
      return tokens;
    } catch (err) {
      flight.outcome = { failed: err };
      throw err;
    } finally {
      flight.finishedAt = this.now();
    }
  }

  /** Is a refresh of this session under way (the 'refresh in progress' flag)? */
  inProgress(refreshToken: string): boolean {
    const flight = this.flights.get(refreshToken);
    return !!flight && !flight.outcome;
  }

  private async waitFor(flight: Flight): Promise<TokenRecord> {
    const pollMs = this.options.pollMs ?? REFRESH_POLL_MS;
    const deadline = this.now() + (this.options.waitMs ?? REFRESH_WAIT_MS);
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    while (!flight.outcome) {
      if (this.now() >= deadline) throw new Error(REFRESH_TIMEOUT_MESSAGE);
      await sleep(pollMs);
    }
    if ("failed" in flight.outcome) throw flight.outcome.failed;
    return flight.outcome.tokens;
  }

  private forgetOld(): void {
    const cutoff = this.now() - REMEMBER_RESULT_MS;
    for (const [key, flight] of this.flights) {
      if (flight.finishedAt !== undefined && flight.finishedAt < cutoff) this.flights.delete(key);
    }
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
