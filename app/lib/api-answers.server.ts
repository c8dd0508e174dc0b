import type { z } from "zod";

/** An answer the API gave with an ETag, as the storefront read it (parsed and checked). */
interface KeptAnswer {
  etag: string;
  value: unknown;
  bytes: number;
  freshness: Freshness;
  /**
   * Until when a call that used it stale is taken to be asking the API for it again, so that no
   * other call does. A claim lapses by itself: an ask that never starts (its page's response never
   * closed) cannot leave the answer unchecked for the rest of its window.
   */
  askingAgainUntil: number;
}

/**
 * How long an answer may be used again without asking (the API's `max-age`, counted from when the
 * answer or its last 304 arrived), how long after that it may still be used while it is asked
 * for again (`stale-while-revalidate`), and for whom: the credentials it was asked with, since a
 * member may see other prices than a guest. `since` is the write count when the call was sent.
 */
export interface Freshness {
  until: number;
  /** Past `until` and before this, a call may use the answer and ask for it again behind the page. */
  usableUntil: number;
  askedAs: string;
  since: number;
}

const DIRECTIVES = { "max-age": /\bmax-age=(\d+)/i, "stale-while-revalidate": /\bstale-while-revalidate=(\d+)/i };

/** A Cache-Control directive's seconds in milliseconds; 0 without it, or when no-store or no-cache say not to keep the answer. */
function directiveMs(cacheControl: string | undefined, directive: keyof typeof DIRECTIVES): number {
  if (!cacheControl || /\b(no-store|no-cache)\b/i.test(cacheControl)) return 0;
  const seconds = DIRECTIVES[directive].exec(cacheControl);
  return seconds ? Number(seconds[1]) * 1000 : 0;
}

/** The `max-age` of a Cache-Control header in milliseconds; 0 when the answer may not be used again unasked. */
export const freshForMs = (cacheControl: string | undefined): number => directiveMs(cacheControl, "max-age");

/** The `stale-while-revalidate` of a Cache-Control header in milliseconds (0 without one, or with no-store or no-cache). */
export const staleUsableForMs = (cacheControl: string | undefined): number => directiveMs(cacheControl, "stale-while-revalidate");

/** The freshness an answer that arrived now (`cacheControl` its header) has, for the credentials and write count it was asked with. */
export function freshnessOf(cacheControl: string | undefined, now: number, askedAs: string, since: number): Freshness {
  const until = now + freshForMs(cacheControl);
  return { until, usableUntil: until + staleUsableForMs(cacheControl), askedAs, since };
}

/** How long a call that used a stale answer is taken to be asking for it again. */
const ASKING_AGAIN_CLAIM_MS = 10_000;

/** What a call may use without waiting for the API; `askAgain`: this call is the one to ask for it again, behind the page. */
export interface UsableAnswer {
  value: unknown;
  askAgain: boolean;
}

/** Answers larger than this are not kept (sitemaps): they are rare and would crowd out the rest. */
const LARGEST_KEPT_BYTES = 256 * 1024;

/**
 * The API's recent answers to GET calls, with their ETags, so that the next identical call can ask
 * "If-None-Match" and, on a 304, reuse what was read before instead of receiving, parsing and
 * checking the same body again (a category answer is about 40 kB of JSON).
 *
 * A 304 says the body would have been byte for byte the same (the ETag is a hash of it), so a kept
 * answer is right for every shopper who gets that 304, whoever asked first. Answers are kept per
 * schema, since two models may read one URL differently, and are frozen: every page that gets one
 * shares it. The oldest answers are forgotten first once their bodies add up to `maxBytes`.
 *
 * An answer the API marked with a `max-age` (catalog answers, for a second) is used again without
 * asking at all while it is fresh, for the same credentials, and until the storefront next writes.
 * One it marked `stale-while-revalidate` may be used for that long after, while the first call to
 * find it stale asks the API again for everyone: the page is not kept waiting for the round trip.
 */
