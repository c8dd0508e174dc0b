import type { AuditAction } from "../contract/auth";
import type { Subscription } from "../contract/auto-delivery";
import type { Checkout } from "../contract/checkout";
import type {
  AddMonthlyBoxAnswer,
  AddMonthlyBoxRequest,
  MfpSubscriptionCart,
  MfpSubscriptionCartQuery,
  MonthlyProduct,
  UpdateMfpCampaignCartRequest,
} from "../contract/monthly-box";
import { findSubscription, insertSubscription, lockSubscription, type SubscriptionRow } from "../db/auto-delivery";
import { cartEntries, findCartByGuid, stockLevels, touchCart } from "../db/carts";
import type { Db } from "../db/index";
import { boxOrderOf, deleteBoxEntries, insertBoxEntry, latestPicksBefore, type MonthlyBoxRow, picksOf, savePicks } from "../db/monthly-box";
import { writeTransaction } from "../db/write-transaction";
import type { Actor } from "./accounts";
import type { AssistedService } from "./agents";
import { type InOrderStep, newSubscriptionCode } from "./auto-delivery-checkout";
import { subscriptionNotFound } from "./auto-delivery-view";
import { insufficientStock } from "./cart-rules";
import { type CartOwner, type CartService, cartNotFound, owns } from "./carts";
import type { StoredCard } from "./checkout-parts";
import { type Clock, dayOf } from "./clock";
import { ShopError } from "./errors";
import { checkedMonth, type MonthlyBoxService } from "./monthly-box";
import { type MonthlyBoxMessages, monthlyBoxMessagesFor } from "./monthly-box-messages";
import {
  type BoxFill,
  boxDayOf,
  boxDeliveryDate,
  boxPlacedFor,
  boxPriceMinor,
  carryOverPicks,
  fillBox,
  followingBoxDelivery,
  monthOf,
  nextMonth,
  type PickEntry,
  spreadBoxPrice,
} from "./monthly-box-rules";
import { checkoutProblem } from "./place-order";
import { price } from "./pricing";
import { unavailableWhenBusy } from "./service-unavailable";
import type { ShopContext } from "./shop-context";

/**
 * Subscribing to the monthly box and its months (decision 067): the box into the cart, the
 * subscription its checkout starts, a month's picks read and changed, and the lines the runner
 * ships each month. Every change is one write transaction that locks the cart or the subscription
 * first; another customer's cart or subscription answers 404 as an unknown one.
 */

/** A subscription's box day: the day of its next delivery (every box of it ships on that day). */
const boxDayOfRow = (row: Pick<SubscriptionRow, "next_delivery_date">) => boxDayOf(row.next_delivery_date);

/** Why a pick is not a complete box, in the shopper's words. */
function whyIncomplete(words: MonthlyBoxMessages, fill: BoxFill, boxPods: number, nameOf: (code: string) => string): string {
  const reasons = fill.refused.map((r) => `${nameOf(r.code)}: ${words.refusals[r.reason]}`);
  if (fill.state !== "full") reasons.push(words.box[fill.state]({ remaining: fill.remainingPods, excess: fill.excessPods, boxPods }));
  return reasons.join(" ");
}

const incompleteBox = (message: string, reason = "incompleteBox") => new ShopError("invalid", { type: "ValidationError", reason, subject: "entries", message });

export class MonthlyBoxSubscriptions {
  constructor(
    private readonly deps: {
      db: Db;
      boxes: MonthlyBoxService;
      carts: CartService;
      agents: AssistedService;
      clock: Clock;
    },
  ) {}

  private async today(): Promise<string> {
    return dayOf(await this.deps.clock.now());
  }

  /** How a pick fills the month's box, with the month's products. */
  private async pickFor(ctx: ShopContext, box: MonthlyBoxRow, month: string, entries: readonly PickEntry[]) {
    const offered = await this.deps.boxes.offered(ctx, box, month);
    const fill = fillBox(entries, new Map(offered.map((p) => [p.code, p.pods])), box.box_pods);
    return { offered, fill };
  }

  /** A complete pick of the month, or 400 with the reasons in words. */
  private async completePick(ctx: ShopContext, box: MonthlyBoxRow, month: string, entries: readonly PickEntry[], wrap?: (why: string) => string) {
    const { offered, fill } = await this.pickFor(ctx, box, month, entries);
    if (!fill.complete) {
      const words = monthlyBoxMessagesFor(ctx.lang, ctx.site);
      const names = new Map(offered.map((p) => [p.code, p.name]));
      const why = whyIncomplete(words, fill, box.box_pods, (c) => names.get(c) ?? c);
      throw incompleteBox((wrap ?? words.subscription.incomplete)(why));
    }
    return { offered, fill };
  }

