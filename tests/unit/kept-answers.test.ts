import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type Freshness, freshForMs, KeptAnswers } from "../../app/lib/api-answers.server";

const Schema = z.object({ n: z.number() });
/** Kept for conditional requests only: never used again unasked. */
const stale: Freshness = { until: 0, askedAs: "", since: 0 };

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
  const guest = (until: number, since = 0): Freshness => ({ until, askedAs: "guest", since });

  it("are used again unasked until their max-age has passed", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/c/coffee", '"1"', { n: 1 }, 10, guest(2_000));
    expect(kept.fresh(Schema, "/c/coffee", "guest", 1_999)).toEqual({ n: 1 });
    expect(kept.fresh(Schema, "/c/coffee", "guest", 2_000)).toBeUndefined();
    // A 304 brings a new max-age.
    kept.reuse(Schema, "/c/coffee", '"1"', guest(3_000));
    expect(kept.fresh(Schema, "/c/coffee", "guest", 2_500)).toEqual({ n: 1 });
  });

  it("only for the credentials they were asked with: a member's prices are not a guest's", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/p/5001", '"m"', { n: 2 }, 10, { until: 2_000, askedAs: "Bearer member", since: 0 });
    expect(kept.fresh(Schema, "/p/5001", "guest", 1_000)).toBeUndefined();
    expect(kept.fresh(Schema, "/p/5001", "Bearer member", 1_000)).toEqual({ n: 2 });
  });

  it("not after the storefront wrote, nor when a write came while they were on their way", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/a", '"a"', { n: 1 }, 10, guest(2_000, kept.writeCount));
    const sentBeforeTheWrite = kept.writeCount;
    kept.wrote();
    expect(kept.fresh(Schema, "/a", "guest", 1_000)).toBeUndefined();
    kept.keep(Schema, "/b", '"b"', { n: 2 }, 10, guest(2_000, sentBeforeTheWrite));
    expect(kept.fresh(Schema, "/b", "guest", 1_000)).toBeUndefined();
    kept.keep(Schema, "/b", '"b"', { n: 2 }, 10, guest(2_000, kept.writeCount));
    expect(kept.fresh(Schema, "/b", "guest", 1_000)).toEqual({ n: 2 });
  });

  it("read max-age from Cache-Control; no-store, no-cache or none at all mean ask every time", () => {
    expect(freshForMs("private, max-age=1")).toBe(1_000);
    expect(freshForMs("public, max-age=3600")).toBe(3_600_000);
    expect(freshForMs("private, no-store")).toBe(0);
    expect(freshForMs("no-cache, max-age=60")).toBe(0);
    expect(freshForMs(undefined)).toBe(0);
  });
});
