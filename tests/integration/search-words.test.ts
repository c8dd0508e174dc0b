import { beforeAll, describe, expect, it } from "vitest";
import { wordsInTextIndex, listingsWithWord } from "../../commerce/db/search-text";
import { queryWords } from "../../commerce/domain/search-text";
import { databaseWords, WordListings } from "../../commerce/domain/word-listings";
import { seededDatabaseForSuite } from "../support/commerce";
import { postgresAvailable } from "../support/databases";

/**
 * On PostgreSQL each worker holds every word's listings (read once per language); a search must
 * find with them exactly what the database finds word by word.
 */
describe.runIf(postgresAvailable)("every word's listings held in memory, on PostgreSQL", () => {
  const database = seededDatabaseForSuite("postgres");
  let words: WordListings;

  beforeAll(async () => {
    words = new WordListings(databaseWords(database()), { subscribe: () => undefined }, (err) => {
      throw err;
    });
    await words.read("en");
    await words.read("fr");
  });

  it("reads no index words one by one at warm-up: every list is held already", async () => {
    expect(await wordsInTextIndex(database(), "en")).toEqual([]);
  });

  const asked = {
    en: ["coffee", "pods", "dark", "roasts", "smoky", "hazelnut", "brewers", "descaling", "very", "zeppelin"],
    fr: ["café", "torréfaction", "foncée", "cafetières", "noisette", "nous", "zeppelin"],
  } as const;

  for (const lang of ["en", "fr"] as const) {
    it(`finds for every ${lang === "en" ? "English" : "French"} word what the database finds, stop words and words in no listing included`, async () => {
      const found: Record<string, number | null> = {};
      for (const word of asked[lang].flatMap((w) => queryWords(lang, w))) {
        const held = await words.listingsWith(lang, word);
        const fromDatabase = await listingsWithWord(database(), lang, word);
        expect(held, word).not.toBeUndefined();
        expect(held && [...held], word).toEqual(fromDatabase && [...fromDatabase]);
        found[word] = held ? held.length : null;
      }
      // Words in many listings, a stop word the language drops (null: narrows nothing), a word in none.
      expect(found[lang === "en" ? "coffee" : "cafe"]).toBeGreaterThan(20);
      expect(found[lang === "en" ? "very" : "nous"]).toBeNull();
      expect(found.zeppelin).toBe(0);
    });
  }
});

/**
 * On SQLite a worker reads at warm-up the listings of every word the full-text index holds, so
 * the first shopper to search a word only descriptions hold does not wait for the index read.
 */
describe("the words SQLite's full-text index holds, read before a worker takes traffic", () => {
  const database = seededDatabaseForSuite("sqlite");

  for (const lang of ["en", "fr"] as const) {
    it(`lists the ${lang === "en" ? "English" : "French"} index's words, nearly all of which find their own listings`, async () => {
      const words = await wordsInTextIndex(database(), lang);
      expect(words.length).toBeGreaterThan(50);
      expect(new Set(words).size).toBe(words.length);
      // Stems, as the index keeps them. Asked for as a word, a stem finds its listings again,
      // except the few Porter stems a second time ("coffe"): those hold the empty answer a
      // shopper typing that word gets.
      let finding = 0;
      for (const word of words) if (((await listingsWithWord(database(), lang, word))?.length ?? 0) > 0) finding++;
      expect(finding / words.length).toBeGreaterThan(0.9);
    });
  }

  it("includes words only descriptions hold, and asks again after the first call without failing", async () => {
    const words = new Set(await wordsInTextIndex(database(), "en"));
    const names = await database().selectFrom("product_text").select("name").where("lang", "=", "en").execute();
    const nameWords = new Set(names.flatMap((n) => queryWords("en", n.name)));
    expect([...words].filter((w) => !nameWords.has(w)).length).toBeGreaterThan(0);
    expect(new Set(await wordsInTextIndex(database(), "en"))).toEqual(words);
  });
});
