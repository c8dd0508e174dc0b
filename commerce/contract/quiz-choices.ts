/**
 * The beverage quiz's questions and their answers, without zod: the quiz page's components draw
 * the form from them, and a browser bundle should not carry a schema library to do so.
 */

// ——— The beverage quiz ———

/** What the shopper drinks: the catalog's product type it leads to. */
export const DRINKS = ["coffee", "tea", "cocoa"] as const;
export const ROASTS = ["light", "medium", "dark"] as const;
/** Flavour families; each gathers the catalog flavours it stands for (see FLAVOUR_FAMILY_NOTES). */
export const FLAVOUR_FAMILIES = ["bold", "chocolate", "sweet", "nutty", "fruity", "spicy", "smooth", "herbal"] as const;
export const CAFFEINE_CHOICES = ["regular", "less", "none"] as const;
export const FORMATS = ["pods", "bagged", "either"] as const;

/** The quiz's questions, by the name of the answer each gives. */
export const BEVERAGE_QUESTIONS = ["drink", "roast", "flavours", "caffeine", "format"] as const;
export type BeverageQuestion = (typeof BEVERAGE_QUESTIONS)[number];

export type Drink = (typeof DRINKS)[number];
export type RoastChoice = (typeof ROASTS)[number];
export type FlavourFamily = (typeof FLAVOUR_FAMILIES)[number];
export type CaffeineChoice = (typeof CAFFEINE_CHOICES)[number];
export type Format = (typeof FORMATS)[number];

/** The catalog's flavour values in each family. */
export const FLAVOUR_FAMILY_NOTES: Record<FlavourFamily, readonly string[]> = {
  bold: ["Smoky", "Earthy"],
  chocolate: ["Chocolate"],
  sweet: ["Sweet", "Creamy"],
  nutty: ["Nutty"],
  fruity: ["Fruity", "Bright", "Floral"],
  spicy: ["Spicy"],
  smooth: ["Smooth", "Balanced"],
  herbal: ["Herbal"],
};

/** At most this many flavour families may be picked: more would say nothing about taste. */
export const MAX_FLAVOURS = 3;
