import { sql } from "kysely";
import type { Lang } from "../contract/common";
import { isPostgres } from "./dialect";
import type { Db } from "./index";

/**
 * Text normalisation shared by indexing and querying, so that "torréfaction foncée" and
 * "torrefaction foncee" meet: accents stripped, lower case, letters and digits only.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export function searchTokens(text: string, max = 8): string[] {
  return normalizeSearchText(text)
    .split(" ")
    .filter((t) => t.length > 0)
    .slice(0, max);
}

/**
 * Full-text search, the one place the two databases differ: FTS5 (unicode61, diacritics removed,
 * Porter stemming) on SQLite; tsvector with the english or french configuration on PostgreSQL.
 * Both sides index and query text that normalizeSearchText has already stripped of accents.
 */
const PG_CONFIG: Record<Lang, string> = { en: "english", fr: "french" };

export interface SearchDocument {
  listingId: number;
  lang: Lang;
  name: string;
  body: string;
}

export async function indexSearchDocuments(db: Db, docs: SearchDocument[]): Promise<void> {
  if (docs.length === 0) return;
  const ids = [...new Set(docs.map((d) => d.listingId))];
  if (isPostgres(db)) {
    await sql`delete from listing_search where listing_id in (${sql.join(ids)})`.execute(db);
    for (let i = 0; i < docs.length; i += 500) {
      const chunk = docs.slice(i, i + 500);
      const values = chunk.map(
        (d) =>
          sql`(${d.listingId}, ${d.lang}, to_tsvector(${PG_CONFIG[d.lang]}::regconfig, ${normalizeSearchText(d.name)}), to_tsvector(${PG_CONFIG[d.lang]}::regconfig, ${normalizeSearchText(`${d.name} ${d.body}`)}))`,
      );
      await sql`insert into listing_search (listing_id, lang, name_tsv, body_tsv) values ${sql.join(values)}`.execute(db);
    }
    return;
  }
  for (const lang of ["en", "fr"] as const) {
    const table = sql.table(`listing_fts_${lang}`);
    const mine = docs.filter((d) => d.lang === lang);
    if (mine.length === 0) continue;
    await sql`delete from ${table} where rowid in (${sql.join(mine.map((d) => d.listingId))})`.execute(db);
    for (let i = 0; i < mine.length; i += 500) {
      const values = mine.slice(i, i + 500).map((d) => sql`(${d.listingId}, ${normalizeSearchText(d.name)}, ${normalizeSearchText(d.body)})`);
      await sql`insert into ${table} (rowid, name, body) values ${sql.join(values)}`.execute(db);
    }
  }
}

export interface TextMatches {
  /** The query's normalised words (for ranking name matches first). */
  words: string[];
  /** Listings whose name or description holds every word, in ascending id order. */
  ids: Int32Array;
}

/**
 * The listings holding one word (stemmed, accent-insensitive), in ascending id order; null when the
 * word narrows nothing (a stop word PostgreSQL's configuration drops, as it would drop it from the
 * whole query). A query's matches are the intersection of its words' lists, which is what both
 * databases answer for the whole query, so each word's list can be kept and reused by every query
 * that holds it.
 */
export async function listingsWithWord(db: Db, lang: Lang, word: string): Promise<Int32Array | null> {
  // The ids come back as one comma-separated text rather than a row each: a word in most of a
  // 100,000-product catalog's descriptions answers in a tenth of the time.
  if (isPostgres(db)) {
    // One round trip: whether the word survives the language's configuration, and its listings.
    const found = await sql<{ lexemes: number; ids: string | null }>`select numnode(q) as lexemes,
        (select string_agg(listing_id::text, ',') from listing_search where lang = ${lang} and body_tsv @@ q) as ids
      from plainto_tsquery(${PG_CONFIG[lang]}::regconfig, ${word}) as q`.execute(db);
    const row = found.rows[0];
    if (!row || Number(row.lexemes) === 0) return null;
    return sortedIds(row.ids);
  }
  const table = sql.table(`listing_fts_${lang}`);
  const found = await sql<{ ids: string | null }>`select group_concat(rowid) as ids from ${table} where ${table} match ${`"${word}"`}`.execute(db);
  return sortedIds(found.rows[0]?.ids ?? null);
}

/**
 * The words (Porter stems) SQLite's full-text index holds for one language, read from FTS5's own
 * vocabulary; none on PostgreSQL, whose index has no such list to read cheaply. Most
 * stems are words shoppers type ("ethiopian", "smooth"), so reading each one's listings at warm-up
 * spares the first shopper who types it the index read (up to 13 ms for a word in most of 100,000
 * descriptions). The vocabulary table is the connection's own (temp), made on first use.
 */
export async function wordsInTextIndex(db: Db, lang: Lang): Promise<string[]> {
  if (isPostgres(db)) return [];
  const vocabulary = `listing_fts_${lang}_words`;
  await sql.raw(`create virtual table if not exists temp.${vocabulary} using fts5vocab(main, listing_fts_${lang}, row)`).execute(db);
  const found = await sql<{ term: string }>`select term from ${sql.table(`temp.${vocabulary}`)}`.execute(db);
  return found.rows.map((r) => r.term);
}

/** "12,7,40" → [7, 12, 40]. */
export function sortedIds(commaSeparated: string | null): Int32Array {
  if (!commaSeparated) return new Int32Array(0);
  let count = 1;
  for (let k = 0; k < commaSeparated.length; k++) if (commaSeparated.charCodeAt(k) === 44) count++;
  const ids = new Int32Array(count);
  let n = 0;
  let value = 0;
  for (let k = 0; k < commaSeparated.length; k++) {
    const c = commaSeparated.charCodeAt(k);
    if (c === 44) {
      ids[n++] = value;
      value = 0;
    } else value = value * 10 + (c - 48);
  }
  ids[n] = value;
  return ids.sort();
}

/** The ids in every list (null lists narrow nothing); none when no list narrows anything. */
export function intersectAll(lists: readonly (Int32Array | null)[]): Int32Array {
  const narrowing = lists.filter((l): l is Int32Array => l !== null).sort((a, b) => a.length - b.length);
  if (narrowing.length === 0) return new Int32Array(0);
  let result = narrowing[0]!;
  for (const list of narrowing.slice(1)) result = intersect(result, list);
  return result;
}

/** Two ascending id lists' common ids: the shorter one walks, the longer one is searched by galloping. */
function intersect(small: Int32Array, large: Int32Array): Int32Array {
  const out = new Int32Array(small.length);
  let n = 0;
  let lo = 0;
  for (let i = 0; i < small.length && lo < large.length; i++) {
    const v = small[i]!;
    let step = 1;
    let hi = lo;
    while (hi < large.length && large[hi]! < v) {
      lo = hi + 1;
      hi += step;
      step *= 2;
    }
    hi = Math.min(hi, large.length - 1);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (large[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    if (large[lo] === v) out[n++] = v;
  }
  return out.slice(0, n);
}
