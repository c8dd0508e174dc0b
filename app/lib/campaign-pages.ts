import type { BrandId } from "../../commerce/contract/common";
import type { EligibilityFlag, Product } from "../../commerce/contract/product";

/**
 * The brewer campaigns' landing pages (decisions 066 and 071): /offers lists the store's,
 * /offers/{slug} is one (/fr/offres… is not used: French pages keep the English path under /fr,
 * as /fr/c/… do). The slug is the page's; the campaign id is the service's (decision 061). A page
 * belongs to the stores named here: the consumer offers to the consumer stores, the breakroom
 * plans to the commercial one, so each store asks the service only about its own, and a slug of
 * the other kind is not found before any call. Whether a store runs the campaign now is still the
 * service's to say (getBrewers answers 404 elsewhere: the US-only starter kit lite in Canada).
 * `brewerOnly` marks flags that also sit on coffee (a box, not a brewer): they link only from a brewer.
 */
const CONSUMER: readonly BrandId[] = ["usb2c", "cab2c"];
const COMMERCIAL: readonly BrandId[] = ["usafh"];

export const CAMPAIGN_PAGES = [
  { slug: "free-brewer", campaignId: 160836, flag: "isFreeCampaignEligible", stores: CONSUMER, brewerOnly: false },
  { slug: "half-price-brewer", campaignId: 160834, flag: "isFiftyPercentCampaignEligible", stores: CONSUMER, brewerOnly: false },
  { slug: "starter-kit", campaignId: 162883, flag: "isKskLiteCampaignEligible", stores: CONSUMER, brewerOnly: false },
  { slug: "starter-kit-lite", campaignId: 162471, flag: "isKskLiteCampaignEligible", stores: CONSUMER, brewerOnly: false },
  { slug: "brew-better", campaignId: 170001, flag: "isBBADCampaignEligible", stores: CONSUMER, brewerOnly: true },
  { slug: "try-auto-delivery", campaignId: 170006, flag: "isPremiumBrewerCampaignEligible", stores: CONSUMER, brewerOnly: false },
  { slug: "breakroom-free-brewer", campaignId: 170003, flag: "isAFHKbbFreeEligible", stores: COMMERCIAL, brewerOnly: false },
  { slug: "breakroom-platinum", campaignId: 170004, flag: "isAFHKbbPlatinumEligible", stores: COMMERCIAL, brewerOnly: false },
  { slug: "breakroom-plan", campaignId: 170005, flag: "isAFHSubscriptionEligible", stores: COMMERCIAL, brewerOnly: true },
] as const satisfies readonly { slug: string; campaignId: number; flag: EligibilityFlag; stores: readonly BrandId[]; brewerOnly: boolean }[];

export type CampaignPage = (typeof CAMPAIGN_PAGES)[number];
export type CampaignSlug = CampaignPage["slug"];

export const OFFERS_PATH = "/offers";

export const campaignPagePath = (slug: string) => `${OFFERS_PATH}/${slug}`;

/** The store's pages, in the table's order. */
export function campaignPagesOf(brand: BrandId): CampaignPage[] {
  return CAMPAIGN_PAGES.filter((c) => c.stores.includes(brand));
}

/** The store's page of this slug; another store's slug is no page here. */
export function campaignPageBySlug(slug: string | undefined, brand: BrandId): CampaignPage | undefined {
  return campaignPagesOf(brand).find((c) => c.slug === slug);
}

/** The commercial store's pages are breakroom plans: its own words, and the service's landing texts and comparison. */
export const isBreakroomStore = (brand: BrandId) => COMMERCIAL.includes(brand);

/**
 * The landing page a brewer's flag leads to on this store, read from the product answer's flags
 * alone (the product page asks the service nothing more). The first page of a flag wins: the
 * starter kit runs on both consumer stores, its lite version on the US one only.
 */
export function campaignPageForFlag(flag: EligibilityFlag, brand: BrandId, productType: string): string | undefined {
  const page = campaignPagesOf(brand).find((c) => c.flag === flag);
  if (!page || (page.brewerOnly && productType !== "Brewer")) return undefined;
  return campaignPagePath(page.slug);
}

/** The landing page of each campaign flag the product carries, on this store (the product page's offer links). */
export function offerPagesOf(product: Pick<Product, EligibilityFlag | "productType">, brand: BrandId): Partial<Record<EligibilityFlag, string>> {
  const pages: Partial<Record<EligibilityFlag, string>> = {};
  for (const flag of new Set(campaignPagesOf(brand).map((c) => c.flag))) {
    const path = product[flag] ? campaignPageForFlag(flag, brand, product.productType) : undefined;
    if (path) pages[flag] = path;
  }
  return pages;
}
