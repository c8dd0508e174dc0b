import type { TaxName } from "../contract/checkout-pricing";
import type { BrandId, Lang } from "../contract/common";
import type { LedgerEntryKind } from "../contract/loyalty";
import type { FacetKey, SortCode } from "../contract/search";

/**
 * Every phrase the commerce service writes for shoppers, per language: facet and sort names,
 * catalog words, product labels and mails. Domain code looks phrases up here rather than
 * choosing between languages itself, so adding a language means adding one entry.
 */
export interface ShopMessages {
  facetNames: Record<FacetKey, string>;
  sortNames: Record<SortCode, string>;
  roasts: Record<string, string>;
  caffeine: Record<string, string>;
  productTypes: Record<string, string>;
  packTypes: Record<string, string>;
  /** Flavour and colour names are stored in English; other languages translate the ones they know. */
  flavours: Record<string, string>;
  colours: Record<string, string>;
  /** A pack size as a facet value is stored as "24 ct" or "12 oz". */
  packSizeValue: (stored: string) => string;
  packLabel: (size: number, unit: "oz" | "ct") => string;
  singleUnit: string;
  /** Names of the catalog's specification rows, by feature code; rows not listed keep their stored name. */
  featureNames: Record<string, string>;
  colourQualifier: string;
  sizeQualifier: string;
  specifications: string;
  inStockOnly: string;
  priceBand: {
    amount: (minor: number, symbol: string) => string;
    andUp: (from: string) => string;
    under: (to: string) => string;
    between: (from: string, to: string) => string;
  };
  backInStock: (productName: string, url: string, storeName: string) => { subject: string; text: string };
  newsletterWelcome: (storeName: string) => { subject: string; text: string };
  /** Double opt-in: the only mail an unconfirmed address receives. */
  newsletterConfirm: (storeName: string, url: string) => { subject: string; text: string };
  alertConfirm: (productName: string, url: string, storeName: string) => { subject: string; text: string };
  /** A new account's address must be confirmed before the account can sign in. */
  accountConfirm: (firstName: string, url: string, storeName: string) => { subject: string; text: string };
  /** Someone signed up with an address that already has an account: its owner hears of it. */
  accountExists: (firstName: string, resetUrl: string, storeName: string) => { subject: string; text: string };
  passwordReset: (firstName: string, url: string, storeName: string) => { subject: string; text: string };
  /** Sent when an order is placed; `summary` is the order's lines and totals, already laid out. */
  orderConfirmation: (
    order: { code: string; firstName: string; summary: string; url: string; arrives: string },
    storeName: string,
  ) => { subject: string; text: string };
  orderSummaryWords: {
    subtotal: string;
    discounts: string;
    delivery: string;
    tax: string;
    total: string;
    giftCards: string;
    paidByCard: string;
    shipTo: string;
  };
  /** Tax names as receipts print them in this language (the storefront's checkout uses the same ones). */
  taxNames: Record<TaxName, string>;
  /** How the points history names its entries: with the order they belong to, or on their own. */
  ledgerEntry: {
    ofOrder: Record<LedgerEntryKind, (orderCode: string) => string>;
    plain: Record<LedgerEntryKind, string>;
  };
}