  /**
   * addMonthlyBoxSubscription: this month's complete pick into the customer's cart (by guid, or
   * without one their open cart, made when they have none) as the box's lines, in one transaction. One box per cart: a box already there is replaced (the answer says
   * so); the same pick sent twice leaves one box.
   */
  async addToCart(ctx: ShopContext, actor: Actor, guid: string | undefined, request: AddMonthlyBoxRequest): Promise<AddMonthlyBoxAnswer> {
    const owner: CartOwner = { customerId: actor.customerId };
    const box = await this.deps.boxes.storeBox(ctx);
    if (guid) {
      const known = await findCartByGuid(this.deps.db, guid);
      if (!known || !owns(known, ctx, owner)) throw cartNotFound();
    }
    const words = monthlyBoxMessagesFor(ctx.lang, ctx.site);
    const today = await this.today();
    const month = checkedMonth(ctx, request.month ?? monthOf(today), today);
    if (month !== monthOf(today)) throw incompleteBox(words.subscription.notThisMonth, "notThisMonth");
    const { fill, offered } = await this.completePick(ctx, box, month, request.entries);
    const names = new Map(offered.map((p) => [p.code, p.name]));
    const { replaced, cartGuid } = await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const at = new Date().toISOString();
        const cart = await this.deps.carts.cartForWrite(trx, ctx, owner, guid);
        const entries = await cartEntries(trx, cart.id);
        const before = entries.filter((e) => e.campaign_role === "pick");
        const same =
          before.length === fill.entries.length &&
          fill.entries.every((p) => before.some((e) => e.product_code === p.code && e.quantity === p.quantity && e.campaign_id === box.id));
        if (same) return { replaced: false, cartGuid: cart.guid };
        // A product already on the cart as a one-off is one line: it cannot also be a box's line.
        const plain = entries.find((e) => e.campaign_role !== "pick" && e.entry_type === "STD" && fill.entries.some((p) => p.code === e.product_code));
        if (plain) {
          throw new ShopError("conflict", {
            type: "CartEntryError",
            reason: "alreadyInCart",
            subject: plain.product_code,
            message: words.subscription.pickOnly,
          });
        }
        const stock = await stockLevels(
          trx,
          fill.entries.map((p) => p.code),
        );
        for (const p of fill.entries) if ((stock.get(p.code) ?? 0) < p.quantity) throw insufficientStock(stock.get(p.code) ?? 0, p.code);
        await deleteBoxEntries(trx, cart.id);
        let entryNumber = entries.reduce((highest, e) => Math.max(highest, e.entry_number + 1), 0);
        for (const p of fill.entries)
          await insertBoxEntry(trx, { cartId: cart.id, entryNumber: entryNumber++, code: p.code, quantity: p.quantity, campaignId: box.id }, at);
        await touchCart(trx, cart.id, at);
        if (actor.agent)
          await this.deps.agents.auditWriter(ctx.site, actor)(
            trx,
            "added a monthly box to cart",
            fill.entries.map((p) => `${p.quantity} × ${names.get(p.code) ?? p.code}`).join(", "),
          );
        return { replaced: before.length > 0, cartGuid: cart.guid };
      }),
    );
    const cart = await this.deps.carts.read(ctx, owner, cartGuid);
    if (!cart.monthlyBox) throw cartNotFound();
    return {
      cartGuid: cart.guid,
      cartQuantity: cart.totalUnitCount,
      monthlyBox: cart.monthlyBox,
      replaced,
      message: replaced ? words.subscription.replaced : words.subscription.added,
    };
  }

  /** The caller's box subscription on this store; another customer's, another store's or an auto-delivery answers 404. */
  private async ownBox(ctx: ShopContext, actor: Actor, code: string, db: Db = this.deps.db): Promise<SubscriptionRow> {
    const row = await findSubscription(db, ctx.site, code);
    if (!row || row.customer_id !== actor.customerId || row.kind !== "monthlyBox") throw subscriptionNotFound();
    return row;
  }

  /**
   * A month's picks: saved for that month, else carried over from the latest month before it that
   * has picks (those the month still offers; the rest swapped by carryOverPicks).
   */
  private async monthPicks(row: SubscriptionRow, month: string, offered: readonly MonthlyProduct[]) {
    const saved = await picksOf(this.deps.db, row.id, month);
    if (saved.length) return { source: "saved" as const, picks: saved, swaps: [] };
    const latest = await latestPicksBefore(this.deps.db, row.id, month);
    const carried = carryOverPicks(
      latest?.picks ?? [],
      offered.map((p) => p.code),
    );
    return { source: "carriedOver" as const, picks: carried.picks, swaps: carried.swaps };
  }

  /** getMFPSubscriptionCart: the box of a month (next month by default), whether it may still change, and why not. */
  async subscriptionCart(ctx: ShopContext, actor: Actor, query: MfpSubscriptionCartQuery): Promise<MfpSubscriptionCart> {
    const box = await this.deps.boxes.storeBox(ctx);
    const row = await this.ownBox(ctx, actor, query.subscriptionCode);
    const today = await this.today();
    const month = checkedMonth(ctx, query.month ?? nextMonth(monthOf(today)), today);
    return this.view(ctx, box, row, month);
  }

  private async view(ctx: ShopContext, box: MonthlyBoxRow, row: SubscriptionRow, month: string, message?: string): Promise<MfpSubscriptionCart> {
    const words = monthlyBoxMessagesFor(ctx.lang, ctx.site);
    const offered = await this.deps.boxes.offered(ctx, box, month);
    const byCode = new Map(offered.map((p) => [p.code, p]));
    const { source, picks, swaps } = await this.monthPicks(row, month, offered);
    const fill = fillBox(picks, new Map(offered.map((p) => [p.code, p.pods])), box.box_pods);
    const deliveryDate = boxDeliveryDate(month, boxDayOfRow(row));
    const placed = boxPlacedFor(month, row.next_delivery_date);
    const unchangeableReason = row.status === "cancelled" ? ("cancelled" as const) : placed ? ("placed" as const) : undefined;
    const nameOf = (code: string) => byCode.get(code)?.name ?? code;
    const swappedIn = new Map(swaps.flatMap((s) => s.replacedBy.map((c) => [c, s.code] as const)));
    const orderCode = placed ? ((await boxOrderOf(this.deps.db, row.id, month)) ?? row.first_order_code) : undefined;
    return {
      subscriptionCode: row.code,
      campaignId: box.id,
      month,
      deliveryDate,
      source,
      picks: picks.map((p) => ({
        code: p.code,
        name: nameOf(p.code),
        quantity: p.quantity,
        pods: p.quantity * box.pack_size,
        product: byCode.get(p.code),
        replaces: swappedIn.get(p.code),
      })),
      swaps: swaps.map((s) => ({ code: s.code, name: nameOf(s.code), replacedBy: s.replacedBy })),
      fill: {
        boxPods: box.box_pods,
        pickedPods: fill.pickedPods,
        remainingPods: fill.remainingPods,
        excessPods: fill.excessPods,
        state: fill.state,
        complete: fill.complete,
      },
      price: price(boxPriceMinor(box.prices, ctx.currency)!, ctx.currency, ctx.lang),
      changeable: unchangeableReason === undefined,
      unchangeableReason,
      message:
        message ??
        (unchangeableReason
          ? words.subscription.unchangeable[unchangeableReason]
          : source === "carriedOver"
            ? words.subscription.carriedOver
            : words.subscription.changeable(deliveryDate)),
      orderCode,
    };
  }

  /** updateMonthlyFixedPriceCampaignCart: a complete pick saved for a month whose box is not placed yet. */
  async updatePicks(ctx: ShopContext, actor: Actor, request: UpdateMfpCampaignCartRequest): Promise<MfpSubscriptionCart> {
    const box = await this.deps.boxes.storeBox(ctx);
    const found = await this.ownBox(ctx, actor, request.subscriptionCode);
    const words = monthlyBoxMessagesFor(ctx.lang, ctx.site);
    const today = await this.today();
    const month = checkedMonth(ctx, request.month, today);
    const { fill, offered } = await this.completePick(ctx, box, month, request.entries);
    const names = new Map(offered.map((p) => [p.code, p.name]));
    const at = (await this.deps.clock.now()).toISOString();
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const row = (await lockSubscription(trx, found.id))!;
        const refusal = row.status === "cancelled" ? "cancelled" : boxPlacedFor(month, row.next_delivery_date) ? "placed" : null;
        if (refusal)
          throw new ShopError("invalid", { type: "ValidationError", reason: refusal, subject: "month", message: words.subscription.unchangeable[refusal] });
        await savePicks(trx, row.id, month, fill.entries, at);
        if (actor.agent)
          await this.deps.agents.auditWriter(ctx.site, actor)(
            trx,
            "changed monthly box picks",
            `${row.code} ${month}: ${fill.entries.map((p) => `${p.quantity} × ${names.get(p.code) ?? p.code}`).join(", ")}`,
          );
      }),
    );
    return this.view(ctx, box, (await findSubscription(this.deps.db, ctx.site, found.code))!, month, words.subscription.saved(month));
  }

  /** Records an agent's read of a box. */
  async audit(ctx: ShopContext, actor: Actor, action: AuditAction, detail: string): Promise<void> {
    await this.deps.agents.record(ctx.site, actor, action, detail);
  }

  /**
   * The step that starts the box's subscription when the cart holds a box (undefined otherwise),
   * checked before anything is held: signed in, a card for the months after, and the pick still a
   * complete box of this month's selection. In the order's transaction: the subscription (kind
   * monthlyBox, next box on the box day of next month) and this month's picks.
   */
  async checkoutStep({
    ctx,
    owner,
    view,
    card,
    today,
  }: {
    ctx: ShopContext;
    owner: CartOwner;
    view: Checkout;
    card: StoredCard | null;
    today: string;
  }): Promise<InOrderStep | undefined> {
    const cartBox = view.cart.monthlyBox;
    if (!cartBox) return undefined;
    const words = monthlyBoxMessagesFor(ctx.lang, ctx.site);
    if (owner === "anonymous") throw checkoutProblem("signInToSubscribe", "cart", words.subscription.signIn);
    if (!card)
      throw checkoutProblem("cardForAutoDelivery", "payment", "Auto-delivery needs a card for the deliveries after this one. Add a card to place your order.");
    const box = await this.deps.boxes.storeBox(ctx);
    const month = monthOf(today);
    const picks = cartBox.picks.map((p) => ({ code: p.code, quantity: p.quantity }));
    const { fill } = await this.completePick(ctx, box, month, picks, words.subscription.noLongerComplete);
    return async (trx, order, now) => {
      const at = now.toISOString();
      const row = await insertSubscription(
        trx,
        {
          code: newSubscriptionCode(),
          site: ctx.site,
          customer_id: owner.customerId,
          lang: ctx.lang,
          currency: ctx.currency,
          kind: "monthlyBox",
          campaign_id: box.id,
          // A box ships monthly on its box day; the AD columns hold neutral values it does not read.
          ad_type: "ADF",
          status: "active",
          frequency_weeks: 4,
          next_delivery_date: followingBoxDelivery(today),
          delivery_address: order.delivery_address,
          delivery_mode: "standard",
          card: JSON.stringify(card),
          out_of_stock: "replace",
          first_order_code: order.code,
          created_at: at,
          updated_at: at,
        },
        [],
      );
      await savePicks(trx, row.id, month, fill.entries, at);
    };
  }

  /**
   * The lines of a box subscription's delivery on `date`: that month's picks (saved, else carried
   * over), a pick short of stock swapped by the same rule, priced together at the box's price.
   * `picksToSave` is set when the picks shipped are not the month's saved ones (kept with the order).
   */
  async deliveryLines(ctx: ShopContext, row: SubscriptionRow, date: string): Promise<BoxDelivery> {
    const words = monthlyBoxMessagesFor(ctx.lang, ctx.site).subscription;
    const box = await this.deps.boxes.storeBox(ctx);
    const month = monthOf(date);
    const offered = await this.deps.boxes.offered(ctx, box, month);
    const codes = offered.map((p) => p.code);
    const byCode = new Map(offered.map((p) => [p.code, p]));
    const nameOf = (code: string) => byCode.get(code)?.name ?? code;
    const { source, picks, swaps } = await this.monthPicks(row, month, offered);
    const notes = swaps.map((s) => words.swapped(nameOf(s.code), s.replacedBy.map(nameOf).join(", ")));
    const stock = await stockLevels(this.deps.db, codes);
    const stocked = carryOverPicks(picks, codes, stock);
    notes.push(...stocked.swaps.map((s) => words.outOfStock(nameOf(s.code), s.replacedBy.map(nameOf).join(", "))));
    const fill = fillBox(stocked.picks, new Map(offered.map((p) => [p.code, p.pods])), box.box_pods);
    if (!stocked.full || !fill.complete) return { lines: [], notes, picksToSave: null, priceMinor: 0 };
    const priceMinor = boxPriceMinor(box.prices, ctx.currency)!;
    const spread = spreadBoxPrice(
      priceMinor,
      fill.entries.map((p) => p.quantity),
    );
    const products = await this.deps.carts.productsFor(
      ctx,
      row.customer_id,
      fill.entries.map((p) => p.code),
    );
    const lines = fill.entries.map((p, i) => {
      const product = products.get(p.code);
      return {
        productCode: p.code,
        name: product?.name ?? nameOf(p.code),
        url: product?.url ?? byCode.get(p.code)?.url ?? "",
        packLabel: product?.variantOptions.find((v) => v.code === p.code)?.packLabel,
        entryType: "ADF" as const,
        quantity: p.quantity,
        unitMinor: spread[i]!.unitMinor,
        totalMinor: spread[i]!.totalMinor,
      };
    });
    const changed = source !== "saved" || stocked.swaps.length > 0;
    return {
      lines,
      notes: [words.boxHeading(month, price(priceMinor, ctx.currency, ctx.lang).formattedValue), ...notes],
      picksToSave: changed ? { month, picks: fill.entries.map((p) => ({ code: p.code, quantity: p.quantity })) } : null,
      priceMinor,
    };
  }

  /** The reminder's list of a box's next delivery: that month's picks (saved or carried over), one line each. */
  async reminderList(ctx: ShopContext, row: SubscriptionRow): Promise<string> {
    const box = await this.deps.boxes.storeBox(ctx);
    const offered = await this.deps.boxes.offered(ctx, box, monthOf(row.next_delivery_date));
    const names = new Map(offered.map((p) => [p.code, p.name]));
    const { picks } = await this.monthPicks(row, monthOf(row.next_delivery_date), offered);
    return picks.map((p) => `${p.quantity} × ${names.get(p.code) ?? p.code}`).join("\n");
  }

  /** A box subscription as the auto-delivery answers show it: its kind, its box's facts and its next box's picks as items. */
  async describe(ctx: ShopContext, rows: readonly SubscriptionRow[], views: Subscription[]): Promise<Subscription[]> {
    if (!rows.some((r) => r.kind === "monthlyBox")) return views;
    const box = await this.deps.boxes.storeBox(ctx).catch(() => undefined);
    const words = monthlyBoxMessagesFor(ctx.lang, ctx.site);
    const out: Subscription[] = [];
    for (const view of views) {
      const row = rows.find((r) => r.code === view.code);
      if (!row || row.kind !== "monthlyBox" || !box) {
        out.push({ ...view, kind: row?.kind ?? "autoDelivery" });
        continue;
      }
      const month = monthOf(row.next_delivery_date);
      const offered = await this.deps.boxes.offered(ctx, box, month);
      const names = new Map(offered.map((p) => [p.code, p.name]));
      const { source, picks } = await this.monthPicks(row, month, offered);
      out.push({
        ...view,
        kind: "monthlyBox",
        items: picks.map((p) => ({ productCode: p.code, name: names.get(p.code) ?? p.code, quantity: p.quantity, nextOnly: false })),
        monthlyBox: {
          campaignId: box.id,
          name: words.name,
          boxDay: boxDayOfRow(row),
          boxPods: box.box_pods,
          price: price(boxPriceMinor(box.prices, ctx.currency)!, ctx.currency, ctx.lang),
          nextMonth: month,
          nextPicksSource: source,
          restrictions: words.subscription.restrictions,
        },
      });
    }
    return out;
  }
}

/** What the runner ships for a box's month. */
export interface BoxDelivery {
  lines: {
    productCode: string;
    name: string;
    url: string;
    packLabel: string | undefined;
    entryType: "ADF";
    quantity: number;
    unitMinor: number;
    totalMinor: number;
  }[];
  notes: string[];
  picksToSave: { month: string; picks: PickEntry[] } | null;
  priceMinor: number;
}

/** The refusal of an auto-delivery change a monthly box does not take (frequency, products, date, pods at home). */
export function boxRefusal(ctx: ShopContext): ShopError {
  return new ShopError("invalid", {
    type: "AutoDeliveryError",
    reason: "monthlyBox",
    subject: "code",
    message: monthlyBoxMessagesFor(ctx.lang, ctx.site).subscription.refused,
  });
}

/** When a paused box resumes: its stored next box while that is still ahead, else the first box day from today. */
export function resumedBoxDate(row: Pick<SubscriptionRow, "next_delivery_date">, today: string): string {
  if (row.next_delivery_date > today) return row.next_delivery_date;
  const thisMonth = boxDeliveryDate(monthOf(today), boxDayOfRow(row));
  return thisMonth >= today ? thisMonth : followingBoxDelivery(thisMonth);
}
