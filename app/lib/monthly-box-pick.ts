import type { MonthlyProduct } from "../../commerce/contract/monthly-box";

/** One line of a monthly box's pick: a product of the month and how many of its K-Cup boxes. */
export interface PickLine {
  code: string;
  quantity: number;
}

/** Where the shopper is on the box's selection, and what they picked so far (decision 068). */
export interface BoxPageState {
  month?: string;
  category?: string;
  collection?: string;
  text?: string;
  page: number;
  pick: PickLine[];
}

export type FillState = "under" | "full" | "over";

/** How many pods a pick holds against the box, as the page counts it while quantities change (the service has the last word). */
export function countFill(
  quantities: readonly number[],
  packSize: number,
  boxPods: number,
): { picked: number; state: FillState; remaining: number; excess: number } {
  const picked = quantities.reduce((sum, q) => sum + q * packSize, 0);
  const state: FillState = picked < boxPods ? "under" : picked > boxPods ? "over" : "full";
  return { picked, state, remaining: Math.max(0, boxPods - picked), excess: Math.max(0, picked - boxPods) };
}

/** What the picker shows of a product of the month: a card, not the catalog's whole product. */
export interface BoxProductCard {
  code: string;
  name: string;
  pods: number;
  collection: { name: string };
  category: { code: string; name: string };
  imageUrl: string | null;
}

/** The card of a product of the month's selection (its primary image, or its first). */
export function boxProductCard(p: MonthlyProduct): BoxProductCard {
  const image = p.images?.find((i) => i.imageType === "PRIMARY") ?? p.images?.[0];
  return { code: p.code, name: p.name, pods: p.pods, collection: { name: p.collection.name }, category: p.category, imageUrl: image?.url ?? null };
}
