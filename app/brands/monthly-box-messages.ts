import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeOf } from "./locale";

/**
 * The monthly box's page phrases (the selection page, the account's box and its "change next
 * month's picks", the cart's box). What the box is, its price line and how a pick fills it come
 * from the service in the shopper's language (decision 062); these are the page's own words.
 */
const enUS = {
  whatsInside: "What every box includes",
  chooseMonth: "Which month",
  thisMonth: "This month: {month}",
  nextMonth: "Next month: {month}",
  pickFor: "Pick your box for {month}",
  browse: "Browse the selection",
  allProducts: "All {count} products",
  searchLabel: "Search this month's selection",
  searchButton: "Search the selection",
  clearSearch: "Show all products",
  resultsFor: "{count} products match “{text}”",
  noResults: "No product of this month's selection matches “{text}”.",
  boxes: "Boxes",
  /** Read after "Boxes" by a screen reader: which product the quantity is for. */
  boxesOf: "of {name}",
  podsEach: "{pods} pods a box",
  pageOf: "Page {page} of {pages}",
  previousPage: "Previous page",
  nextPage: "Next page",
  pagination: "Pages of the selection",
  yourBox: "Your box",
  pickedOf: "{picked} of {boxPods} pods picked",
  under: "{remaining} pods still to pick.",
  full: "Your box is full.",
  over: "{excess} pods too many: take some out.",
  nothingPicked: "Nothing picked yet: choose quantities below, then check your box.",
  yourPicks: "Your picks",
  pickLine: "{name} × {quantity}",
  refused: "Not in this month's selection:",
  checkBox: "Check my box",
  subscribe: "Subscribe for {price} a month",
  signInToSubscribe: "Sign in to subscribe",
  firstBoxThisMonth: "Your first box ships this month: pick this month's box to subscribe. Next month's picks can be changed in your account afterwards.",
  guestNote: "Sign in or create an account to subscribe; your picks stay on this page.",
  signIn: "Sign in",
  createAccount: "Create an account",
  notComplete: "Your box must hold exactly {boxPods} pods of this month's selection before you subscribe.",
  pickDropped: "Some quantities were not whole numbers from 0 to 24 and were left out.",
  alreadySubscribed: "You already have a monthly box. Change next month's picks in your account.",
  manageBox: "Manage my monthly box",
  subscribeRefused: "We could not add the box to your cart. Check your box and try again.",
  // The cart and the checkout.
  cartBoxTitle: "{name} for {month}",
  deliveryIncluded: "Standard delivery included",
  noCommitment: "No commitment: cancel any time before a month ships.",
  boxPicksHeading: "In your box",
  changeBox: "Change my box",
  removeBox: "Remove the box",
  // The account.
  accountHeading: "Monthly box",
  nextBoxDate: "Next box",
  picksFor: "Picks for {month}",
  noPicksYet: "No picks yet.",
  carriedOver: "Carried over from your last box (a product no longer offered is swapped for one that is). Change them before the box ships.",
  changeNextMonth: "Change next month's picks",
  changeHeading: "Change your picks for {month}",
  changeIntro: "Your picks for {month} are below. Change the quantities, check your box, then save.",
  savePicks: "Save next month's picks",
  saved: "Your picks for {month} are saved.",
  alreadyPlaced: "The box for {month} is already placed: its picks can no longer change.",
  backToAutoDelivery: "Back to auto-delivery",
  noBoxSubscription: "You have no monthly box subscription.",
  subscribeHere: "Discover the monthly box",
};

export type MonthlyBoxMessages = Record<keyof typeof enUS, string>;

/** The cart's and the checkout's words for the box. */
export type BoxLineTexts = Pick<MonthlyBoxMessages, "boxPicksHeading" | "deliveryIncluded" | "noCommitment" | "pickLine" | "changeBox" | "removeBox">;

/** Canadian English words these the same way. */
const enCA: MonthlyBoxMessages = { ...enUS };

