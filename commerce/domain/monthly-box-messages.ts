import type { BoxState, PickRefusal } from "../contract/monthly-box";
import type { BrandId, Lang } from "../contract/common";
import { type Locale, localeOf } from "./messages";

/**
 * The monthly fixed-price box's phrases a shopper may read, per language (US English, Canadian
 * English, Canadian French): its name, what a month includes, how a pick fills the box, and why a
 * product or a month is refused (decision 062). Amounts arrive already formatted.
 */
export interface MonthlyBoxMessages {
  name: string;
  headline: (price: string, boxPods: number) => string;
  price: (price: string, perPod: string) => string;
  howItWorks: (p: { boxes: number; packSize: number; selectCount: number }) => string;
  includes: (p: { boxPods: number; boxes: number; packSize: number; selectCount: number }) => string[];
  box: Record<BoxState, (p: { remaining: number; excess: number; boxPods: number }) => string>;
  refusals: Record<PickRefusal, string>;
  months: { past: string; tooFar: string };
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const enUS: MonthlyBoxMessages = {
  name: "Monthly fixed-price box",
  headline: (price, boxPods) => `${boxPods} pods of your choice every month for ${price}`,
  price: (price, perPod) => `${price} a month, about ${perPod} a pod. Standard delivery included; tax extra.`,
  howItWorks: ({ boxes, packSize, selectCount }) =>
    `Each month, pick ${boxes} boxes of ${packSize} K-Cup pods from this month's ${selectCount} coffees, teas and hot cocoas. Take several of one or all different.`,
  includes: ({ boxPods, boxes, packSize, selectCount }) => [
    `${boxPods} K-Cup pods: ${boxes} boxes of ${packSize}`,
    `A choice of ${selectCount} coffees, teas and hot cocoas that changes every month`,
    "Standard delivery every month at no extra charge",
    "Change next month's picks, or cancel, at any time before it ships",
  ],
  box: {
    under: ({ remaining }) => `Pick ${remaining} more ${plural(remaining, "pod", "pods")} to fill your box.`,
    full: ({ boxPods }) => `Your box is full: ${boxPods} pods.`,
    over: ({ excess }) => `Your box holds ${excess} ${plural(excess, "pod", "pods")} too many; remove some to continue.`,
  },
  refusals: { notInSelection: "This product isn't in this month's selection." },
  months: { past: "That month has passed.", tooFar: "Only this month's and next month's boxes can be viewed." },
};

// Canadian English words these the same way.
const enCA: MonthlyBoxMessages = { ...enUS };

const fr: MonthlyBoxMessages = {
  name: "Boîte mensuelle à prix fixe",
  headline: (price, boxPods) => `${boxPods} dosettes de votre choix chaque mois pour ${price}`,
  price: (price, perPod) => `${price} par mois, environ ${perPod} la dosette. Livraison standard incluse, taxes en sus.`,
  howItWorks: ({ boxes, packSize, selectCount }) =>
    `Chaque mois, choisissez ${boxes} boîtes de ${packSize} dosettes K-Cup parmi les ${selectCount} cafés, thés et chocolats chauds du mois. Prenez-en plusieurs du même ou toutes différentes.`,
  includes: ({ boxPods, boxes, packSize, selectCount }) => [
    `${boxPods} dosettes K-Cup\u00a0: ${boxes} boîtes de ${packSize}`,
    `Un choix de ${selectCount} cafés, thés et chocolats chauds qui change chaque mois`,
    "La livraison standard chaque mois, sans frais supplémentaires",
    "Modifiez vos choix du mois prochain, ou annulez, en tout temps avant l’expédition",
  ],
  box: {
    under: ({ remaining }) => `Choisissez encore ${remaining} ${plural(remaining, "dosette", "dosettes")} pour remplir votre boîte.`,
    full: ({ boxPods }) => `Votre boîte est pleine\u00a0: ${boxPods} dosettes.`,
    over: ({ excess }) => `Votre boîte contient ${excess} ${plural(excess, "dosette", "dosettes")} de trop\u00a0; retirez-en pour continuer.`,
  },
  refusals: { notInSelection: "Ce produit ne fait pas partie de la sélection de ce mois." },
  months: { past: "Ce mois est passé.", tooFar: "Seules les boîtes de ce mois et du mois prochain peuvent être consultées." },
};

const MESSAGES: Readonly<Record<Locale, MonthlyBoxMessages>> = { "en-US": enUS, "en-CA": enCA, fr };

export function monthlyBoxMessagesFor(lang: Lang, site: BrandId): MonthlyBoxMessages {
  return MESSAGES[localeOf(lang, site)];
}
