import type { BrandId, Lang } from "../contract/common";
import { type QuestionTree, QuestionTreeSchema } from "../contract/quiz";
import type { Db } from "../db/index";
import { insertMissingQuizTrees, insertMissingSiteConfig } from "../db/quizzes";
import { writeTransaction } from "../db/write-transaction";

/**
 * The brewer quiz's decision trees, one per brand and language, as data for the question service,
 * and each brand's default brewer with the place it takes among the results (site configuration).
 */

type Texts = Record<"en" | "ca" | "fr", string>;
type Option = { value: string; text: Texts; next?: string };
type Question = { id: string; text: Texts; options: Option[] };

const t = (en: string, fr: string, ca = en): Texts => ({ en, ca, fr });

const HOME_QUESTIONS: Question[] = [
  {
    id: "household",
    text: t("How many coffee drinkers live with you?", "Combien d’amateurs de café vivent chez vous?"),
    options: [
      { value: "one", text: t("Just me", "Juste moi") },
      { value: "two", text: t("Two of us", "Nous sommes deux") },
      { value: "family", text: t("Three or more", "Trois ou plus") },
    ],
  },
  {
    id: "cups",
    text: t("How many cups do you brew a day, all together?", "Combien de tasses préparez-vous par jour, en tout?"),
    options: [
      { value: "few", text: t("One or two", "Une ou deux") },
      { value: "some", text: t("Three to five", "De trois à cinq") },
      { value: "many", text: t("Six or more", "Six ou plus") },
    ],
  },
  {
    id: "drinks",
    text: t("What do you like to brew?", "Qu’aimez-vous préparer?"),
    options: [
      { value: "hot", text: t("Hot coffee and tea", "Café et thé chauds") },
      { value: "lattes", text: t("Lattes and cappuccinos", "Lattés et cappuccinos") },
      { value: "iced", text: t("Iced drinks too", "Aussi des boissons glacées") },
    ],
  },
  {
    id: "space",
    text: t("How much counter space can the brewer have?", "Combien d’espace de comptoir la cafetière peut-elle occuper?"),
    options: [
      { value: "tight", text: t("Very little", "Très peu") },
      { value: "some", text: t("Some", "Un peu") },
      { value: "plenty", text: t("Plenty", "Beaucoup") },
    ],
  },
  {
    id: "budget",
    text: t("What would you like to spend?", "Quel budget prévoyez-vous?"),
    options: [
      { value: "low", text: t("Keep it simple", "Restons simples") },
      { value: "mid", text: t("Mid-range", "Milieu de gamme") },
      { value: "high", text: t("The best there is", "Le meilleur qui soit") },
    ],
  },
];

const BREAKROOM_QUESTIONS: Question[] = [
  {
    id: "office",
    text: t("How many people share the breakroom?", "Combien de personnes partagent la salle de pause?"),
    // A large office needs the plumbed brewer whatever it brews a day: the cups question is skipped.
    options: [
      { value: "small", text: t("Fewer than 10", "Moins de 10") },
      { value: "medium", text: t("10 to 50", "De 10 à 50") },
      { value: "large", text: t("More than 50", "Plus de 50"), next: "drinks" },
    ],
  },
  {
    id: "cups",
    text: t("How many cups are brewed a day?", "Combien de tasses sont préparées par jour?"),
    options: [
      { value: "few", text: t("Fewer than 20", "Moins de 20") },
      { value: "some", text: t("20 to 60", "De 20 à 60") },
      { value: "many", text: t("More than 60", "Plus de 60") },
    ],
  },
  {
    id: "drinks",
    text: t("What do people drink?", "Que boivent les gens?"),
    options: [
      { value: "hot", text: t("Coffee and tea", "Café et thé") },
      { value: "iced", text: t("Iced drinks too", "Aussi des boissons glacées") },
      { value: "variety", text: t("A bit of everything", "Un peu de tout") },
    ],
  },
  {
    id: "space",
    text: t("How much room is there for the brewer?", "Quel espace reste-t-il pour la cafetière?"),
    options: [
      { value: "tight", text: t("A corner of the counter", "Un coin de comptoir") },
      { value: "plenty", text: t("A whole station", "Tout un poste") },
    ],
  },
  {
    id: "budget",
    text: t("What would you like to spend?", "Quel budget prévoyez-vous?"),
    options: [
      { value: "low", text: t("Keep it simple", "Restons simples") },
      { value: "high", text: t("The best there is", "Le meilleur qui soit") },
    ],
  },
];

const END = t("Here are the brewers that fit your answers.", "Voici les cafetières qui correspondent à vos réponses.");

