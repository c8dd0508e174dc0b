import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeOf } from "./locale";

/** Quick shop on product tiles, bundle adds and the add-to-cart banners of listing pages. */
const enUS = {
  quickShop: "Quick shop",
  quickShopOf: "Quick shop: {name}",
  chooseVariant: "Choose one",
  close: "Close",
  loading: "Loading…",
  loadFailed: "We couldn't load this product just now. Please try again.",
  fullDetails: "See full details",
  bundleNote: "Adds every item of this kit to your cart.",
  inStockCount: "{n} in stock",
  cartError: "We couldn't add that to your cart. Please try again, or open the product page.",
  stockError: "Sorry, there isn't enough in stock to add that to your cart.",
};

export type QuickShopMessages = Record<keyof typeof enUS, string>;

const enCA: QuickShopMessages = { ...enUS, chooseVariant: "Choose a size or colour" };

const fr: QuickShopMessages = {
  quickShop: "Achat rapide",
  quickShopOf: "Achat rapide\u202f: {name}",
  chooseVariant: "Choisissez une option",
  close: "Fermer",
  loading: "Chargement…",
  loadFailed: "Nous n’avons pas pu charger ce produit. Veuillez réessayer.",
  fullDetails: "Voir tous les détails",
  bundleNote: "Ajoute à votre panier tous les articles de cette trousse.",
  inStockCount: "{n} en stock",
  cartError: "Nous n’avons pas pu ajouter cet article à votre panier. Réessayez ou ouvrez la page du produit.",
  stockError: "Désolé, le stock ne suffit pas pour ajouter cet article à votre panier.",
};

const dictionaries = { "en-US": { ...enUS, chooseVariant: "Choose a size or color" }, "en-CA": enCA, fr } as const;

export function quickShopMessages(lang: Lang, brand?: BrandId): QuickShopMessages {
  return dictionaries[localeOf(lang, brand)];
}