const fr: MonthlyBoxMessages = {
  whatsInside: "Ce que comprend chaque boîte",
  chooseMonth: "Quel mois",
  thisMonth: "Ce mois-ci\u00a0: {month}",
  nextMonth: "Le mois prochain\u00a0: {month}",
  pickFor: "Composez votre boîte de {month}",
  browse: "Parcourir la sélection",
  allProducts: "Les {count} produits",
  searchLabel: "Chercher dans la sélection du mois",
  searchButton: "Chercher dans la sélection",
  clearSearch: "Afficher tous les produits",
  resultsFor: "{count} produits correspondent à «\u00a0{text}\u00a0»",
  noResults: "Aucun produit de la sélection du mois ne correspond à «\u00a0{text}\u00a0».",
  boxes: "Boîtes",
  boxesOf: "de {name}",
  podsEach: "{pods} dosettes par boîte",
  pageOf: "Page {page} de {pages}",
  previousPage: "Page précédente",
  nextPage: "Page suivante",
  pagination: "Pages de la sélection",
  yourBox: "Votre boîte",
  pickedOf: "{picked} dosettes choisies sur {boxPods}",
  under: "Encore {remaining} dosettes à choisir.",
  full: "Votre boîte est pleine.",
  over: "{excess} dosettes de trop\u00a0: retirez-en.",
  nothingPicked: "Rien de choisi pour l’instant\u00a0: indiquez des quantités ci-dessous, puis vérifiez votre boîte.",
  yourPicks: "Vos choix",
  pickLine: "{name} × {quantity}",
  refused: "Pas dans la sélection du mois\u00a0:",
  checkBox: "Vérifier ma boîte",
  subscribe: "M’abonner pour {price} par mois",
  signInToSubscribe: "Se connecter pour s’abonner",
  firstBoxThisMonth:
    "Votre première boîte est expédiée ce mois-ci\u00a0: composez la boîte de ce mois pour vous abonner. Vous pourrez ensuite modifier les choix du mois prochain dans votre compte.",
  guestNote: "Connectez-vous ou créez un compte pour vous abonner\u00a0; vos choix restent sur cette page.",
  signIn: "Se connecter",
  createAccount: "Créer un compte",
  notComplete: "Votre boîte doit contenir exactement {boxPods} dosettes de la sélection du mois avant de vous abonner.",
  pickDropped: "Certaines quantités n’étaient pas des nombres entiers de 0 à 24 et ont été retirées.",
  alreadySubscribed: "Vous avez déjà une boîte mensuelle. Modifiez les choix du mois prochain dans votre compte.",
  manageBox: "Gérer ma boîte mensuelle",
  subscribeRefused: "Nous n’avons pas pu ajouter la boîte à votre panier. Vérifiez votre boîte et réessayez.",
  cartBoxTitle: "{name} de {month}",
  deliveryIncluded: "Livraison standard incluse",
  noCommitment: "Sans engagement\u00a0: annulez en tout temps avant l’expédition d’un mois.",
  boxPicksHeading: "Dans votre boîte",
  changeBox: "Modifier ma boîte",
  removeBox: "Retirer la boîte",
  accountHeading: "Boîte mensuelle",
  nextBoxDate: "Prochaine boîte",
  picksFor: "Choix de {month}",
  noPicksYet: "Aucun choix pour l’instant.",
  carriedOver: "Reportés de votre dernière boîte (un produit qui n’est plus offert est remplacé par un autre). Modifiez-les avant l’expédition.",
  changeNextMonth: "Modifier les choix du mois prochain",
  changeHeading: "Modifier vos choix de {month}",
  changeIntro: "Voici vos choix de {month}. Modifiez les quantités, vérifiez votre boîte, puis enregistrez.",
  savePicks: "Enregistrer les choix du mois prochain",
  saved: "Vos choix de {month} sont enregistrés.",
  alreadyPlaced: "La boîte de {month} est déjà commandée\u00a0: ses choix ne peuvent plus changer.",
  backToAutoDelivery: "Retour à la livraison automatique",
  noBoxSubscription: "Vous n’avez pas d’abonnement à la boîte mensuelle.",
  subscribeHere: "Découvrir la boîte mensuelle",
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function monthlyBoxMessages(lang: Lang, brand?: BrandId): MonthlyBoxMessages {
  return dictionaries[localeOf(lang, brand)];
}
