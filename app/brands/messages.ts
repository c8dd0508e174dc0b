import type { Lang } from "../../commerce/contract/common";

const en = {
  skipToContent: "Skip to main content",
  searchLabel: "Search products",
  searchPlaceholder: "Search coffee, brewers, accessories",
  searchButton: "Search",
  cart: "Cart",
  account: "Sign in",
  switchLanguage: "Français",
  mainNav: "Main",
  newsletterEmail: "Email address",
  newsletterSubmit: "Sign up",
  newsletterSubscribed: "Thanks! You're on the list. Check your inbox for a welcome note.",
  newsletterAlready: "You're already on the list. Thanks for staying with us.",
  newsletterFailed: "We couldn't sign you up just now. Please try again in a moment.",
  newsletterPageTitle: "Newsletter sign-up",
  help: "Need help?",
  callUs: "Call us toll-free",
  emailUs: "Email us",
  replyTime: "We reply within 24-48 hours",
  errorHeadline: "SORRY, SOMETHING WENT WRONG!",
  errorMessage: "Looks like we brewed decaf by mistake. The page you wanted isn't here right now.",
  errorHome: "Go to the home page",
  errorShop: "Or shop",
  coffeeBreakTitle: "This page is taking coffee break!",
  coffeeBreakMessage: "Something went wrong on our side. Please try again in a few minutes.",
  from: "From",
  was: "Was",
  inStock: "In stock",
  lowStock: "Only a few left",
  outOfStock: "Out of stock",
  featured: "Featured products",
} as const;

export type MessageKey = keyof typeof en;

const fr: Record<MessageKey, string> = {
  skipToContent: "Passer au contenu principal",
  searchLabel: "Rechercher des produits",
  searchPlaceholder: "Rechercher café, cafetières, accessoires",
  searchButton: "Rechercher",
  cart: "Panier",
  account: "Connexion",
  switchLanguage: "English",
  mainNav: "Principal",
  newsletterEmail: "Adresse courriel",
  newsletterSubmit: "S’inscrire",
  newsletterSubscribed: "Merci! Vous êtes inscrit. Un courriel de bienvenue vous attend.",
  newsletterAlready: "Vous êtes déjà inscrit. Merci de votre fidélité.",
  newsletterFailed: "L’inscription n’a pas fonctionné. Veuillez réessayer dans un instant.",
  newsletterPageTitle: "Inscription à l’infolettre",
  help: "Besoin d’aide?",
  callUs: "Appelez-nous sans frais",
  emailUs: "Écrivez-nous",
  replyTime: "Nous répondons en 24 à 48 heures",
  errorHeadline: "DÉSOLÉ, UN PROBLÈME EST SURVENU!",
  errorMessage: "On dirait qu’on a infusé du décaféiné par erreur. La page demandée n’est pas disponible.",
  errorHome: "Retour à l’accueil",
  errorShop: "Ou magasinez",
  coffeeBreakTitle: "Cette page prend une pause-café!",
  coffeeBreakMessage: "Un problème est survenu de notre côté. Veuillez réessayer dans quelques minutes.",
  from: "À partir de",
  was: "Avant",
  inStock: "En stock",
  lowStock: "Presque épuisé",
  outOfStock: "En rupture de stock",
  featured: "Produits vedettes",
};

const dictionaries: Record<Lang, Record<MessageKey, string>> = { en, fr };

export function messages(lang: Lang): Record<MessageKey, string> {
  return dictionaries[lang];
}
