import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeOf } from "./locale";

/** Gift card phrases (cart and checkout). Reasons match the service's GiftCardError reasons. */
const enUS = {
  heading: "Gift cards",
  intro: "Pay with one or more gift cards. The balance is only used when you place your order.",
  number: "Gift card number",
  numberHint: "16 digits, as printed on the card",
  pin: "PIN",
  pinHint: "4 to 8 digits under the scratch strip",
  apply: "Apply",
  checkBalance: "Check balance",
  remove: "Remove",
  applied: "Applied gift cards",
  cardEnding: "Card ending {ending}",
  uses: "{toUse} of the {balance} balance goes toward this order.",
  amountToUse: "Amount to use",
  useAmount: "Use this amount",
  partChosen: "You chose to use {amount}.",
  covered: "Paid by gift cards",
  remaining: "Left to pay",
  balanceIs: "The card ending {ending} has a balance of {balance}.",
  outcomeApplied: "Your gift card is applied.",
  outcomeRemoved: "The gift card is removed.",
  outcomeAmountSet: "The amount to use is set.",
  invalid: "The gift card number or PIN is not right.",
  expired: "This gift card has expired.",
  empty: "This gift card has no balance left.",
  blocked: "This gift card can't be used. Please contact customer service.",
  currency: "This gift card is in another currency and can't be used on this store.",
  tooMany: "You can use up to 5 gift cards on one order.",
  overBalance: "Enter an amount of at most the card's balance.",
  notApplied: "That gift card isn't on your cart anymore.",
  badNumber: "Enter the card's 16 digits.",
  badPin: "Enter the 4 to 8 digit PIN.",
  badAmount: "Enter an amount such as 10 or 10.50.",
  tooManyAttempts: "Too many attempts. Please try again in an hour.",
  noCart: "Add something to your cart first.",
  unavailable: "We couldn't reach gift cards just now. Please try again in a moment.",
};

export type GiftCardMessages = Record<keyof typeof enUS, string>;

/** Canadian English: the same phrases in Canadian usage. */
const enCA: GiftCardMessages = {
  ...enUS,
  blocked: "This gift card cannot be used. Please contact customer service.",
  currency: "This gift card is in another currency and cannot be used on this store.",
};

const fr: GiftCardMessages = {
  heading: "Cartes-cadeaux",
  intro: "Payez avec une ou plusieurs cartes-cadeaux. Le solde n’est utilisé qu’au moment de passer la commande.",
  number: "Numéro de la carte-cadeau",
  numberHint: "16 chiffres, tels qu’imprimés sur la carte",
  pin: "NIP",
  pinHint: "4 à 8 chiffres sous la bande à gratter",
  apply: "Appliquer",
  checkBalance: "Vérifier le solde",
  remove: "Retirer",
  applied: "Cartes-cadeaux appliquées",
  cardEnding: "Carte se terminant par {ending}",
  uses: "{toUse} du solde de {balance} s’applique à cette commande.",
  amountToUse: "Montant à utiliser",
  useAmount: "Utiliser ce montant",
  partChosen: "Vous avez choisi d’utiliser {amount}.",
  covered: "Payé par cartes-cadeaux",
  remaining: "Reste à payer",
  balanceIs: "La carte se terminant par {ending} a un solde de {balance}.",
  outcomeApplied: "Votre carte-cadeau est appliquée.",
  outcomeRemoved: "La carte-cadeau est retirée.",
  outcomeAmountSet: "Le montant à utiliser est enregistré.",
  invalid: "Le numéro ou le NIP de la carte-cadeau n’est pas valide.",
  expired: "Cette carte-cadeau est expirée.",
  empty: "Le solde de cette carte-cadeau est épuisé.",
  blocked: "Cette carte-cadeau ne peut pas être utilisée. Veuillez communiquer avec le service à la clientèle.",
  currency: "Cette carte-cadeau est dans une autre devise et ne peut pas être utilisée dans ce magasin.",
  tooMany: "Vous pouvez utiliser jusqu’à 5 cartes-cadeaux par commande.",
  overBalance: "Entrez un montant qui ne dépasse pas le solde de la carte.",
  notApplied: "Cette carte-cadeau n’est plus dans votre panier.",
  badNumber: "Entrez les 16 chiffres de la carte.",
  badPin: "Entrez le NIP de 4 à 8 chiffres.",
  badAmount: "Entrez un montant comme 10 ou 10,50.",
  tooManyAttempts: "Trop de tentatives. Veuillez réessayer dans une heure.",
  noCart: "Ajoutez d’abord un article à votre panier.",
  unavailable: "Les cartes-cadeaux sont indisponibles pour le moment. Réessayez dans un instant.",
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function giftCardMessages(lang: Lang, brand?: BrandId): GiftCardMessages {
  return dictionaries[localeOf(lang, brand)];
}
