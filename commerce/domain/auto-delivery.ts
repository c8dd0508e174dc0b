import { createHash } from "node:crypto";
import type { AuditAction } from "../contract/auth";
import { type AddToExistingAdRequest, adEligible, type ChangeSubscriptionRequest, type RecurringEntryType, type Subscription } from "../contract/auto-delivery";
import type { EntryType } from "../contract/cart";
import type { BrandFacts } from "../contract/brands";
import type { CampaignCode } from "../contract/campaigns";
import type { BrandId } from "../contract/common";
import type { Product } from "../contract/product";
import { normalPostalCode } from "../contract/address";
import {
  addNextOnlyItem,
  adOrdersOf,
  findSubscription,
  itemsOf,
  lockSubscription,
  productCodesOfOrders,
  removeItem,
  setReplacement,
  skipDelivery,
  type SubscriptionChange,
  type SubscriptionRow,
  subscriptionsOf,
  updateSubscription,
  upsertItem,
} from "../db/auto-delivery";
import { findCartByGuid } from "../db/carts";
import { type EnrollmentWithCampaign, enrollmentsOfSubscriptions, lockEnrollmentOf, markEnrollmentCancelled } from "../db/campaigns";
import { findCustomer } from "../db/customers";
import { findOrderByCode } from "../db/orders";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import type { Actor } from "./accounts";
import type { AssistedService } from "./agents";
import type { AutoDeliveryOrders, DeliveryOutcome } from "./auto-delivery-orders";
import { type AutoDeliverySettings, autoDeliverySettings, checkChosenDate, checkPodsAtHome, followingDelivery } from "./auto-delivery-rules";
import { addressOf, cardOf, subscriptionNotFound, subscriptionView } from "./auto-delivery-view";
import { campaignMessagesFor } from "./campaign-messages";
import { cancellationChargeOf, commitmentView } from "./campaign-sale";
import type { CardHolds } from "./card-holds";
import { queueMails, type MailOutbox } from "./mail-outbox";
import type { CartService } from "./carts";
import type { CheckoutParts } from "./checkout-parts";
import { type Clock, dayOf } from "./clock";
import { invalid, ShopError } from "./errors";
import { price } from "./pricing";
import { unavailableWhenBusy } from "./service-unavailable";
import type { ShopContext } from "./shop-context";
import { boxRefusal, type MonthlyBoxSubscriptions, resumedBoxDate } from "./monthly-box-subscriptions";
import { followingBoxDelivery } from "./monthly-box-rules";

/**
 * Auto-delivery for the customer and for agents (decision 053): the reads the product page and the
 * account use, adding a product to the next delivery, and managing a subscription. Every change
 * locks the subscription, checks it is the caller's (another customer's answers 404 like an
 * unknown code), and writes an agent's change to the audit log in the same transaction.
 */

export { adEligible } from "../contract/auto-delivery";

const notEligible = (message: string) => new ShopError("conflict", { type: "AutoDeliveryError", reason: "NON_ELIGIBLE_SP_USER", subject: "jobCode", message });

/** Which subscriptions a list shows: smart ones follow the pods at home (ADC, ADCF), scheduled ones a fixed rhythm (ADF). */
export type SubscriptionFilter = "active" | "smart" | "scheduled";

const FILTERS: Record<SubscriptionFilter, (s: SubscriptionRow) => boolean> = {
  active: (s) => s.status !== "cancelled",
  smart: (s) => s.status !== "cancelled" && s.ad_type !== "ADF",
  scheduled: (s) => s.status !== "cancelled" && s.ad_type === "ADF",
};

export class AutoDeliveryService {
  constructor(
    private readonly deps: {
      db: Db;
      carts: CartService;
      agents: AssistedService;
      orders: AutoDeliveryOrders;
      payments: CheckoutParts["payments"];
      clock: Clock;
      /** Monthly boxes are listed and managed here too (decision 067). */
      boxes?: MonthlyBoxSubscriptions;
      holds: CardHolds;
      outbox: MailOutbox;
      brands: Readonly<Record<BrandId, BrandFacts>>;
    },
  ) {}

  /** A subscription's views, a monthly box's with its box (no extra read when the customer has none). */
  private async views(ctx: ShopContext, rows: SubscriptionRow[]): Promise<Subscription[]> {
    const items = await itemsOf(
      this.deps.db,
      rows.map((r) => r.id),
      ctx.lang,
    );
    const commitments = await this.commitmentsOf(ctx, rows);
    const views = rows.map((r) => subscriptionView(r, items, commitments.get(r.code)));
    return this.deps.boxes ? this.deps.boxes.describe(ctx, rows, views) : views;
  }

