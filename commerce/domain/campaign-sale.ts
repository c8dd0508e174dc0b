import type { CampaignBundleAnswer } from "../contract/cart";
import type { AddCampaignBundleRequest, Campaign, CampaignSubscriptionCart, CartEntryCampaign, SubscriptionCommitment } from "../contract/campaigns";
import type { CampaignCode } from "../contract/campaigns";
import { DeliveryAddressSchema } from "../contract/checkout";
import type { Checkout } from "../contract/checkout";
import { DEFAULT_FREQUENCY_WEEKS } from "../contract/frequency";
import type { Product } from "../contract/product";
import type { CartEntryRow } from "../db/carts";
import { allCampaigns, type EnrollmentWithCampaign, enrollmentsOf, insertEnrollment, lockCampaignTakers } from "../db/campaigns";
import type { Db } from "../db/index";
import type { OrderRow } from "../db/orders";
import { campaignMessagesFor } from "./campaign-messages";
import {
  campaignPriceMinor,
  commitmentDeliveries,
  customerRefusals,
  earlyCancellationMinor,
  fewestBoxes,
  frequencyRefusal,
  householdKey,
} from "./campaign-rules";
import { campaignRefusal, type CampaignService } from "./campaigns";
import { bundleOf, type CampaignLine, type CampaignLinePricer, type CartOwner, type CartService } from "./carts";
import type { CatalogService } from "./catalog-service";
import { type Clock, dayOf } from "./clock";
import { ShopError } from "./errors";
import { price } from "./pricing";
import type { ShopContext } from "./shop-context";

/**
 * Selling brewer campaigns (decision 065): the bundle in the cart (the brewer at its campaign
 * price and the box of its auto-delivery), what the cart shows of it, the enrollment written with
 * the order, and the commitment as a subscription's answers show it.
 */

/** The brewer's list price and its price in the campaign; null when the campaign gives it none. */
export function brewerPrices(campaign: Pick<Campaign, "priceRule">, brewer: Product): { regularMinor: number; campaignMinor: number } | null {
  const variant = brewer.variantOptions.find((v) => v.code === brewer.code) ?? brewer.variantOptions.find((v) => v.code === brewer.defaultVariantCode);
  const regularMinor = variant?.variantPrice.listPrice.minor ?? brewer.price.minor;
  const campaignMinor = campaignPriceMinor(campaign.priceRule, regularMinor, variant?.campaignPriceData?.minor);
  return campaignMinor === null ? null : { regularMinor, campaignMinor };
}

/** The campaign block a bundle's entries carry. */
function entryBlock(
  ctx: ShopContext,
  campaign: Campaign,
  prices: { regularMinor: number; campaignMinor: number },
  frequencyWeeks: number,
  role: "brewer" | "box",
): CartEntryCampaign {
  const words = campaignMessagesFor(ctx.lang, ctx.site);
  const money = (minor: number) => price(minor, ctx.currency, ctx.lang);
  const deliveries = commitmentDeliveries(campaign.commitment, frequencyWeeks);
  return {
    campaignId: campaign.campaignId,
    code: campaign.code,
    name: campaign.name,
    role,
    regularPrice: money(prices.regularMinor),
    campaignPrice: money(prices.campaignMinor),
    commitment: { ...campaign.commitment, frequencyWeeks, deliveries, text: campaign.commitmentText },
    earlyCancellationText: words.earlyCancellation(money(Math.max(0, prices.regularMinor - prices.campaignMinor)).formattedValue, deliveries),
  };
}

/**
 * Prices a cart's campaign bundle on every read, as every cart line is: the brewer at its
 * campaign price today, both entries with the campaign's block. Half a bundle, or one whose
 * campaign is gone from the store, is shown as plain lines (checkout refuses nothing for it: it
 * enrols nobody).
 */
export class CampaignCartLines implements CampaignLinePricer {
  constructor(private readonly campaigns: CampaignService) {}

  async linesOf(ctx: ShopContext, rows: readonly CartEntryRow[], products: ReadonlyMap<string, Product>): Promise<ReadonlyMap<number, CampaignLine>> {
    const bundle = bundleOf(rows);
    const brewer = bundle && products.get(bundle.brewerCode);
    if (!bundle || !brewer) return new Map();
    const campaign = await this.campaigns.campaign(ctx, bundle.campaignId).catch((err: unknown) => {
      if (err instanceof ShopError && err.kind === "notFound") return null;
      throw err;
    });
    const prices = campaign && brewerPrices(campaign, brewer);
    if (!campaign || !prices) return new Map();
    const weeks = bundle.frequencyWeeks ?? DEFAULT_FREQUENCY_WEEKS;
    return new Map<number, CampaignLine>([
      [bundle.brewerEntry, { unitMinor: prices.campaignMinor, campaign: entryBlock(ctx, campaign, prices, weeks, "brewer") }],
      [bundle.boxEntry, { campaign: entryBlock(ctx, campaign, prices, weeks, "box") }],
    ]);
  }
}

