import type { BrandId, Lang } from "../../commerce/contract/common";
import { format, localeOf } from "./locale";
import { type Messages, messages } from "./messages";

/**
 * What every storefront form says when it sends the shopper back to fix something: one phrase
 * above the form, and one beside each field, named after the field (or, where the field can be
 * wrong in more than one way, after what is wrong). app/lib/form-validation.server.ts picks them.
 */
const enUS = {
  formHasErrors: "Please correct the highlighted fields.",
  /** A field the shopper cannot see was refused: the page is older than the store, or was altered. */
  pageOutOfDate: "This page is out of date. Reload it and try again.",
  invalid: "Check this field.",
  email: "Enter a valid email address.",
  password: "Enter your password.",
  passwordLength: "Use 8 to 128 characters.",
  currentPassword: "Enter your current password.",
  firstName: "Enter a first name.",
  lastName: "Enter a last name.",
  phone: "Use digits, spaces and + ( ) - . only.",
  line1: "Enter the street address.",
  line2: "Use at most 120 characters.",
  town: "Enter the city.",
  country: "Choose a country.",
  stateInvalid: "Choose a US state, such as NY.",
  provinceInvalid: "Choose a Canadian province or territory, such as ON.",
  zipInvalid: "Enter a 5-digit ZIP code (or ZIP+4).",
  zipNotInState: "This ZIP code is not in the state you chose.",
  postalInvalid: "Enter a postal code such as K1A 0B1.",
  postalNotInProvince: "This postal code is not in the province you chose.",
  deliveryModeId: "Choose a delivery method.",
  cardNumber: "Check the card number.",
  holder: "Enter the name on the card.",
  expiry: "Enter the expiry as MM/YY.",
  cvc: "Enter the 3- or 4-digit security code.",
  billingPostalCode: "Enter the billing ZIP code.",
  drink: "Choose what you like to drink.",
  roast: "Choose a roast.",
  flavours: "Choose at least one flavor.",
  flavoursTooMany: "Choose at most {limit} flavors.",
  caffeine: "Choose how much caffeine.",
  format: "Choose how you brew.",
  answer: "Choose an answer.",
  nextDeliveryDate: "Choose a date after today and within a year.",
  reason: "Tell us why in 3 to 300 characters.",
  addressId: "Choose one of your saved addresses.",
  /** The service refused a change for a reason the form has no words of its own for. */
  notChanged: "Nothing was changed. Check what you entered and try again.",
  tooManyAttempts: "Too many attempts. Nothing was changed; please try again later.",
  stockShort: "There isn't enough of this item in stock.",
  stockShortBy: "Only {limit} more of this item can be added.",
};

/** The field phrases, with the shop's messages (its quantity phrases are shown in the browser too, by the add-to-cart banner). */
export type FormMessages = Messages & typeof enUS;

const enCA: typeof enUS = {
  ...enUS,
  billingPostalCode: "Enter the billing postal code.",
  flavours: "Choose at least one flavour.",
  flavoursTooMany: "Choose at most {limit} flavours.",
};

// French punctuation: a narrow no-break space before : ; ! ?
const fr: typeof enUS = {
  formHasErrors: "Veuillez corriger les champs indiqués.",
  pageOutOfDate: "Cette page n’est plus à jour. Rechargez-la et réessayez.",
  invalid: "Vérifiez ce champ.",
  email: "Entrez une adresse courriel valide.",
  password: "Entrez votre mot de passe.",
  passwordLength: "Utilisez de 8 à 128 caractères.",
  currentPassword: "Entrez votre mot de passe actuel.",
  firstName: "Entrez un prénom.",
  lastName: "Entrez un nom.",
  phone: "Utilisez seulement des chiffres, des espaces et + ( ) - .",
  line1: "Entrez l’adresse.",
  line2: "Utilisez au plus 120 caractères.",
  town: "Entrez la ville.",
  country: "Choisissez un pays.",
  stateInvalid: "Choisissez un État américain, comme NY.",
  provinceInvalid: "Choisissez une province ou un territoire du Canada, comme ON.",
  zipInvalid: "Entrez un code ZIP à 5 chiffres (ou ZIP+4).",
  zipNotInState: "Ce code ZIP n’est pas dans l’État choisi.",
  postalInvalid: "Entrez un code postal comme K1A 0B1.",
  postalNotInProvince: "Ce code postal n’est pas dans la province choisie.",
  deliveryModeId: "Choisissez un mode de livraison.",
  cardNumber: "Vérifiez le numéro de carte.",
  holder: "Entrez le nom inscrit sur la carte.",
  expiry: "Entrez l’expiration au format MM/AA.",
  cvc: "Entrez le code de sécurité à 3 ou 4 chiffres.",
  billingPostalCode: "Entrez le code postal de facturation.",
  drink: "Choisissez ce que vous aimez boire.",
  roast: "Choisissez une torréfaction.",
  flavours: "Choisissez au moins une saveur.",
  flavoursTooMany: "Choisissez au plus {limit} saveurs.",
  caffeine: "Choisissez la quantité de caféine.",
  format: "Choisissez votre façon d’infuser.",
  answer: "Choisissez une réponse.",
  nextDeliveryDate: "Choisissez une date après aujourd’hui et d’ici un an.",
  reason: "Dites-nous pourquoi en 3 à 300 caractères.",
  addressId: "Choisissez une de vos adresses enregistrées.",
  notChanged: "Rien n’a été modifié. Vérifiez ce que vous avez entré et réessayez.",
  tooManyAttempts: "Trop de tentatives. Rien n’a été modifié ; réessayez plus tard.",
  stockShort: "Le stock de cet article ne suffit pas.",
  stockShortBy: "Vous pouvez ajouter au plus {limit} autres unités de cet article.",
};

const dictionaries = {
  "en-US": { ...messages("en", "usb2c"), ...enUS },
  "en-CA": { ...messages("en", "cab2c"), ...enCA },
  fr: { ...messages("fr"), ...fr },
} as const;

export function formMessages(lang: Lang, brand?: BrandId): FormMessages {
  return dictionaries[localeOf(lang, brand)];
}

/** Whether a field has a phrase of its own; a field without one is refused as "Check this field." */
export function hasFieldPhrase(field: string): field is keyof typeof enUS {
  return field in enUS;
}

/** What is wrong with one field: the phrase's key and, for "at most" and "at least" phrases, the limit. */
export interface FieldProblem {
  message: keyof FormMessages;
  limit?: number;
}

export function fieldText(t: FormMessages, problem: FieldProblem): string {
  return format(t[problem.message], { limit: problem.limit ?? "" });
}