  /** The customer's subscriptions (active and paused; cancelled ones are history), newest first. */
  async list(ctx: ShopContext, customerId: string, filter: SubscriptionFilter = "active"): Promise<Subscription[]> {
    const rows = (await subscriptionsOf(this.deps.db, customerId, ctx.site)).filter(FILTERS[filter]);
    return this.views(ctx, rows);
  }

  /** The campaign commitments these subscriptions carry (decision 065); no query when none carries one (a monthly box carries none). */
  private async commitmentsOf(ctx: ShopContext, rows: readonly SubscriptionRow[]): Promise<Map<string, Subscription["commitment"]>> {
    const codes = rows.filter((r) => r.campaign_id !== null && r.kind !== "monthlyBox").map((r) => r.code);
    const enrollments = await enrollmentsOfSubscriptions(this.deps.db, codes);
    return new Map(enrollments.map((e) => [e.subscription_code!, commitmentView(ctx, e)]));
  }

  async one(ctx: ShopContext, customerId: string, code: string): Promise<Subscription> {
    const row = await findSubscription(this.deps.db, ctx.site, code);
    if (!row || row.customer_id !== customerId) throw subscriptionNotFound();
    return (await this.views(ctx, [row]))[0]!;
  }

  async subscribedProducts(ctx: ShopContext, customerId: string): Promise<string[]> {
    const subscriptions = await this.list(ctx, customerId);
    return [
      ...new Set(
        subscriptions
          .filter((s) => s.status === "active" && s.kind !== "monthlyBox")
          .flatMap((s) => s.items.filter((i) => !i.nextOnly).map((i) => i.productCode)),
      ),
    ].sort();
  }

  /** getAdType: whether the product can come by auto-delivery, and as which entry type for this customer. */
  async adType(ctx: ShopContext, customerId: string, productCode: string | undefined) {
    const product = productCode ? (await this.deps.carts.productsFor(ctx, customerId, [productCode])).get(productCode) : undefined;
    const eligible = !!product && adEligible(product, ctx.site);
    const subscriptions = (await this.list(ctx, customerId)).filter((s) => s.status === "active" && s.kind !== "monthlyBox");
    const holding = productCode ? subscriptions.find((s) => s.items.some((i) => i.productCode === productCode && !i.nextOnly)) : subscriptions[0];
    const adType: EntryType | null = holding ? holding.adType : eligible ? "ADC" : null;
    return { productCode, eligible, adType, subscribed: !!holding };
  }

  /** The product page's existingADData: the customer's active subscriptions and whether the product is on each. */
  async existingDetails(ctx: ShopContext, customerId: string, productCode: string | undefined) {
    const product = productCode ? (await this.deps.carts.productsFor(ctx, customerId, [productCode])).get(productCode) : undefined;
    const subscriptions = (await this.list(ctx, customerId)).filter((s) => s.status === "active" && s.kind !== "monthlyBox");
    return {
      eligible: !!product && adEligible(product, ctx.site),
      subscriptions: subscriptions.map((s) => ({
        code: s.code,
        adType: s.adType,
        nextDeliveryDate: s.nextDeliveryDate,
        status: s.status,
        hasProduct: s.items.some((i) => i.productCode === productCode),
      })),
    };
  }

  async home(ctx: ShopContext, customerId: string) {
    const [subscriptions, { orders }] = await Promise.all([this.list(ctx, customerId), this.adOrders(ctx, customerId, undefined)]);
    const active = subscriptions.filter((s) => s.status === "active").sort((a, b) => a.nextDeliveryDate.localeCompare(b.nextDeliveryDate));
    return {
      activeCount: active.length,
      pausedCount: subscriptions.length - active.length,
      nextDelivery: active[0] ? { code: active[0].code, date: active[0].nextDeliveryDate } : undefined,
      subscriptions,
      orders,
    };
  }

  /** The orders the customer's subscriptions placed (with productCode: those that shipped it). */
  async adOrders(ctx: ShopContext, customerId: string, productCode: string | undefined) {
    const rows = await adOrdersOf(this.deps.db, customerId, ctx.site, 100);
    const codes = await productCodesOfOrders(
      this.deps.db,
      rows.map((r) => r.orderId),
    );
    return {
      orders: rows
        .map((r) => ({
          code: r.code,
          subscriptionCode: r.subscriptionCode,
          deliveryDate: r.delivery_date,
          placed: r.created_at,
          total: price(r.total_minor, ctx.currency, ctx.lang),
          productCodes: codes.get(r.orderId) ?? [],
        }))
        .filter((o) => productCode === undefined || o.productCodes.includes(productCode)),
    };
  }

