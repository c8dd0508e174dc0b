import type {
  BrewersAnswer,
  Campaign,
  CampaignBrewer,
  CampaignCode,
  CartEstimation,
  CartEstimationQuery,
  PriceRule,
  UserCampaignInfo,
} from "../contract/campaigns";
import { DEFAULT_FREQUENCY_WEEKS } from "../contract/frequency";
import type { Product, VariantOption } from "../contract/product";
import { allCampaigns, brewerFamiliesOn, type CampaignRow, enrollmentsOf } from "../db/campaigns";
import { findAddress, listAddresses } from "../db/customers";
import type { Db } from "../db/index";
import { autoDeliverySettings } from "./auto-delivery-rules";
import { campaignMessagesFor } from "./campaign-messages";
import {
  boxRefusal,
  brewerRefusal,
  type CampaignTake,
  campaignPriceMinor,
  campaignStatusOn,
  commitmentDeliveries,
  commitmentTotalMinor,
  customerRefusals,
  earlyCancellationMinor,
  householdKey,
} from "./campaign-rules";
import { autoDeliveryUnitOf } from "./carts";
import type { CatalogService } from "./catalog-service";
import { type Clock, dayOf } from "./clock";
import { notFound, ShopError } from "./errors";
import { price } from "./pricing";
import type { ShopContext } from "./shop-context";

export interface CampaignServiceDeps {
  db: Db;
  catalog: CatalogService;
  clock: Clock;
}

/** A campaign call refused for a reason the caller can act on (400). */
export const campaignRefusal = (reason: string, subject: string, message: string) =>
  new ShopError("invalid", { type: "CampaignError", reason, subject, message });

/** Another store's campaign answers exactly as one that does not exist. */
const campaignNotFound = (id: number) => notFound("campaignId", `Campaign ${id} not found.`, "campaign");

const BREWER_REFUSALS = {
  notOnThisStore: "This campaign does not run on this store.",
  notABrewer: "This product is not a brewer.",
  notFlagged: "This brewer is not part of this campaign.",
  noCampaignPrice: "This brewer has no price in this campaign.",
} as const;

function priceRuleOf(row: CampaignRow): PriceRule {
  if (row.price_rule === "free") return { kind: "free" };
  if (row.price_rule === "percentOff") return { kind: "percentOff", percent: row.percent_off ?? 0 };
  return { kind: "campaignPrice" };
}

/**
 * Brewer campaigns (decision 061): the campaigns a store runs, the brewers each offers at its
 * price, whether a customer may take one, and what its commitment will cost. Reads only: taking a
 * campaign (addCampaignBundle) writes an enrollment in a later slice.
 */
export class CampaignService {
  constructor(private readonly deps: CampaignServiceDeps) {}

  private async today(): Promise<string> {
    return dayOf(await this.deps.clock.now());
  }

  private view(row: CampaignRow, ctx: ShopContext, day: string): Campaign {
    const words = campaignMessagesFor(ctx.lang, ctx.site);
    const commitment = {
      kind: row.commitment_kind === "months" ? ("months" as const) : ("deliveries" as const),
      count: row.commitment_count,
      minBoxPods: row.min_box_pods,
    };
    return {
      campaignId: row.id,
      code: row.code as CampaignCode,
      subscriptionCode: row.subscription_code,
      name: words.names[row.code as CampaignCode] ?? row.code,
      commitmentText: words.commitment(commitment),
      sites: row.sites as Campaign["sites"],
      eligibilityFlag: row.eligibility_flag as Campaign["eligibilityFlag"],
      priceRule: priceRuleOf(row),
      commitment,
      oncePerHousehold: row.once_per_household === 1,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      running: campaignStatusOn({ startsOn: row.starts_on, endsOn: row.ends_on }, day) === "running",
    };
  }

  /** The campaigns that run on the store (today or not), or the one asked for: 404 for an unknown id or another store's. */
  private async campaignsOf(ctx: ShopContext, id?: number): Promise<{ rows: CampaignRow[]; all: CampaignRow[] }> {
    const all = await allCampaigns(this.deps.db);
    const rows = all.filter((c) => c.sites.includes(ctx.site) && (id === undefined || c.id === id));
    if (id !== undefined && rows.length === 0) throw campaignNotFound(id);
    return { rows, all };
  }