/** Rules per brand, first match wins; the brand's default brewer is added to every result by the storefront. */
const RESULTS: Record<BrandId, QuestionTree["results"]> = {
  usb2c: [
    { when: { drinks: ["lattes"] }, labels: ["8008-BFBR", "8007-BFBR"] },
    { when: { drinks: ["iced"] }, labels: ["8006-BFBR", "8004-BFBR", "8007-BFBR"] },
    { when: { space: ["tight"] }, labels: ["8001-BFBR", "8002-BFBR"] },
    { when: { household: ["family"] }, labels: ["8005-BFBR", "8007-BFBR"] },
    { when: { cups: ["many"] }, labels: ["8005-BFBR", "8007-BFBR"] },
    { when: { budget: ["low"] }, labels: ["8002-BFBR", "8001-BFBR"] },
    { when: { budget: ["high"] }, labels: ["8007-BFBR", "8004-BFBR"] },
    { when: {}, labels: ["8004-BFBR", "8002-BFBR"] },
  ],
  // The Iced & Hot brewer is not sold in Canada.
  cab2c: [
    { when: { drinks: ["lattes"] }, labels: ["8008-BFBR", "8007-BFBR"] },
    { when: { drinks: ["iced"] }, labels: ["8004-BFBR", "8007-BFBR"] },
    { when: { space: ["tight"] }, labels: ["8001-BFBR", "8002-BFBR"] },
    { when: { household: ["family"] }, labels: ["8005-BFBR", "8007-BFBR"] },
    { when: { cups: ["many"] }, labels: ["8005-BFBR", "8007-BFBR"] },
    { when: { budget: ["low"] }, labels: ["8002-BFBR", "8001-BFBR"] },
    { when: { budget: ["high"] }, labels: ["8007-BFBR", "8004-BFBR"] },
    { when: {}, labels: ["8004-BFBR", "8002-BFBR"] },
  ],
  usafh: [
    { when: { office: ["large"] }, labels: ["8010-BFBR", "9011-BFAC", "9012-BFAC"] },
    { when: { cups: ["many"] }, labels: ["8010-BFBR", "9011-BFAC"] },
    { when: { drinks: ["iced"] }, labels: ["8010-BFBR", "9013-BFAC"] },
    { when: {}, labels: ["9011-BFAC", "9013-BFAC"] },
  ],
};

/** Each brand's default brewer and its index among the brewer quiz's results. */
export const BREWER_QUIZ_DEFAULTS: Record<BrandId, { product: string; index: number }> = {
  usb2c: { product: "8003-BFBR", index: 1 },
  cab2c: { product: "8003-BFBR", index: 1 },
  usafh: { product: "8009-BFBR", index: 0 },
};

const TREES: { site: BrandId; lang: Lang; texts: keyof Texts; questions: Question[] }[] = [
  { site: "usb2c", lang: "en", texts: "en", questions: HOME_QUESTIONS },
  { site: "cab2c", lang: "en", texts: "ca", questions: HOME_QUESTIONS },
  { site: "cab2c", lang: "fr", texts: "fr", questions: HOME_QUESTIONS },
  { site: "usafh", lang: "en", texts: "en", questions: BREAKROOM_QUESTIONS },
];

export function brewerQuizTree(site: BrandId, texts: keyof Texts, questions: readonly Question[]): QuestionTree {
  return QuestionTreeSchema.parse({
    questions: questions.map((q) => ({
      id: q.id,
      text: q.text[texts],
      options: q.options.map((o) => ({ value: o.value, text: o.text[texts], ...(o.next ? { next: o.next } : {}) })),
    })),
    results: RESULTS[site],
    end: END[texts],
  });
}

/** Adds the trees and settings a database lacks; what is there (an operator's edits) is kept. */
export async function seedQuizzes(db: Db, now = new Date()): Promise<number> {
  const rows = TREES.map(({ site, lang, texts, questions }) => ({
    quiz: "brewer",
    site,
    lang,
    tree: JSON.stringify(brewerQuizTree(site, texts, questions)),
    updated_at: now.toISOString(),
  }));
  const settings = Object.entries(BREWER_QUIZ_DEFAULTS).flatMap(([site, d]) => [
    { site, config_key: "brewerQuiz.defaultProduct", value: d.product },
    { site, config_key: "brewerQuiz.defaultProductIndex", value: String(d.index) },
  ]);
  return writeTransaction(db, async (trx) => {
    await insertMissingSiteConfig(trx, settings);
    return insertMissingQuizTrees(trx, rows);
  });
}
