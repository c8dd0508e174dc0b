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
  /** Subscribing and changing a month's picks (decision 067). */
  subscription: SubscriptionWords;
}

export interface SubscriptionWords {
  signIn: string;
  incomplete: (why: string) => string;
  notThisMonth: string;
  added: string;
  replaced: string;
  inCart: (p: { price: string; boxPods: number }) => string;
  pickOnly: string;
  noLongerComplete: (why: string) => string;
  changeable: (deliveryDate: string) => string;
  carriedOver: string;
  unchangeable: { placed: string; cancelled: string; past: string };
  swapped: (name: string, by: string) => string;
  outOfStock: (name: string, by: string) => string;
  saved: (month: string) => string;
  restrictions: string;
  refused: string;
  boxHeading: (month: string, price: string) => string;
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
  subscription: {
    signIn: "Sign in or create an account to subscribe to the monthly box.",
    incomplete: (why) => `Your box isn't ready yet. ${why}`,
    notThisMonth:
      "The box you add to your cart ships this month. Pick this month's box; you can change next month's picks from your account once you subscribe.",
    added: "Your monthly box is in your cart.",
    replaced: "Your monthly box replaces the one that was in your cart: an order holds one box.",
    inCart: ({ price, boxPods }) => `Monthly box: ${boxPods} pods for ${price} a month, standard delivery included.`,
    pickOnly: "This product is part of your monthly box: change the whole box, or set its quantity to 0 to remove the box.",
    noLongerComplete: (why) => `Your monthly box no longer fits this month's selection. ${why} Choose your box again.`,
    changeable: (date) => `You can change these picks until the box ships on ${date}.`,
    carriedOver: "You haven't chosen this month's picks yet: these are your latest picks, carried over. Save your own to change them.",
    unchangeable: {
      placed: "This month's box has already been ordered: its picks can no longer be changed.",
      cancelled: "This subscription is cancelled.",
      past: "That month has passed.",
    },
    swapped: (name, by) => `${name} isn't in this month's selection: ${by} takes its place.`,
    outOfStock: (name, by) => `${name} is out of stock: ${by} takes its place.`,
    saved: (month) => `Your picks for ${month} are saved.`,
    restrictions:
      "A monthly box ships once a month on its day with the picks you choose: change its picks, pause, resume or cancel it. Its frequency, products, date and pods at home can't be changed.",
    refused: "This is a monthly box: its frequency, products, date and pods at home can't be changed. Change its picks instead, or pause or cancel it.",
    boxHeading: (month, price) => `Your monthly box for ${month}: ${price}, standard delivery included`,
  },
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
  subscription: {
    signIn: "Connectez-vous ou créez un compte pour vous abonner à la boîte mensuelle.",
    incomplete: (why) => `Votre boîte n’est pas encore prête. ${why}`,
    notThisMonth:
      "La boîte ajoutée à votre panier est expédiée ce mois-ci. Choisissez la boîte de ce mois\u00a0; vous pourrez modifier vos choix du mois prochain dans votre compte une fois abonné.",
    added: "Votre boîte mensuelle est dans votre panier.",
    replaced: "Votre boîte mensuelle remplace celle qui était dans votre panier\u00a0: une commande contient une seule boîte.",
    inCart: ({ price, boxPods }) => `Boîte mensuelle\u00a0: ${boxPods} dosettes pour ${price} par mois, livraison standard incluse.`,
    pickOnly: "Ce produit fait partie de votre boîte mensuelle\u00a0: modifiez la boîte entière, ou mettez sa quantité à 0 pour retirer la boîte.",
    noLongerComplete: (why) => `Votre boîte mensuelle ne correspond plus à la sélection de ce mois. ${why} Choisissez votre boîte de nouveau.`,
    changeable: (date) => `Vous pouvez modifier ces choix jusqu’à l’expédition de la boîte, le ${date}.`,
    carriedOver: "Vous n’avez pas encore fait vos choix pour ce mois\u00a0: voici vos derniers choix, reportés. Enregistrez les vôtres pour les modifier.",
    unchangeable: {
      placed: "La boîte de ce mois a déjà été commandée\u00a0: ses choix ne peuvent plus être modifiés.",
      cancelled: "Cet abonnement est annulé.",
      past: "Ce mois est passé.",
    },
    swapped: (name, by) => `${name} ne fait pas partie de la sélection de ce mois\u00a0: ${by} le remplace.`,
    outOfStock: (name, by) => `${name} est en rupture de stock\u00a0: ${by} le remplace.`,
    saved: (month) => `Vos choix pour ${month} sont enregistrés.`,
    restrictions:
      "Une boîte mensuelle est expédiée une fois par mois, à sa date, avec les produits que vous choisissez\u00a0: modifiez vos choix, suspendez, reprenez ou annulez-la. Sa fréquence, ses produits, sa date et les dosettes à la maison ne peuvent pas être modifiés.",
    refused:
      "Il s’agit d’une boîte mensuelle\u00a0: sa fréquence, ses produits, sa date et les dosettes à la maison ne peuvent pas être modifiés. Modifiez plutôt vos choix, ou suspendez ou annulez-la.",
    boxHeading: (month, price) => `Votre boîte mensuelle de ${month}\u00a0: ${price}, livraison standard incluse`,
  },
};

const MESSAGES: Readonly<Record<Locale, MonthlyBoxMessages>> = { "en-US": enUS, "en-CA": enCA, fr };

export function monthlyBoxMessagesFor(lang: Lang, site: BrandId): MonthlyBoxMessages {
  return MESSAGES[localeOf(lang, site)];
}
