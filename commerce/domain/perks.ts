import { loadingCache } from "./caches";
import type { BrandId } from "../contract/common";
import {
  type AppliedRewards,
  type ApplyRewardRequest,
  type LedgerEntry,
  type LoyaltyDetails,
  type LoyaltyDetailsQuery,
  type LoyaltyHistory,
  type LoyaltyHistoryQuery,
  type LoyaltyPoints,
  type PerksOptInAnswer,
  type RemoveRewardRequest,
  type Reward,
  type RewardChoices,
  type RewardChoicesQuery,
  type RewardData,
  type RewardRefusal,
  REWARD_CHOICES_PAGE_SIZE,
  REWARD_BOX_SIZES,
  type SwapRewardRequest,
} from "../contract/loyalty";
import { pointsFor } from "../contract/points";
import { findCartByGuid, lockCartByGuid } from "../db/carts";
import { findCustomer } from "../db/customers";
import type { Db } from "../db/index";
import {
  activeRewards,
  cartRewardRows,
  deleteCartReward,
  findReward,
  hasOrderEntry,
  insertCartReward,
  insertLedgerEntry,
  type LedgerRow,
  ledgerPage,
  lockMember,
  pointsBalance,
  type RewardRow,
  setCartRewardItem,
  setPerksMember,
} from "../db/loyalty";
import { writeTransaction } from "../db/write-transaction";
import { type CartService, cartNotFound, owns } from "./carts";
import type { CatalogService } from "./catalog-service";
import { notFound, ShopError } from "./errors";
import { type PerksSettings, perksSettings } from "./perks-settings";
import { messagesFor } from "./messages";
import { pagination } from "./pagination";
import { price } from "./pricing";
import { BEVERAGE_CATEGORY, boxChoicesOf, isBoxChoice, rewardDescription, rewardName } from "./reward-rules";
import { unavailableWhenBusy } from "./service-unavailable";
import type { ShopContext } from "./shop-context";

export { type PerksSettings, perksSettings };

/** A perks call refused; `kind` picks the status (404 for what is not the caller's, 409 for points spent meanwhile). */
export const rewardRefusal = (reason: RewardRefusal, message: string, kind: ShopError["kind"] = "invalid", subject?: string) =>
  new ShopError(kind, { type: "RewardError", reason, subject, message });

const perksOff = () => rewardRefusal("perksOff", "Perks is not offered on this store.", "notFound");
const notMember = () => rewardRefusal("notMember", "Join perks to use rewards.", "invalid", "perksOptIn");
const unknownReward = () => rewardRefusal("unknownReward", "This reward is not offered on this store.", "notFound", "rewardCode");
const notApplied = () => rewardRefusal("notApplied", "This cart has no such reward.", "notFound", "appliedRewardId");
const notOffered = () => rewardRefusal("notOffered", "This item can't be chosen for this reward. Choose one of the reward's items.", "invalid", "productCode");

/** The points the rewards cost, and the balance they need. */
export const insufficientPoints = (needed: number, balance: number, kind: ShopError["kind"] = "invalid") =>
  rewardRefusal("insufficientPoints", `These rewards need ${needed} points and you have ${balance}. Remove a reward to continue.`, kind, "rewardCode");

/** What an order earns and spends, written in the order's transaction. */
export interface OrderPerks {
  site: BrandId;
  customerId: string | null;
  orderCode: string;
  /** The rewards on the cart as the shopper reviewed it. */
  rewards: readonly { code: string; points: number }[];
  /** Merchandise after discounts, minor units. */
  merchandiseMinor: number;
  now: Date;
}

/**
 * The order's perks, inside its write transaction: the member is locked first, so two orders
 * spending the same points take turns and the second sees the first's redemption. Rewards that
 * cost more than the balance stop the order (409) and nothing is written. A member earns the
 * brand's base points per whole dollar of merchandise after discounts. Each order earns and
 * redeems at most once, even when its placement runs again.
 */