  /**
   * "Add to my next delivery": the product ships once with the subscription's next order. A second
   * add of the same product answers ALREADY_ADDED_TO_BACKUP_PRODUCT; a subscription that is not
   * active, or a product that cannot come by auto-delivery, NON_ELIGIBLE_SP_USER.
   */
  async addToExisting(ctx: ShopContext, actor: Actor, request: AddToExistingAdRequest) {
    const product = (await this.deps.carts.productsFor(ctx, actor.customerId, [request.productCode])).get(request.productCode);
    if (!product)
      throw new ShopError("notFound", { type: "UnknownIdentifierError", subject: "productCode", subjectType: "product", message: "Product not found." });
    const at = (await this.deps.clock.now()).toISOString();
    return this.write(ctx.site, actor, request.jobCode, async (trx, row, audit) => {
      if (row.kind === "monthlyBox") throw boxRefusal(ctx);
      if (row.status !== "active") throw notEligible("This subscription is not active: resume it to add products to its next delivery.");
      if (!adEligible(product, ctx.site)) throw notEligible(`${product.name} can't be added to an auto-delivery.`);
      const added = await addNextOnlyItem(trx, row.id, {
        product_code: product.code,
        quantity: request.qty,
        pods_at_home_qty: null,
        replacement_code: null,
        created_at: at,
      });
      if (!added) {
        throw new ShopError("conflict", {
          type: "AutoDeliveryError",
          reason: "ALREADY_ADDED_TO_BACKUP_PRODUCT",
          subject: "productCode",
          message: `${product.name} is already in your next delivery.`,
        });
      }
      await audit("added to next auto-delivery", `${request.qty} × ${product.code} on ${row.code}`);
      return { jobCode: row.code, productCode: product.code, quantity: request.qty, nextDeliveryDate: row.next_delivery_date };
    });
  }

  /** The next delivery is recorded as skipped (the runner never places it) and the one after becomes the next. */
  skipNext(ctx: ShopContext, actor: Actor, code: string): Promise<Subscription> {
    return this.change(ctx, actor, code, async (trx, row, audit, at) => {
      if (row.status === "cancelled") throw invalid("code", "This subscription is cancelled.");
      if (!(await skipDelivery(trx, row.id, row.next_delivery_date, "skipped by the customer", at))) {
        throw new ShopError("conflict", {
          type: "AutoDeliveryError",
          reason: "alreadyPlaced",
          subject: "code",
          message: "This delivery has already been ordered.",
        });
      }
      const next = row.kind === "monthlyBox" ? followingBoxDelivery(row.next_delivery_date) : followingDelivery(row.next_delivery_date, row.frequency_weeks);
      await audit("skipped auto-delivery", `${row.code}: ${row.next_delivery_date}, next ${next}`);
      return { next_delivery_date: next, retry_at: null };
    });
  }

  /** The next delivery is ordered now instead of on its date. */
  async deliverNow(ctx: ShopContext, actor: Actor, code: string): Promise<{ subscription: Subscription; outcome: DeliveryOutcome }> {
    const today = dayOf(await this.deps.clock.now());
    await this.change(ctx, actor, code, async (_trx, row, audit) => {
      if (row.kind === "monthlyBox") throw boxRefusal(ctx);
      if (row.status !== "active") throw invalid("code", "Resume this subscription to order its next delivery now.");
      await audit("ordered auto-delivery now", `${row.code}: ${row.next_delivery_date} moved to ${today}`);
      // A later date moves to today; a delivery already due keeps its date (and its record).
      return { next_delivery_date: row.next_delivery_date < today ? row.next_delivery_date : today, retry_at: null };
    });
    const row = (await findSubscription(this.deps.db, ctx.site, code))!;
    const outcome = await this.deps.orders.place(row);
    return { subscription: await this.one(ctx, actor.customerId, code), outcome };
  }

