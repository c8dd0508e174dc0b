import { type AuditAction, type AuditEntry, type AuditProduct, isAuditAction } from "../../commerce/contract/auth";
import type { BrandFacts } from "../../commerce/contract/brands";
import type { Lang } from "../../commerce/contract/common";
import { localeFor } from "../../commerce/contract/money";
import { format } from "./locale";

/**
 * The agents' audit log in words: each entry as a sentence naming the agent and what they did, and
 * its time in the store's own zone and locale. Only the desk's loader uses these (the page gets the
 * sentences), so the browser bundle carries none of them.
 *
 * `{agent}` is the agent's name; `{detail}` what the entry recorded then, used only where it is an
 * address, a code or a number (it is not translated); `{products}` the products it concerns, named
 * in the page's language. An action with products has a sentence for entries that name them and
 * one for entries that do not (older entries, a removed cart line).
 */
type Sentence = string | { products: string; none: string };

interface AuditMessages {
  actions: Record<AuditAction, Sentence>;
  /** An action this storefront does not know (written by a newer or older service). */
  other: string;
  /** An agent whose account is gone. */
  unknownAgent: string;
}

const enUS: AuditMessages = {
  actions: {
    "session started": "{agent} started acting for the customer",
    "session ended": "{agent} stopped acting for the customer",
    "viewed the log": "{agent} read this activity log at the desk",
    "viewed audit log": "{agent} read this activity log",
    "viewed profile": "{agent} viewed the profile",
    "updated profile": "{agent} updated the profile",
    "changed password": "{agent} changed the password",
    "viewed addresses": "{agent} viewed the address book",
    "added address": "{agent} added an address ({detail})",
    "updated address": "{agent} changed an address",
    "set default address": "{agent} chose the default address",
    "deleted address": "{agent} deleted an address",
    "viewed cart": "{agent} viewed the cart",
    "checked cart": "{agent} checked the cart",
    "added to cart": { products: "{agent} added {products} to the cart", none: "{agent} added products to the cart" },
    "added a bundle to cart": { products: "{agent} added the bundle {products} to the cart", none: "{agent} added a bundle to the cart" },
    "changed cart": { products: "{agent} changed a cart line to {products}", none: "{agent} changed a cart line" },
    "removed auto-delivery item": "{agent} removed an auto-delivery item from the cart",
    "merged a guest cart": "{agent} merged a guest cart into the customer's cart",
    "viewed a product for the customer": { products: "{agent} looked up {products} for the customer", none: "{agent} looked up a product for the customer" },
    "applied coupon": "{agent} applied the coupon {detail}",
    "removed coupon": "{agent} removed the coupon {detail}",
    "viewed gift cards": "{agent} viewed the gift cards on the cart",
    "checked a gift card": "{agent} checked a gift card's balance",
    "applied a gift card": "{agent} applied a gift card to the cart",
    "removed a gift card": "{agent} removed a gift card from the cart",
    "chose a gift card amount": "{agent} changed the amount taken from a gift card",
    "viewed checkout": "{agent} viewed the checkout",
    "set the order's e-mail": "{agent} set the order's email address",
    "joined perks at checkout": "{agent} chose to join perks at checkout",
    "left perks at checkout": "{agent} chose not to join perks at checkout",
    "set delivery address": "{agent} entered the delivery address ({detail})",
    "chose delivery address": "{agent} chose a saved delivery address",
    "viewed delivery modes": "{agent} viewed the delivery options",
    "chose delivery": "{agent} chose a delivery option",
    "viewed the card chosen": "{agent} viewed the card chosen for payment",
    "changed the card's billing details": "{agent} changed the card's billing details",
    "updated the Stripe customer": "{agent} updated the customer's payment account",
    "viewed the Stripe customer": "{agent} viewed the customer's payment account",
    "placed order": "{agent} placed order {detail}",
    "viewed orders": "{agent} viewed the order history",
    "viewed order": "{agent} viewed order {detail}",
    "viewed perks": "{agent} viewed the perks balance",
    "viewed points": "{agent} viewed the points balance",
    "viewed points history": "{agent} viewed the points history",
    "joined perks for the customer": "{agent} signed the customer up for perks",
    "opted the customer in to perks": "{agent} opted the customer in to perks",
    "opted the customer out of perks": "{agent} opted the customer out of perks",
    "viewed rewards": "{agent} viewed the rewards",
    "viewed applied rewards": "{agent} viewed the rewards on the cart",
    "applied a reward": { products: "{agent} applied a reward: {products}", none: "{agent} applied a reward" },
    "removed a reward": "{agent} removed a reward from the cart",
    "swapped a reward's item": { products: "{agent} swapped a reward's item for {products}", none: "{agent} swapped a reward's item" },
    "saved quiz answers": "{agent} saved the quiz answers",
    "viewed quiz answers": "{agent} viewed the quiz answers",
    "viewed auto-deliveries": "{agent} viewed the auto-deliveries",
    "viewed subscribed products": "{agent} viewed the products on auto-delivery",
    "viewed auto-delivery type": "{agent} checked which auto-delivery a product can join",
    "viewed auto-delivery details": "{agent} viewed the auto-delivery details for a product",
    "viewed auto-delivery summary": "{agent} viewed the auto-delivery summary",
    "viewed auto-delivery orders": "{agent} viewed the auto-delivery orders",
    "added to auto-delivery cart": "{agent} added an auto-delivery line to the cart ({detail})",
    "added to next auto-delivery": "{agent} added a product to the next auto-delivery ({detail})",
    "skipped auto-delivery": "{agent} skipped the next auto-delivery ({detail})",
    "ordered auto-delivery now": "{agent} had the next auto-delivery sent now ({detail})",
    "changed auto-delivery": "{agent} changed an auto-delivery ({detail})",
    "changed auto-delivery card": "{agent} changed an auto-delivery's card ({detail})",
    "paused auto-delivery": "{agent} paused auto-delivery {detail}",
    "resumed auto-delivery": "{agent} resumed an auto-delivery ({detail})",
    "cancelled auto-delivery": "{agent} cancelled an auto-delivery ({detail})",
    "viewed campaign eligibility": "{agent} viewed which brewer offers the customer may take",
    "registered a brewer": "{agent} registered a brewer for the customer",
    "viewed registered brewers": "{agent} viewed the customer's registered brewers",
    "viewed a brewer questionnaire": "{agent} viewed a brewer questionnaire of the customer's",
    "answered a brewer questionnaire": "{agent} answered a brewer questionnaire for the customer",
    "gave the brewer welcome coupon": "{agent} gave the customer their brewer welcome coupon",
    "referred a friend": "{agent} sent a referral for the customer ({detail})",
    "viewed referrals": "{agent} viewed the customer's referrals",
    "added a monthly box to cart": "{agent} put a monthly box in the cart ({detail})",
    "viewed monthly box": "{agent} viewed a monthly box ({detail})",
    "changed monthly box picks": "{agent} changed a monthly box's picks ({detail})",
    "added a campaign bundle": "{agent} put a brewer offer in the customer's cart",
    "viewed a campaign bundle": "{agent} viewed the brewer offer in the customer's cart",
    "viewed drink designs": "{agent} viewed the customer's saved drink designs",
    "viewed a drink design": "{agent} opened a saved drink design of the customer's",
    "saved a drink design": "{agent} saved a drink design for the customer",
    "changed a drink design": "{agent} changed a saved drink design of the customer's",
    "deleted a drink design": "{agent} deleted a saved drink design of the customer's",
    "viewed customer details": "{agent} viewed the customer's details",
    "viewed site notifications": "{agent} viewed the customer's notices",
    "dismissed a site notification": "{agent} dismissed a notice for the customer",
  },
  other: "{agent}: {action}",
  unknownAgent: "A former agent",
};

