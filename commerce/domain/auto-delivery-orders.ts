import { randomBytes, randomInt } from "node:crypto";
import type { Logger } from "pino";
import type { BrandFacts } from "../contract/brands";
import type { BrandId, Currency, Lang } from "../contract/common";
import {
  claimDueSubscriptions,
  countDeliveryTry,
  deliveryRecord,
  type DeliveryRow,
  itemsOf,
  lockDelivery,
  lockSubscription,
  markDelivery,
  markReminded,
  releaseClaim,
  removeNextOnlyItems,
  type SubscriptionRow,
  subscriptionsToRemind,
  updateSubscription,
} from "../db/auto-delivery";
import { insertCart, stockLevels } from "../db/carts";
import { findCustomer } from "../db/customers";
import { countCommitmentDelivery } from "../db/campaigns";
import type { Db } from "../db/index";
import { insertOrder, type NewOrderEntry, takeStock } from "../db/orders";
import { writeTransaction } from "../db/write-transaction";
import { autoDeliveryMessagesFor, SUBSCRIPTIONS_PATH } from "./auto-delivery-messages";
import { autoDeliverySettings, followingDelivery } from "./auto-delivery-rules";
import { addressOf, cardOf } from "./auto-delivery-view";
import type { CardHolds } from "./card-holds";
import { autoDeliveryUnitOf, type CartService } from "./carts";
import { addDays, type Clock, dayOf } from "./clock";
import { deliveryModesFor, freeShippingMinimum, placeOf } from "./delivery-modes";
import type { Geocoder } from "./address-service";
import type { JobRunner } from "./job-runner";
import { type MailOutbox, queueMails } from "./mail-outbox";
import { expiryOf, newOrderCode } from "./place-order";
import { price } from "./pricing";
import type { ShopContext } from "./shop-context";
import { taxFor } from "./taxes";
import type { BoxDelivery, MonthlyBoxSubscriptions } from "./monthly-box-subscriptions";
import { followingBoxDelivery } from "./monthly-box-rules";
import { savePicks } from "../db/monthly-box";

/**
 * The job runner's auto-delivery work (decision 053): every process sweeps for due subscriptions,
 * claims a batch with a lease and turns each into its order. A delivery is one record per
 * subscription and date (unique); the order's transaction locks that record and writes the order
 * only while the record has none, so a due delivery becomes exactly one order whatever the runner
 * retries or however many processes run. A declined card is tried again on a schedule, with a
 * mail each time; an item out of stock is left out or replaced, as the customer chose; a reminder
 * goes out a few days before each delivery.
 */

export interface AutoDeliveryRunOptions {
  /** How often each process looks for due subscriptions and reminders. */
  sweepSeconds: number;
  /** The reminder goes out this many days before a delivery. */
  reminderDays: number;
  /** Days between a declined card and the next try; once they are used up the subscription is paused. */
  retryDays: readonly number[];
  /** How long a process holds the subscriptions it claimed. */
  leaseMs: number;
}

export const DEFAULT_AUTO_DELIVERY_RUN: AutoDeliveryRunOptions = { sweepSeconds: 60, reminderDays: 3, retryDays: [1, 3, 5], leaseMs: 5 * 60_000 };

const BATCH = 20;

/** How one due subscription went. */
export type DeliveryOutcome = "placed" | "alreadyPlaced" | "declined" | "paused" | "missed" | "notDue" | "failed";

interface Line {
  productCode: string;
  name: string;
  url: string;
  packLabel: string | undefined;
  entryType: NewOrderEntry["entry_type"];
  quantity: number;
  unitMinor: number;
  /** Set when the line is not unit × quantity (a monthly box's price spread, decision 067). */
  totalMinor?: number;
}

const lineTotal = (l: Line) => l.totalMinor ?? l.unitMinor * l.quantity;

/** A subscription's next delivery after `date`: a monthly box's next box day, or the frequency's rhythm. */
const nextAfter = (s: Pick<SubscriptionRow, "kind" | "frequency_weeks">, date: string) =>
  s.kind === "monthlyBox" ? followingBoxDelivery(date) : followingDelivery(date, s.frequency_weeks);

export class AutoDeliveryOrders {
  private readonly options: AutoDeliveryRunOptions;

