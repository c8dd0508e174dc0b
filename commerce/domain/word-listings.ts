import { loadingCache } from "./caches";
import type { Lang } from "../contract/common";
import type { Db } from "../db/index";
import { intersectAll, lexemesOfListings, lexemesOfWord, listingsByLexeme } from "../db/search-text";
import type { CatalogChange, CatalogChangeFeed } from "./catalog-changes";

/** Past this many changed listings at once, a language's lists are read again whole. */
const READ_AGAIN_AFTER = 1000;
/** After a failed read, shoppers' searches go to the database this long before another is tried. */
const RETRY_READ_AFTER_MS = 30_000;

const NONE = new Int32Array(0);

/** Where the lists come from: the database's full-text index. */
export interface WordSource {
  /** Every word's listings in a language (ascending ids), or null where the database answers words fast enough alone. */
  everyWord(lang: Lang): Promise<Map<string, Int32Array> | null>;
  /** The words (lexemes) some listings' texts hold now, per language (listings gone hold none). */
  wordsOf(listingIds: readonly number[]): Promise<{ listingId: number; lang: Lang; lexemes: string[] }[]>;
  /** What a shopper's word is indexed as (stemmed); none for a word the language drops. */
  indexedAs(lang: Lang, word: string): Promise<string[]>;
}

export function databaseWords(db: Db): WordSource {
  return {
    everyWord: (lang) => listingsByLexeme(db, lang),
    wordsOf: (ids) => lexemesOfListings(db, ids),
    indexedAs: (lang, word) => lexemesOfWord(db, lang, word),
  };
}

/**
 * Every word's listings for a whole language, held in memory where the database's own index is
 * slow to answer a common word (PostgreSQL: its index gives row locations, and the ids cost a
 * table page per listing), and kept current from the catalog's change log. A search with a word
 * nobody has searched for then costs a stemming round trip and a lookup. Where nothing is held
 * (SQLite, or before a language's lists are read) callers ask the database word by word.
 *
 * Lists are replaced, never written in place: a search may still be reading the one it was given.
 */
export class WordListings {
  private readonly held = new Map<Lang, Map<string, Int32Array>>();
  private readonly reads = new Map<Lang, Promise<void>>();
  /** Bumped when the lists are dropped: a read begun before then must not put back what it read. */
  private generation = 0;
  private retryReadsAt = 0;
  /** Stemming depends on the language's configuration alone, never on the catalog. */
  private readonly indexedWords = loadingCache<string[]>({ max: 50_000 });
  /** Reads and updates, one after another: each starts from what the one before left. */
  private queue: Promise<void> = Promise.resolve();
  /** Settles once the latest catalog change is in the lists. */
  private updated: Promise<void> = Promise.resolve();

  constructor(
    private readonly source: WordSource,
    feed: Pick<CatalogChangeFeed, "subscribe">,
    private readonly onError: (err: unknown) => void,
  ) {
    feed.subscribe((changes) => this.follow(changes));
  }

  /** Reads a language's lists, once; settles without holding any where the database answers words alone. */
  read(lang: Lang): Promise<void> {
    const pending = this.reads.get(lang);
    if (pending) return pending;
    const generation = this.generation;
    const read = this.enqueue(async () => {
      const lists = await this.source.everyWord(lang);
      if (lists && generation === this.generation) this.held.set(lang, lists);
    });
    this.reads.set(lang, read);
    read.catch(() => {
      if (this.reads.get(lang) === read) this.reads.delete(lang);
      this.retryReadsAt = Date.now() + RETRY_READ_AFTER_MS;
    });
    return read;
  }

  /**
   * The listings holding a word in ascending id order, null when the word narrows nothing (a
   * stop word), undefined when the language's lists are not held (the caller asks the database).
   */
  async listingsWith(lang: Lang, word: string): Promise<Int32Array | null | undefined> {
    if (!this.held.has(lang)) {
      // Lists dropped after a failed update are read again in the background, not on this request.
      if (!this.reads.has(lang) && Date.now() >= this.retryReadsAt) this.read(lang).catch(this.onError);
      return undefined;
    }
    const [words] = await Promise.all([this.indexedWords.forceFetch(`${lang}|${word}`, { context: () => this.source.indexedAs(lang, word) }), this.updated]);
    const lists = this.held.get(lang);
    if (!lists) return undefined;
    if (words.length === 0) return null;
    return intersectAll(words.map((w) => lists.get(w) ?? NONE));
  }

  /**
   * Catalog changes are in the lists before any later search answers: the update is queued here,
   * in the change feed's listener, behind any read under way, and listingsWith waits for it.
   */
  private follow(changes: CatalogChange[] | "all"): void {
    if (this.held.size === 0 && this.reads.size === 0) return;
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
    const langs = new Set([...this.held.keys(), ...this.reads.keys()]);
    this.generation++;
    this.held.clear();
    this.reads.clear();
    for (const lang of langs) this.read(lang).catch(this.onError);
  }

  /** Each changed listing ends up in exactly the lists of the words its text holds now. */
  private async update(changed: Int32Array): Promise<void> {
    if (this.held.size === 0) return;
    const texts = await this.source.wordsOf([...changed]);
    for (const [lang, lists] of this.held) {
      const holdingIds = new Map<string, number[]>();
      for (const text of texts) {
        if (text.lang !== lang) continue;
        for (const word of text.lexemes) {
          const ids = holdingIds.get(word);
          if (ids) ids.push(text.listingId);
          else holdingIds.set(word, [text.listingId]);
        }
      }
      const holding = new Map([...holdingIds].map(([word, ids]) => [word, Int32Array.from(ids).sort()]));
      for (const [word, list] of lists) {
        const now = relisted(list, changed, holding.get(word) ?? NONE);
        if (now.length > 0) lists.set(word, now);
        else lists.delete(word);
      }
      for (const [word, ids] of holding) if (!lists.has(word)) lists.set(word, ids);
    }
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const done = this.queue.then(work);
    this.queue = done.catch(() => undefined);
    return done;
  }
}

/**
 * A word's list after some listings changed: each changed listing in it exactly when it is among
 * those whose text holds the word now (`holding`, ascending). The same list when nothing moves,
 * which is most lists for most changes (a stock level changes no words).
 */
export function relisted(list: Int32Array, changed: Int32Array, holding: Int32Array): Int32Array {
  let moves = false;
  for (let k = 0; k < changed.length && !moves; k++) moves = holds(list, changed[k]!) !== holds(holding, changed[k]!);
  if (!moves) return list;
  const kept = list.filter((id) => !holds(changed, id));
  const out = new Int32Array(kept.length + holding.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < kept.length || j < holding.length) out[n++] = j >= holding.length || (i < kept.length && kept[i]! < holding[j]!) ? kept[i++]! : holding[j++]!;
  return out;
}

function holds(list: Int32Array, id: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] === id) return true;
    if (list[mid]! < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
