import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type Freshness, freshForMs, KeptAnswers, staleUsableForMs } from "../../app/lib/api-answers.server";

const Schema = z.object({ n: z.number() });
/** Kept for conditional requests only: never used again unasked. */
const stale: Freshness = { until: 0, usableUntil: 0, askedAs: "", since: 0 };
/** The kept value a call may use without asking, when it may not use it stale. */
const fresh = (kept: KeptAnswers, url: string, askedAs: string, now: number) => kept.usable(Schema, url, askedAs, now, false)?.value;

describe("the API answers a storefront process keeps for conditional requests", () => {
  it("forgets the least recently used answers once their bodies pass the budget", () => {
    const kept = new KeptAnswers(300);
    kept.keep(Schema, "/a", '"a"', { n: 1 }, 100, stale);
    kept.keep(Schema, "/b", '"b"', { n: 2 }, 100, stale);
    kept.keep(Schema, "/c", '"c"', { n: 3 }, 100, stale);
    // /a was used last, so /b is the oldest when /d arrives.
    expect(kept.reuse(Schema, "/a", '"a"', stale)).toEqual({ n: 1 });
    kept.keep(Schema, "/d", '"d"', { n: 4 }, 100, stale);
    expect(kept.etagFor(Schema, "/b")).toBeUndefined();
    expect([kept.etagFor(Schema, "/a"), kept.etagFor(Schema, "/c"), kept.etagFor(Schema, "/d")]).toEqual(['"a"', '"c"', '"d"']);
    expect(kept.keptBytes).toBe(300);
  });

  it("forgets every answer when told to, and keeps new ones after", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/a", '"a"', { n: 1 }, 100, stale);
    kept.keep(Schema, "/b", '"b"', { n: 2 }, 100, stale);
    kept.forgetAll();
    expect([kept.etagFor(Schema, "/a"), kept.etagFor(Schema, "/b"), kept.keptBytes]).toEqual([undefined, undefined, 0]);
    kept.keep(Schema, "/a", '"a2"', { n: 3 }, 50, stale);
    expect(kept.reuse(Schema, "/a", '"a2"', stale)).toEqual({ n: 3 });
  });

  it("reuses an answer only for the ETag it was kept with, and replaces it when the answer changes", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/a", '"1"', { n: 1 }, 10, stale);
    expect(kept.reuse(Schema, "/a", '"2"', stale)).toBeUndefined();
    kept.keep(Schema, "/a", '"2"', { n: 2 }, 20, stale);
    expect(kept.reuse(Schema, "/a", '"2"', stale)).toEqual({ n: 2 });
    expect(kept.keptBytes).toBe(20);
  });

  it("does not keep an answer larger than the budget or than a quarter megabyte", () => {
    const kept = new KeptAnswers(100);
    kept.keep(Schema, "/big", '"x"', { n: 1 }, 101, stale);
    expect(kept.etagFor(Schema, "/big")).toBeUndefined();
    const roomy = new KeptAnswers(10_000_000);
    expect(roomy.keep(Schema, "/sitemap", '"y"', { n: 1 }, 300_000, stale)).toEqual({ n: 1 });
    expect(roomy.etagFor(Schema, "/sitemap")).toBeUndefined();
  });
});

describe("answers the API marks fresh for a while", () => {
  const guest = (until: number, since = 0): Freshness => ({ until, usableUntil: until, askedAs: "guest", since });

  it("are used again unasked until their max-age has passed", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/c/coffee", '"1"', { n: 1 }, 10, guest(2_000));
    expect(fresh(kept, "/c/coffee", "guest", 1_999)).toEqual({ n: 1 });
    expect(fresh(kept, "/c/coffee", "guest", 2_000)).toBeUndefined();
    // A 304 brings a new max-age.
    kept.reuse(Schema, "/c/coffee", '"1"', guest(3_000));
    expect(fresh(kept, "/c/coffee", "guest", 2_500)).toEqual({ n: 1 });
  });

  it("only for the credentials they were asked with: a member's prices are not a guest's", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/p/5001", '"m"', { n: 2 }, 10, { until: 2_000, usableUntil: 2_000, askedAs: "Bearer member", since: 0 });
    expect(fresh(kept, "/p/5001", "guest", 1_000)).toBeUndefined();
    expect(fresh(kept, "/p/5001", "Bearer member", 1_000)).toEqual({ n: 2 });
  });

  it("not after the storefront wrote, nor when a write came while they were on their way", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/a", '"a"', { n: 1 }, 10, guest(2_000, kept.writeCount));
    const sentBeforeTheWrite = kept.writeCount;
    kept.wrote();
    expect(fresh(kept, "/a", "guest", 1_000)).toBeUndefined();
    kept.keep(Schema, "/b", '"b"', { n: 2 }, 10, guest(2_000, sentBeforeTheWrite));
    expect(fresh(kept, "/b", "guest", 1_000)).toBeUndefined();
    kept.keep(Schema, "/b", '"b"', { n: 2 }, 10, guest(2_000, kept.writeCount));
    expect(fresh(kept, "/b", "guest", 1_000)).toEqual({ n: 2 });
  });

  it("read max-age from Cache-Control; no-store, no-cache or none at all mean ask every time", () => {
    expect(freshForMs("private, max-age=1")).toBe(1_000);
    expect(freshForMs("public, max-age=3600")).toBe(3_600_000);
    expect(freshForMs("private, no-store")).toBe(0);
    expect(freshForMs("no-cache, max-age=60")).toBe(0);
    expect(freshForMs(undefined)).toBe(0);
  });
});