export async function settlePerksForOrder(trx: Db, order: OrderPerks): Promise<{ earned: number; redeemed: number }> {
  const spend = order.rewards.reduce((sum, r) => sum + r.points, 0);
  if (order.customerId === null) {
    if (spend > 0) throw notMember();
    return { earned: 0, redeemed: 0 };
  }
  const settings = await perksSettings(trx, order.site);
  if (!settings.enabled) {
    if (spend > 0) throw perksOff();
    return { earned: 0, redeemed: 0 };
  }
  const member = await lockMember(trx, order.customerId);
  if (!member?.perksMember) {
    if (spend > 0) throw notMember();
    return { earned: 0, redeemed: 0 };
  }
  const at = order.now.toISOString();
  let redeemed = 0;
  if (spend > 0 && !(await hasOrderEntry(trx, order.customerId, "redeemed", order.orderCode))) {
    const balance = await pointsBalance(trx, order.customerId);
    if (balance < spend) throw insufficientPoints(spend, balance, "conflict");
    await insertLedgerEntry(trx, {
      site: order.site,
      customer_id: order.customerId,
      kind: "redeemed",
      points: -spend,
      order_code: order.orderCode,
      reward_code: order.rewards
        .map((r) => r.code)
        .join(",")
        .slice(0, 32),
      created_at: at,
    });
    redeemed = spend;
  }
  const earned = pointsFor(order.merchandiseMinor, settings.pointsPerDollar);
  if (earned > 0 && !(await hasOrderEntry(trx, order.customerId, "earned", order.orderCode))) {
    await insertLedgerEntry(trx, {
      site: order.site,
      customer_id: order.customerId,
      kind: "earned",
      points: earned,
      order_code: order.orderCode,
      reward_code: null,
      created_at: at,
    });
  }
  return { earned, redeemed };
}

/**
 * A walk-up member's order: the guest joined perks at checkout and has just made the account the
 * order now belongs to. The account joins perks and the order's points are credited, once.
 */
export async function creditWalkUpOrder(
  trx: Db,
  { site, customerId, orderCode, merchandiseMinor, now }: { site: BrandId; customerId: string; orderCode: string; merchandiseMinor: number; now: Date },
): Promise<number> {
  const settings = await perksSettings(trx, site);
  if (!settings.enabled) return 0;
  await lockMember(trx, customerId);
  await setPerksMember(trx, customerId, true);
  const earned = pointsFor(merchandiseMinor, settings.pointsPerDollar);
  if (earned === 0 || (await hasOrderEntry(trx, customerId, "earned", orderCode))) return 0;
  await insertLedgerEntry(trx, {
    site,
    customer_id: customerId,
    kind: "earned",
    points: earned,
    order_code: orderCode,
    reward_code: null,
    created_at: now.toISOString(),
  });
  return earned;
}

/** One more ledger entry outside an order (an adjustment by customer service, an expiry, a reversal); the balance may not go below zero. */
export async function addLedgerEntry(
  trx: Db,
  entry: { site: BrandId; customerId: string; kind: "adjusted" | "expired" | "reversed"; points: number; note: string; now: Date },
): Promise<void> {
  await lockMember(trx, entry.customerId);
  if (entry.points < 0) {
    const balance = await pointsBalance(trx, entry.customerId);
    if (balance + entry.points < 0) throw insufficientPoints(-entry.points, balance, "conflict");
  }
  await insertLedgerEntry(trx, {
    site: entry.site,
    customer_id: entry.customerId,
    kind: entry.kind,
    points: entry.points,
    order_code: null,
    reward_code: null,
    note: entry.note,
    created_at: entry.now.toISOString(),
  });
}

/** The ledger entry as the history shows it, in the shopper's language (a note written with the entry wins). */
function entryOf(row: LedgerRow, ctx: ShopContext): LedgerEntry {
  const words = messagesFor(ctx.lang, ctx.site).ledgerEntry;
  const description = row.note || (row.order_code ? words.ofOrder[row.kind](row.order_code) : words.plain[row.kind]);
  return {
    id: row.id,
    kind: row.kind,
    points: row.points,
    date: row.created_at,
    // A referral's order is the friend's: the member is not shown its number.
    orderCode: row.kind === "referral" ? undefined : (row.order_code ?? undefined),
    description,
  };
}

/** The day after a YYYY-MM-DD day, as the ISO timestamp a range ends before. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * Perks for the consumer stores: members' points (a ledger), their history, joining and leaving,
 * and rewards on a cart. Every call needs the customer (an agent acts for one in an assisted
 * session); the commercial store, where site configuration turns perks off, answers 404.
 * Applying a reward reserves no points: the order spends them, and a cart whose rewards cost more
 * than the balance cannot be ordered.
 */
export class PerksService {
  constructor(private readonly deps: { db: Db; carts: CartService; catalog: CatalogService }) {}

  /**
   * The brands' perks settings, read again after a minute (as the catalog's site settings): every
   * perks call needs them, and they change with a new seed or an operator's edit. The order's
   * own transaction reads them afresh.
   */
  private readonly settings = loadingCache<PerksSettings>({ max: 8, ttl: 60_000 });

  private async program(site: BrandId): Promise<PerksSettings> {
    const settings = await this.settings.forceFetch(site, { context: () => perksSettings(this.deps.db, site) });
    if (!settings.enabled) throw perksOff();
    return settings;
  }

  private async member(customerId: string): Promise<boolean> {
    return (await findCustomer(this.deps.db, customerId))?.perks_member === 1;
  }

