import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeOf } from "./locale";

/** The coupon form's phrases and the reason a code could not be used, per store language. */
const enUS = {
  couponLabel: "Coupon code",
  apply: "Apply",
  remove: "Remove",
  removeCoupon: "Remove coupon {code}",
  appliedHeading: "Applied coupons",
  applied: "Coupon {code} is applied.",
  waiting: "Coupon {code} is saved to your cart. It will apply once your cart qualifies.",
  removed: "Coupon {code} is removed.",
  malformed: "Enter a coupon code made of letters and numbers (at most 32 characters).",
  failed: "We couldn't apply the coupon just now. Please try again in a moment.",
  tooMany: "That's a lot of codes in a short time. Please wait a few minutes and try again.",
  unknown: "We can't take coupon code “{code}”. Check the spelling; the offer may also have ended.",
  expired: "Coupon {code} has expired.",
  notYetValid: "Coupon {code} can't be used yet.",
  minimumSpend: "Coupon {code} needs {amount} of eligible products in your cart.",
  minimumSpendNoAmount: "Your cart doesn't reach the minimum for coupon {code} yet.",
  notApplicable: "Coupon {code} doesn't apply to any product in your cart.",
  usedUp: "Coupon {code} has been used up.",
  usedUpByCustomer: "You've already used coupon {code} as many times as it allows.",
  notCombinable: "Only one order-wide coupon can be used at a time. Remove the other one to use {code}.",
  firstOrderOnly: "Coupon {code} is for a first order only.",
  withCoupon: "Price with coupon {code}",
};

export type CouponMessages = Record<keyof typeof enUS, string>;

const enCA: CouponMessages = {
  ...enUS,
  usedUp: "Coupon {code} has been fully redeemed.",
};

const fr: CouponMessages = {
  couponLabel: "Code promo",
  apply: "Appliquer",
  remove: "Retirer",
  removeCoupon: "Retirer le code promo {code}",
  appliedHeading: "Codes promo appliqués",
  applied: "Le code promo {code} est appliqué.",
  waiting: "Le code promo {code} est enregistré dans votre panier. Il s’appliquera dès que votre panier sera admissible.",
  removed: "Le code promo {code} est retiré.",
  malformed: "Entrez un code promo composé de lettres et de chiffres (32 caractères au plus).",
  failed: "Nous n’avons pas pu appliquer le code promo. Réessayez dans un moment.",
  tooMany: "Vous avez essayé beaucoup de codes en peu de temps. Attendez quelques minutes et réessayez.",
  unknown: "Nous ne pouvons pas accepter le code promo «\u202f{code}\u202f». Vérifiez l’orthographe\u202f; l’offre est peut-être aussi terminée.",
  expired: "Le code promo {code} est expiré.",
  notYetValid: "Le code promo {code} n’est pas encore valide.",
  minimumSpend: "Le code promo {code} exige {amount} de produits admissibles dans votre panier.",
  minimumSpendNoAmount: "Votre panier n’atteint pas encore le minimum du code promo {code}.",
  notApplicable: "Le code promo {code} ne s’applique à aucun produit de votre panier.",
  usedUp: "Le code promo {code} a été utilisé le nombre maximal de fois.",
  usedUpByCustomer: "Vous avez déjà utilisé le code promo {code} autant de fois qu’il le permet.",
  notCombinable: "Un seul code promo sur la commande entière peut être utilisé à la fois. Retirez l’autre pour utiliser {code}.",
  firstOrderOnly: "Le code promo {code} est réservé à une première commande.",
  withCoupon: "Prix avec le code promo {code}",
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function couponMessages(lang: Lang, brand?: BrandId): CouponMessages {
  return dictionaries[localeOf(lang, brand)];
}