  /** Frequency, next date, items and quantities, address, what an item out of stock does. */
  async update(ctx: ShopContext, actor: Actor, code: string, request: ChangeSubscriptionRequest): Promise<Subscription> {
    const today = dayOf(await this.deps.clock.now());
    const date = request.nextDeliveryDate === undefined ? undefined : checkChosenDate(request.nextDeliveryDate, today);
    // Read before the write transaction: on SQLite its one connection is the transaction's until it ends.
    const added = (request.items ?? []).filter((i) => i.qty > 0).map((i) => i.productCode);
    const products = added.length ? await this.deps.carts.productsFor(ctx, actor.customerId, added) : new Map<string, Product>();
    const settings = await autoDeliverySettings(this.deps.db, ctx.site);
    return this.change(ctx, actor, code, async (trx, row, audit, at) => {
      if (row.status === "cancelled") throw invalid("code", "This subscription is cancelled.");
      // A box keeps its month and its picks: only its address may change here.
      const boxChange = [request.frequencyWeeks, request.nextDeliveryDate, request.items, request.outOfStock, request.replacements];
      if (row.kind === "monthlyBox" && boxChange.some((v) => v !== undefined)) throw boxRefusal(ctx);
      const change: SubscriptionChange = {};
      const said: string[] = [];
      if (request.frequencyWeeks !== undefined) {
        change.frequency_weeks = request.frequencyWeeks;
        said.push(`every ${request.frequencyWeeks} weeks (was ${row.frequency_weeks})`);
      }
      if (date !== undefined) {
        change.next_delivery_date = date;
        said.push(`next ${date} (was ${row.next_delivery_date})`);
      }
      if (request.items) said.push(await this.changeItems(trx, row, request.items, products, settings, at));
      if (request.address) {
        const country = ctx.site === "cab2c" ? "CA" : "US";
        if (request.address.country !== country) throw invalid("country", `This store delivers to ${country === "CA" ? "Canada" : "the United States"} only.`);
        change.delivery_address = JSON.stringify({
          ...request.address,
          line2: request.address.line2 || undefined,
          phone: request.address.phone || undefined,
          region: request.address.region.toUpperCase(),
          postalCode: normalPostalCode(request.address.country, request.address.postalCode),
        });
        said.push(`address ${request.address.town}`);
      }
      if (request.outOfStock) {
        change.out_of_stock = request.outOfStock;
        said.push(`out of stock: ${request.outOfStock}`);
      }
      for (const [item, replacement] of Object.entries(request.replacements ?? {})) {
        await setReplacement(trx, row.id, item, replacement);
        said.push(`${item} replaced by ${replacement}`);
      }
      await audit("changed auto-delivery", `${row.code}: ${said.join(", ")}`);
      return change;
    });
  }

  /** The card the customer entered on their own cart's payment step becomes the subscription's. */
  async changeCard(ctx: ShopContext, actor: Actor, code: string, cartGuid: string): Promise<Subscription> {
    const cart = await findCartByGuid(this.deps.db, cartGuid);
    if (!cart || cart.customer_id !== actor.customerId || cart.site !== ctx.site) {
      throw new ShopError("notFound", { type: "CartError", reason: "notFound", subject: "cartGuid", subjectType: "cart", message: "Cart not found." });
    }
    const card = await this.deps.payments.cardOf(this.deps.db, cart.id);
    if (!card) throw invalid("cartGuid", "Enter a card on your cart's payment step first.");
    return this.change(ctx, actor, code, async (_trx, row, audit) => {
      if (row.status === "cancelled") throw invalid("code", "This subscription is cancelled.");
      await audit("changed auto-delivery card", `${row.code}: ${card.brand} ${card.last4}`);
      return { card: JSON.stringify(card), payment_failures: 0, retry_at: null };
    });
  }

  pause(ctx: ShopContext, actor: Actor, code: string): Promise<Subscription> {
    return this.change(ctx, actor, code, async (_trx, row, audit) => {
      if (row.status !== "active") throw invalid("code", row.status === "paused" ? "This subscription is already paused." : "This subscription is cancelled.");
      await audit("paused auto-delivery", row.code);
      return { status: "paused" };
    });
  }

  /** Active again from the stored next date or, when that has passed (or another is chosen), from the date given or a week from today. */
  async resume(ctx: ShopContext, actor: Actor, code: string, nextDeliveryDate: string | undefined): Promise<Subscription> {
    const today = dayOf(await this.deps.clock.now());
    const chosen = nextDeliveryDate === undefined ? undefined : checkChosenDate(nextDeliveryDate, today);
    return this.change(ctx, actor, code, async (_trx, row, audit) => {
      if (row.status !== "paused") throw invalid("code", row.status === "active" ? "This subscription is already active." : "This subscription is cancelled.");
      if (row.kind === "monthlyBox" && chosen) throw boxRefusal(ctx);
      const next =
        row.kind === "monthlyBox"
          ? resumedBoxDate(row, today)
          : (chosen ?? (row.next_delivery_date > today ? row.next_delivery_date : followingDelivery(today, 1)));
      await audit("resumed auto-delivery", `${row.code}: next ${next}`);
      return { status: "active", next_delivery_date: next, payment_failures: 0, retry_at: null };
    });
  }

