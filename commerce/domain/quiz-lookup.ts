import { createHash, timingSafeEqual } from "node:crypto";
import type { BrandId } from "../contract/common";
import {
  allBeverageAnswers,
  type BeverageAnswers,
  type BeverageQuestion,
  CANADIAN_ID_SUFFIX,
  encodeBits,
  FLAVOUR_FAMILIES,
  FLAVOUR_FAMILY_NOTES,
  type FlavourFamily,
  type QuizLookupResponse,
  type SensoryRoastType,
} from "../contract/quiz";
import { lookupHashOf } from "../contract/quiz-hash";
import type { Db } from "../db/index";
import { type BeverageFacts, beverageCandidates } from "../db/quizzes";
import { type LoadingCache, loadingCache } from "./caches";
import { notFound } from "./errors";

/** How many products one lookup answers; the storefront shows the first four. */
export const LOOKUP_RESULT_SIZE = 8;

const PRODUCT_TYPE: Record<BeverageAnswers["drink"], string> = { coffee: "Coffee", tea: "Tea", cocoa: "Cocoa" };
const ROAST_ORDER = ["light", "medium", "dark"];
const PACK_TYPE = { pods: "KCup", bagged: "Bagged" } as const;

/** The family a catalog flavour belongs to. */
export function familyOf(flavour: string | null): FlavourFamily | undefined {
  if (!flavour) return undefined;
  return FLAVOUR_FAMILIES.find((f) => FLAVOUR_FAMILY_NOTES[f].includes(flavour));
}

/** Whether a beverage may be offered at all: nobody who asked for no caffeine is offered caffeine. */
function allowed(a: BeverageAnswers, c: BeverageFacts): boolean {
  return a.caffeine !== "none" || c.caffeine === "decaf" || c.caffeine === "caffeine-free";
}

const CAFFEINE_POINTS: Record<BeverageAnswers["caffeine"], Record<string, number>> = {
  regular: { caffeinated: 3, "half-caff": 0, decaf: -6, "caffeine-free": -6 },
  less: { caffeinated: -2, "half-caff": 4, decaf: 3, "caffeine-free": 2 },
  none: { caffeinated: -8, "half-caff": -6, decaf: 4, "caffeine-free": 4 },
};

/** The caffeine each answer asks for. */
const CAFFEINE_FITS: Record<BeverageAnswers["caffeine"], readonly string[]> = {
  regular: ["caffeinated"],
  less: ["half-caff", "decaf", "caffeine-free"],
  none: ["decaf", "caffeine-free"],
};

/**
 * The answers a beverage does not fit, in the quiz's order: the kind of drink, the very roast
 * asked for (coffee only), a flavour in a chosen family, the caffeine, and the brewing format.
 */
export function unmetAnswers(a: BeverageAnswers, c: BeverageFacts): BeverageQuestion[] {
  const unmet: BeverageQuestion[] = [];
  const sameKind = c.productType === PRODUCT_TYPE[a.drink];
  if (!sameKind) unmet.push("drink");
  if (sameKind && a.drink === "coffee" && c.roast !== a.roast) unmet.push("roast");
  const family = familyOf(c.flavor);
  if (!family || !a.flavours.includes(family)) unmet.push("flavours");
  if (!CAFFEINE_FITS[a.caffeine].includes(c.caffeine ?? "caffeinated")) unmet.push("caffeine");
  if (a.format !== "either" && !c.packTypes.includes(PACK_TYPE[a.format])) unmet.push("format");
  return unmet;
}

/**
 * How well a beverage fits the answers, from its catalog facts: the roast (the same roast counts
 * most, a neighbouring one a little, the opposite counts against), a flavour in a chosen family,
 * the caffeine asked for, and a pack in the brewing format asked for.
 */
export function fitScore(a: BeverageAnswers, c: BeverageFacts): number {
  let score = 0;
  if (c.roast && a.drink === "coffee") {
    const distance = Math.abs(ROAST_ORDER.indexOf(c.roast) - ROAST_ORDER.indexOf(a.roast));
    score += distance === 0 ? 6 : distance === 1 ? 2 : -4;
  }
  const family = familyOf(c.flavor);
  if (family && a.flavours.includes(family)) score += 5;
  score += CAFFEINE_POINTS[a.caffeine][c.caffeine ?? "caffeinated"] ?? 0;
  if (a.format !== "either") score += c.packTypes.includes(PACK_TYPE[a.format]) ? 2 : -1;
  return score;
}

export interface RankedBeverage {
  code: string;
  score: number;
  /** The answers it does not fit; empty when it fits every one. */
  unmet: BeverageQuestion[];
}

/**
 * The beverages that fit best, best first: those of the kind asked for (coffee, tea, cocoa), then,
 * when there are too few, the best of the others. Those that fit every answer come before those
 * that do not, so the first tells whether any does. Equal fits go to the better seller.
 */