  async points(ctx: ShopContext, customerId: string): Promise<LoyaltyPoints> {
    const settings = await this.program(ctx.site);
    const [perksOptIn, balance] = await Promise.all([this.member(customerId), pointsBalance(this.deps.db, customerId)]);
    return { customerId, perksOptIn, balance, pointsPerDollar: settings.pointsPerDollar };
  }

  async details(ctx: ShopContext, customerId: string, query: LoyaltyDetailsQuery): Promise<LoyaltyDetails> {
    const points = await this.points(ctx, customerId);
    if (query.field === "BASIC") return points;
    const range = query.startDate && query.endDate ? { from: `${query.startDate}T00:00:00.000Z`, until: dayAfter(query.endDate) } : {};
    const page = await ledgerPage(this.deps.db, customerId, range, { offset: query.currentPage * query.limit, limit: query.limit });
    const history = { entries: page.rows.map((r) => entryOf(r, ctx)), pagination: pagination(query.currentPage, query.limit, page.total) };
    if (query.field === "DEFAULT") return { ...points, history };
    return { ...points, history, rewards: await this.rewards(ctx, points.balance) };
  }

  async history(ctx: ShopContext, customerId: string, query: LoyaltyHistoryQuery): Promise<LoyaltyHistory> {
    await this.program(ctx.site);
    const range = { from: `${query.startDate}T00:00:00.000Z`, until: dayAfter(query.endDate) };
    const [page, balance] = await Promise.all([
      ledgerPage(this.deps.db, customerId, range, { offset: query.currentPage * query.limit, limit: query.limit }),
      pointsBalance(this.deps.db, customerId),
    ]);
    return {
      startDate: query.startDate,
      endDate: query.endDate,
      balance,
      entries: page.rows.map((r) => entryOf(r, ctx)),
      pagination: pagination(query.currentPage, query.limit, page.total),
    };
  }

