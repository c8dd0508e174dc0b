import { Memo } from "../../lib/memo";
import type { Lang } from "../contract/common";
import type { Db } from "../db/index";
import { intersectAll, lexemesOfListings, lexemesOfWord, listingsByLexeme, unionIds, withoutIds } from "../db/search-text";
import type { CatalogChange, CatalogChangeFeed } from "./catalog-changes";

/** Past this many changed listings at once, a language's lists are read again whole. */
const READ_AGAIN_AFTER = 1000;

const NONE = new Int32Array(0);

/**
 * Every word's listings for a whole language, held in memory where the database's own index is
 * slow to answer a common word (PostgreSQL), and kept current from the catalog's change log. A
 * search with a word nobody has searched for then costs a stemming round trip and a lookup, not
 * a table page read for each listing that holds the word. Where nothing is held (SQLite, or
 * before a language's lists are read) callers ask the database word by word.
 */
export class WordListings {
  private readonly held = new Map<Lang, Map<string, Int32Array>>();
  private readonly reads = new Map<Lang, Promise<void>>();
  /** Stemming depends on the language's configuration alone, never on the catalog. */
  private readonly lexemes = new Memo<Promise<string[]>>({ max: 50_000 });
  /** Reads and updates, one after another: each starts from what the one before left. */
  private queue: Promise<void> = Promise.resolve();
  /** Settles when the latest catalog change is in the lists. */
  private updated: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    feed: CatalogChangeFeed,
    private readonly onError: (err: unknown) => void,
  ) {
    feed.subscribe((changes) => this.follow(changes));
  }

  /** Reads a language's lists, once; resolves without holding any where the database answers words fast enough. */
  read(lang: Lang): Promise<void> {
    let read = this.reads.get(lang);
    if (!read) {
      read = this.enqueue(async () => {
        const lists = await listingsByLexeme(this.db, lang);
        if (lists) this.held.set(lang, lists);
      });
      this.reads.set(lang, read);
      read.catch(() => this.reads.delete(lang));
    }
    return read;
  }

  /**
   * The listings holding a word in ascending id order, null when the word narrows nothing (a
   * stop word), undefined when the language's lists are not held (the caller asks the database).
   */
  async listingsWith(lang: Lang, word: string): Promise<Int32Array | null | undefined> {
    if (!this.held.has(lang)) {
      // Lists dropped after a failed update are read again in the background, not on this request.
      this.read(lang).catch(this.onError);
      return undefined;
    }
    const [lexemes] = await Promise.all([this.lexemes.get(`${lang}|${word}`, () => lexemesOfWord(this.db, lang, word)), this.updated]);
    const lists = this.held.get(lang);
    if (!lists) return undefined;
    if (lexemes.length === 0) return null;
    return intersectAll(lexemes.map((l) => lists.get(l) ?? NONE));
  }

  /**
   * Catalog changes are applied before any later search answers: the update is queued here, in
   * the change feed's listener, and listingsWith waits for it.
   */
  private follow(changes: CatalogChange[] | "all"): void {
    if (this.held.size === 0) return;
    if (changes === "all" || changes.length > READ_AGAIN_AFTER) {
      this.dropAndReadAgain();
      return;
    }
    const ids = Int32Array.from(new Set(changes.map((c) => c.listingId))).sort();
    this.updated = this.enqueue(() => this.update(ids)).catch((err) => {
      this.onError(err);
      this.dropAndReadAgain();
    });
  }

  private dropAndReadAgain(): void {
    const langs = [...this.held.keys()];
    this.held.clear();
    this.reads.clear();
    for (const lang of langs) this.read(lang).catch(this.onError);
  }

  /** Takes the changed listings out of every list, then puts them back under the words their texts hold now. */
  private async update(changed: Int32Array): Promise<void> {
    const texts = await lexemesOfListings(this.db, [...changed]);
    for (const [lang, lists] of this.held) {
      const added = new Map<string, number[]>();
      for (const text of texts) {
        if (text.lang !== lang) continue;
        for (const lexeme of text.lexemes) {
          const ids = added.get(lexeme);
          if (ids) ids.push(text.listingId);
          else added.set(lexeme, [text.listingId]);
        }
      }
      for (const [lexeme, list] of lists) lists.set(lexeme, withoutIds(list, changed));
      for (const [lexeme, ids] of added) lists.set(lexeme, unionIds(lists.get(lexeme) ?? NONE, Int32Array.from(ids).sort()));
    }
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const done = this.queue.then(work);
    this.queue = done.catch(() => undefined);
    return done;
  }
}
