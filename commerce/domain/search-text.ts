import type { Lang } from "../contract/common";
import { normalizeSearchText, searchTokens } from "../db/search-text";

export { normalizeSearchText, searchTokens };

/**
 * Words that narrow nothing, dropped from a shopper's query before it is matched: PostgreSQL's
 * English and French configurations drop them anyway, and SQLite's full-text index does not, so
 * "the hazelnut" had found nothing there. Single letters are the French elisions (l', d').
 */
const STOP_WORDS: Record<Lang, ReadonlySet<string>> = {
  en: new Set(["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "into", "is", "it", "of", "on", "or", "the", "to", "with"]),
  fr: new Set(["a", "au", "aux", "avec", "ce", "d", "dans", "de", "des", "du", "en", "et", "l", "la", "le", "les", "ou", "par", "pour", "sur", "un", "une"]),
};

/** The words of a shopper's query that narrow it (normalised, at most eight). */
export function queryWords(lang: Lang, text: string): string[] {
  return searchTokens(text).filter((w) => !STOP_WORDS[lang].has(w));
}

/**
 * Two rows of the edit-distance table, reused: a search with no results measures its words against
 * every word of the catalog (thousands on a large one), and new rows for each pair were most of
 * what such a search allocated.
 */
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

export function levenshtein(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (previousRow.length <= b.length) {
    previousRow = new Int32Array(b.length * 2);
    currentRow = new Int32Array(b.length * 2);
  }
  let prev = previousRow;
  let cur = currentRow;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur[j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > limit) return limit + 1;
    const done = prev;
    prev = cur;
    cur = done;
  }
  return prev[b.length]!;
}

/**
 * Did-you-mean: each query word not in the vocabulary (nor one that narrows nothing) is replaced
 * by the closest word that is (at most two edits for words of five letters or more, one edit for
 * shorter ones). Answers null when nothing would change.
 */
export function spellingSuggestion(query: string, vocabulary: ReadonlySet<string>, lang: Lang): string | null {
  const words = searchTokens(query);
  if (words.length === 0) return null;
  let changed = false;
  const fixed = words.map((w) => {
    // Words that narrow nothing are left as typed ("the" is not a misspelt "tea").
    if (vocabulary.has(w) || STOP_WORDS[lang].has(w) || /^\d+$/.test(w)) return w;
    const limit = w.length >= 5 ? 2 : 1;
    let best: string | null = null;
    let bestDistance = limit + 1;
    for (const candidate of vocabulary) {
      const d = levenshtein(w, candidate, limit);
      if (d < bestDistance || (d === bestDistance && best !== null && candidate < best)) {
        best = candidate;
        bestDistance = d;
      }
    }
    if (best && bestDistance <= limit) {
      changed = true;
      return best;
    }
    return w;
  });
  return changed ? fixed.join(" ") : null;
}