export class KeptAnswers {
  private readonly bySchema = new WeakMap<z.ZodType, Map<string, KeptAnswer>>();
  /** Every kept answer in the order it was last used, across schemas: the forgetting order. */
  private readonly recency = new Map<KeptAnswer, { schema: z.ZodType; url: string }>();
  private bytes = 0;
  private writes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * The storefront wrote through the API (an order, a cart change): whatever it kept may now be
   * out of date, so every kept answer is asked for again (If-None-Match) before it is used.
   */
  wrote(): void {
    this.writes++;
  }

  /** Freshness starts here: the write count as a call is sent, so an answer that crossed a write is not fresh. */
  get writeCount(): number {
    return this.writes;
  }

  /**
   * The kept answer when it is fresh, or (`staleAllowed`) past its max-age but within its
   * stale-while-revalidate window, for these credentials and with no write after its call. A stale
   * one is handed out with `askAgain` once, until that ask settles (`askSettled`) or its claim lapses.
   */
  usable(schema: z.ZodType, url: string, askedAs: string, now: number, staleAllowed: boolean): UsableAnswer | undefined {
    const kept = this.bySchema.get(schema)?.get(url);
    if (!kept || kept.freshness.askedAs !== askedAs || kept.freshness.since !== this.writes) return undefined;
    const fresh = now < kept.freshness.until;
    if (!fresh && !(staleAllowed && now < kept.freshness.usableUntil)) return undefined;
    this.touch(kept);
    const askAgain = !fresh && kept.askingAgainUntil <= now;
    if (askAgain) kept.askingAgainUntil = now + ASKING_AGAIN_CLAIM_MS;
    return { value: kept.value, askAgain };
  }

  /**
   * The ask for a stale answer (`value`, as `usable` handed it out) settled, answered or not: the
   * next call to find it stale may ask again. An answer kept since then has a claim of its own.
   */
  askSettled(schema: z.ZodType, url: string, value: unknown): void {
    const kept = this.bySchema.get(schema)?.get(url);
    if (kept && kept.value === value) kept.askingAgainUntil = 0;
  }

  /** The ETag to send for this call, when an answer is kept. */
  etagFor(schema: z.ZodType, url: string): string | undefined {
    return this.bySchema.get(schema)?.get(url)?.etag;
  }

  /** The kept answer, after a 304 to the ETag it was kept with; the 304 brings its freshness anew. */
  reuse(schema: z.ZodType, url: string, etag: string, freshness: Freshness): unknown {
    const kept = this.bySchema.get(schema)?.get(url);
    if (!kept || kept.etag !== etag) return undefined;
    kept.freshness = freshness;
    kept.askingAgainUntil = 0;
    this.touch(kept);
    return kept.value;
  }

  /** Keeps a checked answer (frozen, and answered back) under the ETag the API sent with it. */
  keep<T>(schema: z.ZodType, url: string, etag: string, value: T, bytes: number, freshness: Freshness): T {
    if (bytes > LARGEST_KEPT_BYTES || bytes > this.maxBytes) return value;
    let answers = this.bySchema.get(schema);
    if (!answers) this.bySchema.set(schema, (answers = new Map()));
    const replaced = answers.get(url);
    if (replaced) this.forget(replaced);
    const kept: KeptAnswer = { etag, value: deepFreeze(value), bytes, freshness, askingAgainUntil: 0 };
    answers.set(url, kept);
    this.recency.set(kept, { schema, url });
    this.bytes += bytes;
    for (const oldest of this.recency.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
    return value;
  }

  /** Forgets every kept answer. */
  forgetAll(): void {
    for (const kept of [...this.recency.keys()]) this.forget(kept);
  }

  get keptBytes(): number {
    return this.bytes;
  }

  private touch(kept: KeptAnswer): void {
    const where = this.recency.get(kept)!;
    this.recency.delete(kept);
    this.recency.set(kept, where);
  }

  private forget(kept: KeptAnswer): void {
    const where = this.recency.get(kept);
    if (!where) return;
    this.recency.delete(kept);
    this.bytes -= kept.bytes;
    const answers = this.bySchema.get(where.schema);
    if (answers?.get(where.url) === kept) answers.delete(where.url);
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}