/** Canadian English: no phrase here spells differently. */
const enCA: AuditMessages = enUS;

// French punctuation: a narrow no-break space before : ; ! ?

const fr: AuditMessages = {
  actions: {
    "session started": "{agent} a commencé à agir pour le client",
    "session ended": "{agent} a cessé d'agir pour le client",
    "viewed the log": "{agent} a consulté ce journal d'activité au bureau",
    "viewed audit log": "{agent} a consulté ce journal d'activité",
    "viewed profile": "{agent} a consulté le profil",
    "updated profile": "{agent} a modifié le profil",
    "changed password": "{agent} a changé le mot de passe",
    "viewed addresses": "{agent} a consulté le carnet d'adresses",
    "added address": "{agent} a ajouté une adresse ({detail})",
    "updated address": "{agent} a modifié une adresse",
    "set default address": "{agent} a choisi l'adresse par défaut",
    "deleted address": "{agent} a supprimé une adresse",
    "viewed cart": "{agent} a consulté le panier",
    "checked cart": "{agent} a vérifié le panier",
    "added to cart": { products: "{agent} a ajouté {products} au panier", none: "{agent} a ajouté des produits au panier" },
    "added a bundle to cart": { products: "{agent} a ajouté l'ensemble {products} au panier", none: "{agent} a ajouté un ensemble au panier" },
    "changed cart": { products: "{agent} a changé une ligne du panier en {products}", none: "{agent} a changé une ligne du panier" },
    "removed auto-delivery item": "{agent} a retiré un article en livraison automatique du panier",
    "merged a guest cart": "{agent} a fusionné un panier d'invité avec celui du client",
    "viewed a product for the customer": { products: "{agent} a consulté {products} pour le client", none: "{agent} a consulté un produit pour le client" },
    "applied coupon": "{agent} a appliqué le coupon {detail}",
    "removed coupon": "{agent} a retiré le coupon {detail}",
    "viewed gift cards": "{agent} a consulté les cartes-cadeaux du panier",
    "checked a gift card": "{agent} a vérifié le solde d'une carte-cadeau",
    "applied a gift card": "{agent} a appliqué une carte-cadeau au panier",
    "removed a gift card": "{agent} a retiré une carte-cadeau du panier",
    "chose a gift card amount": "{agent} a changé le montant pris sur une carte-cadeau",
    "viewed checkout": "{agent} a consulté la caisse",
    "set the order's e-mail": "{agent} a indiqué le courriel de la commande",
    "joined perks at checkout": "{agent} a choisi d'adhérer aux Avantages à la caisse",
    "left perks at checkout": "{agent} a choisi de ne pas adhérer aux Avantages à la caisse",
    "set delivery address": "{agent} a saisi l'adresse de livraison ({detail})",
    "chose delivery address": "{agent} a choisi une adresse de livraison enregistrée",
    "viewed delivery modes": "{agent} a consulté les options de livraison",
    "chose delivery": "{agent} a choisi une option de livraison",
    "viewed the card chosen": "{agent} a consulté la carte choisie pour le paiement",
    "changed the card's billing details": "{agent} a modifié les coordonnées de facturation de la carte",
    "updated the Stripe customer": "{agent} a mis à jour le compte de paiement du client",
    "viewed the Stripe customer": "{agent} a consulté le compte de paiement du client",
    "placed order": "{agent} a passé la commande {detail}",
    "viewed orders": "{agent} a consulté l'historique des commandes",
    "viewed order": "{agent} a consulté la commande {detail}",
    "viewed perks": "{agent} a consulté le solde Avantages",
    "viewed points": "{agent} a consulté le solde de points",
    "viewed points history": "{agent} a consulté l'historique des points",
    "joined perks for the customer": "{agent} a inscrit le client aux Avantages",
    "opted the customer in to perks": "{agent} a inscrit le client aux Avantages",
    "opted the customer out of perks": "{agent} a désinscrit le client des Avantages",
    "viewed rewards": "{agent} a consulté les récompenses",
    "viewed applied rewards": "{agent} a consulté les récompenses du panier",
    "applied a reward": { products: "{agent} a appliqué une récompense\u202f: {products}", none: "{agent} a appliqué une récompense" },
    "removed a reward": "{agent} a retiré une récompense du panier",
    "swapped a reward's item": {
      products: "{agent} a remplacé l'article d'une récompense par {products}",
      none: "{agent} a remplacé l'article d'une récompense",
    },
    "saved quiz answers": "{agent} a enregistré les réponses au questionnaire",
    "viewed quiz answers": "{agent} a consulté les réponses au questionnaire",
    "viewed auto-deliveries": "{agent} a consulté les livraisons automatiques",
    "viewed subscribed products": "{agent} a consulté les produits en livraison automatique",
    "viewed auto-delivery type": "{agent} a vérifié à quelle livraison automatique un produit peut s'ajouter",
    "viewed auto-delivery details": "{agent} a consulté les détails de livraison automatique d'un produit",
    "viewed auto-delivery summary": "{agent} a consulté le résumé des livraisons automatiques",
    "viewed auto-delivery orders": "{agent} a consulté les commandes de livraison automatique",
    "added to auto-delivery cart": "{agent} a ajouté une ligne de livraison automatique au panier ({detail})",
    "added to next auto-delivery": "{agent} a ajouté un produit à la prochaine livraison automatique ({detail})",
    "skipped auto-delivery": "{agent} a sauté la prochaine livraison automatique ({detail})",
    "ordered auto-delivery now": "{agent} a fait envoyer la prochaine livraison automatique maintenant ({detail})",
    "changed auto-delivery": "{agent} a modifié une livraison automatique ({detail})",
    "changed auto-delivery card": "{agent} a changé la carte d'une livraison automatique ({detail})",
    "paused auto-delivery": "{agent} a suspendu la livraison automatique {detail}",
    "resumed auto-delivery": "{agent} a repris une livraison automatique ({detail})",
    "cancelled auto-delivery": "{agent} a annulé une livraison automatique ({detail})",
    "viewed campaign eligibility": "{agent} a consulté les offres de cafetière auxquelles le client a droit",
    "registered a brewer": "{agent} a enregistré une cafetière pour le client",
    "viewed registered brewers": "{agent} a consulté les cafetières enregistrées du client",
    "viewed a brewer questionnaire": "{agent} a consulté le questionnaire d’une cafetière du client",
    "answered a brewer questionnaire": "{agent} a répondu au questionnaire d’une cafetière pour le client",
    "gave the brewer welcome coupon": "{agent} a remis au client son coupon de bienvenue pour l’enregistrement de sa cafetière",
    "referred a friend": "{agent} a envoyé un parrainage pour le client ({detail})",
    "viewed referrals": "{agent} a consulté les parrainages du client",
    "added a monthly box to cart": "{agent} a mis une boîte mensuelle dans le panier ({detail})",
    "viewed monthly box": "{agent} a consulté une boîte mensuelle ({detail})",
    "changed monthly box picks": "{agent} a modifié les choix d’une boîte mensuelle ({detail})",
    "added a campaign bundle": "{agent} a mis une offre de cafetière dans le panier du client",
    "viewed a campaign bundle": "{agent} a consulté l’offre de cafetière du panier du client",
    "viewed drink designs": "{agent} a consulté les boissons personnalisées enregistrées du client",
    "viewed a drink design": "{agent} a ouvert une boisson personnalisée du client",
    "saved a drink design": "{agent} a enregistré une boisson personnalisée pour le client",
    "changed a drink design": "{agent} a modifié une boisson personnalisée du client",
    "deleted a drink design": "{agent} a supprimé une boisson personnalisée du client",
    "viewed customer details": "{agent} a consulté les détails du client",
    "viewed site notifications": "{agent} a consulté les avis du client",
    "dismissed a site notification": "{agent} a fermé un avis pour le client",
  },
  other: "{agent}\u202f: {action}",
  unknownAgent: "Un ancien agent",
};

