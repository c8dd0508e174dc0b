import type { CampaignCode, CampaignRefusal, Commitment } from "../contract/campaigns";
import type { BrandId, Lang } from "../contract/common";
import { type Locale, localeOf } from "./messages";

/**
 * Brewer campaigns' phrases a shopper may read, per language (US English, Canadian English,
 * Canadian French): the campaigns' names, their commitments, why a customer may not take one, and
 * the early-cancellation rule (decision 061). Amounts arrive already formatted.
 */
export interface CampaignMessages {
  names: Record<CampaignCode, string>;
  commitment: (c: Pick<Commitment, "kind" | "count" | "minBoxPods">) => string;
  refusals: Record<CampaignRefusal, string>;
  /** `saving`: the brewer's regular price less its campaign price. */
  earlyCancellation: (saving: string, deliveries: number) => string;
  /** Selling a campaign (decision 065). */
  sale: {
    added: (name: string) => string;
    replaced: (name: string, previous: string) => string;
    signInRequired: string;
    frequencyNotAllowed: string;
    brewerQuantityFixed: string;
    boxQuantityFixed: string;
    cardDeclined: string;
    /** The order confirmation's lines about the commitment. */
    confirmation: (name: string, commitment: string, earlyCancellation: string) => string;
    /** The mail after cancelling early: what was charged and why. */
    chargedMail: (m: { firstName: string; subscription: string; name: string; charge: string; made: number; required: number }, store: string) => Mail;
  };
}

type Mail = { subject: string; text: string };

const enUS: CampaignMessages = {
  names: {
    FREEBREWER: "Free brewer with auto-delivery",
    FIFTYPERCENTBREWER: "50% off a brewer with auto-delivery",
    KSKLITE: "Starter kit lite",
    KSKBBAD: "Starter kit with auto-delivery",
    BBAD: "Buy a brewer with auto-delivery",
    AFHKBBFREE: "Free breakroom brewer with a pod subscription",
    AFHKBBPLATINUM: "Platinum breakroom brewer at half price",
    AFHSUBSCRIPTION: "Breakroom subscription plan",
    TRIAL: "Try auto-delivery with a premium brewer",
  },
  commitment: (c) =>
    c.kind === "deliveries"
      ? `${c.count} auto-delivery shipment${c.count === 1 ? "" : "s"} of at least ${c.minBoxPods} pods each`
      : `${c.count} month${c.count === 1 ? "" : "s"} of auto-delivery, at least ${c.minBoxPods} pods a shipment`,
  refusals: {
    notStarted: "This offer hasn't started yet.",
    ended: "This offer has ended.",
    activeCommitment: "You already have this offer with an auto-delivery commitment that isn't complete yet.",
    freeBrewerTakenByAccount: "You've already received a free brewer with this account.",
    freeBrewerTakenByAddress: "A free brewer has already been sent to this address. The offer is one per household.",
  },
  earlyCancellation: (saving, deliveries) =>
    `If you cancel auto-delivery before your ${deliveries} shipment${deliveries === 1 ? "" : "s"} are complete, we'll charge the brewer's ${saving} saving, less a share for each shipment you've received.`,
  sale: {
    added: (name) => `Added to your cart: ${name}.`,
    replaced: (name, previous) => `Added to your cart: ${name}. It replaces ${previous}: a cart holds one brewer offer.`,
    signInRequired: "Sign in or create an account to get a brewer with this offer: it comes with an auto-delivery subscription.",
    frequencyNotAllowed: "Choose a shorter time between deliveries: this offer needs more than one delivery during its commitment.",
    brewerQuantityFixed: "The brewer comes one per offer. To change it, add the offer again with another brewer.",
    boxQuantityFixed: "This box is your offer's first auto-delivery. To change it or its quantity, add the offer again with the box you want.",
    cardDeclined: "Your card was declined for the early-cancellation charge, so your auto-delivery is still active. Update your card and try again.",
    confirmation: (name, commitment, earlyCancellation) => `${name}: you've committed to ${commitment}.\n${earlyCancellation}`,
    chargedMail: (m, store) => ({
      subject: `${store}: your auto-delivery ${m.subscription} is cancelled`,
      text: `Hi ${m.firstName},\n\nYour auto-delivery ${m.subscription} is cancelled. It carried the commitment of "${m.name}", and ${m.made} of its ${m.required} shipments were made, so we've charged ${m.charge} to your card on file for the brewer's saving.\n\n${store}`,
    }),
  },
};

// Canadian English words these the same way.
const enCA: CampaignMessages = { ...enUS };

