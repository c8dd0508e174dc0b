import type { BrandId } from "../../commerce/contract/common";
import type { EligibilityFlag } from "../../commerce/contract/product";

/**
 * The brewer campaigns' landing pages (decision 066): /offers lists the store's, /offers/{slug}
 * is one (/fr/offres… is not used: French pages keep the English path under /fr, as /fr/c/… do).
 * The slug is the page's; the campaign id is the service's (decision 061). Which store runs which
 * campaign is the service's to say (getBrewers answers 404 elsewhere); `consumer` only keeps the
 * product page from linking the commercial store's shoppers to pages it does not have.
 */
export const CAMPAIGN_PAGES = [
  { slug: "free-brewer", campaignId: 160836, flag: "isFreeCampaignEligible" },
  { slug: "half-price-brewer", campaignId: 160834, flag: "isFiftyPercentCampaignEligible" },
  { slug: "starter-kit", campaignId: 162883, flag: "isKskLiteCampaignEligible" },
  { slug: "starter-kit-lite", campaignId: 162471, flag: "isKskLiteCampaignEligible" },
  { slug: "brew-better", campaignId: 170001, flag: "isBBADCampaignEligible" },
] as const satisfies readonly { slug: string; campaignId: number; flag: EligibilityFlag }[];

export type CampaignSlug = (typeof CAMPAIGN_PAGES)[number]["slug"];

export const OFFERS_PATH = "/offers";

export const campaignPagePath = (slug: string) => `${OFFERS_PATH}/${slug}`;

export function campaignPageBySlug(slug: string | undefined) {
  return CAMPAIGN_PAGES.find((c) => c.slug === slug);
}

/**
 * The landing page a brewer's flag leads to on this store, read from the product answer's flags
 * alone (the product page asks the service nothing more). The first page of a flag wins: the
 * starter kit runs on both consumer stores, its lite version on the US one only. BBAD's flag also
 * marks coffee (a box, not a brewer), so it links only from a brewer.
 */
export function campaignPageForFlag(flag: EligibilityFlag, brand: BrandId, productType: string): string | undefined {
  if (brand === "usafh") return undefined;
  if (flag === "isBBADCampaignEligible" && productType !== "Brewer") return undefined;
  const page = CAMPAIGN_PAGES.find((c) => c.flag === flag);
  return page ? campaignPagePath(page.slug) : undefined;
}