/** US English: the US consumer and commercial stores. */
const enUS: ShopMessages = {
  facetNames: {
    category: "Category",
    type: "Product type",
    brand: "Brand",
    roast: "Roast",
    flavour: "Flavor",
    caffeine: "Caffeine",
    packType: "Pack type",
    packSize: "Pack size",
    series: "Brewer series",
    colour: "Color",
    price: "Price",
    availability: "Availability",
  },
  sortNames: {
    relevance: "Relevance",
    "price-asc": "Price: low to high",
    "price-desc": "Price: high to low",
    "name-asc": "Name: A to Z",
    newest: "Newest",
    bestsellers: "Best sellers",
  },
  roasts: { light: "Light", medium: "Medium", dark: "Dark" },
  caffeine: { caffeinated: "Caffeinated", decaf: "Decaf", "half-caff": "Half-Caff", "caffeine-free": "Caffeine-free" },
  productTypes: { Coffee: "Coffee", Tea: "Tea", Cocoa: "Hot cocoa", Brewer: "Brewers", Accessory: "Accessories", Bundle: "Starter kits & bundles" },
  packTypes: { KCup: "K-Cup pods", Bagged: "Bagged", Canned: "Canned" },
  flavours: {},
  colours: {},
  packSizeValue: (stored) => stored,
  packLabel: (size, unit) => `${size} ${unit}`,
  singleUnit: "Each",
  featureNames: { roast: "Roast", flavour: "Flavor", caffeine: "Caffeine", packaging: "Packaging" },
  colourQualifier: "Color",
  sizeQualifier: "Size",
  specifications: "Specifications",
  inStockOnly: "In stock only",
  priceBand: {
    amount: (minor, symbol) => `${symbol}${minor / 100}`,
    andUp: (from) => `${from} and up`,
    under: (to) => `Under ${to}`,
    between: (from, to) => `${from} to ${to}`,
  },
  backInStock: (name, url, store) => ({ subject: `Back in stock: ${name}`, text: `Good news! ${name} is back in stock.\n\n${url}\n\n${store}` }),
  newsletterWelcome: (store) => ({
    subject: `Welcome to the ${store} newsletter`,
    text: `Thanks for signing up. You will hear about offers and new roasts once a week.\n\n${store}`,
  }),
  newsletterConfirm: (store, url) => ({
    subject: `Confirm your ${store} newsletter sign-up`,
    text: `Someone, probably you, asked to receive the ${store} newsletter at this address. To confirm, open this link and press the button:\n\n${url}\n\nThe link works for 7 days. If you did not ask, ignore this mail: you will not hear from us again.\n\n${store}`,
  }),
  alertConfirm: (name, url, store) => ({
    subject: `Confirm your back-in-stock alert for ${name}`,
    text: `Someone, probably you, asked us to email this address when ${name} is back in stock. To confirm, open this link and press the button:\n\n${url}\n\nThe link works for 7 days. If you did not ask, ignore this mail: you will not hear from us again.\n\n${store}`,
  }),
  accountConfirm: (name, url, store) => ({
    subject: `Confirm your ${store} account`,
    text: `Hello ${name},\n\nThanks for creating a ${store} account. To confirm this address and sign in, open this link and press the button:\n\n${url}\n\nThe link works for 24 hours. If you did not sign up, ignore this mail: no account will be opened.\n\n${store}`,
  }),
  accountExists: (name, url, store) => ({
    subject: `Someone tried to sign up at ${store} with your address`,
    text: `Hello ${name},\n\nSomeone, perhaps you, tried to create a new ${store} account with this address, which already has one. Nothing was changed.\n\nIf it was you and you forgot your password, choose a new one here:\n\n${url}\n\nIf it was not you, you can ignore this mail.\n\n${store}`,
  }),
  passwordReset: (name, url, store) => ({
    subject: `Reset your ${store} password`,
    text: `Hello ${name},\n\nTo choose a new password for your ${store} account, open this link:\n\n${url}\n\nThe link works for one hour and only once. If you did not ask, ignore this mail: your password stays as it is.\n\n${store}`,
  }),
  orderConfirmation: (o, store) => ({
    subject: `Your ${store} order ${o.code}`,
    text: `Hello ${o.firstName},\n\nThank you for your order. We are getting it ready and will e-mail you when it ships.\n\nOrder number: ${o.code}\nEstimated arrival: ${o.arrives}\n\n${o.summary}\n\nSee your order at any time here:\n${o.url}\n\n${store}`,
  }),
  orderSummaryWords: {
    subtotal: "Subtotal",
    discounts: "Discounts",
    delivery: "Shipping",
    tax: "Tax",
    total: "Total",
    giftCards: "Gift cards",
    paidByCard: "Charged to your card",
    shipTo: "Ships to",
  },
  taxNames: { "Sales tax": "Sales tax", GST: "GST", HST: "HST", PST: "PST", RST: "RST", QST: "QST" },
  ledgerEntry: {
    ofOrder: {
      earned: (o) => `Earned on order ${o}`,
      redeemed: (o) => `Rewards on order ${o}`,
      reversed: (o) => `Reversed for order ${o}`,
      adjusted: (o) => `Adjustment for order ${o}`,
      expired: (o) => `Expired (order ${o})`,
      // The friend's order is theirs: its number is not shown to the member.
      referral: () => "A friend you referred placed their first order",
    },
    plain: {
      earned: "Points earned",
      redeemed: "Rewards redeemed",
      reversed: "Points reversed",
      adjusted: "Adjustment",
      expired: "Points expired",
      referral: "Friend referral",
    },
  },
};

/** Canadian English differs from US English only in spelling. */
const enCA: ShopMessages = {
  ...enUS,
  facetNames: { ...enUS.facetNames, flavour: "Flavour", colour: "Colour" },
  featureNames: { ...enUS.featureNames, flavour: "Flavour" },
  colourQualifier: "Colour",
};

