import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeOf } from "./locale";

/** Site notifications' phrases (decision 075): the header's notice area and the account's list. */
const enUS = {
  areaLabel: "Notices for you",
  accountHeading: "Notices",
  none: "You have no notices.",
  dismiss: "Dismiss",
  dismissLabel: "Dismiss this notice",
  cardExpiring: "Your {brand} card ending in {last4} expires at the end of {month}. Update it so your auto-deliveries keep coming.",
  cardExpired: "Your {brand} card ending in {last4} expired at the end of {month}. Add a new card so your auto-deliveries keep coming.",
  updateCard: "Update card",
  paymentFailedRetry: "We couldn't charge your card for auto-delivery {code}. We'll try again on {date}.",
  paymentFailedPaused: "We couldn't charge your card for auto-delivery {code}, so it's paused. Update the card, then resume it.",
  reviewAutoDelivery: "Review auto-delivery",
  rewardExpiring: "Your reward {code} ({description}) ends on {date}.",
  useReward: "Use it now",
};
export type NoticeMessages = typeof enUS;

const enCA: NoticeMessages = { ...enUS };

const fr: NoticeMessages = {
  areaLabel: "Avis pour vous",
  accountHeading: "Avis",
  none: "Vous n’avez aucun avis.",
  dismiss: "Masquer",
  dismissLabel: "Masquer cet avis",
  cardExpiring:
    "Votre carte {brand} se terminant par {last4} expire à la fin de {month}. Mettez-la à jour pour que vos livraisons automatiques continuent d’arriver.",
  cardExpired:
    "Votre carte {brand} se terminant par {last4} a expiré à la fin de {month}. Ajoutez une nouvelle carte pour que vos livraisons automatiques continuent d’arriver.",
  updateCard: "Mettre à jour la carte",
  paymentFailedRetry: "Nous n’avons pas pu débiter votre carte pour la livraison automatique {code}. Nous réessaierons le {date}.",
  paymentFailedPaused:
    "Nous n’avons pas pu débiter votre carte pour la livraison automatique {code}; elle est donc suspendue. Mettez la carte à jour, puis reprenez-la.",
  reviewAutoDelivery: "Voir la livraison automatique",
  rewardExpiring: "Votre récompense {code} ({description}) prend fin le {date}.",
  useReward: "L’utiliser maintenant",
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function noticeMessages(lang: Lang, brand?: BrandId): NoticeMessages {
  return dictionaries[localeOf(lang, brand)];
}
