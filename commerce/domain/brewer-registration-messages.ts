import type { CUPS_PER_DAY, FAVOURITE_DRINKS, HOUSEHOLD_SIZES, PURCHASE_PLACES, SerialRefusal } from "../contract/brewer-registration";
import type { BrandId, Lang } from "../contract/common";
import { type Locale, localeOf } from "./messages";

/**
 * Brewer registration's phrases a shopper may read (decision 070), in US English, Canadian English
 * and Canadian French: why a serial is refused, the questionnaire, and the welcome coupon.
 */
export interface RegistrationMessages {
  refusals: Record<SerialRefusal, string>;
  questions: { householdSize: string; cupsPerDay: string; favouriteDrinks: string; purchasedFrom: string };
  householdSizes: Record<(typeof HOUSEHOLD_SIZES)[number], string>;
  cupsPerDay: Record<(typeof CUPS_PER_DAY)[number], string>;
  favouriteDrinks: Record<(typeof FAVOURITE_DRINKS)[number], string>;
  purchasePlaces: Record<(typeof PURCHASE_PLACES)[number], string>;
  /** `percent` already formatted. */
  welcomeCoupon: (percent: string) => string;
}

const enUS: RegistrationMessages = {
  refusals: {
    malformed:
      "That isn't a serial number. It has 13 letters and digits, printed on the label under the brewer's water reservoir (for example KB 2611 004217 3).",
    checkDigit: "That serial number has a typo. Check each letter and digit against the label.",
    unknown: "We can't find that serial number. Check it against the label; if it's right, contact us and we'll help.",
    otherModel: "That serial number belongs to another brewer model. Check the model you chose.",
    registeredToYou: "You've already registered this brewer.",
    registered: "This brewer is registered to another account. If you bought it second-hand, contact us to move the registration.",
    notSoldHere: "This brewer isn't sold on this store.",
  },
  questions: {
    householdSize: "How many people live in your home?",
    cupsPerDay: "How many cups do you brew a day?",
    favouriteDrinks: "What do you like to brew?",
    purchasedFrom: "Where did you get your brewer?",
  },
  householdSizes: { one: "Just me", two: "Two", threeToFour: "Three or four", fiveOrMore: "Five or more" },
  cupsPerDay: { one: "One", twoToThree: "Two or three", fourToSix: "Four to six", sevenOrMore: "Seven or more" },
  favouriteDrinks: { coffee: "Coffee", tea: "Tea", cocoa: "Hot cocoa", iced: "Iced drinks", latte: "Lattes and cappuccinos" },
  purchasePlaces: {
    thisStore: "From this store",
    retailStore: "In a shop",
    onlineRetailer: "From another website",
    gift: "It was a gift",
    other: "Somewhere else",
  },
  welcomeCoupon: (percent) => `Welcome: ${percent} off your next order of pods and accessories, for registering your brewer`,
};

// Canadian English words these the same way.
const enCA: RegistrationMessages = { ...enUS };

const fr: RegistrationMessages = {
  refusals: {
    malformed:
      "Ce n’est pas un numéro de série. Il compte 13 lettres et chiffres, imprimés sur l’étiquette sous le réservoir d’eau (par exemple KB 2611 004217 3).",
    checkDigit: "Ce numéro de série contient une faute de frappe. Comparez chaque lettre et chaque chiffre avec l’étiquette.",
    unknown: "Nous ne trouvons pas ce numéro de série. Vérifiez-le sur l’étiquette; s’il est exact, communiquez avec nous.",
    otherModel: "Ce numéro de série appartient à un autre modèle de cafetière. Vérifiez le modèle choisi.",
    registeredToYou: "Vous avez déjà enregistré cette cafetière.",
    registered: "Cette cafetière est enregistrée à un autre compte. Si vous l’avez achetée d’occasion, communiquez avec nous pour transférer l’enregistrement.",
    notSoldHere: "Cette cafetière n’est pas vendue sur ce site.",
  },
  questions: {
    householdSize: "Combien de personnes vivent chez vous?",
    cupsPerDay: "Combien de tasses préparez-vous par jour?",
    favouriteDrinks: "Qu’aimez-vous préparer?",
    purchasedFrom: "Où avez-vous obtenu votre cafetière?",
  },
  householdSizes: { one: "Moi seul·e", two: "Deux", threeToFour: "Trois ou quatre", fiveOrMore: "Cinq ou plus" },
  cupsPerDay: { one: "Une", twoToThree: "Deux ou trois", fourToSix: "Quatre à six", sevenOrMore: "Sept ou plus" },
  favouriteDrinks: { coffee: "Du café", tea: "Du thé", cocoa: "Du chocolat chaud", iced: "Des boissons glacées", latte: "Des lattés et cappuccinos" },
  purchasePlaces: { thisStore: "Sur ce site", retailStore: "En magasin", onlineRetailer: "Sur un autre site Web", gift: "En cadeau", other: "Ailleurs" },
  welcomeCoupon: (percent) =>
    `Bienvenue : ${percent} de rabais sur votre prochaine commande de dosettes et d’accessoires, pour l’enregistrement de votre cafetière`,
};

const MESSAGES: Readonly<Record<Locale, RegistrationMessages>> = { "en-US": enUS, "en-CA": enCA, fr };

export function registrationMessagesFor(lang: Lang, site: BrandId): RegistrationMessages {
  return MESSAGES[localeOf(lang, site)];
}