describe("answers the API lets a caller use stale while it asks again (stale-while-revalidate)", () => {
  // Fresh for a second from 1,000, then usable stale for a minute.
  const window = (since = 0): Freshness => ({ until: 2_000, usableUntil: 62_000, askedAs: "guest", since });

  it("are used past their max-age until the window closes; the first call to find one stale is the one to ask again", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/c/coffee", '"1"', { n: 1 }, 10, window());
    expect(kept.usable(Schema, "/c/coffee", "guest", 1_500, true)).toEqual({ value: { n: 1 }, askAgain: false });
    expect(kept.usable(Schema, "/c/coffee", "guest", 3_000, true)).toEqual({ value: { n: 1 }, askAgain: true });
    // While that ask is on its way, other calls use the answer without asking too.
    expect(kept.usable(Schema, "/c/coffee", "guest", 3_500, true)).toEqual({ value: { n: 1 }, askAgain: false });
    // The ask failed: the next call to find the answer stale asks again.
    kept.askSettled(Schema, "/c/coffee", kept.usable(Schema, "/c/coffee", "guest", 3_600, true)!.value);
    expect(kept.usable(Schema, "/c/coffee", "guest", 4_000, true)?.askAgain).toBe(true);
    expect(kept.usable(Schema, "/c/coffee", "guest", 62_000, true)).toBeUndefined();
  });

  it("a call's claim to ask again lapses after ten seconds, should its ask never settle", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/c/coffee", '"1"', { n: 1 }, 10, window());
    expect(kept.usable(Schema, "/c/coffee", "guest", 3_000, true)?.askAgain).toBe(true);
    expect(kept.usable(Schema, "/c/coffee", "guest", 12_999, true)?.askAgain).toBe(false);
    expect(kept.usable(Schema, "/c/coffee", "guest", 13_000, true)?.askAgain).toBe(true);
  });

  it("an ask that settles after the answer was replaced leaves the new answer's claim alone", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/a", '"1"', { n: 1 }, 10, window());
    const old = kept.usable(Schema, "/a", "guest", 3_000, true)!;
    kept.keep(Schema, "/a", '"2"', { n: 2 }, 10, window());
    expect(kept.usable(Schema, "/a", "guest", 3_100, true)?.askAgain).toBe(true);
    kept.askSettled(Schema, "/a", old.value);
    expect(kept.usable(Schema, "/a", "guest", 3_200, true)?.askAgain).toBe(false);
  });

  it("a 304 to the ask makes the answer fresh again, and a changed answer replaces it", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/a", '"1"', { n: 1 }, 10, window());
    expect(kept.usable(Schema, "/a", "guest", 3_000, true)?.askAgain).toBe(true);
    kept.reuse(Schema, "/a", '"1"', { until: 4_000, usableUntil: 64_000, askedAs: "guest", since: 0 });
    expect(kept.usable(Schema, "/a", "guest", 3_500, true)).toEqual({ value: { n: 1 }, askAgain: false });
    // Stale again a second later: the 304 ended the claim, so the next call asks.
    expect(kept.usable(Schema, "/a", "guest", 4_100, true)?.askAgain).toBe(true);
    kept.keep(Schema, "/a", '"2"', { n: 2 }, 10, { until: 5_000, usableUntil: 65_000, askedAs: "guest", since: 0 });
    expect(kept.usable(Schema, "/a", "guest", 4_500, true)).toEqual({ value: { n: 2 }, askAgain: false });
    expect(kept.usable(Schema, "/a", "guest", 5_100, true)?.askAgain).toBe(true);
  });

  it("not for a call that may not use them stale, for other credentials, or after the storefront wrote", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/a", '"1"', { n: 1 }, 10, window(kept.writeCount));
    expect(kept.usable(Schema, "/a", "guest", 3_000, false)).toBeUndefined();
    expect(kept.usable(Schema, "/a", "Bearer member", 3_000, true)).toBeUndefined();
    kept.wrote();
    expect(kept.usable(Schema, "/a", "guest", 3_000, true)).toBeUndefined();
  });

  it("read stale-while-revalidate from Cache-Control; none, no-store or no-cache mean no window", () => {
    expect(staleUsableForMs("private, max-age=1, stale-while-revalidate=60")).toBe(60_000);
    expect(staleUsableForMs("private, max-age=1")).toBe(0);
    expect(staleUsableForMs("no-store, stale-while-revalidate=60")).toBe(0);
    expect(staleUsableForMs(undefined)).toBe(0);
  });
});