  constructor(
    private readonly deps: {
      db: Db;
      brands: Readonly<Record<BrandId, BrandFacts>>;
      carts: CartService;
      holds: CardHolds;
      outbox: MailOutbox;
      logger: Logger;
      clock: Clock;
      /** A monthly box's month (decision 067). */
      boxes?: MonthlyBoxSubscriptions;
      /** Places the delivery address for its estimate (decision 081); absent, estimates go by region. */
      geocoder?: Geocoder;
    },
    options: Partial<AutoDeliveryRunOptions> = {},
  ) {
    this.options = { ...DEFAULT_AUTO_DELIVERY_RUN, ...options };
  }

  /** Places the orders of every subscription due now, a claimed batch at a time; answers how each went. */
  async placeDue(): Promise<DeliveryOutcome[]> {
    const outcomes: DeliveryOutcome[] = [];
    for (;;) {
      const now = await this.deps.clock.now();
      const claimed = await writeTransaction(this.deps.db, (trx) =>
        claimDueSubscriptions(trx, {
          today: dayOf(now),
          now: now.toISOString(),
          until: new Date(now.getTime() + this.options.leaseMs).toISOString(),
          limit: BATCH,
        }),
      );
      for (const subscription of claimed) outcomes.push(await this.placeClaimed(subscription));
      if (claimed.length < BATCH) return outcomes;
    }
  }

  /** One claimed subscription's delivery; a failure leaves it for the next sweep (its claim runs out). */
  private async placeClaimed(subscription: SubscriptionRow): Promise<DeliveryOutcome> {
    try {
      const outcome = await this.place(subscription);
      await releaseClaim(this.deps.db, subscription.id);
      return outcome;
    } catch (err) {
      this.deps.logger.error({ err, subscription: subscription.code }, "auto-delivery order not placed; the next sweep tries again");
      return "failed";
    }
  }

