import type { BrandId, Lang } from "../contract/common";
import { DESIGN_SHOTS, type DesignChoices, DesignChoicesSchema, type DesignShot, type LineRecipe, MAX_DESIGNS } from "../contract/designs";
import { designMessagesFor } from "./design-messages";

/** Drink designs' rules that need no database (decision 073). */

/** Flavour shots as stored: each once, in the menu's order, so one drink is always written one way. */
export function shotsText(shots: readonly DesignShot[]): string {
  return DESIGN_SHOTS.filter((s) => shots.includes(s)).join(",");
}

export function shotsOf(text: string): DesignShot[] {
  return text.split(",").filter((s): s is DesignShot => (DESIGN_SHOTS as readonly string[]).includes(s));
}

/** Whether a member holding `count` designs may save one more. */
export function maySaveAnother(count: number, max = MAX_DESIGNS): boolean {
  return count < max;
}

/** The choices in the shopper's words, one labelled line each; flavour shots in the menu's order. */
export function describeChoices(choices: DesignChoices, lang: Lang, site: BrandId): { label: string; value: string }[] {
  const t = designMessagesFor(lang, site);
  const shots = DESIGN_SHOTS.filter((s) => choices.shots.includes(s)).map((s) => t.shots[s]);
  return [
    { label: t.labels.size, value: t.sizes[choices.size] },
    { label: t.labels.strength, value: t.strengths[choices.strength] },
    { label: t.labels.milk, value: t.milks[choices.milk] },
    { label: t.labels.sweetness, value: t.sweetness[choices.sweetness] },
    { label: t.labels.shots, value: shots.length ? t.joinShots(shots) : t.noShots },
  ];
}

/** What a cart or order line keeps of a design: its number, name and choices (the base is the line's product). */
export interface StoredRecipe {
  recipeId: number;
  name: string;
  choices: DesignChoices;
}

export function recipeText(recipe: StoredRecipe): string {
  return JSON.stringify({ recipeId: recipe.recipeId, name: recipe.name, choices: { ...recipe.choices, shots: shotsOf(shotsText(recipe.choices.shots)) } });
}

/** A line's recipe as the shopper reads it, in the language asked; anything unreadable is no recipe. */
export function lineRecipeOf(text: string | null | undefined, lang: Lang, site: BrandId): LineRecipe | undefined {
  if (!text) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const r = raw as Partial<StoredRecipe>;
  const choices = DesignChoicesSchema.safeParse(r?.choices);
  if (typeof r?.recipeId !== "number" || typeof r.name !== "string" || !choices.success) return undefined;
  const t = designMessagesFor(lang, site);
  const description = describeChoices(choices.data, lang, site);
  return {
    recipeId: r.recipeId,
    name: r.name,
    choices: choices.data,
    description,
    label: t.lineLabel(r.name),
    summary: description.map((c) => t.labelled(c.label, c.value)).join(" · "),
  };
}