  /**
   * Cancels. A subscription carrying a campaign brewer's commitment that is not met yet charges
   * the early-cancellation amount to its card first (decision 065): held, recorded with the
   * cancellation in one transaction, then captured; keyed by the enrollment and the card, so a
   * double submit charges once. A declined card refuses the cancellation (402, nothing changed).
   */
  async cancel(ctx: ShopContext, actor: Actor, code: string, reason: string): Promise<Subscription> {
    const found = await findSubscription(this.deps.db, ctx.site, code);
    if (!found || found.customer_id !== actor.customerId) throw subscriptionNotFound();
    const enrollment = found.campaign_id === null ? undefined : (await enrollmentsOfSubscriptions(this.deps.db, [found.code]))[0];
    const charge = enrollment && found.status !== "cancelled" ? cancellationChargeOf(enrollment) : 0;
    if (!enrollment || charge === 0) {
      return this.change(ctx, actor, code, async (trx, row, audit, at) => {
        if (row.status === "cancelled") throw invalid("code", "This subscription is already cancelled.");
        await audit("cancelled auto-delivery", `${row.code}: ${reason}`);
        const open = await lockEnrollmentOf(trx, row.code);
        // Nothing to charge: a commitment still open (a brewer sold at no saving) ends here, uncharged.
        if (open?.status === "active") await markEnrollmentCancelled(trx, open.id, { minor: 0, reference: null }, at);
        return { status: "cancelled", cancel_reason: reason };
      });
    }
    return this.cancelCharging(ctx, actor, found, enrollment, charge, reason);
  }

  private async cancelCharging(
    ctx: ShopContext,
    actor: Actor,
    found: SubscriptionRow,
    enrollment: EnrollmentWithCampaign,
    charge: number,
    reason: string,
  ): Promise<Subscription> {
    const { db, holds, outbox, brands } = this.deps;
    const store = brands[ctx.site];
    const words = campaignMessagesFor(ctx.lang, ctx.site);
    const firstOrder = await findOrderByCode(db, ctx.site, found.first_order_code);
    const card = cardOf(found);
    if (!firstOrder) throw subscriptionNotFound();
    const held = await holds.hold({
      site: ctx.site,
      cartId: firstOrder.cart_id,
      // Keyed by the enrollment and the card: a double submit asks for the same hold, a retry with a new card for a new one.
      checkoutKey: `cancel-${enrollment.id}-${createHash("sha256").update(card.token).digest("hex").slice(0, 16)}`,
      card,
      amountMinor: charge,
      currency: (enrollment.currency ?? found.currency) as ShopContext["currency"],
      orderCode: found.first_order_code,
      description: `${store.name} early cancellation ${found.code}`,
    });
    // The same key's charge was taken by an earlier submit: that cancellation answers.
    if (held.status === "ordered") return this.one(ctx, actor.customerId, found.code);
    if (held.status === "released")
      throw new ShopError("conflict", { type: "CampaignError", reason: "cardDeclined", subject: "payment", message: words.sale.cardDeclined });
    if (held.status === "declined")
      throw new ShopError("paymentDeclined", { type: "CampaignError", reason: "cardDeclined", subject: "payment", message: words.sale.cardDeclined });
    const hold = held.hold;
    const at = (await this.deps.clock.now()).toISOString();
    let written: { mailIds: number[] } | null;
    try {
      written = await this.write(ctx.site, actor, found.code, async (trx, row, audit) => {
        // Another submit cancelled it with this same hold: it captures, this one changes nothing.
        if (row.status === "cancelled") return null;
        const open = await lockEnrollmentOf(trx, row.code);
        if (!open || cancellationChargeOf(open) !== charge) {
          throw new ShopError("conflict", {
            type: "CampaignError",
            reason: "commitmentChanged",
            subject: "code",
            message: "Your commitment changed meanwhile. Review the charge and cancel again.",
          });
        }
        if (!(await holds.useIn(trx, hold))) throw new Error("the charge's hold was released before the cancellation was written");
        await markEnrollmentCancelled(trx, open.id, { minor: charge, reference: hold.reference }, at);
        await audit("cancelled auto-delivery", `${row.code}: ${reason} (charged ${charge})`);
        await updateSubscription(trx, row.id, { status: "cancelled", cancel_reason: reason, updated_at: at });
        const customer = await findCustomer(trx, row.customer_id);
        const mailIds = await queueMails(trx, "campaign-early-cancellation", [
          {
            to: customer?.email ?? "",
            ...words.sale.chargedMail(
              {
                firstName: addressOf(row).firstName,
                subscription: row.code,
                name: words.names[enrollment.code as CampaignCode] ?? enrollment.code,
                charge: price(charge, (open.currency ?? row.currency) as ShopContext["currency"], ctx.lang).formattedValue,
                made: open.deliveries_made,
                required: open.deliveries_required,
              },
              store.name,
            ),
          },
        ]);
        return { mailIds };
      });
    } catch (err) {
      // Released only when no submit used it: a hold another submit's cancellation took stays taken.
      const now = await findSubscription(db, ctx.site, found.code);
      if (now?.status !== "cancelled") await holds.release(hold);
      throw err;
    }
    if (written) {
      await holds.captureCharge(hold);
      if (written.mailIds.length) await outbox.deliver({ ids: written.mailIds });
    }
    return this.one(ctx, actor.customerId, found.code);
  }