  /** The delivery due on the subscription's next date: its record, its lines, the card's hold, then the order. */
  async place(subscription: SubscriptionRow): Promise<DeliveryOutcome> {
    const { db } = this.deps;
    const now = await this.deps.clock.now();
    const at = now.toISOString();
    const date = subscription.next_delivery_date;
    if (subscription.status !== "active" || date > dayOf(now)) return "notDue";
    const { delivery, attempt } = await writeTransaction(db, async (trx) => {
      const record = await deliveryRecord(trx, subscription.id, date, at, async () => (await insertCart(trx, deliveryCart(subscription, at))).id);
      return { delivery: record, attempt: record.status === "pending" ? await countDeliveryTry(trx, record.id, at) : 0 };
    });
    if (delivery.status !== "pending") return "alreadyPlaced";
    const ctx: ShopContext = {
      site: subscription.site as BrandId,
      lang: subscription.lang as Lang,
      currency: subscription.currency as Currency,
      userGroups: [],
    };
    const box: BoxDelivery | null = subscription.kind === "monthlyBox" ? await this.boxLines(ctx, subscription, date) : null;
    const { lines, notes } = box ?? (await this.linesOf(ctx, subscription));
    if (lines.length === 0) return this.miss(subscription, delivery, now);

    const address = addressOf(subscription);
    const goods = lines.reduce((sum, l) => sum + lineTotal(l), 0);
    const [freeFrom, destination] = await Promise.all([freeShippingMinimum(db, ctx.site), placeOf(this.deps.geocoder, address)]);
    const modes = deliveryModesFor({
      site: ctx.site,
      lang: ctx.lang,
      subtotalMinor: goods,
      freeShippingMinimumMinor: freeFrom,
      country: address.country,
      region: address.region,
      destination,
      today: now,
    });
    // A monthly box's price includes its standard delivery.
    const mode = box
      ? { ...(modes.find((m) => m.code === "standard") ?? modes[0]!), costMinor: 0 }
      : (modes.find((m) => m.code === subscription.delivery_mode) ?? modes[0]!);
    const tax = taxFor({ country: address.country, region: address.region, taxableMinor: goods, deliveryMinor: mode.costMinor });
    const total = goods + mode.costMinor + tax.totalMinor;
    const card = cardOf(subscription);
    const checkoutKey = `ad-${delivery.id}-${attempt}`;
    const held = await this.deps.holds.hold({
      site: ctx.site,
      cartId: delivery.cart_id!,
      checkoutKey,
      card,
      amountMinor: total,
      currency: ctx.currency,
      orderCode: newOrderCode(),
      description: `${this.deps.brands[ctx.site].name} auto-delivery ${subscription.code}`,
    });
    // A provider that did not answer is not the customer's card: the next sweep asks again, unmailed.
    if (held.status === "declined" && held.reason === "processing_error") throw new Error("the payment provider did not answer");
    if (held.status === "declined") return this.declined(subscription, now);
    if (held.status !== "held") return "alreadyPlaced";
    const hold = held.hold;

    const money = (minor: number) => price(minor, ctx.currency, ctx.lang).formattedValue;
    const t = autoDeliveryMessagesFor(ctx.lang, ctx.site);
    let placedCode: string | null = null;
    let mailIds: number[] = [];
    try {
      const result = await writeTransaction(db, async (trx) => {
        const record = await lockDelivery(trx, delivery.id);
        const current = await lockSubscription(trx, subscription.id);
        // Exactly once: the delivery already has its order (or was skipped) — this try writes nothing.
        if (!record || record.status !== "pending" || record.order_code !== null || !current || current.status !== "active") return null;
        for (const [code, units] of unitsByProduct(lines)) {
          const { taken } = await takeStock(trx, code, units);
          if (!taken) throw new Error(`stock of ${code} ran short while the order was placed`);
        }
        if (!(await this.deps.holds.useIn(trx, hold))) throw new Error("the card's hold was released before the order was written");
        const customer = await findCustomer(trx, subscription.customer_id);
        const order = await insertOrder(
          trx,
          {
            code: held.orderCode,
            site: ctx.site,
            lang: ctx.lang,
            currency: ctx.currency,
            cart_id: delivery.cart_id!,
            cart_guid: (await trx.selectFrom("cart").select("guid").where("id", "=", delivery.cart_id!).executeTakeFirstOrThrow()).guid,
            customer_id: subscription.customer_id,
            email: customer?.email ?? "",
            status: "placed",
            checkout_key: checkoutKey,
            subtotal_minor: goods,
            discount_minor: 0,
            delivery_minor: mode.costMinor,
            tax_minor: tax.totalMinor,
            total_minor: total,
            gift_card_minor: 0,
            card_minor: total,
            delivery_address: subscription.delivery_address,
            delivery_mode: mode.code,
            delivery_mode_name: mode.name,
            delivery_earliest: mode.estimate.earliest,
            delivery_latest: mode.estimate.latest,
            contact_no: address.phone ?? null,
            tax_lines: JSON.stringify(tax.lines.map((l) => ({ name: l.name, ratePercent: l.ratePercent, amountMinor: l.amountMinor }))),
            discounts: "[]",
            gift_cards: "[]",
            payment_provider: card.provider,
            payment_reference: hold.reference,
            payment_brand: card.brand,
            payment_last4: card.last4,
            payment_expiry: expiryOf(card),
            perks_join: 0,
            // A delivery the subscription places itself: no affiliate brought it.
            affiliate_merchant_id: null,
            affiliate_site_id: null,
            created_at: at,
          },
          lines.map((l, i) => ({
            entry_number: i,
            product_code: l.productCode,
            product_name: l.name,
            product_url: l.url,
            pack_label: l.packLabel ?? null,
            entry_type: l.entryType,
            quantity: l.quantity,
            unit_minor: l.unitMinor,
            total_minor: lineTotal(l),
          })),
        );
        if (box?.picksToSave) await savePicks(trx, current.id, box.picksToSave.month, box.picksToSave.picks, at);
        await markDelivery(trx, record.id, { status: "placed", order_code: order.code, note: notes.join("; ").slice(0, 200) }, at);
        // A campaign brewer's commitment counts each delivery placed (a skipped one does not), met at the last (decision 065).
        if (current.campaign_id !== null && current.kind !== "monthlyBox") await countCommitmentDelivery(trx, current.code, at);
        const next = nextAfter(current, date);
        await updateSubscription(trx, current.id, { next_delivery_date: next, payment_failures: 0, retry_at: null, updated_at: at });
        await removeNextOnlyItems(trx, current.id);
        const store = this.deps.brands[ctx.site];
        const summary = [
          ...lines.map((l) => `${l.quantity} × ${l.name}${l.packLabel ? ` (${l.packLabel})` : ""}  ${money(lineTotal(l))}`),
          ...notes,
          "",
          `${t.total}: ${money(total)}`,
        ].join("\n");
        const ids = await queueMails(trx, "auto-delivery-order", [
          {
            to: order.email,
            ...t.orderPlaced(
              { code: order.code, firstName: addressOf(current).firstName, summary, url: accountUrl(store, ctx.lang), nextDate: next },
              store.name,
            ),
          },
        ]);
        return { order, ids };
      });
      if (result) {
        placedCode = result.order.code;
        mailIds = result.ids;
        await this.deps.holds.capture(hold, result.order);
      } else {
        await this.deps.holds.release(hold);
      }
    } catch (err) {
      await this.deps.holds.release(hold);
      throw err;
    }
    if (mailIds.length) await this.deps.outbox.deliver({ ids: mailIds });
    return placedCode ? "placed" : "alreadyPlaced";
  }