/** Written with the order, in its transaction, once the commitment's subscription exists. */
export type EnrollmentStep = (trx: Db, order: OrderRow, subscriptionCode: string, now: Date) => Promise<void>;

export class CampaignSaleService {
  constructor(private readonly deps: { db: Db; catalog: CatalogService; clock: Clock; campaigns: CampaignService; carts: CartService }) {}

  /**
   * addCampaignBundle: the customer's cart first (another's answers 404 with nothing changed),
   * then the campaign (404 for another store's), the frequency, the brewer and the box (as
   * getCartEstimationData checks them), the customer (customerRefusals with their default
   * address's household), and then both entries in one transaction.
   */
  async addBundle(ctx: ShopContext, customerId: string, guid: string | undefined, request: AddCampaignBundleRequest): Promise<CampaignBundleAnswer> {
    const { campaigns, carts, catalog } = this.deps;
    if (guid) await carts.entriesOf(ctx, { customerId }, guid);
    const campaign = await campaigns.campaign(ctx, request.campaignId);
    const words = campaignMessagesFor(ctx.lang, ctx.site);
    const frequencyWeeks = request.frequencyWeeks ?? DEFAULT_FREQUENCY_WEEKS;
    if (frequencyRefusal(campaign.commitment, frequencyWeeks)) throw campaignRefusal("frequencyNotAllowed", "frequencyWeeks", words.sale.frequencyNotAllowed);
    let boxQty = request.boxQty;
    if (boxQty === undefined) {
      const box = await catalog.product(ctx, request.boxCode, "DEFAULT");
      boxQty = fewestBoxes(campaign.commitment.minBoxPods, box.variantOptions.find((v) => v.code === box.code)?.packSize);
    }
    const estimate = await campaigns.estimate(ctx, { ...request, boxQty, frequencyWeeks });
    const info = await campaigns.userInfo(ctx, customerId, { campaignId: request.campaignId });
    const reasons = info.campaigns[0]?.reasons ?? [];
    if (reasons.length > 0) throw campaignRefusal(reasons[0]!.code, "campaignId", reasons.map((r) => r.message).join(" "));

    const put = await carts.putCampaignBundle(ctx, customerId, guid, {
      campaignId: campaign.campaignId,
      brewerCode: estimate.brewer.code,
      boxCode: estimate.box.code,
      boxQty,
      frequencyWeeks,
    });
    let message = words.sale.added(campaign.name);
    if (put.replaced) {
      const previous = (await allCampaigns(this.deps.db)).find((c) => c.id === put.replaced!.campaignId);
      message = words.sale.replaced(campaign.name, previous ? (words.names[previous.code as CampaignCode] ?? previous.code) : campaign.name);
    }
    return {
      cart: put.cart,
      brewerEntryNumber: put.brewerEntryNumber,
      boxEntryNumber: put.boxEntryNumber,
      replaced: put.replaced && { campaignId: put.replaced.campaignId, brewerCode: put.replaced.brewerCode, boxCode: put.replaced.boxCode },
      message,
    };
  }

  /** getCampaignSubscriptionCart: the cart's bundle priced now (getCartEstimationData's answer for it), or null. */
  async subscriptionCart(ctx: ShopContext, owner: CartOwner, guid: string): Promise<CampaignSubscriptionCart> {
    const { entries } = await this.deps.carts.entriesOf(ctx, owner, guid);
    const bundle = bundleOf(entries);
    if (!bundle) return { cartGuid: guid, bundle: null };
    const campaign = await this.deps.campaigns.campaign(ctx, bundle.campaignId);
    const estimate = await this.deps.campaigns.estimate(ctx, {
      campaignId: bundle.campaignId,
      brewerCode: bundle.brewerCode,
      boxCode: bundle.boxCode,
      boxQty: bundle.boxQty,
      frequencyWeeks: bundle.frequencyWeeks ?? DEFAULT_FREQUENCY_WEEKS,
    });
    return { cartGuid: guid, bundle: { ...estimate, campaign, brewerEntryNumber: bundle.brewerEntry, boxEntryNumber: bundle.boxEntry } };
  }