const fr: ShopMessages = {
  facetNames: {
    category: "Catégorie",
    type: "Type de produit",
    brand: "Marque",
    roast: "Torréfaction",
    flavour: "Saveur",
    caffeine: "Caféine",
    packType: "Format",
    packSize: "Taille",
    series: "Série",
    colour: "Couleur",
    price: "Prix",
    availability: "Disponibilité",
  },
  sortNames: {
    relevance: "Pertinence",
    "price-asc": "Prix\u202f: croissant",
    "price-desc": "Prix\u202f: décroissant",
    "name-asc": "Nom\u202f: A à Z",
    newest: "Nouveautés",
    bestsellers: "Meilleurs vendeurs",
  },
  roasts: { light: "Légère", medium: "Moyenne", dark: "Foncée" },
  caffeine: { caffeinated: "Caféiné", decaf: "Décaféiné", "half-caff": "Mi-caféiné", "caffeine-free": "Sans caféine" },
  productTypes: { Coffee: "Café", Tea: "Thé", Cocoa: "Chocolat chaud", Brewer: "Cafetières", Accessory: "Accessoires", Bundle: "Trousses et ensembles" },
  packTypes: { KCup: "Dosettes K-Cup", Bagged: "En sac", Canned: "En boîte" },
  flavours: {
    Smooth: "Doux",
    Smoky: "Fumé",
    Earthy: "Terreux",
    Nutty: "Noisetté",
    Sweet: "Sucré",
    Balanced: "Équilibré",
    Fruity: "Fruité",
    Chocolate: "Chocolaté",
    Bright: "Vif",
    Floral: "Floral",
    Spicy: "Épicé",
    Herbal: "Herbacé",
    Creamy: "Crémeux",
  },
  colours: { Black: "Noir", White: "Blanc", Red: "Rouge", Navy: "Marine", Sage: "Sauge", Silver: "Argent" },
  packSizeValue: (stored) => stored.replace(/ ct$/, " unités"),
  packLabel: (size, unit) => (unit === "ct" ? `${size} unités` : `${size} ${unit}`),
  singleUnit: "Unité",
  featureNames: { roast: "Torréfaction", flavour: "Saveur", caffeine: "Caféine", packaging: "Emballage" },
  colourQualifier: "Couleur",
  sizeQualifier: "Format",
  specifications: "Caractéristiques",
  inStockOnly: "En stock seulement",
  priceBand: {
    amount: (minor, symbol) => `${minor / 100} ${symbol}`,
    andUp: (from) => `${from} et plus`,
    under: (to) => `Moins de ${to}`,
    between: (from, to) => `${from} à ${to}`,
  },
  backInStock: (name, url, store) => ({
    subject: `De retour en stock\u202f: ${name}`,
    text: `Bonne nouvelle! ${name} est de nouveau en stock.\n\n${url}\n\n${store}`,
  }),
  newsletterWelcome: (store) => ({
    subject: `Bienvenue dans l’infolettre ${store}`,
    text: `Merci de votre inscription. Vous recevrez nos offres et nouveautés une fois par semaine.\n\n${store}`,
  }),
  newsletterConfirm: (store, url) => ({
    subject: `Confirmez votre inscription à l’infolettre ${store}`,
    text: `Quelqu’un, sans doute vous, a demandé à recevoir l’infolettre ${store} à cette adresse. Pour confirmer, ouvrez ce lien et appuyez sur le bouton\u202f:\n\n${url}\n\nLe lien est valide 7 jours. Si vous n’avez rien demandé, ignorez ce courriel\u202f: vous n’aurez plus de nouvelles de nous.\n\n${store}`,
  }),
  alertConfirm: (name, url, store) => ({
    subject: `Confirmez votre alerte de retour en stock pour ${name}`,
    text: `Quelqu’un, sans doute vous, a demandé à être prévenu à cette adresse du retour en stock de ${name}. Pour confirmer, ouvrez ce lien et appuyez sur le bouton\u202f:\n\n${url}\n\nLe lien est valide 7 jours. Si vous n’avez rien demandé, ignorez ce courriel\u202f: vous n’aurez plus de nouvelles de nous.\n\n${store}`,
  }),
  accountConfirm: (name, url, store) => ({
    subject: `Confirmez votre compte ${store}`,
    text: `Bonjour ${name},\n\nMerci d’avoir créé un compte ${store}. Pour confirmer cette adresse et vous connecter, ouvrez ce lien et appuyez sur le bouton\u202f:\n\n${url}\n\nLe lien est valide 24 heures. Si vous ne vous êtes pas inscrit, ignorez ce courriel\u202f: aucun compte ne sera ouvert.\n\n${store}`,
  }),
  accountExists: (name, url, store) => ({
    subject: `Quelqu’un a tenté de s’inscrire chez ${store} avec votre adresse`,
    text: `Bonjour ${name},\n\nQuelqu’un, peut-être vous, a tenté de créer un nouveau compte ${store} avec cette adresse, qui en a déjà un. Rien n’a été modifié.\n\nSi c’était vous et que vous avez oublié votre mot de passe, choisissez-en un nouveau ici\u202f:\n\n${url}\n\nSinon, ignorez ce courriel.\n\n${store}`,
  }),
  passwordReset: (name, url, store) => ({
    subject: `Réinitialisez votre mot de passe ${store}`,
    text: `Bonjour ${name},\n\nPour choisir un nouveau mot de passe pour votre compte ${store}, ouvrez ce lien\u202f:\n\n${url}\n\nLe lien est valide une heure, une seule fois. Si vous n’avez rien demandé, ignorez ce courriel\u202f: votre mot de passe reste le même.\n\n${store}`,
  }),
  orderConfirmation: (o, store) => ({
    subject: `Votre commande ${store} ${o.code}`,
    text: `Bonjour ${o.firstName},\n\nMerci de votre commande. Nous la préparons et vous écrirons à son expédition.\n\nNuméro de commande\u202f: ${o.code}\nArrivée prévue\u202f: ${o.arrives}\n\n${o.summary}\n\nVotre commande en tout temps\u202f:\n${o.url}\n\n${store}`,
  }),
  orderSummaryWords: {
    subtotal: "Sous-total",
    discounts: "Rabais",
    delivery: "Livraison",
    tax: "Taxes",
    total: "Total",
    giftCards: "Cartes-cadeaux",
    paidByCard: "Porté à votre carte",
    shipTo: "Livrée à",
  },
  taxNames: { "Sales tax": "Taxe de vente", GST: "TPS", HST: "TVH", PST: "TVP", RST: "TVD", QST: "TVQ" },
  ledgerEntry: {
    ofOrder: {
      earned: (o) => `Obtenus sur la commande ${o}`,
      redeemed: (o) => `Récompenses sur la commande ${o}`,
      reversed: (o) => `Annulés pour la commande ${o}`,
      adjusted: (o) => `Ajustement pour la commande ${o}`,
      expired: (o) => `Expirés (commande ${o})`,
      referral: () => "Un ami que vous avez parrainé a passé sa première commande",
    },
    plain: {
      earned: "Points obtenus",
      redeemed: "Récompenses échangées",
      reversed: "Points annulés",
      adjusted: "Ajustement",
      expired: "Points expirés",
      referral: "Parrainage",
    },
  },
};

