import { describe, expect, it } from "vitest";
import { wordsInTextIndex, listingsWithWord } from "../../commerce/db/search-text";
import { queryWords } from "../../commerce/domain/search-text";
import { seededDatabaseForSuite } from "../support/commerce";

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
