import type { BrandId, Lang } from "../contract/common";
import { type Locale, localeOf } from "./messages";

/**
 * Referrals' phrases a shopper may read (decision 074), in US English, Canadian English and
 * Canadian French: refusals, the friend's coupon and the invitation mail.
 */
export interface ReferralMessages {
  self: string;
  invalidLink: string;
  /** `percent` already formatted. */
  friendCoupon: (percent: string) => string;
  invitation: (m: { referrer: string; percent: string; url: string; days: number; store: string }) => { subject: string; text: string };
}

const enUS: ReferralMessages = {
  self: "You can't refer yourself. Enter a friend's email address.",
  invalidLink: "This invitation link isn't valid. Check that you copied the whole link from the email.",
  friendCoupon: (percent) => `A friend's welcome: ${percent} off your first order`,
  invitation: ({ referrer, percent, url, days, store }) => ({
    subject: `${referrer} invited you to ${store}: ${percent} off your first order`,
    text: `${referrer} thinks you'd enjoy ${store} and invited you to try it. Open this link to get ${percent} off your first order; the coupon goes straight onto your cart:\n\n${url}\n\nThe offer is good for ${days} days, on a first order only. We've sent you this mail once, because ${referrer} asked us to; we won't mail you again unless you sign up.\n\n${store}`,
  }),
};

// Canadian English words these the same way.
const enCA: ReferralMessages = { ...enUS };

const fr: ReferralMessages = {
  self: "Vous ne pouvez pas vous parrainer vous-même. Entrez l’adresse courriel d’un ami.",
  invalidLink: "Ce lien d’invitation n’est pas valide. Vérifiez que vous avez copié le lien complet du courriel.",
  friendCoupon: (percent) => `Bienvenue de la part d’un ami : ${percent} de rabais sur votre première commande`,
  invitation: ({ referrer, percent, url, days, store }) => ({
    subject: `${referrer} vous invite chez ${store} : ${percent} de rabais sur votre première commande`,
    text: `${referrer} pense que vous aimeriez ${store} et vous invite à l’essayer. Ouvrez ce lien pour obtenir ${percent} de rabais sur votre première commande; le code promo s’ajoute directement à votre panier\u202f:\n\n${url}\n\nL’offre est valide ${days} jours, sur une première commande seulement. Nous vous écrivons une seule fois, à la demande de ${referrer}; vous n’aurez plus de nouvelles de nous à moins de vous inscrire.\n\n${store}`,
  }),
};

const MESSAGES: Readonly<Record<Locale, ReferralMessages>> = { "en-US": enUS, "en-CA": enCA, fr };

export function referralMessagesFor(lang: Lang, site: BrandId): ReferralMessages {
  return MESSAGES[localeOf(lang, site)];
}
