import type { Commitment, PriceRule } from "../contract/campaigns";
import type { BrandId, Lang } from "../contract/common";
import type { FormatLocale } from "../../lib/format";
import { localeOf } from "./messages";

/**
 * The words of a campaign's landing texts and buying guide (decision 069), per language: US
 * English, Canadian English and Canadian French for the consumer stores, and business US English
 * for the commercial store (usafh), whose buyer equips an office's breakroom. Built from the
 * campaign's facts (its price rule, commitment, once per household), so a new campaign needs no
 * new phrases.
 */

/** What the landing texts are built from: the campaign as the shopper reads it. */
export interface CampaignFacts {
  name: string;
  priceRule: PriceRule;
  commitment: Pick<Commitment, "kind" | "count" | "minBoxPods">;
  commitmentText: string;
  oncePerHousehold: boolean;
  endsOn: string | null;
}

export interface CampaignLanding {
  headline: string;
  intro: string;
  benefits: string[];
  terms: string[];
  faq: { question: string; answer: string }[];
}

export interface CampaignGuideMessages {
  landing: (c: CampaignFacts) => CampaignLanding;
  /** The early-cancellation rule without amounts: the estimate gives them for a chosen brewer and box. */
  earlyCancellationRule: (c: Pick<Commitment, "kind" | "count">) => string;
  guideTitle: (name: string) => string;
  guideIntro: string;
  /** The buying guide's row of a brewer's colours. */
  colours: string;
}

