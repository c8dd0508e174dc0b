import { describe, expect, it } from "vitest";
import { z } from "zod";
import { KeptAnswers } from "../../app/lib/api-answers.server";

const Schema = z.object({ n: z.number() });

describe("the API answers a storefront process keeps for conditional requests", () => {
  it("forgets the least recently used answers once their bodies pass the budget", () => {
    const kept = new KeptAnswers(300);
    kept.keep(Schema, "/a", '"a"', { n: 1 }, 100);
    kept.keep(Schema, "/b", '"b"', { n: 2 }, 100);
    kept.keep(Schema, "/c", '"c"', { n: 3 }, 100);
    // /a was used last, so /b is the oldest when /d arrives.
    expect(kept.reuse(Schema, "/a", '"a"')).toEqual({ n: 1 });
    kept.keep(Schema, "/d", '"d"', { n: 4 }, 100);
    expect(kept.etagFor(Schema, "/b")).toBeUndefined();
    expect([kept.etagFor(Schema, "/a"), kept.etagFor(Schema, "/c"), kept.etagFor(Schema, "/d")]).toEqual(['"a"', '"c"', '"d"']);
    expect(kept.keptBytes).toBe(300);
  });

  it("reuses an answer only for the ETag it was kept with, and replaces it when the answer changes", () => {
    const kept = new KeptAnswers(1000);
    kept.keep(Schema, "/a", '"1"', { n: 1 }, 10);
    expect(kept.reuse(Schema, "/a", '"2"')).toBeUndefined();
    kept.keep(Schema, "/a", '"2"', { n: 2 }, 20);
    expect(kept.reuse(Schema, "/a", '"2"')).toEqual({ n: 2 });
    expect(kept.keptBytes).toBe(20);
  });

  it("does not keep an answer larger than the budget or than a quarter megabyte", () => {
    const kept = new KeptAnswers(100);
    kept.keep(Schema, "/big", '"x"', { n: 1 }, 101);
    expect(kept.etagFor(Schema, "/big")).toBeUndefined();
    const roomy = new KeptAnswers(10_000_000);
    expect(roomy.keep(Schema, "/sitemap", '"y"', { n: 1 }, 300_000)).toEqual({ n: 1 });
    expect(roomy.etagFor(Schema, "/sitemap")).toBeUndefined();
  });
});
