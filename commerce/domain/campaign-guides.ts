import type { CampaignBuyingGuide, HelpMePods, HelpMePodsQuery, MiscCampaignData } from "../contract/campaigns";
import { podBoxesOn } from "../db/campaign-guides";
import type { Db } from "../db/index";
import { autoDeliverySettings } from "./auto-delivery-rules";
import { campaignGuideMessagesFor } from "./campaign-guide-messages";
import { neighbouringRoasts, type PodCandidate, suggestPods } from "./campaign-guide-rules";
import type { CampaignService } from "./campaigns";
import { autoDeliveryUnitOf } from "./carts";
import type { CatalogService } from "./catalog-service";
import { compareTable } from "./compare";
import { price } from "./pricing";
import { eligibilityFlags } from "./product";
import type { ShopContext } from "./shop-context";

export interface CampaignGuideServiceDeps {
  db: Db;
  catalog: CatalogService;
  campaigns: CampaignService;
}

/** How many boxes help-me-choose suggests unless asked for another number. */
export const DEFAULT_POD_SUGGESTIONS = 6;

/**
 * How many boxes, best tastes and best sellers first, the suggestions are picked from: a family has
 * at most four pod sizes, so this leaves room for a dozen families after those a store may not
 * subscribe are left out, without reading a large catalog whole.
 */
const POD_WINDOW = 400;

const POD_TYPES = { coffee: "Coffee", tea: "Tea", cocoa: "Cocoa" } as const;

/**
 * A campaign's landing reads (decision 069): help-me-choose pods, its texts, and its buying guide,
 * for the store's own campaigns (another store's answers 404 through CampaignService.campaign).
 */
export class CampaignGuideService {
  constructor(private readonly deps: CampaignGuideServiceDeps) {}

  /** fetchHelpMePods: the boxes that can carry the commitment, best matches for the answers first, at their subscriber's price. */
  async helpMePods(ctx: ShopContext, query: HelpMePodsQuery): Promise<HelpMePods> {
    const campaign = await this.deps.campaigns.campaign(ctx, query.campaignId);
    const answers = { kind: query.kind, roast: query.roast, flavour: query.flavour, caffeine: query.caffeine };
    const rows = await podBoxesOn(this.deps.db, {
      site: ctx.site,
      currency: ctx.currency,
      productType: query.kind && POD_TYPES[query.kind],
      caffeine: query.caffeine,
      roast: query.roast,
      neighbouringRoasts: query.roast ? neighbouringRoasts(query.roast) : [],
      flavour: query.flavour,
      limit: POD_WINDOW,
    });
    const candidates: PodCandidate[] = rows.map((r) => ({
      code: r.code,
      baseCode: r.base_code,
      productType: r.product_type,
      isAFHSubscriptionEligible: eligibilityFlags(r.flags).isAFHSubscriptionEligible,
      packType: r.pack_type,
      packSize: r.pack_size,
      roast: r.roast,
      flavour: r.flavor,
      caffeine: r.caffeine,
      salesRank: r.sales_rank,
      inStock: true,
      listMinor: r.list_minor ?? Number.MAX_SAFE_INTEGER,
    }));
    const suggestions = suggestPods(candidates, answers, campaign.commitment, ctx.site, query.pageSize ?? DEFAULT_POD_SUGGESTIONS);
    const products = await this.deps.catalog.products(
      ctx,
      suggestions.map((s) => s.code),
      "FULL",
    );
    const { discountPercent } = await autoDeliverySettings(this.deps.db, ctx.site);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const money = (minor: number) => price(minor, ctx.currency, ctx.lang);
    return {
      campaignId: campaign.campaignId,
      commitment: campaign.commitment,
      commitmentText: campaign.commitmentText,
      answers: Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined)),
      pods: suggestions.flatMap((s) => {
        const product = products.find((p) => p.code === s.code);
        const row = byCode.get(s.code);
        if (!product || !row) return [];
        const unit = autoDeliveryUnitOf(product, discountPercent, "recurring");
        return [
          {
            code: product.code,
            baseProduct: row.base_code,
            name: product.name,
            url: product.url,
            imageUrl: product.images[0]?.url ?? null,
            productType: product.productType,
            roast: row.roast,
            flavour: row.flavor,
            caffeine: row.caffeine,
            packSize: row.pack_size ?? 0,
            boxQty: s.boxQty,
            podsPerDelivery: (row.pack_size ?? 0) * s.boxQty,
            matches: s.matches,
            price: product.price,
            subscriberPrice: money(unit),
            perDeliveryPrice: money(unit * s.boxQty),
          },
        ];
      }),
    };
  }

  /** getMiscCampaignData: the campaign's landing texts in the request's language. */
  async miscData(ctx: ShopContext, campaignId: number): Promise<MiscCampaignData> {
    const campaign = await this.deps.campaigns.campaign(ctx, campaignId);
    const words = campaignGuideMessagesFor(ctx.lang, ctx.site);
    return {
      campaign,
      ...words.landing(campaign),
      commitmentText: campaign.commitmentText,
      earlyCancellationText: words.earlyCancellationRule(campaign.commitment),
    };
  }

  /** getCampaignBuyingGuideComponent: the campaign's brewers side by side, from their product facts, with regular and campaign prices. */
  async buyingGuide(ctx: ShopContext, campaignId: number): Promise<CampaignBuyingGuide> {
    const { campaign, brewers } = await this.deps.campaigns.brewers(ctx, campaignId);
    const words = campaignGuideMessagesFor(ctx.lang, ctx.site);
    const facts = compareTable(brewers);
    const colours = {
      code: "colours",
      name: words.colours,
      values: Object.fromEntries(
        brewers.map((b) => [
          b.code,
          b.variantOptions.flatMap((v) => v.variantOptionQualifiers.filter((q) => q.qualifier === "color").map((q) => q.value)).join(", "),
        ]),
      ),
    };
    const money = (minor: number) => price(minor, ctx.currency, ctx.lang);
    return {
      campaign,
      title: words.guideTitle(campaign.name),
      intro: words.guideIntro,
      brewers: brewers.map((b) => {
        const shown = b.variantOptions.find((v) => v.code === b.defaultVariantCode) ?? b.variantOptions[0]!;
        const regular = shown.variantPrice.listPrice.minor;
        return {
          code: b.code,
          name: b.name,
          url: b.url,
          imageUrl: b.images[0]?.url ?? null,
          regularPrice: money(regular),
          campaignPrice: b.campaignPriceData,
          saving: money(Math.max(0, regular - b.campaignPriceData.minor)),
        };
      }),
      rows: [colours, ...facts.features].map((row) => ({
        ...row,
        values: Object.fromEntries(brewers.map((b) => [b.code, row.values[b.code] ?? ""])),
      })),
    };
  }
}
