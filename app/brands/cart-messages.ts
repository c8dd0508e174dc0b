import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeOf } from "./locale";

/** The cart page's phrases (apart from the catalog's, so shopping pages do not carry them). */
const enUS = {
  cartTitle: "Your cart",
  checkout: "Check out",
  mergedTitle: "We added the items from before you signed in to your cart. A few changed:",
  mergedReduced: "{product}: {kept} instead of {requested}.",
  mergedDropped: "{product} could not be added.",
  mergeReason_stock: "Not enough in stock.",
  mergeReason_maxQuantity: "That's the most one order may hold.",
  mergeReason_unavailable: "It is no longer sold.",
  emptyCart: "Your cart is empty.",
  keepShopping: "Keep shopping",
  product: "Product",
  unitPrice: "Price",
  quantity: "Quantity",
  lineTotal: "Total",
  update: "Update",
  remove: "Remove",
  subtotal: "Subtotal",
  discounts: "Discounts",
  shipping: "Shipping",
  shippingAtCheckout: "Calculated at checkout",
  taxes: "Taxes",
  taxesAtCheckout: "Calculated at checkout",
  total: "Estimated total",
  freeShippingAway: "You're {amount} away from free shipping.",
  freeShippingReached: "Your order ships free.",
  autoDelivery: "Auto-delivery",
  adEvery: "Comes again every {n} weeks (you can change it at checkout)",
  adEveryWeek: "Comes again every week (you can change it at checkout)",
  subscriberEach: "Subscriber price: {price} each",
  cartProblem: "We couldn't change your cart: {reason}",
  orderAlreadyPlaced: "This order was already placed, so we did not place it again.",
  seeOrder: "See order {code}",
  orderSummary: "Order summary",
  each: "{price} each",
  decrease: "Decrease the quantity of {product}",
  increase: "Increase the quantity of {product}",
  campaignBrewer: "Offer price {offer} (regular {regular})",
  campaignBox: "The first box of your auto-delivery",
  campaignCommitment: "Your commitment: {commitment}.",
  campaignQuantityFixed: "One brewer per offer: its quantity can't be changed.",
  offerAdded: "The offer's brewer and first box are in your cart.",
  offerReplaced: "The offer's brewer and first box are in your cart, in place of the offer it held (one offer per cart).",
};

export type CartMessages = Record<keyof typeof enUS, string>;

const fr: CartMessages = {
  cartTitle: "Votre panier",
  checkout: "Passer à la caisse",
  mergedTitle: "Nous avons ajouté à votre panier les articles choisis avant votre connexion. Quelques changements\u202f:",
  mergedReduced: "{product}\u202f: {kept} au lieu de {requested}.",
  mergedDropped: "{product} n’a pas pu être ajouté.",
  mergeReason_stock: "Stock insuffisant.",
  mergeReason_maxQuantity: "C’est le maximum par commande.",
  mergeReason_unavailable: "Cet article n’est plus offert.",
  emptyCart: "Votre panier est vide.",
  keepShopping: "Continuer à magasiner",
  product: "Produit",
  unitPrice: "Prix",
  quantity: "Quantité",
  lineTotal: "Total",
  update: "Mettre à jour",
  remove: "Retirer",
  subtotal: "Sous-total",
  discounts: "Rabais",
  shipping: "Livraison",
  shippingAtCheckout: "Calculée à la caisse",
  taxes: "Taxes",
  taxesAtCheckout: "Calculées à la caisse",
  total: "Total estimé",
  freeShippingAway: "Plus que {amount} pour la livraison gratuite.",
  freeShippingReached: "Votre commande est livrée gratuitement.",
  autoDelivery: "Livraison automatique",
  adEvery: "Revient toutes les {n} semaines (modifiable à la caisse)",
  adEveryWeek: "Revient chaque semaine (modifiable à la caisse)",
  subscriberEach: "Prix abonné\u202f: {price} l’unité",
  cartProblem: "Nous n'avons pas pu modifier votre panier\u202f: {reason}",
  orderAlreadyPlaced: "Cette commande a déjà été passée\u202f; nous ne l’avons pas passée de nouveau.",
  seeOrder: "Voir la commande {code}",
  orderSummary: "Résumé de la commande",
  each: "{price} l’unité",
  decrease: "Diminuer la quantité de {product}",
  increase: "Augmenter la quantité de {product}",
  campaignBrewer: "Prix de l’offre {offer} (prix courant {regular})",
  campaignBox: "La première boîte de votre livraison automatique",
  campaignCommitment: "Votre engagement\u202f: {commitment}.",
  campaignQuantityFixed: "Une cafetière par offre\u202f: sa quantité ne peut pas être modifiée.",
  offerAdded: "La cafetière de l’offre et la première boîte sont dans votre panier.",
  offerReplaced: "La cafetière de l’offre et la première boîte sont dans votre panier, à la place de l’offre qu’il contenait (une offre par panier).",
};

/** The commercial store sells breakroom plans to businesses (decision 071): a plan, its brewer and your breakroom's pods. */
const enUSBusiness: CartMessages = {
  ...enUS,
  campaignBrewer: "Plan price {offer} (regular {regular})",
  campaignBox: "Your breakroom's first pod delivery",
  campaignCommitment: "Your office's commitment: {commitment}.",
  campaignQuantityFixed: "One brewer per plan: its quantity can't be changed.",
  offerAdded: "The plan's brewer and first pods are in your cart.",
  offerReplaced: "The plan's brewer and first pods are in your cart, in place of the plan it held (one breakroom plan per cart).",
};

const dictionaries = { "en-US": enUS, "en-CA": enUS, fr } as const;

export function cartMessages(lang: Lang, brand?: BrandId): CartMessages {
  const locale = localeOf(lang, brand);
  return brand === "usafh" && locale === "en-US" ? enUSBusiness : dictionaries[locale];
}
