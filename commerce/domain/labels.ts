import type { Lang } from "../contract/common";

/** Shop words in both languages, for facets and generated text. */
export const FLAVOURS_FR: Record<string, string> = {
  Smooth: "Doux", Smoky: "Fumé", Earthy: "Terreux", Nutty: "Noisetté", Sweet: "Sucré", Balanced: "Équilibré",
  Fruity: "Fruité", Chocolate: "Chocolaté", Bright: "Vif", Floral: "Floral", Spicy: "Épicé", Herbal: "Herbacé", Creamy: "Crémeux",
};
export const ROAST_LABELS: Record<string, Record<Lang, string>> = {
  light: { en: "Light", fr: "Légère" },
  medium: { en: "Medium", fr: "Moyenne" },
  dark: { en: "Dark", fr: "Foncée" },
};
export const CAFFEINE_LABELS: Record<string, Record<Lang, string>> = {
  caffeinated: { en: "Caffeinated", fr: "Caféiné" },
  decaf: { en: "Decaf", fr: "Décaféiné" },
  "half-caff": { en: "Half-Caff", fr: "Mi-caféiné" },
  "caffeine-free": { en: "Caffeine-free", fr: "Sans caféine" },
};
export const TYPE_LABELS: Record<string, Record<Lang, string>> = {
  Coffee: { en: "Coffee", fr: "Café" },
  Tea: { en: "Tea", fr: "Thé" },
  Cocoa: { en: "Hot cocoa", fr: "Chocolat chaud" },
  Brewer: { en: "Brewers", fr: "Cafetières" },
  Accessory: { en: "Accessories", fr: "Accessoires" },
  Bundle: { en: "Starter kits & bundles", fr: "Trousses et ensembles" },
};
export const PACK_TYPE_LABELS: Record<string, Record<Lang, string>> = {
  KCup: { en: "K-Cup pods", fr: "Dosettes K-Cup" },
  Bagged: { en: "Bagged", fr: "En sac" },
  Canned: { en: "Canned", fr: "En boîte" },
};
export const COLOUR_LABELS_FR: Record<string, string> = { Black: "Noir", White: "Blanc", Red: "Rouge", Navy: "Marine", Sage: "Sauge", Silver: "Argent" };

export function flavourLabel(value: string, lang: Lang): string {
  return lang === "fr" ? (FLAVOURS_FR[value] ?? value) : value;
}