const fr: CampaignMessages = {
  names: {
    FREEBREWER: "Cafetière gratuite avec la livraison automatique",
    FIFTYPERCENTBREWER: "50\u00a0% de rabais sur une cafetière avec la livraison automatique",
    KSKLITE: "Trousse de démarrage allégée",
    KSKBBAD: "Trousse de démarrage avec la livraison automatique",
    BBAD: "Achetez une cafetière avec la livraison automatique",
    AFHKBBFREE: "Cafetière de salle de pause gratuite avec un abonnement aux dosettes",
    AFHKBBPLATINUM: "Cafetière de salle de pause Platine à moitié prix",
    AFHSUBSCRIPTION: "Forfait d’abonnement pour salle de pause",
    TRIAL: "Essayez la livraison automatique avec une cafetière haut de gamme",
  },
  commitment: (c) =>
    c.kind === "deliveries"
      ? `${c.count} livraison${c.count === 1 ? "" : "s"} automatique${c.count === 1 ? "" : "s"} d’au moins ${c.minBoxPods} dosettes chacune`
      : `${c.count} mois de livraison automatique, au moins ${c.minBoxPods} dosettes par livraison`,
  refusals: {
    notStarted: "Cette offre n’a pas encore commencé.",
    ended: "Cette offre est terminée.",
    activeCommitment: "Vous profitez déjà de cette offre et votre engagement de livraison automatique n’est pas encore rempli.",
    freeBrewerTakenByAccount: "Vous avez déjà reçu une cafetière gratuite avec ce compte.",
    freeBrewerTakenByAddress: "Une cafetière gratuite a déjà été envoyée à cette adresse. L’offre est limitée à une par foyer.",
  },
  earlyCancellation: (saving, deliveries) =>
    `Si vous annulez la livraison automatique avant d’avoir reçu vos ${deliveries} livraison${deliveries === 1 ? "" : "s"}, nous facturerons le rabais de ${saving} sur la cafetière, moins une part pour chaque livraison reçue.`,
  sale: {
    added: (name) => `Ajouté à votre panier\u00a0: ${name}.`,
    replaced: (name, previous) => `Ajouté à votre panier\u00a0: ${name}. Remplace ${previous}\u00a0: un panier contient une seule offre de cafetière.`,
    signInRequired:
      "Connectez-vous ou créez un compte pour obtenir une cafetière avec cette offre\u00a0: elle vient avec un abonnement de livraison automatique.",
    frequencyNotAllowed: "Choisissez un intervalle plus court entre les livraisons\u00a0: cette offre demande plus d’une livraison pendant l’engagement.",
    brewerQuantityFixed: "L’offre comprend une seule cafetière. Pour la changer, ajoutez l’offre de nouveau avec une autre cafetière.",
    boxQuantityFixed:
      "Cette boîte est la première livraison automatique de votre offre. Pour la changer ou en changer la quantité, ajoutez l’offre de nouveau avec la boîte voulue.",
    cardDeclined:
      "Votre carte a été refusée pour les frais d’annulation anticipée\u00a0; votre livraison automatique est donc toujours active. Mettez votre carte à jour et réessayez.",
    confirmation: (name, commitment, earlyCancellation) => `${name}\u00a0: vous vous êtes engagé à ${commitment}.\n${earlyCancellation}`,
    chargedMail: (m, store) => ({
      subject: `${store}\u00a0: votre livraison automatique ${m.subscription} est annulée`,
      text: `Bonjour ${m.firstName},\n\nVotre livraison automatique ${m.subscription} est annulée. Elle portait l’engagement «\u00a0${m.name}\u00a0» et ${m.made} de ses ${m.required} livraisons ont été faites\u00a0; nous avons donc facturé ${m.charge} à votre carte au dossier pour le rabais sur la cafetière.\n\n${store}`,
    }),
  },
};

/**
 * The commercial store (usafh) speaks US English to business buyers (decision 069): the commitment
 * is the office's pod subscription, the free brewer is one per business address.
 */
const enUSBusiness: CampaignMessages = {
  names: enUS.names,
  commitment: (c) =>
    c.kind === "deliveries"
      ? `${c.count} breakroom pod deliver${c.count === 1 ? "y" : "ies"} of at least ${c.minBoxPods} pods each`
      : `${c.count} month${c.count === 1 ? "" : "s"} of breakroom pod deliveries, at least ${c.minBoxPods} pods a delivery`,
  refusals: {
    ...enUS.refusals,
    activeCommitment: "Your business already has this plan, and its pod subscription commitment isn't complete yet.",
    freeBrewerTakenByAccount: "Your business has already received a free breakroom brewer with this account.",
    freeBrewerTakenByAddress: "A free breakroom brewer has already been sent to this business address. The offer is one per business address.",
  },
  earlyCancellation: (saving, deliveries) =>
    `If your office cancels its pod subscription before your ${deliveries} deliver${deliveries === 1 ? "y is" : "ies are"} complete, we'll charge the brewer's ${saving} saving, less a share for each delivery your breakroom has received.`,
  sale: {
    ...enUS.sale,
    replaced: (name, previous) => `Added to your cart: ${name}. It replaces ${previous}: a cart holds one breakroom plan.`,
    signInRequired: "Sign in or create a business account to take this breakroom plan: it comes with a pod subscription for your office.",
    brewerQuantityFixed: "The plan includes one breakroom brewer. To change it, add the plan again with another brewer.",
    boxQuantityFixed: "This box is your breakroom's first pod delivery of the plan. To change it or its quantity, add the plan again with the box you want.",
    confirmation: (name, commitment, earlyCancellation) => `${name}: your office has committed to ${commitment}.\n${earlyCancellation}`,
  },
};

const MESSAGES: Readonly<Record<Locale, CampaignMessages>> = { "en-US": enUS, "en-CA": enCA, fr };

export function campaignMessagesFor(lang: Lang, site: BrandId): CampaignMessages {
  const locale = localeOf(lang, site);
  return site === "usafh" && locale === "en-US" ? enUSBusiness : MESSAGES[locale];
}
