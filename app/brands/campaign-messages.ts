import type { BrandId, Lang } from "../../commerce/contract/common";
import type { CampaignRefusal } from "../../commerce/contract/campaigns";
import { localeOf } from "./locale";

/**
 * The brewer offers' landing pages (decision 066). The campaign's name, its commitment and its
 * early-cancellation rule come from the service in the page's language; these are the page's own.
 * The loader sends them (one language), so the pages' scripts carry no dictionary.
 */
const enUS = {
  offersTitle: "Brewer offers",
  offersIntro: "Get a brewer free or for less when you commit to auto-delivery of your coffee.",
  noOffers: "No brewer offers are running on this store right now.",
  seeOffer: "See the offer",
  seeOfferOf: "See the offer: {name}",
  brewersFrom: "Brewers from {price}",
  commitsTo: "You commit to {commitment}.",
  whatYouGet: "What you get",
  getBrewer: "One of the brewers below at its offer price, shipped with your first box of coffee.",
  getAutoDelivery: "Your coffee by auto-delivery at the subscriber's price, as often as you choose.",
  onceAHousehold: "One free brewer per household address and per account.",
  commitmentHeading: "Your commitment",
  earlyCancellationHeading: "If you cancel early",
  brewersHeading: "The brewers",
  regularPrice: "Regular price",
  offerPrice: "Offer price",
  free: "Free",
  chooseHeading: "Choose your brewer, coffee and frequency",
  brewerLabel: "Brewer",
  boxLabel: "Coffee for each delivery",
  boxHint: "K-Cup pods that come by auto-delivery, at least {pods} pods a delivery.",
  boxQtyLabel: "Boxes a delivery",
  frequencyLabel: "Deliver every",
  everyWeek: "Every week",
  everyWeeks: "Every {n} weeks",
  showCost: "Show what it costs",
  costHeading: "What the commitment costs",
  costFor: "{brewer} with {box}, {qty} a delivery, every {weeks} weeks.",
  brewerNow: "Brewer",
  firstDelivery: "First box (ships with the brewer)",
  dueNow: "Due with your first order, before tax and delivery",
  laterDelivery: "Each later delivery",
  deliveries: "Deliveries in your commitment",
  commitmentTotal: "Coffee for the whole commitment",
  chargeAfter: "After {n} of {required} deliveries",
  cancelWhen: "When you cancel",
  chargeHeading: "Cancelling then charges",
  cannotEstimate: "We can't price this choice: {reason}",
  addBundle: "Add the brewer and first box",
  signInToBuy: "Sign in to take this offer: it needs your account for the auto-delivery.",
  signIn: "Sign in",
  createAccount: "Create an account",
  eligible: "You can take this offer.",
  refusedHeading: "You can't take this offer now",
  activeCommitment: "Your commitment: {made} of {required} deliveries made.",
  refusal_notStarted: "This offer hasn't started yet.",
  refusal_ended: "This offer has ended.",
  refusal_activeCommitment: "You already have this offer's brewer, and its commitment isn't complete yet.",
  refusal_freeBrewerTakenByAccount: "Your account has already had a free brewer.",
  refusal_freeBrewerTakenByAddress: "A free brewer has already been sent to this household address (one per household).",
  addProblem: "We couldn't add the offer to your cart: {reason}",
  backToOffers: "All brewer offers",
  compareHeading: "Compare the brewers",
  boxWithQty: "{name} ({qty} a delivery)",
  termsHeading: "Terms",
  faqHeading: "Questions",
};

export type CampaignMessages = Record<keyof typeof enUS, string>;

const enCA: CampaignMessages = {
  ...enUS,
  boxWithQty: "{name} ({qty} per delivery)",
  boxHint: "K-Cup pods that come by auto-delivery, at least {pods} pods per delivery.",
  boxQtyLabel: "Boxes per delivery",
  costFor: "{brewer} with {box}, {qty} per delivery, every {weeks} weeks.",
};