function auditMessages(lang: Lang, brand: BrandFacts): AuditMessages {
  if (lang === "fr") return fr;
  return brand.id === "cab2c" ? enCA : enUS;
}

/** An entry as the desk shows it. */
export interface AuditLine {
  /** The entry's instant (ISO 8601), for `<time dateTime>`. */
  at: string;
  /** The same instant in the store's zone and locale, with the zone's abbreviation. */
  when: string;
  words: string;
  /** Unique within the log: the desk's row key. */
  key: string;
}

/** The log's entries (newest first) in words, in the page's language and the store's time zone. */
export function auditLines(entries: readonly AuditEntry[], lang: Lang, brand: BrandFacts): AuditLine[] {
  const t = auditMessages(lang, brand);
  const locale = localeFor(brand.currency, lang);
  const times = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: brand.timeZone,
    timeZoneName: "short",
  });
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const productWords = (products: readonly AuditProduct[]) => list.format(products.map((p) => (p.qty === undefined ? p.name : `${p.qty}\u00a0× ${p.name}`)));
  return entries.map((entry, i) => {
    const agent = entry.agent.name || t.unknownAgent;
    const sentence = isAuditAction(entry.action) ? t.actions[entry.action] : t.other;
    const template = typeof sentence === "string" ? sentence : entry.products.length > 0 ? sentence.products : sentence.none;
    const at = new Date(entry.createdAt);
    return {
      at: entry.createdAt,
      when: Number.isNaN(at.getTime()) ? entry.createdAt : times.format(at),
      words: format(template, { agent, action: entry.action, detail: entry.detail, products: productWords(entry.products) }),
      key: `${i}-${entry.createdAt}`,
    };
  });
}