  /** One of the store's campaigns in the shopper's words, as it stands today: 404 for an unknown id or another store's. */
  async campaign(ctx: ShopContext, campaignId: number): Promise<Campaign> {
    const [row] = (await this.campaignsOf(ctx, campaignId)).rows as [CampaignRow];
    return this.view(row, ctx, await this.today());
  }

  /** getBrewers: the campaign's brewers on this store, each variant with its campaign price. */
  async brewers(ctx: ShopContext, campaignId: number): Promise<BrewersAnswer> {
    const day = await this.today();
    const [row] = (await this.campaignsOf(ctx, campaignId)).rows as [CampaignRow];
    const campaign = this.view(row, ctx, day);
    const families = await this.deps.catalog.products(ctx, await brewerFamiliesOn(this.deps.db, ctx.site), "FULL");
    const brewers: CampaignBrewer[] = [];
    for (const product of families) {
      const priced = this.variantsPriced(campaign, product, ctx);
      if (priced.length === 0) continue;
      const shown = priced.find((v) => v.code === product.defaultVariantCode) ?? priced[0]!;
      brewers.push({ ...product, variantOptions: priced, campaignPriceData: shown.campaignPriceData! });
    }
    return { campaign, brewers };
  }

  /** The family's variants the campaign offers, with the campaign's price as their campaignPriceData. */
  private variantsPriced(campaign: Campaign, product: Product, ctx: ShopContext): VariantOption[] {
    return product.variantOptions.flatMap((v) => {
      const seeded = v.campaignPriceData?.minor;
      if (brewerRefusal(campaign, product, ctx.site, seeded)) return [];
      const minor = campaignPriceMinor(campaign.priceRule, v.variantPrice.listPrice.minor, seeded);
      return minor === null ? [] : [{ ...v, campaignPriceData: price(minor, ctx.currency, ctx.lang) }];
    });
  }

  /** getUserCampaignInfo: which of the store's campaigns the customer may take, and why not. */
  async userInfo(ctx: ShopContext, customerId: string, query: { campaignId?: number; addressId?: string }): Promise<UserCampaignInfo> {
    const day = await this.today();
    const { rows, all } = await this.campaignsOf(ctx, query.campaignId);
    const address = query.addressId ? await findAddress(this.deps.db, customerId, query.addressId) : (await listAddresses(this.deps.db, customerId, 0, 1))[0];
    if (query.addressId && !address)
      throw new ShopError("notFound", {
        type: "UnknownIdentifierError",
        message: `Address '${query.addressId}' not found.`,
        subject: "addressId",
        subjectType: "address",
      });
    const key = address ? householdKey({ ...address, postalCode: address.postal_code }) : null;
    const once = new Set(all.filter((c) => c.once_per_household === 1).map((c) => c.id));
    // One free brewer per household counts this store's campaigns only: a home office that took the
    // consumer free brewer may still take the free breakroom brewer (decision 069).
    const enrollments = (await enrollmentsOf(this.deps.db, customerId, key)).filter((e) => e.site === ctx.site);
    const takes: CampaignTake[] = enrollments.map((e) => ({
      campaignId: e.campaign_id,
      customerId: e.customer_id,
      householdKey: e.household_key,
      status: e.status,
      oncePerHousehold: once.has(e.campaign_id),
    }));
    const words = campaignMessagesFor(ctx.lang, ctx.site);
    return {
      householdAddressId: address?.id ?? null,
      campaigns: rows.map((row) => {
        const campaign = this.view(row, ctx, day);
        const reasons = customerRefusals(campaign, { customerId, householdKey: key }, takes, day);
        const active = enrollments.find((e) => e.campaign_id === row.id && e.customer_id === customerId && e.status === "active");
        return {
          campaign,
          eligible: reasons.length === 0,
          reasons: reasons.map((code) => ({ code, message: words.refusals[code] })),
          activeCommitment: active
            ? {
                brewerCode: active.brewer_code,
                subscriptionCode: active.subscription_code,
                deliveriesRequired: active.deliveries_required,
                deliveriesMade: active.deliveries_made,
              }
            : null,
        };
      }),
    };
  }