  /** The lines the delivery ships: each item at its price today, out-of-stock ones left out or replaced. */
  private async linesOf(ctx: ShopContext, subscription: SubscriptionRow): Promise<{ lines: Line[]; notes: string[] }> {
    const { db, carts } = this.deps;
    const items = await itemsOf(db, [subscription.id], ctx.lang);
    const codes = [...new Set(items.flatMap((i) => [i.product_code, ...(i.replacement_code ? [i.replacement_code] : [])]))];
    const [products, stock, settings] = await Promise.all([
      carts.productsFor(ctx, subscription.customer_id, codes),
      stockLevels(db, codes),
      autoDeliverySettings(db, ctx.site),
    ]);
    const t = autoDeliveryMessagesFor(ctx.lang, ctx.site);
    const lines: Line[] = [];
    const notes: string[] = [];
    const left = new Map(stock);
    const available = (code: string, units: number) => products.has(code) && (left.get(code) ?? 0) >= units;
    for (const item of items) {
      let code = item.product_code;
      const name = products.get(code)?.name ?? item.name ?? code;
      if (!available(code, item.quantity)) {
        const replacement = subscription.out_of_stock === "replace" ? item.replacement_code : null;
        if (!replacement || !available(replacement, item.quantity)) {
          notes.push(t.leftOut(name));
          continue;
        }
        notes.push(t.replaced(name, products.get(replacement)!.name));
        code = replacement;
      }
      left.set(code, (left.get(code) ?? 0) - item.quantity);
      const product = products.get(code)!;
      lines.push({
        productCode: code,
        name: product.name,
        url: product.url,
        packLabel: product.variantOptions.find((v) => v.code === code)?.packLabel,
        // An item for the next delivery only is a one-off purchase, at the one-off price.
        entryType: item.next_only === 1 ? "STD" : subscription.ad_type,
        quantity: item.quantity,
        unitMinor: item.next_only === 1 ? product.price.minor : autoDeliveryUnitOf(product, settings.discountPercent, "recurring"),
      });
    }
    return { lines, notes };
  }

  /** A monthly box's lines for the month of `date` (its picks, carried over or swapped as decision 067 says). */
  private boxLines(ctx: ShopContext, subscription: SubscriptionRow, date: string): Promise<BoxDelivery> {
    if (!this.deps.boxes) throw new Error("a monthly box subscription is due but the box's service is not wired");
    return this.deps.boxes.deliveryLines(ctx, subscription, date);
  }

  /** Everything was out of stock: the delivery is recorded as skipped, the next one planned, the customer told. */
  private async miss(subscription: SubscriptionRow, delivery: DeliveryRow, now: Date): Promise<DeliveryOutcome> {
    const at = now.toISOString();
    const ids = await writeTransaction(this.deps.db, async (trx) => {
      const record = await lockDelivery(trx, delivery.id);
      if (!record || record.status !== "pending") return [];
      const next = nextAfter(subscription, subscription.next_delivery_date);
      await markDelivery(trx, record.id, { status: "skipped", note: "every item out of stock" }, at);
      await updateSubscription(trx, subscription.id, { next_delivery_date: next, updated_at: at });
      return queueMails(trx, "auto-delivery-missed", [
        await this.mailTo(trx, subscription, (t, store, url, firstName) =>
          t.deliveryMissed({ firstName, subscription: subscription.code, nextDate: next, url }, store),
        ),
      ]);
    });
    if (ids.length) await this.deps.outbox.deliver({ ids });
    return "missed";
  }