  /** Quantities (0 takes an item off), new items; a subscription keeps at least one item. */
  private async changeItems(
    trx: Db,
    row: SubscriptionRow,
    items: NonNullable<ChangeSubscriptionRequest["items"]>,
    products: ReadonlyMap<string, Product>,
    settings: AutoDeliverySettings,
    at: string,
  ): Promise<string> {
    const site = row.site as BrandId;
    for (const item of items) {
      if (item.qty === 0) {
        await removeItem(trx, row.id, item.productCode);
        continue;
      }
      const product = products.get(item.productCode);
      if (!product)
        throw new ShopError("notFound", {
          type: "UnknownIdentifierError",
          subject: "productCode",
          subjectType: "product",
          message: `Product '${item.productCode}' not found.`,
        });
      if (!adEligible(product, site)) throw invalid("productCode", `${product.name} can't be added to an auto-delivery.`);
      if (item.podsAtHomeQty !== undefined && !podsAtHomeTypes.includes(row.ad_type)) {
        throw invalid("podsAtHomeQty", `podsAtHomeQty is only for ADC and ADCF subscriptions; leave it empty for ${row.ad_type}.`);
      }
      checkPodsAtHome(item.podsAtHomeQty, settings);
      await upsertItem(trx, row.id, {
        product_code: product.code,
        quantity: item.qty,
        pods_at_home_qty: item.podsAtHomeQty ?? null,
        replacement_code: null,
        next_only: 0,
        created_at: at,
      });
    }
    const left = await trx.selectFrom("subscription_item").select("id").where("subscription_id", "=", row.id).where("next_only", "=", 0).execute();
    if (left.length === 0) throw invalid("items", "A subscription keeps at least one item: cancel it instead.");
    return items.map((i) => `${i.productCode} × ${i.qty}`).join(", ");
  }

  /** One change of the caller's subscription in one write transaction; answers the subscription after it. */
  private async change(
    ctx: ShopContext,
    actor: Actor,
    code: string,
    decide: (trx: Db, row: SubscriptionRow, audit: (action: AuditAction, detail: string) => Promise<void>, at: string) => Promise<SubscriptionChange>,
  ): Promise<Subscription> {
    // Read before the transaction: the store's clock may ask the database (decision 055).
    const at = (await this.deps.clock.now()).toISOString();
    await this.write(ctx.site, actor, code, async (trx, row, audit) => {
      const change = await decide(trx, row, audit, at);
      await updateSubscription(trx, row.id, { ...change, updated_at: at });
    });
    return this.one(ctx, actor.customerId, code);
  }

  private write<T>(
    site: BrandId,
    actor: Actor,
    code: string,
    run: (trx: Db, row: SubscriptionRow, audit: (action: AuditAction, detail: string) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const found = await findSubscription(trx, site, code);
        if (!found || found.customer_id !== actor.customerId) throw subscriptionNotFound();
        const row = (await lockSubscription(trx, found.id))!;
        const writer = this.deps.agents.auditWriter(site, actor);
        return run(trx, row, (action, detail) => writer(trx, action, detail));
      }),
    );
  }
}

const podsAtHomeTypes: readonly RecurringEntryType[] = ["ADC", "ADCF"];
