import type { BrandId, Lang } from "../../commerce/contract/common";
import type { ReferralState } from "../../commerce/contract/referrals";
import { localeOf } from "./locale";

/** Referrals' page phrases: the account's form and list, and the friend's invitation page (decision 074). */
const enUS = {
  accountTab: "Refer a friend",
  heading: "Refer a friend",
  intro: "Give a friend {percent} off their first order. When they place it, you earn {points} perks points.",
  introNoPoints: "Give a friend {percent} off their first order.",
  joinPerks: "Join perks to earn {points} points for each friend's first order.",
  friendEmail: "Your friend's email address",
  friendEmailHint: "We'll send them one email with their coupon, and nothing more unless they sign up.",
  send: "Send the invitation",
  sent: "Thanks! If your friend is new to us, they'll get an email with their coupon shortly.",
  self: "You can't refer yourself. Enter a friend's email address.",
  tooMany: "That's a lot of invitations for now. Try again in {minutes} minutes.",
  failed: "We couldn't send the invitation just now. Please try again.",
  listHeading: "Your referrals",
  none: "You haven't referred anyone yet.",
  email: "Friend",
  state: "Status",
  sentOn: "Sent",
  points: "Points earned",
  states: { sent: "Invitation sent", joined: "Coupon taken", completed: "First order placed" } satisfies Record<ReferralState, string>,
  noPoints: "—",
  inviteTitle: "A friend invited you",
  inviteIntro: "Someone who shops with us invited you: take {percent} off your first order. The coupon goes straight onto your cart.",
  takeCoupon: "Add the coupon to my cart",
  invalidLink: "This invitation link isn't valid. Check that you copied the whole link from the email.",
  linkFailed: "We couldn't open your invitation just now. Please try again.",
  linkTooMany: "Too many tries from your connection. Please wait a few minutes and try again.",
};

export type ReferralMessages = typeof enUS;

// Canadian English words these the same way.
const enCA: ReferralMessages = { ...enUS };

const fr: ReferralMessages = {
  accountTab: "Parrainer un ami",
  heading: "Parrainer un ami",
  intro: "Offrez à un ami {percent} de rabais sur sa première commande. Quand il la passe, vous obtenez {points} points perks.",
  introNoPoints: "Offrez à un ami {percent} de rabais sur sa première commande.",
  joinPerks: "Adhérez à perks pour obtenir {points} points à la première commande de chaque ami.",
  friendEmail: "Adresse courriel de votre ami",
  friendEmailHint: "Nous lui enverrons un seul courriel avec son code promo, et rien de plus à moins qu’il s’inscrive.",
  send: "Envoyer l’invitation",
  sent: "Merci! Si votre ami est nouveau chez nous, il recevra sous peu un courriel avec son code promo.",
  self: "Vous ne pouvez pas vous parrainer vous-même. Entrez l’adresse courriel d’un ami.",
  tooMany: "Cela fait beaucoup d’invitations pour le moment. Réessayez dans {minutes} minutes.",
  failed: "Nous n’avons pas pu envoyer l’invitation pour le moment. Veuillez réessayer.",
  listHeading: "Vos parrainages",
  none: "Vous n’avez encore parrainé personne.",
  email: "Ami",
  state: "État",
  sentOn: "Envoyée",
  points: "Points obtenus",
  states: { sent: "Invitation envoyée", joined: "Code promo obtenu", completed: "Première commande passée" },
  noPoints: "—",
  inviteTitle: "Un ami vous invite",
  inviteIntro:
    "Une personne qui magasine chez nous vous invite : profitez de {percent} de rabais sur votre première commande. Le code promo s’ajoute directement à votre panier.",
  takeCoupon: "Ajouter le code promo à mon panier",
  invalidLink: "Ce lien d’invitation n’est pas valide. Vérifiez que vous avez copié le lien complet du courriel.",
  linkFailed: "Nous n’avons pas pu ouvrir votre invitation pour le moment. Veuillez réessayer.",
  linkTooMany: "Trop de tentatives depuis votre connexion. Attendez quelques minutes et réessayez.",
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function referralMessages(lang: Lang, brand?: BrandId): ReferralMessages {
  return dictionaries[localeOf(lang, brand)];
}
