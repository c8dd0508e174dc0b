import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeOf } from "./locale";

/**
 * Saved drink designs' page phrases (decision 073): the designer, the account's list, and how a
 * design reads on a cart, checkout and order line. The choices' own names come from the service.
 */
const enUS = {
  designerTitle: "Design your drink",
  designerIntro: "Pick the pods you brew with, then how you like your cup. Save it under a name and buy its pods again in one click.",
  guestInvite: "Sign in to save your drinks and add their pods to your cart.",
  signIn: "Sign in",
  signInToSave: "Sign in to save",
  createAccount: "Create an account",
  beverage: "Base beverage",
  chooseBeverage: "Choose coffee, tea or cocoa",
  size: "Cup size",
  strength: "Strength",
  milk: "Milk",
  sweetness: "Sweetness",
  shots: "Flavor shots (up to {max})",
  name: "Name your drink",
  nameHint: "Up to {max} characters.",
  save: "Save my drink",
  saveChanges: "Save changes",
  saveAsNew: "Save as a new drink",
  startNew: "Start a new drink",
  changing: "You're changing “{name}”.",
  saved: "Saved “{name}”.",
  myDesigns: "See my saved drinks",
  accountTab: "My drinks",
  accountHeading: "Saved drinks",
  noDesigns: "You haven't saved a drink yet.",
  designOne: "Design a drink",
  count: "{count} of {max} drinks saved.",
  madeWith: "Made with {beverage} ({pack}), {price} a box.",
  noLongerSold: "This beverage isn't sold anymore: open the drink to choose another.",
  rename: "New name for “{name}”",
  renameButton: "Rename",
  open: "Open in the designer",
  delete: "Delete “{name}”",
  quantity: "Boxes",
  addToCart: "Add its pods to my cart",
  renamed: "Renamed to “{name}”.",
  deleted: "The drink was deleted.",
  added: "The pods for “{name}” are in your cart.",
  viewCart: "View cart",
  notFound: "We couldn't find that drink. It may have been deleted.",
  tooMany: "You can save up to {max} drinks. Delete one to save another.",
  failed: "We couldn't save your drink just now. Please try again.",
  fields: {
    name: "Give your drink a name of up to {max} letters, digits and simple punctuation.",
    productCode: "Choose a coffee, tea or cocoa from the list.",
    shots: "Choose up to {max} flavor shots.",
    choice: "Choose one of the options listed.",
    qty: "Choose between 1 and {max} boxes.",
  },
};

export type DesignPageMessages = typeof enUS;

// Canadian English spells flavour with a u and any more as two words.
const enCA: DesignPageMessages = {
  ...enUS,
  shots: "Flavour shots (up to {max})",
  noLongerSold: "This beverage isn't sold any more: open the drink to choose another.",
  fields: { ...enUS.fields, shots: "Choose up to {max} flavour shots." },
};

const fr: DesignPageMessages = {
  designerTitle: "Créez votre boisson",
  designerIntro:
    "Choisissez les dosettes de votre boisson, puis votre tasse comme vous l’aimez. Enregistrez-la sous un nom et rachetez ses dosettes en un clic.",
  guestInvite: "Connectez-vous pour enregistrer vos boissons et ajouter leurs dosettes à votre panier.",
  signIn: "Me connecter",
  signInToSave: "Me connecter pour enregistrer",
  createAccount: "Créer un compte",
  beverage: "Boisson de base",
  chooseBeverage: "Choisissez un café, un thé ou un chocolat",
  size: "Format de tasse",
  strength: "Intensité",
  milk: "Lait",
  sweetness: "Sucre",
  shots: "Saveurs ajoutées (jusqu’à {max})",
  name: "Nommez votre boisson",
  nameHint: "Jusqu’à {max} caractères.",
  save: "Enregistrer ma boisson",
  saveChanges: "Enregistrer les modifications",
  saveAsNew: "Enregistrer comme nouvelle boisson",
  startNew: "Créer une nouvelle boisson",
  changing: "Vous modifiez «\u202f{name}\u202f».",
  saved: "«\u202f{name}\u202f» est enregistrée.",
  myDesigns: "Voir mes boissons enregistrées",
  accountTab: "Mes boissons",
  accountHeading: "Boissons enregistrées",
  noDesigns: "Vous n’avez pas encore enregistré de boisson.",
  designOne: "Créer une boisson",
  count: "{count} boissons enregistrées sur {max}.",
  madeWith: "Préparée avec {beverage} ({pack}), {price} la boîte.",
  noLongerSold: "Cette boisson de base n’est plus vendue\u202f: ouvrez la boisson pour en choisir une autre.",
  rename: "Nouveau nom pour «\u202f{name}\u202f»",
  renameButton: "Renommer",
  open: "Ouvrir dans le créateur",
  delete: "Supprimer «\u202f{name}\u202f»",
  quantity: "Boîtes",
  addToCart: "Ajouter ses dosettes à mon panier",
  renamed: "Renommée «\u202f{name}\u202f».",
  deleted: "La boisson a été supprimée.",
  added: "Les dosettes de «\u202f{name}\u202f» sont dans votre panier.",
  viewCart: "Voir le panier",
  notFound: "Nous ne trouvons pas cette boisson. Elle a peut-être été supprimée.",
  tooMany: "Vous pouvez enregistrer jusqu’à {max} boissons. Supprimez-en une pour en enregistrer une autre.",
  failed: "Nous n’avons pas pu enregistrer votre boisson pour le moment. Veuillez réessayer.",
  fields: {
    name: "Donnez à votre boisson un nom d’au plus {max} lettres, chiffres et signes de ponctuation simples.",
    productCode: "Choisissez un café, un thé ou un chocolat dans la liste.",
    shots: "Choisissez jusqu’à {max} saveurs.",
    choice: "Choisissez une des options proposées.",
    qty: "Choisissez entre 1 et {max} boîtes.",
  },
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function designMessages(lang: Lang, brand?: BrandId): DesignPageMessages {
  return dictionaries[localeOf(lang, brand)];
}