  /**
   * The enrollment a checkout writes with its order, or undefined for a cart without a bundle.
   * Whether the customer may take the campaign is decided again inside the order's transaction,
   * for the household of the order's delivery address, against the enrollment rows as they are
   * then (the households and the account locked first): of two orders of free brewers to one
   * household, the second is refused (409) and writes nothing.
   */
  async enrollmentStep(ctx: ShopContext, owner: CartOwner, view: Checkout): Promise<EnrollmentStep | undefined> {
    const brewer = view.cart.entries.find((e) => e.campaign?.role === "brewer");
    if (!brewer?.campaign || owner === "anonymous") return undefined;
    const sold = brewer.campaign;
    const campaign = await this.deps.campaigns.campaign(ctx, sold.campaignId);
    const once = new Set((await allCampaigns(this.deps.db)).filter((c) => c.once_per_household === 1).map((c) => c.id));
    const today = dayOf(await this.deps.clock.now());
    const words = campaignMessagesFor(ctx.lang, ctx.site);
    const { customerId } = owner;
    return async (trx, order, subscriptionCode, now) => {
      const address = DeliveryAddressSchema.parse(JSON.parse(order.delivery_address));
      const key = householdKey(address);
      await lockCampaignTakers(trx, [`household:${key}`, `customer:${customerId}`]);
      const takes = (await enrollmentsOf(trx, customerId, key)).map((e) => ({
        campaignId: e.campaign_id,
        customerId: e.customer_id,
        householdKey: e.household_key,
        status: e.status,
        oncePerHousehold: once.has(e.campaign_id),
      }));
      const reasons = customerRefusals(campaign, { customerId, householdKey: key }, takes, today);
      if (reasons.length > 0) {
        throw new ShopError("conflict", {
          type: "CampaignError",
          reason: reasons[0]!,
          subject: "deliveryAddress",
          message: reasons.map((r) => words.refusals[r]).join(" "),
        });
      }
      const at = now.toISOString();
      await insertEnrollment(trx, {
        campaign_id: campaign.campaignId,
        site: ctx.site,
        customer_id: customerId,
        household_key: key,
        brewer_code: brewer.product.code,
        subscription_code: subscriptionCode,
        status: "active",
        deliveries_required: sold.commitment.deliveries,
        // The order that sells the brewer ships the first box: delivery one.
        deliveries_made: 1,
        currency: ctx.currency,
        regular_minor: sold.regularPrice.minor,
        campaign_minor: sold.campaignPrice.minor,
        order_code: order.code,
        created_at: at,
        updated_at: at,
      });
    };
  }
}

/** What cancelling the enrollment's subscription today would charge: the prorated saving while active, else nothing. */
export function cancellationChargeOf(
  e: Pick<EnrollmentWithCampaign, "status" | "regular_minor" | "campaign_minor" | "deliveries_required" | "deliveries_made">,
): number {
  if (e.status !== "active") return 0;
  return earlyCancellationMinor({
    regularMinor: e.regular_minor ?? 0,
    campaignMinor: e.campaign_minor ?? 0,
    deliveriesRequired: e.deliveries_required,
    deliveriesMade: e.deliveries_made,
  });
}

/** The commitment block of a subscription's answer. */
export function commitmentView(ctx: Pick<ShopContext, "lang" | "site">, e: EnrollmentWithCampaign): SubscriptionCommitment {
  const words = campaignMessagesFor(ctx.lang, ctx.site);
  const currency = (e.currency ?? "USD") as ShopContext["currency"];
  const money = (minor: number) => price(minor, currency, ctx.lang);
  const commitment = {
    kind: e.commitment_kind === "months" ? ("months" as const) : ("deliveries" as const),
    count: e.commitment_count,
    minBoxPods: e.min_box_pods,
  };
  const saving = Math.max(0, (e.regular_minor ?? 0) - (e.campaign_minor ?? 0));
  return {
    campaignId: e.campaign_id,
    code: e.code as CampaignCode,
    name: words.names[e.code as CampaignCode] ?? e.code,
    brewerCode: e.brewer_code,
    deliveriesRequired: e.deliveries_required,
    deliveriesMade: e.deliveries_made,
    status: e.status,
    cancellationChargeNow: money(cancellationChargeOf(e)),
    ...(e.status === "cancelled" && e.cancellation_minor !== null
      ? { cancellationCharged: money(e.cancellation_minor), cancellationReference: e.cancellation_reference ?? undefined }
      : {}),
    commitmentText: words.commitment(commitment),
    earlyCancellationText: words.earlyCancellation(money(saving).formattedValue, e.deliveries_required),
  };
}
