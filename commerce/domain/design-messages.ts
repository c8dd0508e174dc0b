import type { BrandId, Lang } from "../contract/common";
import type { DesignMilk, DesignShot, DesignSize, DesignStrength, DesignSweetness } from "../contract/designs";
import { type Locale, localeOf } from "./messages";

/**
 * Drink designs' phrases a shopper may read (decision 073), in US English, Canadian English and
 * Canadian French: the choices' names, how a design reads on a cart or order line, and refusals.
 */
export interface DesignMessages {
  labels: { size: string; strength: string; milk: string; sweetness: string; shots: string };
  sizes: Record<DesignSize, string>;
  strengths: Record<DesignStrength, string>;
  milks: Record<DesignMilk, string>;
  sweetness: Record<DesignSweetness, string>;
  shots: Record<DesignShot, string>;
  noShots: string;
  /** A cart or order line's recipe, named. */
  lineLabel: (name: string) => string;
  /** One choice on a line: "Size: 10 oz". */
  labelled: (label: string, value: string) => string;
  /** `list` already joined. */
  joinShots: (shots: string[]) => string;
  notFound: string;
  tooMany: (max: number) => string;
  notABeverage: string;
  notThisBeverage: string;
  membersOnly: string;
  oneOffOnly: string;
}

const enUS: DesignMessages = {
  labels: { size: "Size", strength: "Strength", milk: "Milk", sweetness: "Sweetness", shots: "Flavor shots" },
  sizes: { "6": "6 oz", "8": "8 oz", "10": "10 oz", "12": "12 oz" },
  strengths: { mild: "Mild", regular: "Regular", bold: "Bold" },
  milks: { none: "No milk", whole: "Whole milk", skim: "Skim milk", oat: "Oat milk", almond: "Almond milk" },
  sweetness: { none: "Unsweetened", light: "Lightly sweet", sweet: "Sweet", extra: "Extra sweet" },
  shots: { vanilla: "Vanilla", caramel: "Caramel", hazelnut: "Hazelnut", mocha: "Mocha", cinnamon: "Cinnamon", peppermint: "Peppermint" },
  noShots: "None",
  lineLabel: (name) => `For your drink “${name}”`,
  labelled: (label, value) => `${label}: ${value}`,
  joinShots: (shots) => shots.join(" and "),
  notFound: "You have no saved drink with this number.",
  tooMany: (max) => `You can save up to ${max} drinks. Delete one to save another.`,
  notABeverage: "Choose a coffee, tea or cocoa in pods from this store.",
  notThisBeverage: "This drink is made with another beverage.",
  membersOnly: "Sign in to add a saved drink to your cart.",
  oneOffOnly: "A saved drink can be added as a one-time purchase only.",
};

// Canadian English spells flavour with a u; the rest reads the same.
const enCA: DesignMessages = {
  ...enUS,
  labels: { ...enUS.labels, shots: "Flavour shots" },
};

const fr: DesignMessages = {
  labels: { size: "Format", strength: "Intensité", milk: "Lait", sweetness: "Sucre", shots: "Saveurs ajoutées" },
  sizes: { "6": "6 oz", "8": "8 oz", "10": "10 oz", "12": "12 oz" },
  strengths: { mild: "Doux", regular: "Régulier", bold: "Corsé" },
  milks: { none: "Sans lait", whole: "Lait entier", skim: "Lait écrémé", oat: "Boisson d’avoine", almond: "Boisson d’amande" },
  sweetness: { none: "Non sucré", light: "Légèrement sucré", sweet: "Sucré", extra: "Très sucré" },
  shots: { vanilla: "Vanille", caramel: "Caramel", hazelnut: "Noisette", mocha: "Moka", cinnamon: "Cannelle", peppermint: "Menthe poivrée" },
  noShots: "Aucune",
  lineLabel: (name) => `Pour votre boisson «\u202f${name}\u202f»`,
  labelled: (label, value) => `${label}\u202f: ${value}`,
  joinShots: (shots) => shots.join(" et "),
  notFound: "Vous n’avez aucune boisson enregistrée portant ce numéro.",
  tooMany: (max) => `Vous pouvez enregistrer jusqu’à ${max} boissons. Supprimez-en une pour en enregistrer une autre.`,
  notABeverage: "Choisissez un café, un thé ou un chocolat en dosettes de ce site.",
  notThisBeverage: "Cette boisson est préparée avec une autre boisson de base.",
  membersOnly: "Connectez-vous pour ajouter une boisson enregistrée à votre panier.",
  oneOffOnly: "Une boisson enregistrée s’ajoute seulement en achat unique.",
};

const MESSAGES: Readonly<Record<Locale, DesignMessages>> = { "en-US": enUS, "en-CA": enCA, fr };

export function designMessagesFor(lang: Lang, site: BrandId): DesignMessages {
  return MESSAGES[localeOf(lang, site)];
}