const longDate = (iso: string, locale: FormatLocale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const enEarlyCancellation = (c: Pick<Commitment, "kind" | "count">) =>
  c.kind === "deliveries"
    ? `If you cancel auto-delivery before your ${c.count} ${plural(c.count, "delivery is", "deliveries are")} complete, we charge the brewer's saving (its regular price less the offer's price), less a share for each delivery you've received. Nothing is charged once the commitment is met.`
    : `If you cancel auto-delivery before your ${c.count} ${plural(c.count, "month", "months")} of deliveries are complete, we charge the brewer's saving (its regular price less the offer's price), less a share for each delivery you've received. Nothing is charged once the commitment is met.`;

function enLanding(locale: FormatLocale) {
  return (c: CampaignFacts): CampaignLanding => {
    const offer =
      c.priceRule.kind === "free"
        ? { headline: "Get a brewer free when you subscribe to pods", benefit: "A brewer, free" }
        : c.priceRule.kind === "percentOff"
          ? {
              headline: `Save ${c.priceRule.percent}% on a brewer when you subscribe to pods`,
              benefit: `${c.priceRule.percent}% off the brewer's regular price`,
            }
          : { headline: "A brewer at a special price when you subscribe to pods", benefit: "The brewer at the offer's price" };
    return {
      headline: offer.headline,
      intro: `${c.name}: choose a brewer and your pods, and commit to ${c.commitmentText}.`,
      benefits: [
        offer.benefit,
        "Your pods at the subscriber's price on every delivery",
        "Change your pods or your delivery dates any time from your account",
        "Your first box ships with your brewer and counts as your first delivery",
      ],
      terms: [
        `Commitment: ${c.commitmentText}.`,
        ...(c.oncePerHousehold ? ["One per household address and per account."] : []),
        ...(c.endsOn ? [`The offer ends ${longDate(c.endsOn, locale)}.`] : []),
        "Prices before tax and delivery.",
      ],
      faq: [
        { question: "What do I commit to?", answer: `${c.commitmentText}. Your first box ships with your brewer and counts as the first delivery.` },
        { question: "What if I cancel early?", answer: enEarlyCancellation(c.commitment) },
        {
          question: "Can I change my pods?",
          answer: "Yes. Change what comes and when from your account; each delivery must still hold the commitment's pods.",
        },
        ...(c.oncePerHousehold
          ? [{ question: "Can I get more than one?", answer: "No: this offer is one per household address and per account, even after the commitment is met." }]
          : []),
      ],
    };
  };
}

const enUS: CampaignGuideMessages = {
  landing: enLanding("en-US"),
  earlyCancellationRule: enEarlyCancellation,
  guideTitle: (name) => `Compare the brewers: ${name}`,
  guideIntro: "Side by side: what each brewer brews, and what it costs in this offer.",
  colours: "Colors",
};

const enCA: CampaignGuideMessages = { ...enUS, landing: enLanding("en-CA"), colours: "Colours" };

const frEarlyCancellation = (c: Pick<Commitment, "kind" | "count">) =>
  `${
    c.kind === "deliveries"
      ? `Si vous annulez la livraison automatique avant d’avoir reçu vos ${c.count} livraison${c.count === 1 ? "" : "s"}`
      : `Si vous annulez la livraison automatique avant la fin de vos ${c.count} mois d’engagement`
  }, nous facturons le rabais obtenu sur la cafetière (son prix courant moins le prix de l’offre), moins une part pour chaque livraison reçue. Rien n’est facturé une fois l’engagement rempli.`;

const fr: CampaignGuideMessages = {
  landing: (c) => {
    const offer =
      c.priceRule.kind === "free"
        ? { headline: "Une cafetière gratuite avec votre abonnement aux dosettes", benefit: "Une cafetière, gratuitement" }
        : c.priceRule.kind === "percentOff"
          ? {
              headline: `${c.priceRule.percent}\u202f% de rabais sur une cafetière avec votre abonnement aux dosettes`,
              benefit: `${c.priceRule.percent}\u202f% de rabais sur le prix courant de la cafetière`,
            }
          : { headline: "Une cafetière à prix spécial avec votre abonnement aux dosettes", benefit: "La cafetière au prix de l’offre" };
    return {
      headline: offer.headline,
      intro: `${c.name}\u202f: choisissez une cafetière et vos dosettes. Votre engagement\u202f: ${c.commitmentText}.`,
      benefits: [
        offer.benefit,
        "Vos dosettes au prix d’abonné à chaque livraison",
        "Changez vos dosettes ou vos dates de livraison en tout temps depuis votre compte",
        "Votre première boîte part avec la cafetière et compte comme première livraison",
      ],
      terms: [
        `Engagement\u202f: ${c.commitmentText}.`,
        ...(c.oncePerHousehold ? ["Une par adresse de foyer et par compte."] : []),
        ...(c.endsOn ? [`L’offre prend fin le ${longDate(c.endsOn, "fr-CA")}.`] : []),
        "Prix avant taxes et livraison.",
      ],
      faq: [
        {
          question: "À quoi est-ce que je m’engage\u202f?",
          answer: `${c.commitmentText}. Votre première boîte part avec la cafetière et compte comme première livraison.`,
        },
        { question: "Et si j’annule avant la fin\u202f?", answer: frEarlyCancellation(c.commitment) },
        {
          question: "Puis-je changer mes dosettes\u202f?",
          answer: "Oui. Changez vos dosettes et vos dates depuis votre compte\u202f; chaque livraison doit toujours contenir les dosettes de l’engagement.",
        },
        ...(c.oncePerHousehold
          ? [
              {
                question: "Puis-je en obtenir plus d’une\u202f?",
                answer: "Non\u202f: l’offre est limitée à une par adresse de foyer et par compte, même une fois l’engagement rempli.",
              },
            ]
          : []),
      ],
    };
  },
  earlyCancellationRule: frEarlyCancellation,
  guideTitle: (name) => `Comparez les cafetières\u202f: ${name}`,
  guideIntro: "Côte à côte\u202f: ce que chaque cafetière infuse et ce qu’elle coûte avec cette offre.",
  colours: "Couleurs",
};

const businessEarlyCancellation = (c: Pick<Commitment, "kind" | "count">) =>
  c.kind === "deliveries"
    ? `If your office cancels its pod subscription before its ${c.count} ${plural(c.count, "delivery is", "deliveries are")} complete, we charge the brewer's saving (its regular price less the plan's price), less a share for each delivery your breakroom has received. Nothing is charged once the commitment is met.`
    : `If your office cancels its pod subscription before its ${c.count} ${plural(c.count, "month", "months")} of deliveries are complete, we charge the brewer's saving (its regular price less the plan's price), less a share for each delivery your breakroom has received. Nothing is charged once the commitment is met.`;

/** The commercial store: the buyer is a business equipping its breakroom. */
const enUSBusiness: CampaignGuideMessages = {
  landing: (c) => {
    const offer =
      c.priceRule.kind === "free"
        ? { headline: "A free breakroom brewer for your office", benefit: "A commercial brewer for your breakroom, free" }
        : c.priceRule.kind === "percentOff"
          ? {
              headline: `${c.priceRule.percent}% off a breakroom brewer for your office`,
              benefit: `${c.priceRule.percent}% off the breakroom brewer's regular price`,
            }
          : { headline: "A breakroom brewer at a plan price for your office", benefit: "The breakroom brewer at the plan's price" };
    return {
      headline: offer.headline,
      intro: `${c.name}: equip your breakroom and keep your office in pods. Your business commits to ${c.commitmentText}.`,
      benefits: [
        offer.benefit,
        "Pods for your office at the subscriber's price on every delivery",
        "Change your office's pods or delivery dates any time from your business account",
        "Your first pods ship with the brewer and count as your first delivery",
      ],
      terms: [
        `Commitment: ${c.commitmentText}.`,
        ...(c.oncePerHousehold ? ["One per business address and per account."] : []),
        ...(c.endsOn ? [`The plan ends ${longDate(c.endsOn, "en-US")}.`] : []),
        "For business buyers. Prices before tax and delivery.",
      ],
      faq: [
        {
          question: "What does my business commit to?",
          answer: `${c.commitmentText}. Your first pods ship with the brewer and count as the first delivery.`,
        },
        { question: "What if our office cancels early?", answer: businessEarlyCancellation(c.commitment) },
        {
          question: "Can we change the pods?",
          answer: "Yes. Change what comes to your breakroom and when from your business account; each delivery must still hold the commitment's pods.",
        },
        c.oncePerHousehold
          ? {
              question: "Can we get one for each office?",
              answer: "One per business address and per account: an office at another address, with its own account, may take one too.",
            }
          : {
              question: "Can we take the plan again?",
              answer: "Yes, once your office's current commitment on this plan is met.",
            },
      ],
    };
  },
  earlyCancellationRule: businessEarlyCancellation,
  guideTitle: (name) => `Compare breakroom brewers: ${name}`,
  guideIntro: "Side by side for your office: what each breakroom brewer brews, and what it costs in this plan.",
  colours: "Colors",
};

const MESSAGES = { "en-US": enUS, "en-CA": enCA, fr } as const;

export function campaignGuideMessagesFor(lang: Lang, site: BrandId): CampaignGuideMessages {
  const locale = localeOf(lang, site);
  return site === "usafh" && locale === "en-US" ? enUSBusiness : MESSAGES[locale];
}