const fr: CampaignMessages = {
  offersTitle: "Offres sur les cafetières",
  offersIntro: "Obtenez une cafetière gratuite ou à prix réduit en vous engageant à la livraison automatique de votre café.",
  noOffers: "Aucune offre sur les cafetières en ce moment dans cette boutique.",
  seeOffer: "Voir l’offre",
  seeOfferOf: "Voir l’offre\u202f: {name}",
  brewersFrom: "Cafetières à partir de {price}",
  commitsTo: "Vous vous engagez à\u202f: {commitment}.",
  whatYouGet: "Ce que vous obtenez",
  getBrewer: "L’une des cafetières ci-dessous au prix de l’offre, expédiée avec votre première boîte de café.",
  getAutoDelivery: "Votre café en livraison automatique au prix abonné, à la fréquence de votre choix.",
  onceAHousehold: "Une cafetière gratuite par adresse de foyer et par compte.",
  commitmentHeading: "Votre engagement",
  earlyCancellationHeading: "Si vous annulez plus tôt",
  brewersHeading: "Les cafetières",
  regularPrice: "Prix courant",
  offerPrice: "Prix de l’offre",
  free: "Gratuite",
  chooseHeading: "Choisissez votre cafetière, votre café et la fréquence",
  brewerLabel: "Cafetière",
  boxLabel: "Café de chaque livraison",
  boxHint: "Des dosettes K-Cup livrables automatiquement, au moins {pods} dosettes par livraison.",
  boxQtyLabel: "Boîtes par livraison",
  frequencyLabel: "Livrer",
  everyWeek: "Chaque semaine",
  everyWeeks: "Toutes les {n} semaines",
  showCost: "Voir ce que ça coûte",
  costHeading: "Ce que coûte l’engagement",
  costFor: "{brewer} avec {box}, {qty} par livraison, toutes les {weeks} semaines.",
  brewerNow: "Cafetière",
  firstDelivery: "Première boîte (expédiée avec la cafetière)",
  dueNow: "À payer avec votre première commande, avant taxes et livraison",
  laterDelivery: "Chaque livraison suivante",
  deliveries: "Livraisons de votre engagement",
  commitmentTotal: "Café de tout l’engagement",
  chargeAfter: "Après {n} livraisons sur {required}",
  cancelWhen: "Quand vous annulez",
  chargeHeading: "Annuler coûte alors",
  cannotEstimate: "Nous ne pouvons pas établir le prix de ce choix\u202f: {reason}",
  addBundle: "Ajouter la cafetière et la première boîte",
  signInToBuy: "Connectez-vous pour profiter de cette offre\u202f: la livraison automatique demande votre compte.",
  signIn: "Se connecter",
  createAccount: "Créer un compte",
  eligible: "Vous pouvez profiter de cette offre.",
  refusedHeading: "Vous ne pouvez pas profiter de cette offre pour le moment",
  activeCommitment: "Votre engagement\u202f: {made} livraisons faites sur {required}.",
  refusal_notStarted: "Cette offre n’a pas encore commencé.",
  refusal_ended: "Cette offre est terminée.",
  refusal_activeCommitment: "Vous avez déjà la cafetière de cette offre et son engagement n’est pas encore rempli.",
  refusal_freeBrewerTakenByAccount: "Votre compte a déjà obtenu une cafetière gratuite.",
  refusal_freeBrewerTakenByAddress: "Une cafetière gratuite a déjà été envoyée à cette adresse de foyer (une par foyer).",
  addProblem: "Nous n’avons pas pu ajouter l’offre à votre panier\u202f: {reason}",
  backToOffers: "Toutes les offres sur les cafetières",
  compareHeading: "Comparer les cafetières",
  boxWithQty: "{name} ({qty} par livraison)",
  termsHeading: "Conditions",
  faqHeading: "Questions",
};

/**
 * The commercial store's breakroom plans (decision 071): a business equips its breakroom, once per
 * business address for the free brewer. The headline, benefits, terms and questions are the
 * service's (getMiscCampaignData); these are the page's own words around them.
 */
const enUSBusiness: CampaignMessages = {
  ...enUS,
  offersTitle: "Breakroom plans",
  offersIntro: "Equip your breakroom with a commercial brewer, free or for less, when your office commits to a pod subscription.",
  noOffers: "No breakroom plans are running right now.",
  seeOffer: "See the plan",
  seeOfferOf: "See the plan: {name}",
  commitsTo: "Your business commits to {commitment}.",
  onceAHousehold: "One free breakroom brewer per business address and per account.",
  commitmentHeading: "Your office's commitment",
  earlyCancellationHeading: "If your office cancels early",
  brewersHeading: "The breakroom brewers",
  offerPrice: "Plan price",
  compareHeading: "Compare the breakroom brewers",
  termsHeading: "Terms",
  faqHeading: "Questions",
  chooseHeading: "Choose your breakroom brewer, pods and delivery schedule",
  boxLabel: "Pods for each delivery",
  boxHint: "K-Cup pods for your breakroom, at least {pods} pods a delivery.",
  costHeading: "What the plan costs",
  firstDelivery: "First pods (ship with the brewer)",
  commitmentTotal: "Pods for the whole commitment",
  addBundle: "Add the brewer and first pods",
  signInToBuy: "Sign in to your business account to take this plan: it comes with a pod subscription for your office.",
  createAccount: "Create a business account",
  eligible: "Your business can take this plan.",
  refusedHeading: "Your business can't take this plan now",
  activeCommitment: "Your office's commitment: {made} of {required} deliveries made.",
  refusal_notStarted: "This plan hasn't started yet.",
  refusal_ended: "This plan has ended.",
  refusal_activeCommitment: "Your business already has this plan, and its pod subscription commitment isn't complete yet.",
  refusal_freeBrewerTakenByAccount: "Your business has already received a free breakroom brewer with this account.",
  refusal_freeBrewerTakenByAddress: "A free breakroom brewer has already been sent to this business address (one per business address).",
  addProblem: "We couldn't add the plan to your cart: {reason}",
  backToOffers: "All breakroom plans",
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function campaignMessages(lang: Lang, brand?: BrandId): CampaignMessages {
  const locale = localeOf(lang, brand);
  return brand === "usafh" && locale === "en-US" ? enUSBusiness : dictionaries[locale];
}

/** A refusal's words: the page's own sentence (it names the rule), the service's message otherwise. */
export function refusalText(t: CampaignMessages, code: CampaignRefusal): string {
  return t[`refusal_${code}`];
}
