import cluster from "node:cluster";
import { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

/**
 * Rate limits for public forms and secrets (sign-ins, sign-ups, coupon and gift-card guesses, the
 * operator key). With a Redis URL every worker and machine shares the counts. Without one, the
 * workers of one machine share them through the cluster's primary process (which must call
 * `countRateLimitsForWorkers` before it forks them), and a store of one process counts in its own
 * memory: a limit is the same whatever the number of workers. If Redis or the primary stops
 * answering, counting falls back to the process's memory rather than letting everything through
 * or refusing everyone.
 */
export interface RateLimitRule {
  /** Names the counter; rules with different names never share counts. */
  name: string;
  /** How many attempts a key may make per window. */
  points: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** When refused: how long until the key may try again (for Retry-After). */
  retryAfterSeconds: number;
}

/** In a cluster's primary process: keeps the counts its workers' limits share (see RateLimits). */
export function countRateLimitsForWorkers(): void {
  new RateLimiterClusterMaster();
}

/** How long a worker waits for the primary's count before counting on its own. */
const PRIMARY_TIMEOUT_MS = 500;

export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  /** Where counting goes when the shared store (Redis or the primary) does not answer. */
  private readonly fallbacks = new Map<string, RateLimiterMemory>();

  private constructor(
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
  ) {}

  static create(options: { redisUrl?: string; prefix?: string } = {}): RateLimits {
    // Commands wait for the connection (the first requests after start-up must count too), but
    // never long: past commandTimeout the memory fallback answers instead.
    const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 500, connectTimeout: 2_000 }) : undefined;
    // A lost connection is reported by the failed command itself and answered by the fallback.
    redis?.on("error", () => undefined);
    return new RateLimits(redis, options.prefix ?? "brewfront");
  }

  /** Whether the counts are shared beyond this process (Redis, or the workers of a cluster). */
  get shared(): boolean {
    return this.redis !== undefined || cluster.isWorker;
  }

  private limiter(rule: RateLimitRule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const options = { keyPrefix: `${this.prefix}:${rule.name}`, points: rule.points, duration: rule.windowSeconds };
      if (this.redis) limiter = new RateLimiterRedis({ ...options, storeClient: this.redis, insuranceLimiter: this.fallback(rule) });
      else if (cluster.isWorker) limiter = new RateLimiterCluster({ ...options, timeoutMs: PRIMARY_TIMEOUT_MS });
      else limiter = new RateLimiterMemory(options);
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  private fallback(rule: RateLimitRule): RateLimiterMemory {
    let fallback = this.fallbacks.get(rule.name);
    if (!fallback) {
      fallback = new RateLimiterMemory({ keyPrefix: `${this.prefix}:${rule.name}`, points: rule.points, duration: rule.windowSeconds });
      this.fallbacks.set(rule.name, fallback);
    }
    return fallback;
  }

  /** Counts through the shared store, or this process's memory when the primary does not answer in time. */
  private async consume(rule: RateLimitRule, key: string, points: number): Promise<RateLimiterRes> {
    try {
      return await this.limiter(rule).consume(key, points);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes || !cluster.isWorker) throw outcome;
      return this.fallback(rule).consume(key, points);
    }
  }

  /**
   * Counts one attempt by `key` (an IP address, an e-mail address…) against the rule. `points: 0`
   * only asks whether the key is already over its limit (to refuse before checking a secret, when
   * only failures are counted).
   */
  async hit(rule: RateLimitRule, key: string, points = 1): Promise<RateLimitVerdict> {
    try {
      await this.consume(rule, key, points);
      return { allowed: true, retryAfterSeconds: 0 };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      throw refusal;
    }
  }

  /**
   * Whether the key may make one more attempt without counting one: refused once it has used every
   * point of the window (where `hit(rule, key, 0)` would still let the last counted attempt's
   * successor through). For "after N failures, even the right secret is refused".
   */
  async standing(rule: RateLimitRule, key: string): Promise<RateLimitVerdict> {
    const used = await this.limiter(rule)
      .get(key)
      .catch(() => this.fallback(rule).get(key));
    if (!used || used.consumedPoints < rule.points) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(used.msBeforeNext / 1000)) };
  }

  /** Several rules at once (e.g. per IP and per address): refused if any refuses. */
  async hitAll(attempts: { rule: RateLimitRule; key: string }[]): Promise<RateLimitVerdict> {
    const verdicts = await Promise.all(attempts.map(({ rule, key }) => this.hit(rule, key)));
    const refused = verdicts.filter((v) => !v.allowed);
    return refused.length === 0
      ? { allowed: true, retryAfterSeconds: 0 }
      : { allowed: false, retryAfterSeconds: Math.max(...refused.map((v) => v.retryAfterSeconds)) };
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}
