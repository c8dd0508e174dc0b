import type { AddressVerificationReason } from "../../commerce/contract/address-service";
import type { BrandId, Lang } from "../../commerce/contract/common";
import { localeOf } from "./locale";

type Correction = Extract<AddressVerificationReason, "region" | "postalCodeFormat" | "streetSuffix" | "unitDesignator" | "caseAndSpacing">;

/** Checkout's address review: the verifier's suggestion beside the address as typed (decision 081). */
const enUS = {
  heading: "Check your delivery address",
  intro: "Our address check writes this address a little differently. Which one should we ship to?",
  youEntered: "You entered",
  suggested: "Suggested",
  useSuggested: "Use suggested address",
  keepEntered: "Keep the address I entered",
  reasons: {
    region: "That ZIP code belongs to another state.",
    postalCodeFormat: "The ZIP code is written the way the Postal Service writes it.",
    streetSuffix: "The street type is abbreviated (Street → St).",
    unitDesignator: "The apartment or suite is abbreviated (Apartment → Apt).",
    caseAndSpacing: "Capitals and spacing are tidied.",
  } satisfies Record<Correction, string>,
};

export type AddressReviewMessages = typeof enUS;

const enCA: AddressReviewMessages = {
  ...enUS,
  reasons: {
    region: "That postal code belongs to another province or territory.",
    postalCodeFormat: "The postal code is written the way Canada Post writes it (A1A 1A1).",
    streetSuffix: "The street type is abbreviated (Street → St).",
    unitDesignator: "The apartment is abbreviated (Apartment → Apt).",
    caseAndSpacing: "Capitals and spacing are tidied.",
  },
};

const fr: AddressReviewMessages = {
  heading: "Vérifiez votre adresse de livraison",
  intro: "Notre vérification d’adresse écrit cette adresse un peu autrement. À laquelle devons-nous livrer?",
  youEntered: "Adresse saisie",
  suggested: "Adresse suggérée",
  useSuggested: "Utiliser l’adresse suggérée",
  keepEntered: "Garder l’adresse que j’ai saisie",
  reasons: {
    region: "Ce code postal appartient à une autre province ou à un autre territoire.",
    postalCodeFormat: "Le code postal est écrit comme l’écrit Postes Canada (A1A 1A1).",
    streetSuffix: "Le type de voie est abrégé (boulevard → boul).",
    unitDesignator: "L’appartement est abrégé (appartement → app).",
    caseAndSpacing: "Les majuscules et les espaces sont corrigés.",
  },
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function addressReviewMessages(lang: Lang, brand?: BrandId): AddressReviewMessages {
  return dictionaries[localeOf(lang, brand)];
}
