import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeOf } from "./locale";

/**
 * The installed web app's words: its manifest's description and short name, and the page the
 * service worker shows when there is no network. Read by those two resource routes only, so no
 * page carries them.
 */
const enUS = {
  description: "Coffee pods, brewers and accessories, with perks and auto-delivery.",
  offlineTitle: "You're offline",
  offlineText: "This page needs a connection. Your cart and account are safe: check your connection, then try again.",
  tryAgain: "Try again",
};

export type WebAppMessages = typeof enUS;

const fr: WebAppMessages = {
  description: "Capsules de café, cafetières et accessoires, avec avantages et livraison automatique.",
  offlineTitle: "Vous êtes hors ligne",
  offlineText: "Cette page a besoin d’une connexion. Votre panier et votre compte sont intacts\u202f: vérifiez votre connexion, puis réessayez.",
  tryAgain: "Réessayer",
};

const dictionaries = { "en-US": enUS, "en-CA": enUS, fr } as const;

export function webAppMessages(lang: Lang, brand?: BrandId): WebAppMessages {
  return dictionaries[localeOf(lang, brand)];
}