  /** Joins (or leaves) perks. Leaving keeps the points: they are there again on rejoining. */
  async setOptIn(ctx: ShopContext, customerId: string, optIn: boolean): Promise<PerksOptInAnswer> {
    const settings = await this.program(ctx.site);
    if (optIn && !settings.optInEnabled) throw rewardRefusal("perksOff", "Joining perks is closed on this store just now.", "invalid", "perksOptIn");
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        if (!(await lockMember(trx, customerId))) throw notFound("user", "User not found.", "user");
        await setPerksMember(trx, customerId, optIn);
      }),
    );
    return { customerId, perksOptIn: optIn, balance: await pointsBalance(this.deps.db, customerId) };
  }

  async rewardData(ctx: ShopContext, customerId: string): Promise<RewardData> {
    await this.program(ctx.site);
    const balance = await pointsBalance(this.deps.db, customerId);
    return { customerId, balance, rewards: await this.rewards(ctx, balance) };
  }

  private async rewards(ctx: ShopContext, balance: number): Promise<Reward[]> {
    return (await activeRewards(this.deps.db, ctx.site)).map((r) => this.rewardOf(ctx, r, balance));
  }

  private rewardOf(ctx: ShopContext, r: RewardRow, balance: number): Reward {
    return {
      code: r.code,
      kind: r.kind,
      name: rewardName(r, ctx.lang),
      description: rewardDescription(r, ctx.lang),
      points: r.points,
      amountOff: r.kind === "amountOff" && r.amount_minor ? price(r.amount_minor, ctx.currency, ctx.lang) : undefined,
      boxSizes: r.kind === "freeBox" ? [...REWARD_BOX_SIZES] : undefined,
      affordable: balance >= r.points,
    };
  }

  /** The items a free box may hold: the beverages' best sellers, 28 products a page, in the box sizes they come in. */
  async choices(ctx: ShopContext, code: string, query: RewardChoicesQuery): Promise<RewardChoices> {
    await this.program(ctx.site);
    const reward = await findReward(this.deps.db, ctx.site, code);
    if (!reward) throw unknownReward();
    if (reward.kind !== "freeBox") return { rewardCode: code, choices: [], pagination: pagination(0, REWARD_CHOICES_PAGE_SIZE, 0) };
    const page = await this.deps.catalog.bestSellerPage(ctx, BEVERAGE_CATEGORY, query.currentPage, REWARD_CHOICES_PAGE_SIZE);
    return {
      rewardCode: code,
      choices: page.products.flatMap((p) => boxChoicesOf(p, query.boxSize)),
      pagination: pagination(query.currentPage, REWARD_CHOICES_PAGE_SIZE, page.total),
    };
  }

  /** The rewards on the cart named, or on the customer's open cart (404 while they have none). */
  async applied(ctx: ShopContext, customerId: string, guid: string | undefined): Promise<AppliedRewards> {
    await this.program(ctx.site);
    return this.answer(ctx, customerId, guid ?? (await this.deps.carts.current(ctx, customerId)).guid);
  }

  /**
   * Puts a reward on the cart (a free box with its item). Refused when the balance does not cover
   * the cart's rewards with it; the same reward and item again is answered as it stands.
   */
  async apply(ctx: ShopContext, customerId: string, request: ApplyRewardRequest): Promise<AppliedRewards> {
    await this.program(ctx.site);
    const reward = await findReward(this.deps.db, ctx.site, request.rewardCode);
    if (!reward) throw unknownReward();
    // The cart first: another shopper's guid answers the same 404 whatever the reward is.
    await this.ownCart(ctx, customerId, request.cartGuid);
    let item: string | null = null;
    if (reward.kind === "freeBox") {
      if (!request.productCode) throw rewardRefusal("chooseItem", "Choose the item for your free box.", "invalid", "productCode");
      item = await this.offeredItem(ctx, request.productCode);
    } else if (request.productCode) {
      throw rewardRefusal("notOffered", "This reward has no item to choose.", "invalid", "productCode");
    }
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const cart = await lockCartByGuid(trx, request.cartGuid);
        if (!cart || !owns(cart, ctx, { customerId })) throw cartNotFound();
        const member = await lockMember(trx, customerId);
        if (!member?.perksMember) throw notMember();
        const onCart = await cartRewardRows(trx, cart.id);
        const same = onCart.find((r) => r.reward.id === reward.id);
        // Applying what is already there (a second click) changes nothing and answers the cart; another item is a swap.
        if (same && same.productCode === item) return;
        if (same) {
          throw rewardRefusal("alreadyApplied", "This reward is already on your cart. Swap its item or remove it instead.", "invalid", "rewardCode");
        }
        const needed = onCart.reduce((sum, r) => sum + r.reward.points, reward.points);
        const balance = await pointsBalance(trx, customerId);
        if (needed > balance) throw insufficientPoints(needed, balance);
        await insertCartReward(trx, cart.id, reward.id, item, new Date().toISOString());
      }),
    );
    return this.answer(ctx, customerId, request.cartGuid);
  }

  async remove(ctx: ShopContext, customerId: string, request: RemoveRewardRequest): Promise<AppliedRewards> {
    await this.program(ctx.site);
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const cart = await lockCartByGuid(trx, request.cartGuid);
        if (!cart || !owns(cart, ctx, { customerId })) throw cartNotFound();
        if (!(await deleteCartReward(trx, cart.id, request.appliedRewardId))) throw notApplied();
      }),
    );
    return this.answer(ctx, customerId, request.cartGuid);
  }

  /** Another item of the same free-box reward. */
  async swap(ctx: ShopContext, customerId: string, request: SwapRewardRequest): Promise<AppliedRewards> {
    await this.program(ctx.site);
    await this.ownCart(ctx, customerId, request.cartGuid);
    const item = await this.offeredItem(ctx, request.productCode);
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const cart = await lockCartByGuid(trx, request.cartGuid);
        if (!cart || !owns(cart, ctx, { customerId })) throw cartNotFound();
        const applied = (await cartRewardRows(trx, cart.id)).find((r) => r.appliedId === request.appliedRewardId);
        if (!applied) throw notApplied();
        if (applied.reward.kind !== "freeBox") throw rewardRefusal("notSwappable", "Only a free box's item can be swapped.", "invalid", "appliedRewardId");
        await setCartRewardItem(trx, applied.appliedId, item);
      }),
    );
    return this.answer(ctx, customerId, request.cartGuid);
  }

  /** The customer's open cart on this site, or 404 (read without pricing it: the answer prices it once). */
  private async ownCart(ctx: ShopContext, customerId: string, guid: string): Promise<void> {
    const cart = await findCartByGuid(this.deps.db, guid);
    if (!cart || !owns(cart, ctx, { customerId })) throw cartNotFound();
  }

  /** The item, when a free box may hold it (read before the write: product views come through the pool). */
  private async offeredItem(ctx: ShopContext, productCode: string): Promise<string> {
    const [product] = await this.deps.catalog.products(ctx, [productCode], "DEFAULT");
    if (!product || !isBoxChoice(product)) throw notOffered();
    return product.code;
  }

  private async answer(ctx: ShopContext, customerId: string, guid: string): Promise<AppliedRewards> {
    const { cart } = await this.deps.carts.readWithRow(ctx, { customerId }, guid);
    return {
      cartGuid: cart.guid,
      cartQuantity: cart.totalUnitCount,
      appliedRewards: cart.appliedRewards,
      pointsToSpend: cart.appliedRewards.reduce((sum, r) => sum + r.points, 0),
      balance: await pointsBalance(this.deps.db, customerId),
      activeADs: [],
    };
  }
}