export function rankBeverages(a: BeverageAnswers, candidates: readonly BeverageFacts[], size = LOOKUP_RESULT_SIZE): RankedBeverage[] {
  const scored = candidates
    .filter((c) => allowed(a, c))
    .map((c) => ({ c, score: fitScore(a, c), unmet: unmetAnswers(a, c) }))
    .sort(
      (x, y) => Number(x.unmet.length > 0) - Number(y.unmet.length > 0) || y.score - x.score || x.c.salesRank - y.c.salesRank || (x.c.code < y.c.code ? -1 : 1),
    );
  const wanted = PRODUCT_TYPE[a.drink];
  const ofKind = scored.filter((s) => s.c.productType === wanted);
  const others = scored.filter((s) => s.c.productType !== wanted);
  return [...ofKind, ...others].slice(0, size).map((s) => ({ code: s.c.code, score: s.score, unmet: s.unmet }));
}

/**
 * The taste profile the advice was made for: the roast asked for (none for tea and cocoa) and the
 * chosen flavour family the recommended products share most.
 */
export function tasteProfile(a: BeverageAnswers, recommended: readonly BeverageFacts[]): { roast: SensoryRoastType; flavour: FlavourFamily } {
  const roast: SensoryRoastType = a.drink === "coffee" ? (`${a.roast[0]!.toUpperCase()}${a.roast.slice(1)}` as SensoryRoastType) : "None";
  const counts = new Map<FlavourFamily, number>();
  for (const c of recommended) {
    const family = familyOf(c.flavor);
    if (family && a.flavours.includes(family)) counts.set(family, (counts.get(family) ?? 0) + 1);
  }
  const flavour = a.flavours.reduce((best, f) => ((counts.get(f) ?? 0) > (counts.get(best) ?? 0) ? f : best), a.flavours[0]!);
  return { roast, flavour };
}

/** Canadian product ids carry a suffix in the lookup's answers (the service's catalog keeps the two apart). */
export function lookupProductId(site: BrandId, code: string): string {
  return site === "cab2c" ? `${code}${CANADIAN_ID_SUFFIX}` : code;
}

/** Every hash the quiz can produce, with its answers; built once per process (about 4,000 entries). */
let answersByHash: Map<string, BeverageAnswers> | undefined;
function answersForHash(hash: string): BeverageAnswers | undefined {
  answersByHash ??= new Map(allBeverageAnswers().map((a) => [lookupHashOf(encodeBits(a)), a]));
  return answersByHash.get(hash);
}

const digest = (value: string) => createHash("sha256").update(value).digest();

export interface QuizLookupOptions {
  db: Db;
  /** The key callers send in X-Api-Key. */
  apiKey: string;
  /** How long a site's beverage facts and answers are kept (the catalog changes rarely; advice need not be stock-exact). */
  cacheTtlMs?: number;
  /** What the kept beverage facts and answers may take together. */
  cacheBytes: number;
}

/**
 * The recommendation lookup service: answers for a lookup hash the beverages that fit, computed
 * from the catalog's roast, flavour, caffeine and pack facts. It knows nothing of customers.
 */
export class QuizLookupService {
  private readonly candidates: LoadingCache<BeverageFacts[]>;
  private readonly answers: LoadingCache<QuizLookupResponse>;
  private readonly keyDigest: Buffer;

  constructor(private readonly options: QuizLookupOptions) {
    const ttlMs = options.cacheTtlMs ?? 60_000;
    // Each site's facts (a few hundred beverages), and answers (a ranked list of product ids each).
    this.candidates = loadingCache({ maxSize: Math.floor(options.cacheBytes / 2), sizeCalculation: (facts) => 256 * (facts.length + 1), ttl: ttlMs });
    this.answers = loadingCache({ maxSize: Math.floor(options.cacheBytes / 2), sizeCalculation: (a) => 128 * (a.SensoryResponse.length + 2), ttl: ttlMs });
    this.keyDigest = digest(options.apiKey);
  }

  /** Compares digests in constant time, so the key cannot be guessed a character at a time. */
  acceptsKey(key: string | undefined): boolean {
    return key !== undefined && timingSafeEqual(digest(key), this.keyDigest);
  }

  lookup(site: BrandId, lookupHash: string): Promise<QuizLookupResponse> {
    const answers = answersForHash(lookupHash);
    if (!answers) return Promise.reject(notFound("lookupHash", `No quiz answers have the lookup hash '${lookupHash}'.`, "lookupHash"));
    return this.answers.forceFetch(`${site}|${lookupHash}`, { context: () => this.answer(site, answers) });
  }

  private async answer(site: BrandId, answers: BeverageAnswers): Promise<QuizLookupResponse> {
    const candidates = await this.candidates.forceFetch(site, { context: () => beverageCandidates(this.options.db, site) });
    const ranked = rankBeverages(answers, candidates);
    const byCode = new Map(candidates.map((c) => [c.code, c]));
    const profile = tasteProfile(
      answers,
      ranked.slice(0, 4).map((r) => byCode.get(r.code)!),
    );
    return {
      SensoryResponse: ranked.map((r) => ({ ProductID: lookupProductId(site, r.code), Score: r.score, UnmetAnswers: r.unmet })),
      SensoryRoastType: profile.roast,
      SensoryFlavorType: profile.flavour,
    };
  }
}
