import { brewerFamilies, type BrewerSerialRow, countSerials, insertMissingSerials } from "../db/brewer-registration";
import type { Db } from "../db/index";
import { makeSerial, modelLettersOf } from "../domain/brewer-registration-rules";

/** How many serials the demo factory made of each brewer model. */
export const SERIALS_PER_MODEL = 40;

/**
 * The demo factory's serials (decision 070): for each brewer model, units made over 2025 and 2026,
 * numbered by a stride so neighbouring units do not look alike. A model's serials depend on its
 * code alone, so the same model always has the same serials, whatever else the catalog holds.
 */
export function demoSerials(families: readonly string[]): BrewerSerialRow[] {
  return families.flatMap((family) =>
    Array.from({ length: SERIALS_PER_MODEL }, (_, i) => {
      const f = seedOf(family);
      const week = ((f * 7 + i * 3) % 52) + 1;
      const year = i % 2 === 0 ? 25 : 26;
      const unit = 100_000 + ((f * 104_729 + i * 7_919) % 900_000);
      const made = new Date(Date.UTC(2000 + year, 0, 1 + (week - 1) * 7)).toISOString().slice(0, 10);
      return { serial: makeSerial(modelLettersOf(family), `${year}${String(week).padStart(2, "0")}`, unit), family_code: family, made_on: made };
    }),
  );
}

/** A whole number from a model's code, for spreading its serials. */
function seedOf(family: string): number {
  let h = 0;
  for (const ch of family) h = (h * 31 + ch.charCodeAt(0)) % 1_000_003;
  return h;
}

/** Lists the demo serials of the catalog's brewers; safe on every start (those listed stay as they are). */
export async function seedBrewerSerials(db: Db): Promise<number> {
  const serials = demoSerials(await brewerFamilies(db));
  // Most starts find them all listed: one count instead of a write.
  if ((await countSerials(db)) >= serials.length) return 0;
  return insertMissingSerials(db, serials);
}
