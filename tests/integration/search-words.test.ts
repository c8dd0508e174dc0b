import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db, migrateToLatest } from "../../commerce/db/index";
import { listingsWithWord } from "../../commerce/db/search-text";
import { queryWords } from "../../commerce/domain/search-text";
import { databaseWords, WordListings } from "../../commerce/domain/word-listings";
import { seedDatabase } from "../../commerce/service";
import { testCommerceConfig } from "../support/commerce";
import { postgresAvailable, type TestDatabase, tempPostgres } from "../support/databases";

/**
 * On PostgreSQL each worker holds every word's listings (read once per language); a search must
 * find with them exactly what the database finds word by word.
 */
describe.runIf(postgresAvailable)("every word's listings held in memory, on PostgreSQL", () => {
  let database: TestDatabase;
  let db: Db;
  let words: WordListings;

  beforeAll(async () => {
    database = await tempPostgres();
    db = createDb({ kind: "postgres", url: database.url });
    await migrateToLatest(db);
    await seedDatabase(db, testCommerceConfig(database.url));
    words = new WordListings(databaseWords(db), { subscribe: () => undefined }, (err) => {
      throw err;
    });
    await words.read("en");
    await words.read("fr");
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
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
        const fromDatabase = await listingsWithWord(db, lang, word);
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