  /** A declined card: tried again after the schedule's next gap, or, with the schedule used up, the subscription paused. */
  private async declined(subscription: SubscriptionRow, now: Date): Promise<DeliveryOutcome> {
    const at = now.toISOString();
    const failures = subscription.payment_failures + 1;
    const gap = this.options.retryDays[failures - 1];
    const retryAt = gap === undefined ? null : new Date(now.getTime() + gap * 86_400_000);
    const ids = await writeTransaction(this.deps.db, async (trx) => {
      await updateSubscription(trx, subscription.id, {
        payment_failures: failures,
        retry_at: retryAt?.toISOString() ?? null,
        ...(retryAt ? {} : { status: "paused" as const }),
        updated_at: at,
      });
      return queueMails(trx, "auto-delivery-declined", [
        await this.mailTo(trx, subscription, (t, store, url, firstName) =>
          t.paymentDeclined({ firstName, subscription: subscription.code, retryDate: retryAt ? dayOf(retryAt) : null, url }, store),
        ),
      ]);
    });
    if (ids.length) await this.deps.outbox.deliver({ ids });
    return retryAt ? "declined" : "paused";
  }

  /** Mails the reminders of deliveries within the next few days, once per subscription and date. */
  async remind(): Promise<number> {
    const { db } = this.deps;
    const today = dayOf(await this.deps.clock.now());
    const due = await subscriptionsToRemind(db, today, addDays(today, this.options.reminderDays), 200);
    let sent = 0;
    for (const subscription of due) {
      const items = await itemsOf(db, [subscription.id], subscription.lang);
      // A monthly box has no items: its reminder lists the month's picks.
      const boxList = subscription.kind === "monthlyBox" && this.deps.boxes ? await this.deps.boxes.reminderList(contextOf(subscription), subscription) : null;
      const ids = await writeTransaction(db, async (trx) => {
        if (!(await markReminded(trx, subscription.id, subscription.next_delivery_date))) return [];
        const list = boxList ?? items.map((i) => `${i.quantity} × ${i.name ?? i.product_code}`).join("\n");
        return queueMails(trx, "auto-delivery-reminder", [
          await this.mailTo(trx, subscription, (t, store, url, firstName) =>
            t.reminder({ firstName, subscription: subscription.code, date: subscription.next_delivery_date, items: list, url }, store),
          ),
        ]);
      });
      if (ids.length) {
        sent++;
        await this.deps.outbox.deliver({ ids });
      }
    }
    return sent;
  }

  /** Every process sweeps; each claims what it takes, so nothing is placed or mailed twice. */
  scheduleOn(jobs: JobRunner): void {
    jobs.every("place due auto-delivery orders", this.options.sweepSeconds, () => this.placeDue());
    jobs.every("auto-delivery reminders", this.options.sweepSeconds, () => this.remind());
  }

  private async mailTo(
    trx: Db,
    subscription: SubscriptionRow,
    write: (t: ReturnType<typeof autoDeliveryMessagesFor>, store: string, url: string, firstName: string) => { subject: string; text: string },
  ) {
    const customer = await findCustomer(trx, subscription.customer_id);
    const lang = subscription.lang as Lang;
    const store = this.deps.brands[subscription.site as BrandId];
    const firstName = customer?.first_name || addressOf(subscription).firstName;
    return { to: customer?.email ?? "", ...write(autoDeliveryMessagesFor(lang, store.id), store.name, accountUrl(store, lang), firstName) };
  }
}

/** The order's record carrier: a cart of the customer's, made already ordered, never open to anyone. */
function deliveryCart(subscription: SubscriptionRow, at: string) {
  return {
    guid: randomBytes(16).toString("hex"),
    code: String(randomInt(10_000_000, 100_000_000)),
    site: subscription.site,
    customer_id: subscription.customer_id,
    currency: subscription.currency,
    status: "ordered" as const,
    created_at: at,
    updated_at: at,
  };
}

/** The shop context a subscription's orders and mails are made in. */
function contextOf(subscription: SubscriptionRow): ShopContext {
  return { site: subscription.site as BrandId, lang: subscription.lang as Lang, currency: subscription.currency as Currency, userGroups: [] };
}

function unitsByProduct(lines: readonly Line[]): [string, number][] {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.productCode, (units.get(l.productCode) ?? 0) + l.quantity);
  // Code order: two orders of the same products lock their stock rows in the same order.
  return [...units].sort(([a], [b]) => a.localeCompare(b));
}

function accountUrl(store: BrandFacts, lang: Lang): string {
  return `https://${store.host}${lang === "fr" ? "/fr" : ""}${SUBSCRIPTIONS_PATH}`;
}
