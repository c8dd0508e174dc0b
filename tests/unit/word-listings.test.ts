import { describe, expect, it } from "vitest";
import type { Lang } from "../../commerce/contract/common";
import type { CatalogChange } from "../../commerce/domain/catalog-changes";
import { relisted, type WordSource, WordListings } from "../../commerce/domain/word-listings";

const ids = (...xs: number[]) => Int32Array.from(xs);
const settle = () => new Promise((r) => setTimeout(r, 0));

/** A database stand-in whose answers the test hands over when it chooses. */
function wordSource(stems: Record<string, string[]>) {
  const reads: { lang: Lang; answer: (lists: Record<string, number[]> | null) => void }[] = [];
  const texts: Record<number, string[]> = {};
  let failWordsOf = false;
  const source: WordSource = {
    everyWord: (lang) =>
      new Promise((resolve) =>
        reads.push({ lang, answer: (lists) => resolve(lists && new Map(Object.entries(lists).map(([w, xs]) => [w, Int32Array.from(xs)]))) }),
      ),
    wordsOf: async (listingIds) => {
      if (failWordsOf) throw new Error("database gone");
      return listingIds.filter((id) => texts[id]).map((id) => ({ listingId: id, lang: "en" as const, lexemes: texts[id]! }));
    },
    indexedAs: async (_lang, word) => stems[word] ?? [word],
  };
  return {
    source,
    /** Answers the `n`th read (from 0) once it has been asked for. */
    async answerRead(n: number, lists: Record<string, number[]> | null) {
      while (!reads[n]) await settle();
      reads[n].answer(lists);
    },
    texts,
    failUpdates: () => (failWordsOf = true),
  };
}

function changeFeed() {
  let listener: (changes: CatalogChange[] | "all") => void = () => undefined;
  return {
    subscribe: (l: typeof listener) => void (listener = l),
    tell: (changes: number[] | "all") => listener(changes === "all" ? "all" : changes.map((listingId) => ({ listingId, baseCode: `B${listingId}` }))),
  };
}

describe("a word's list after listings change", () => {
  it("takes in a changed listing whose text now holds the word and lets go of one whose text no longer does", () => {
    expect([...relisted(ids(2, 5, 9), ids(5, 7), ids(7))]).toEqual([2, 7, 9]);
  });

  it("stays the same list when no changed listing moves (a stock level changes no words)", () => {
    const list = ids(2, 5, 9);
    expect(relisted(list, ids(5, 11), ids(5))).toBe(list);
  });
});

describe("every word's listings held in memory", () => {
  it("sends searches to the database until a language's lists are read, then answers from them", async () => {
    const db = wordSource({ coffee: ["coffe"], the: [] });
    const words = new WordListings(db.source, changeFeed(), () => undefined);
    const read = words.read("en");
    expect(await words.listingsWith("en", "coffee")).toBeUndefined();
    await db.answerRead(0, { coffe: [1, 2, 3], dark: [2, 3] });
    await read;
    expect([...(await words.listingsWith("en", "coffee"))!]).toEqual([1, 2, 3]);
    expect(await words.listingsWith("en", "the")).toBeNull();
    expect([...(await words.listingsWith("en", "zeppelin"))!]).toEqual([]);
  });

  it("holds nothing where the database answers words alone", async () => {
    const db = wordSource({});
    const words = new WordListings(db.source, changeFeed(), () => undefined);
    const read = words.read("en");
    await db.answerRead(0, null);
    await read;
    expect(await words.listingsWith("en", "dark")).toBeUndefined();
  });

  it("puts a change told while the lists are being read into them once the read is done", async () => {
    const db = wordSource({});
    const feed = changeFeed();
    const words = new WordListings(db.source, feed, () => undefined);
    const read = words.read("en");
    db.texts[4] = ["dark"];
    feed.tell([4, 2]);
    // Read before the change: listing 2 was dark then, 4 was not.
    await db.answerRead(0, { dark: [2, 3], light: [4] });
    await read;
    expect([...(await words.listingsWith("en", "dark"))!]).toEqual([3, 4]);
    expect([...(await words.listingsWith("en", "light"))!]).toEqual([]);
  });

  it("reads the lists again after a change too large to follow, and never puts back a read begun before it", async () => {
    const db = wordSource({});
    const feed = changeFeed();
    const words = new WordListings(db.source, feed, () => undefined);
    const first = words.read("en");
    feed.tell("all");
    await db.answerRead(0, { dark: [1] });
    await first;
    await settle();
    expect(await words.listingsWith("en", "dark")).toBeUndefined();
    await db.answerRead(1, { dark: [9] });
    await settle();
    expect([...(await words.listingsWith("en", "dark"))!]).toEqual([9]);
  });

  it("drops the lists when a change cannot be followed, so searches go to the database meanwhile, and reads them again", async () => {
    const db = wordSource({});
    const feed = changeFeed();
    const errors: unknown[] = [];
    const words = new WordListings(db.source, feed, (err) => errors.push(err));
    const read = words.read("en");
    await db.answerRead(0, { dark: [1, 2] });
    await read;
    db.failUpdates();
    feed.tell([2]);
    expect(await words.listingsWith("en", "dark")).toBeUndefined();
    expect(errors).toHaveLength(1);
    await db.answerRead(1, { dark: [1] });
    await settle();
    expect([...(await words.listingsWith("en", "dark"))!]).toEqual([1]);
  });
});
