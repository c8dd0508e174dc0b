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
};

export type CampaignMessages = Record<keyof typeof enUS, string>;

const enCA: CampaignMessages = {
  ...enUS,
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
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function campaignMessages(lang: Lang, brand?: BrandId): CampaignMessages {
  return dictionaries[localeOf(lang, brand)];
}

/** A refusal's words: the page's own sentence (it names the rule), the service's message otherwise. */
export function refusalText(t: CampaignMessages, code: CampaignRefusal): string {
  return t[`refusal_${code}`];
}