/** The language variants the service writes; English depends on the site asking. */
export type Locale = "en-US" | "en-CA" | "fr";

export const MESSAGES: Readonly<Record<Locale, ShopMessages>> = { "en-US": enUS, "en-CA": enCA, fr };

/** The Canadian store writes Canadian English; every other site, and a caller that names none, US English. */
export function localeOf(lang: Lang, site?: BrandId): Locale {
  if (lang === "fr") return "fr";
  return site === "cab2c" ? "en-CA" : "en-US";
}

export function messagesFor(lang: Lang, site?: BrandId): ShopMessages {
  return MESSAGES[localeOf(lang, site)];
}

/** A stored (English) flavour name in the shopper's language. */
/**
 * A word from a table of shop words, only when the table itself holds it: a value from a URL such
 * as "__proto__" or "constructor" must read as itself, not as something every object has.
 */
export function wordFor(table: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(table, value) ? table[value]! : value;
}

export function flavourName(value: string, lang: Lang): string {
  return wordFor(messagesFor(lang).flavours, value);
}

/** French flavour adjectives agreeing with "notes" (feminine plural): "aux notes douces". */
const FLAVOUR_NOTES_FR: Record<string, string> = {
  Smooth: "douces",
  Smoky: "fumées",
  Earthy: "terreuses",
  Nutty: "noisettées",
  Sweet: "sucrées",
  Balanced: "équilibrées",
  Fruity: "fruitées",
  Chocolate: "chocolatées",
  Bright: "vives",
  Floral: "florales",
  Spicy: "épicées",
  Herbal: "herbacées",
  Creamy: "crémeuses",
};

export function flavourNotesFr(value: string): string {
  return FLAVOUR_NOTES_FR[value] ?? flavourName(value, "fr").toLowerCase();
}

/** The flavour names the catalog knows, as stored. */
export const FLAVOURS = Object.keys(MESSAGES.fr.flavours);