  /** getCartEstimationData: what the brewer, the box and the commitment cost, and what cancelling early would charge. */
  async estimate(ctx: ShopContext, query: CartEstimationQuery): Promise<CartEstimation> {
    const day = await this.today();
    const [row] = (await this.campaignsOf(ctx, query.campaignId)).rows as [CampaignRow];
    const campaign = this.view(row, ctx, day);
    const words = campaignMessagesFor(ctx.lang, ctx.site);
    const status = campaignStatusOn(campaign, day);
    if (status !== "running") throw campaignRefusal(status, "campaignId", words.refusals[status]);

    const brewer = await this.deps.catalog.product(ctx, query.brewerCode, "FULL");
    const variant = brewer.variantOptions.find((v) => v.code === brewer.code) ?? brewer.variantOptions.find((v) => v.code === brewer.defaultVariantCode);
    const seeded = variant?.campaignPriceData?.minor;
    const refusal = brewerRefusal(campaign, brewer, ctx.site, seeded);
    if (refusal) throw campaignRefusal(refusal, "brewerCode", BREWER_REFUSALS[refusal]);
    const regularMinor = variant?.variantPrice.listPrice.minor ?? brewer.price.minor;
    const campaignMinor = campaignPriceMinor(campaign.priceRule, regularMinor, seeded);
    if (campaignMinor === null) throw campaignRefusal("noCampaignPrice", "brewerCode", BREWER_REFUSALS.noCampaignPrice);

    const box = await this.deps.catalog.product(ctx, query.boxCode, "FULL");
    const own = box.variantOptions.find((v) => v.code === box.code);
    const qty = query.boxQty ?? 1;
    const boxProblem = boxRefusal({ ...box, packType: own?.packType, packSize: own?.packSize }, qty, campaign.commitment, ctx.site);
    if (boxProblem === "notForAutoDelivery")
      throw campaignRefusal(boxProblem, "boxCode", `${box.name} can't come by auto-delivery; choose coffee, tea or cocoa pods.`);
    if (boxProblem === "notPods") throw campaignRefusal(boxProblem, "boxCode", "Choose a box of pods (a K-Cup pod pack size).");
    if (boxProblem === "tooSmall")
      throw campaignRefusal(
        boxProblem,
        "boxCode",
        `Each delivery must hold at least ${campaign.commitment.minBoxPods} pods; choose a larger box or more boxes.`,
      );

    const { discountPercent } = await autoDeliverySettings(this.deps.db, ctx.site);
    const firstMinor = autoDeliveryUnitOf(box, discountPercent, "first") * qty;
    const laterMinor = autoDeliveryUnitOf(box, discountPercent, "recurring") * qty;
    const frequencyWeeks = query.frequencyWeeks ?? DEFAULT_FREQUENCY_WEEKS;
    const deliveries = commitmentDeliveries(campaign.commitment, frequencyWeeks);
    const money = (minor: number) => price(minor, ctx.currency, ctx.lang);
    const earlyCancellation = [];
    for (let made = 1; made < deliveries; made++) {
      earlyCancellation.push({
        deliveriesMade: made,
        charge: money(earlyCancellationMinor({ regularMinor, campaignMinor, deliveriesRequired: deliveries, deliveriesMade: made })),
      });
    }
    return {
      campaignId: campaign.campaignId,
      currencyIso: ctx.currency,
      brewer: { code: variant?.code ?? brewer.code, name: brewer.name, regularPrice: money(regularMinor), campaignPrice: money(campaignMinor) },
      box: {
        code: box.code,
        name: box.name,
        qty,
        pods: (own?.packSize ?? 0) * qty,
        firstDeliveryPrice: money(firstMinor),
        perDeliveryPrice: money(laterMinor),
      },
      commitment: {
        ...campaign.commitment,
        frequencyWeeks,
        deliveries,
        totalPrice: money(commitmentTotalMinor(deliveries, firstMinor, laterMinor)),
        text: campaign.commitmentText,
      },
      dueNow: money(campaignMinor + firstMinor),
      earlyCancellation,
      earlyCancellationText: words.earlyCancellation(money(Math.max(0, regularMinor - campaignMinor)).formattedValue, deliveries),
    };
  }
}
