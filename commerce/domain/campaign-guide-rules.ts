import type { CaffeineLevel, Commitment, FlavourNote, PodKind, PodMatch, Roast } from "../contract/campaigns";
import type { BrandId } from "../contract/common";
import { boxRefusal } from "./campaign-rules";

/**
 * Help-me-choose pods (decision 069), without a database: which boxes can carry a campaign's
 * commitment, how many a delivery takes, and how well each meets the shopper's answers.
 */

/** A box of pods as help-me-choose reads it from the catalog. */
export interface PodCandidate {
  code: string;
  baseCode: string;
  productType: string;
  isAFHSubscriptionEligible: boolean;
  packType: string | null;
  packSize: number | null;
  roast: string | null;
  flavour: string | null;
  caffeine: string | null;
  salesRank: number;
  inStock: boolean;
  /** One box's shelf (list) price in minor units, to pick a family's cheapest way to fill a delivery. */
  listMinor: number;
}

export interface PodAnswers {
  kind?: PodKind;
  roast?: Roast;
  flavour?: FlavourNote;
  caffeine?: CaffeineLevel;
}

/** The most boxes of one product a delivery may hold (the cart's and the estimate's limit). */
export const MAX_BOXES_PER_DELIVERY = 24;

/** Boxes of `packSize` pods a delivery takes to hold at least `minBoxPods`. */
export function boxesPerDelivery(packSize: number, minBoxPods: number): number {
  return Math.max(1, Math.ceil(minBoxPods / packSize));
}

const ROAST_ORDER: readonly string[] = ["light", "medium", "dark"];

/** The roasts one step from this one (medium for dark; light and dark for medium). */
export function neighbouringRoasts(roast: Roast): string[] {
  const at = ROAST_ORDER.indexOf(roast);
  return ROAST_ORDER.filter((_, i) => Math.abs(i - at) === 1);
}

/**
 * How well a box meets the answers, or null when it must not be offered. The kind (coffee, tea,
 * cocoa) and the caffeine are firm: an office that asks for decaf is never offered caffeinated
 * pods. Roast and flavour are tastes: an exact roast or flavour scores 2, a neighbouring roast
 * (medium for dark) 1, so a close box still shows when no box meets every answer.
 */
export function podScore(
  pod: Pick<PodCandidate, "productType" | "roast" | "flavour" | "caffeine">,
  answers: PodAnswers,
): { score: number; matches: PodMatch[] } | null {
  const matches: PodMatch[] = [];
  let score = 0;
  if (answers.kind) {
    if (pod.productType.toLowerCase() !== answers.kind) return null;
    matches.push("kind");
  }
  if (answers.caffeine) {
    if (pod.caffeine !== answers.caffeine) return null;
    matches.push("caffeine");
  }
  if (answers.roast && pod.roast) {
    if (pod.roast === answers.roast) {
      score += 2;
      matches.push("roast");
    } else if (neighbouringRoasts(answers.roast).includes(pod.roast)) score += 1;
  }
  if (answers.flavour && pod.flavour?.toLowerCase() === answers.flavour) {
    score += 2;
    matches.push("flavour");
  }
  return { score, matches };
}

export interface PodSuggestion {
  code: string;
  boxQty: number;
  matches: PodMatch[];
}

/**
 * The boxes to suggest, best first, at most `limit`: in stock, able to carry the commitment at
 * `boxesPerDelivery` boxes (pods that may come by auto-delivery on this store, within the per-line
 * limit), one per product family — the size that fills a delivery for the least — ranked by score,
 * then best seller, then code.
 */
export function suggestPods(
  candidates: readonly PodCandidate[],
  answers: PodAnswers,
  commitment: Pick<Commitment, "minBoxPods">,
  site: BrandId,
  limit: number,
): PodSuggestion[] {
  const best = new Map<string, { pod: PodCandidate; boxQty: number; deliveryMinor: number; score: number; matches: PodMatch[] }>();
  for (const pod of candidates) {
    if (!pod.inStock || !pod.packSize) continue;
    const boxQty = boxesPerDelivery(pod.packSize, commitment.minBoxPods);
    if (boxQty > MAX_BOXES_PER_DELIVERY) continue;
    if (boxRefusal({ ...pod, packType: pod.packType ?? undefined, packSize: pod.packSize }, boxQty, commitment, site) !== null) continue;
    const scored = podScore(pod, answers);
    if (!scored) continue;
    const deliveryMinor = pod.listMinor * boxQty;
    const kept = best.get(pod.baseCode);
    if (kept && (kept.deliveryMinor < deliveryMinor || (kept.deliveryMinor === deliveryMinor && kept.pod.packSize! >= pod.packSize))) continue;
    best.set(pod.baseCode, { pod, boxQty, deliveryMinor, ...scored });
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || a.pod.salesRank - b.pod.salesRank || a.pod.code.localeCompare(b.pod.code))
    .slice(0, limit)
    .map(({ pod, boxQty, matches }) => ({ code: pod.code, boxQty, matches }));
}
