import { randomBytes, randomInt } from "node:crypto";
import {
  type Cart,
  type CartChange,
  type CartEntry,
  type CartLineRequest,
  type CartModificationStatus,
  type CartValidation,
  type MergedCart,
  RECURRING_ENTRY_TYPES,
  type RemoveAdEntryRequest,
  type UpdateCartRequest,
} from "../contract/cart";
import { adEligible } from "../contract/auto-delivery";
import type { CampaignSaleRefusal, CartEntryCampaign } from "../contract/campaigns";
import type { BrandId } from "../contract/common";
import type { Product } from "../contract/product";
import {
  type CartEntryRow,
  type CartRow,
  cartEntries,
  type NewCart,
  deleteCartEntry,
  findCartByGuid,
  findOpenCartOf,
  insertCart,
  insertCartEntry,
  lockCartByGuid,
  lockOpenCartOf,
  stockLevels,
  touchCart,
  updateCartEntry,
} from "../db/carts";
import { cartCoupons, moveCartCoupons, productCategories } from "../db/coupons";
import { findCustomer } from "../db/customers";
import { type CartRewardRow, cartRewardRows } from "../db/loyalty";
import { deleteCampaignBundle, insertCampaignEntries } from "../db/campaigns";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import { groupsOf } from "./account-rules";
import { autoDeliverySettings, autoDeliveryUnitMinor, checkPodsAtHome, type OrderKind } from "./auto-delivery-rules";
import { campaignMessagesFor } from "./campaign-messages";
import { lineRecipeOf, recipeText, type StoredRecipe } from "./design-rules";
import { capAdd, checkLines, insufficientStock, maxQuantityReached, planMerge, podsAtHomeFor } from "./cart-rules";
import type { CatalogService } from "./catalog-service";
import { type CartCoupons, NO_COUPONS, couponOf, discountCart } from "./coupon-rules";
import { ShopError } from "./errors";
import { type Clock, systemClock } from "./clock";
import { type CartBox, cartBoxFor, cartBoxView, isPick, pickPrices } from "./monthly-box-cart";
import { deleteBoxEntries } from "../db/monthly-box";
import { monthlyBoxMessagesFor } from "./monthly-box-messages";
import { price } from "./pricing";
import { priceRewards } from "./reward-rules";
import type { ShopContext } from "./shop-context";
import { unavailableWhenBusy } from "./service-unavailable";

/** Whose cart: a customer's (also when an agent acts for them), or an anonymous shopper's, known only by its guid. */
export type CartOwner = { customerId: string } | "anonymous";

/** One add's outcome, as OCC's cart modification reports it. */
export interface LineOutcome {
  entryNumber: number;
  statusCode: CartModificationStatus;
  quantityAdded: number;
  quantity: number;
}

export interface CartAdd {
  cart: Cart;
  outcomes: LineOutcome[];
}

export const cartNotFound = () =>
  new ShopError("notFound", { type: "CartError", reason: "notFound", subject: "cartGuid", subjectType: "cart", message: "Cart not found." });

const entryNotFound = () =>
  new ShopError("notFound", {
    type: "CartEntryError",
    reason: "notFound",
    subject: "entryNumber",
    subjectType: "cartEntry",
    message: "This cart has no such entry.",
  });

/** 128 random bits: an anonymous cart's guid is its only key, so it must not be guessable. */
const newGuid = () => randomBytes(16).toString("hex");
/** A reference for shoppers and customer service; carts are never found by it. */
const newCode = () => String(randomInt(10_000_000, 100_000_000));

/** How a cart entry sold in a campaign is priced and described (decision 065). */
export interface CampaignLine {
  /** The unit price instead of the catalog's (the brewer's campaign price); absent: the entry's usual price. */
  unitMinor?: number;
  campaign: CartEntryCampaign;
}

/**
 * Prices a cart's campaign entries. Asked only for a cart that holds one, so a cart without
 * campaign entries costs no extra query.
 */
export interface CampaignLinePricer {
  linesOf(ctx: ShopContext, rows: readonly CartEntryRow[], products: ReadonlyMap<string, Product>): Promise<ReadonlyMap<number, CampaignLine>>;
}

/** A campaign bundle's two entries as they are put in a cart. */
export interface CampaignBundleLines {
  campaignId: number;
  brewerCode: string;
  boxCode: string;
  boxQty: number;
  frequencyWeeks: number;
}

/** The cart's bundle, as it was before a new one took its place. */
export interface BundleInCart {
  campaignId: number;
  brewerCode: string;
  boxCode: string;
  boxQty: number;
  frequencyWeeks: number | null;
}

const isCampaignEntry = (e: CartEntryRow) => e.campaign_role === "brewer" || e.campaign_role === "box";

/** The cart's campaign bundle, read from its entries; null when it holds none. */
export function bundleOf(entries: readonly CartEntryRow[]): (BundleInCart & { brewerEntry: number; boxEntry: number }) | null {
  const brewer = entries.find((e) => e.campaign_role === "brewer");
  const box = entries.find((e) => e.campaign_role === "box");
  if (!brewer || !box || brewer.campaign_id === null) return null;
  return {
    campaignId: brewer.campaign_id,
    brewerCode: brewer.product_code,
    boxCode: box.product_code,
    boxQty: box.quantity,
    frequencyWeeks: box.frequency_weeks,
    brewerEntry: brewer.entry_number,
    boxEntry: box.entry_number,
  };
}

/** The cart's products changed between the plain read before a write and the write itself. */
class ProductsNeeded extends Error {
  constructor(readonly codes: readonly string[]) {
    super("product views needed for cart lines");
  }
}

/**
 * Carts: anonymous ones by guid, a customer's one open cart per site. Every write is one write
 * transaction that locks the cart first, so writers of one cart take turns. Prices are never
 * stored: each read prices the lines from the catalog for the owner's price groups, so a price
 * change or a new membership shows on the next read.
 */
export class CartService {
  constructor(private readonly deps: { db: Db; catalog: CatalogService; clock?: Clock; campaignLines?: CampaignLinePricer }) {}

  /**
   * Adds lines (creating the cart when no guid is given); all of them or, with an error, none.
   * `whole`: a line that could only be added in part (stock, line maximum) refuses them all, as a
   * bundle must be added complete or not at all.
   */
  async add(
    ctx: ShopContext,
    owner: CartOwner,
    cartGuid: string | undefined,
    lines: readonly (CartLineRequest & { recipe?: StoredRecipe })[],
    { whole = false } = {},
  ): Promise<CartAdd> {
    const wanted = lines.map((l) => ({ ...l, pods: podsAtHomeFor(l.entryType, l.podsAtHomeQty), recipe: l.recipe ? recipeText(l.recipe) : null }));
    if (wanted.some((l) => l.pods !== null)) {
      const settings = await autoDeliverySettings(this.deps.db, ctx.site);
      for (const line of wanted) checkPodsAtHome(line.pods, settings);
    }
    // The cart first: a guid that is not the caller's answers the same whatever the products are.
    if (cartGuid) {
      const known = await findCartByGuid(this.deps.db, cartGuid);
      if (!known || !owns(known, ctx, owner)) throw cartNotFound();
    }
    const priced = await this.pricedFor(ctx, owner);
    const products = await this.sellable(priced, [...new Set(wanted.map((l) => l.productCode))]);
    for (const line of wanted) if (!products.has(line.productCode)) throw await this.whyNotSellable(priced, line.productCode);
    // The product page offers auto-delivery only where it may come that way; a posted form is checked again here.
    for (const line of wanted) {
      const product = products.get(line.productCode)!;
      if (line.entryType !== "STD" && !adEligible(product, ctx.site)) throw notForAutoDelivery(product);
    }

    const { db } = this.deps;
    const outcome = await unavailableWhenBusy(() =>
      writeTransaction(db, async (trx) => {
        const now = new Date().toISOString();
        const { cart, created } = await this.lockedOrNewCart(trx, ctx, owner, cartGuid);
        const entries = created ? [] : await cartEntries(trx, cart.id);
        const stock = await stockLevels(
          trx,
          wanted.map((l) => l.productCode),
        );
        const outcomes: LineOutcome[] = [];
        for (const line of wanted) {
          // A campaign bundle's entry is the campaign's: a plain add makes its own line. So does a
          // drink design's pods: one line per design as it was added (decision 073).
          const existing = entries.find(
            (e) => e.product_code === line.productCode && e.entry_type === line.entryType && !isCampaignEntry(e) && (e.recipe ?? null) === line.recipe,
          );
          if (existing && isPick(existing)) throw inTheBox(ctx, line.productCode);
          const others = entries.filter((e) => e.product_code === line.productCode && e !== existing).reduce((sum, e) => sum + e.quantity, 0);
          const cap = withSubject(line.productCode, () =>
            capAdd({ current: existing?.quantity ?? 0, requested: line.qty, otherLinesOfProduct: others, stock: stock.get(line.productCode) ?? 0 }),
          );
          if (whole && cap.added < line.qty) throw partOnly(line.productCode, cap);
          let entryNumber: number;
          if (existing) {
            existing.quantity = cap.quantity;
            existing.pods_at_home_qty = line.pods ?? existing.pods_at_home_qty;
            await updateCartEntry(trx, existing.id, { quantity: existing.quantity, pods_at_home_qty: existing.pods_at_home_qty }, now);
            entryNumber = existing.entry_number;
          } else {
            const row = await insertCartEntry(
              trx,
              {
                cart_id: cart.id,
                entry_number: nextEntryNumber(entries),
                product_code: line.productCode,
                entry_type: line.entryType,
                quantity: cap.quantity,
                pods_at_home_qty: line.pods,
                recipe: line.recipe,
              },
              now,
            );
            entries.push(row);
            entryNumber = row.entry_number;
          }
          outcomes.push({ entryNumber, statusCode: cap.statusCode, quantityAdded: cap.added, quantity: cap.quantity });
        }
        if (!created) await touchCart(trx, cart.id, now);
        return { cart, outcomes, created, entries };
      }),
    );
    // Nobody else knows a cart made just now: its lines are the ones written, its products were
    // priced above, and it has no coupons yet, so it is shown without reading it back.
    const cart = outcome.created
      ? buildCart(priced, outcome.cart, outcome.entries, products, NO_COUPONS, [], await this.subscriberPercent(ctx.site, outcome.entries))
      : await this.view(priced, outcome.cart);
    return { cart, outcomes: outcome.outcomes };
  }

  /** An open cart of this owner on this site; any other guid is unknown to them (404). */
  async read(ctx: ShopContext, owner: CartOwner, guid: string): Promise<Cart> {
    const cart = await findCartByGuid(this.deps.db, guid);
    if (!cart || !owns(cart, ctx, owner)) throw cartNotFound();
    return this.view(await this.pricedFor(ctx, owner), cart);
  }

  /** The owner's open cart with its stored row, for workflows that go on to what hangs off the row (checkout, gift cards). */
  async readWithRow(ctx: ShopContext, owner: CartOwner, guid: string): Promise<{ row: CartRow; cart: Cart }> {
    const row = await findCartByGuid(this.deps.db, guid);
    if (!row || !owns(row, ctx, owner)) throw cartNotFound();
    return { row, cart: await this.view(await this.pricedFor(ctx, owner), row) };
  }

  /** The customer's open cart on this site; 404 while they have none. */
  async current(ctx: ShopContext, customerId: string): Promise<Cart> {
    return (await this.currentWithRow(ctx, customerId)).cart;
  }

  /** The customer's open cart on this site with its stored row; 404 while they have none. */
  async currentWithRow(ctx: ShopContext, customerId: string): Promise<{ row: CartRow; cart: Cart }> {
    const row = await findOpenCartOf(this.deps.db, customerId, ctx.site);
    if (!row) throw cartNotFound();
    return { row, cart: await this.view(await this.pricedFor(ctx, { customerId }), row) };
  }

  /** A line's new quantity; 0 removes it. More units than the stock allows are refused, fewer always allowed. */
  async update(ctx: ShopContext, owner: CartOwner, request: UpdateCartRequest): Promise<Cart> {
    const priced = await this.pricedFor(ctx, owner);
    // Whether the product is still sold is read before the transaction: product views come through
    // the pool, which on SQLite must not be asked while the transaction holds its one connection.
    const known = await findCartByGuid(this.deps.db, request.cartGuid);
    if (!known || !owns(known, ctx, owner)) throw cartNotFound();
    const before = (await cartEntries(this.deps.db, known.id)).find((e) => e.entry_number === request.entryNumber);
    if (!before) throw entryNotFound();
    if (isCampaignEntry(before) && request.qty !== 0 && request.qty !== before.quantity) {
      const reason: CampaignSaleRefusal = before.campaign_role === "brewer" ? "brewerQuantityFixed" : "boxQuantityFixed";
      throw new ShopError("invalid", { type: "CampaignError", reason, subject: "qty", message: campaignMessagesFor(ctx.lang, ctx.site).sale[reason] });
    }
    if (request.qty > before.quantity && !(await this.sellable(priced, [before.product_code])).has(before.product_code)) {
      throw await this.whyNotSellable(priced, before.product_code);
    }
    return this.changeEntry(priced, owner, request.cartGuid, request.entryNumber, async (trx, entry, entries) => {
      // A monthly box is changed whole: 0 on any of its lines takes the box off the cart.
      if (isPick(entry)) {
        if (request.qty !== 0) throw inTheBox(ctx, entry.product_code);
        await deleteBoxEntries(trx, entry.cart_id);
        return;
      }
      // The campaign price stands only with its commitment: either entry of a bundle goes with the other.
      if (request.qty === 0) return isCampaignEntry(entry) ? deleteCampaignBundle(trx, entry.cart_id) : deleteCartEntry(trx, entry.id);
      // A bundle's entry keeps its quantity (checked above): the same quantity again changes nothing.
      if (isCampaignEntry(entry)) return;
      // The line was removed and its number reused in between: it is not the line the shopper meant.
      if (entry.product_code !== before.product_code || entry.entry_type !== before.entry_type) throw entryNotFound();
      if (request.qty > entry.quantity) {
        const stock = (await stockLevels(trx, [entry.product_code])).get(entry.product_code) ?? 0;
        const others = entries.filter((e) => e.product_code === entry.product_code && e.id !== entry.id).reduce((sum, e) => sum + e.quantity, 0);
        const room = Math.max(0, stock - others);
        if (request.qty > room) throw insufficientStock(Math.max(0, room - entry.quantity), entry.product_code);
      }
      await updateCartEntry(trx, entry.id, { quantity: request.qty, pods_at_home_qty: entry.pods_at_home_qty }, new Date().toISOString());
    });
  }

  /** Removes an auto-delivery line; a one-off line is removed with updateCart instead. */
  async removeRecurringEntry(ctx: ShopContext, owner: CartOwner, request: RemoveAdEntryRequest): Promise<Cart> {
    const priced = await this.pricedFor(ctx, owner);
    return this.changeEntry(priced, owner, request.cartGuid, request.entryNumber, async (trx, entry) => {
      if (!RECURRING_ENTRY_TYPES.includes(entry.entry_type)) {
        throw new ShopError("invalid", {
          type: "CartEntryError",
          reason: "notRecurring",
          subject: "entryNumber",
          message: "This entry is not an auto-delivery item; change its quantity to 0 to remove it.",
        });
      }
      if (isCampaignEntry(entry)) return deleteCampaignBundle(trx, entry.cart_id);
      await deleteCartEntry(trx, entry.id);
    });
  }

  /**
   * Puts a campaign bundle in the customer's cart (decision 065): the brewer (one, STD) and the
   * box (ADC at the chosen frequency), in one transaction under the cart's lock. A cart holds one
   * bundle: another takes its place (answered as `replaced`); the same bundle again (a double
   * submit) is left as it is. The caller has checked the campaign, the customer and the products.
   */
  async putCampaignBundle(
    ctx: ShopContext,
    customerId: string,
    /** Absent: the customer's open cart, made when they have none. */
    guid: string | undefined,
    bundle: CampaignBundleLines,
  ): Promise<{ cart: Cart; brewerEntryNumber: number; boxEntryNumber: number; replaced: BundleInCart | null }> {
    const owner: CartOwner = { customerId };
    const priced = await this.pricedFor(ctx, owner);
    const outcome = await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const now = new Date().toISOString();
        const cart = await this.cartForWrite(trx, ctx, owner, guid);
        const entries = await cartEntries(trx, cart.id);
        const before = bundleOf(entries);
        if (
          before &&
          before.campaignId === bundle.campaignId &&
          before.brewerCode === bundle.brewerCode &&
          before.boxCode === bundle.boxCode &&
          before.boxQty === bundle.boxQty &&
          before.frequencyWeeks === bundle.frequencyWeeks
        ) {
          return { cart, brewerEntryNumber: before.brewerEntry, boxEntryNumber: before.boxEntry, replaced: null };
        }
        const kept = entries.filter((e) => !isCampaignEntry(e));
        const units = (code: string) => kept.filter((e) => e.product_code === code).reduce((sum, e) => sum + e.quantity, 0);
        const stock = await stockLevels(trx, [bundle.brewerCode, bundle.boxCode]);
        const wanted = new Map<string, number>([[bundle.brewerCode, 1]]);
        wanted.set(bundle.boxCode, (wanted.get(bundle.boxCode) ?? 0) + bundle.boxQty);
        for (const [code, qty] of wanted) {
          const room = Math.max(0, (stock.get(code) ?? 0) - units(code));
          if (qty > room) throw insufficientStock(room, code);
        }
        await deleteCampaignBundle(trx, cart.id);
        const first = nextEntryNumber(entries);
        await insertCampaignEntries(
          trx,
          [
            {
              cart_id: cart.id,
              entry_number: first,
              product_code: bundle.brewerCode,
              entry_type: "STD",
              quantity: 1,
              campaign_id: bundle.campaignId,
              campaign_role: "brewer",
              frequency_weeks: null,
            },
            {
              cart_id: cart.id,
              entry_number: first + 1,
              product_code: bundle.boxCode,
              entry_type: "ADC",
              quantity: bundle.boxQty,
              campaign_id: bundle.campaignId,
              campaign_role: "box",
              frequency_weeks: bundle.frequencyWeeks,
            },
          ],
          now,
        );
        await touchCart(trx, cart.id, now);
        const replaced = before
          ? {
              campaignId: before.campaignId,
              brewerCode: before.brewerCode,
              boxCode: before.boxCode,
              boxQty: before.boxQty,
              frequencyWeeks: before.frequencyWeeks,
            }
          : null;
        return { cart, brewerEntryNumber: first, boxEntryNumber: first + 1, replaced };
      }),
    );
    return { ...outcome, cart: await this.view(priced, outcome.cart) };
  }

  /** The owner's open cart row and its entries, as stored (404 when it is not theirs). */
  async entriesOf(ctx: ShopContext, owner: CartOwner, guid: string): Promise<{ row: CartRow; entries: CartEntryRow[] }> {
    const row = await findCartByGuid(this.deps.db, guid);
    if (!row || !owns(row, ctx, owner)) throw cartNotFound();
    return { row, entries: await cartEntries(this.deps.db, row.id) };
  }

  /**
   * At sign-in: the anonymous cart joins the customer's open cart (created when there is none),
   * in one transaction. Lines of the same product and entry type are summed, then capped at the
   * line maximum and the stock; products no longer sold are left out. The anonymous cart is
   * marked merged and can no longer be read or changed.
   */
  async merge(ctx: ShopContext, customerId: string, anonymousGuid: string): Promise<MergedCart> {
    const owner: CartOwner = { customerId };
    const priced = await this.pricedFor(ctx, owner);
    const anonymous = await findCartByGuid(this.deps.db, anonymousGuid);
    if (!anonymous || !owns(anonymous, ctx, "anonymous")) throw cartNotFound();
    const member = await findOpenCartOf(this.deps.db, customerId, ctx.site);
    const codes = new Set(
      [...(await cartEntries(this.deps.db, anonymous.id)), ...(member ? await cartEntries(this.deps.db, member.id) : [])].map((e) => e.product_code),
    );
    let products = await this.sellable(priced, [...codes]);
    for (;;) {
      try {
        const outcome = await unavailableWhenBusy(() =>
          writeTransaction(this.deps.db, async (trx) => {
            const now = new Date().toISOString();
            const anon = await lockCartByGuid(trx, anonymousGuid);
            if (!anon || !owns(anon, ctx, "anonymous")) throw cartNotFound();
            const mine = await lockOpenCartOf(trx, newCartRow(ctx, customerId, now));
            const [anonLines, allMemberLines] = [await cartEntries(trx, anon.id), await cartEntries(trx, mine.id)];
            // A campaign bundle's entries keep their quantities: a guest's line of the same product becomes a line of its own.
            // So do a drink design's (a guest has none): the design stays on its own line.
            const memberLines = allMemberLines.filter((e) => !isCampaignEntry(e) && !e.recipe);
            const unseen = [...anonLines, ...memberLines].map((e) => e.product_code).filter((c) => !codes.has(c));
            if (unseen.length) throw new ProductsNeeded(unseen);
            const stock = await stockLevels(
              trx,
              anonLines.map((e) => e.product_code),
            );
            const plan = planMerge(
              memberLines.map(lineOf),
              anonLines.map((e) => ({ ...lineOf(e), podsAtHomeQty: e.pods_at_home_qty })),
              (code) => (products.has(code) ? (stock.get(code) ?? 0) : undefined),
            );
            let entryNumber = nextEntryNumber(allMemberLines);
            for (const line of plan.lines) {
              const existing = memberLines.find((e) => e.product_code === line.productCode && e.entry_type === line.entryType);
              if (existing) {
                await updateCartEntry(trx, existing.id, { quantity: line.quantity, pods_at_home_qty: existing.pods_at_home_qty ?? line.podsAtHomeQty }, now);
              } else {
                await insertCartEntry(
                  trx,
                  {
                    cart_id: mine.id,
                    entry_number: entryNumber++,
                    product_code: line.productCode,
                    entry_type: line.entryType,
                    quantity: line.quantity,
                    pods_at_home_qty: line.podsAtHomeQty,
                  },
                  now,
                );
              }
            }
            await moveCartCoupons(trx, anon.id, mine.id, now);
            await touchCart(trx, anon.id, now, "merged");
            await touchCart(trx, mine.id, now);
            return { cart: mine, changes: plan.changes };
          }),
        );
        return { cart: await this.view(priced, outcome.cart), changes: outcome.changes };
      } catch (err) {
        // A line was added between the read above and the transaction: read its product, then start over.
        if (!(err instanceof ProductsNeeded)) throw err;
        for (const code of err.codes) codes.add(code);
        products = await this.sellable(priced, [...codes]);
      }
    }
  }

  /** What checkout would have to change (stock, line maximum, products no longer sold); asking changes nothing. */
  async validate(ctx: ShopContext, owner: CartOwner, guid: string): Promise<CartValidation> {
    const { cart, changes } = await this.readChecked(ctx, owner, guid);
    return { valid: changes.length === 0, cart, changes };
  }

  /** The owner's cart with its stored row and what checkout would have to change, from one read of its lines and products. */
  async readChecked(ctx: ShopContext, owner: CartOwner, guid: string): Promise<{ row: CartRow; cart: Cart; changes: CartChange[] }> {
    const row = await findCartByGuid(this.deps.db, guid);
    if (!row || !owns(row, ctx, owner)) throw cartNotFound();
    const priced = await this.pricedFor(ctx, owner);
    const entries = await cartEntries(this.deps.db, row.id);
    const rewards = await this.rewardsOf(row);
    const products = await this.sellable(priced, [...new Set([...entries.map((e) => e.product_code), ...rewardItems(rewards)])]);
    const stock = await stockLevels(
      this.deps.db,
      entries.map((e) => e.product_code),
    );
    const changes = checkLines(entries.map(lineOf), (code) => (products.has(code) ? (stock.get(code) ?? 0) : undefined));
    const percent = await this.subscriberPercent(ctx.site, entries);
    const box = await this.boxOf(priced, entries);
    const campaign = await this.campaignLinesOf(priced, entries, products);
    return { row, cart: buildCart(priced, row, entries, products, await this.couponsOf(row.id, entries), rewards, percent, box, campaign), changes };
  }

  /** Runs `change` on one entry of the owner's cart inside a write transaction, then answers the cart. */
  private async changeEntry(
    priced: ShopContext,
    owner: CartOwner,
    guid: string,
    entryNumber: number,
    change: (trx: Db, entry: CartEntryRow, entries: CartEntryRow[]) => Promise<void>,
  ): Promise<Cart> {
    const cart = await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const cart = await this.cartForWrite(trx, priced, owner, guid);
        const entries = await cartEntries(trx, cart.id);
        const entry = entries.find((e) => e.entry_number === entryNumber);
        if (!entry) throw entryNotFound();
        await change(trx, entry, entries);
        await touchCart(trx, cart.id, new Date().toISOString());
        return cart;
      }),
    );
    return this.view(priced, cart);
  }

  /** The cart to write to, locked: the owner's by guid, or else a new anonymous cart or the customer's open one. */
  async cartForWrite(trx: Db, ctx: ShopContext, owner: CartOwner, guid: string | undefined): Promise<CartRow> {
    return (await this.lockedOrNewCart(trx, ctx, owner, guid)).cart;
  }

  /** cartForWrite's cart, and whether it was made just now (a guest's first add): such a cart has no lines or coupons yet. */
  private async lockedOrNewCart(trx: Db, ctx: ShopContext, owner: CartOwner, guid: string | undefined): Promise<{ cart: CartRow; created: boolean }> {
    if (guid) {
      const cart = await lockCartByGuid(trx, guid);
      if (!cart || !owns(cart, ctx, owner)) throw cartNotFound();
      return { cart, created: false };
    }
    const now = new Date().toISOString();
    if (owner === "anonymous") return { cart: await insertCart(trx, newCartRow(ctx, null, now)), created: true };
    return { cart: await lockOpenCartOf(trx, newCartRow(ctx, owner.customerId, now)), created: false };
  }

  /** The context the owner's prices are computed in: the customer's own groups, whoever asks (an agent too). */
  private async pricedFor(ctx: ShopContext, owner: CartOwner): Promise<ShopContext> {
    if (owner === "anonymous") return { ...ctx, userGroups: [] };
    const customer = await findCustomer(this.deps.db, owner.customerId);
    return { ...ctx, userGroups: customer ? groupsOf(customer) : [] };
  }

  /** The products of these codes as this customer's cart prices them (auto-delivery orders are priced with it). */
  async productsFor(ctx: ShopContext, customerId: string, codes: readonly string[]): Promise<Map<string, Product>> {
    return this.sellable(await this.pricedFor(ctx, { customerId }), codes);
  }

  /** The products of these codes a shopper can put in a cart on this site, priced for `priced`. */
  private async sellable(priced: ShopContext, codes: readonly string[]): Promise<Map<string, Product>> {
    const found = await this.deps.catalog.products(priced, codes, "DEFAULT");
    return new Map(found.filter(isSellableItem).map((p) => [p.code, p]));
  }

  private async whyNotSellable(priced: ShopContext, code: string): Promise<ShopError> {
    const [product] = await this.deps.catalog.products(priced, [code], "DEFAULT");
    if (!product) {
      return new ShopError("notFound", {
        type: "UnknownIdentifierError",
        subject: "productCode",
        subjectType: "product",
        message: `Product '${code}' is not sold on this site.`,
      });
    }
    return new ShopError("invalid", {
      type: "CartEntryError",
      reason: "chooseVariant",
      subject: "productCode",
      message: `Choose a size or colour of '${product.name}' to add it to your cart.`,
    });
  }

  private async view(priced: ShopContext, cart: CartRow): Promise<Cart> {
    const entries = await cartEntries(this.deps.db, cart.id);
    const rewards = await this.rewardsOf(cart);
    const products = await this.sellable(priced, [...new Set([...entries.map((e) => e.product_code), ...rewardItems(rewards)])]);
    return buildCart(
      priced,
      cart,
      entries,
      products,
      await this.couponsOf(cart.id, entries),
      rewards,
      await this.subscriberPercent(priced.site, entries),
      await this.boxOf(priced, entries),
      await this.campaignLinesOf(priced, entries, products),
    );
  }

  /** The monthly box a cart holds, read only when it has a box's line (a cart without one costs no extra query). */
  private boxOf(ctx: ShopContext, entries: readonly CartEntryRow[]): Promise<CartBox | undefined> {
    return cartBoxFor(this.deps.db, this.deps.clock ?? systemClock, ctx, entries);
  }

  /** The campaign entries' prices and blocks; nothing is read for a cart without campaign entries. */
  private async campaignLinesOf(priced: ShopContext, entries: readonly CartEntryRow[], products: ReadonlyMap<string, Product>) {
    if (!this.deps.campaignLines || !entries.some(isCampaignEntry)) return new Map<number, CampaignLine>();
    return this.deps.campaignLines.linesOf(priced, entries, products);
  }

  /** The site's subscriber percentage, read only for a cart with auto-delivery lines (a one-off cart costs no extra query). */
  private async subscriberPercent(site: BrandId, entries: readonly CartEntryRow[]): Promise<number> {
    if (!entries.some((e) => RECURRING_ENTRY_TYPES.includes(e.entry_type))) return 0;
    return (await autoDeliverySettings(this.deps.db, site)).discountPercent;
  }

  /** The perks rewards on a customer's cart (a guest's cart has none). */
  private async rewardsOf(cart: CartRow): Promise<CartRewardRow[]> {
    return cart.customer_id === null ? [] : cartRewardRows(this.deps.db, cart.id);
  }

  /** The cart's coupons and, when it has any, the categories of its products (each size's own). */
  private async couponsOf(cartId: number, entries: readonly CartEntryRow[]): Promise<CartCoupons> {
    const coupons = (await cartCoupons(this.deps.db, cartId)).map(couponOf);
    if (coupons.length === 0) return NO_COUPONS;
    return {
      coupons,
      categories: await productCategories(
        this.deps.db,
        entries.map((e) => e.product_code),
      ),
    };
  }
}

/** A product whose code names one thing to ship: not a base product that has sizes or colours to choose from. */
function isSellableItem(product: Product): boolean {
  return product.baseProduct !== undefined || product.variantOptions.length === 0;
}

/** Whether this open cart of this site is the owner's: the one rule every cart call (payments too) finds carts by. */
export function owns(cart: CartRow, ctx: ShopContext, owner: CartOwner): boolean {
  return cart.site === ctx.site && cart.status === "open" && cart.customer_id === (owner === "anonymous" ? null : owner.customerId);
}

/** The items free-box rewards put on the cart. */
function rewardItems(rewards: readonly CartRewardRow[]): string[] {
  return rewards.flatMap((r) => (r.productCode ? [r.productCode] : []));
}

function lineOf(e: CartEntryRow) {
  return { productCode: e.product_code, entryType: e.entry_type, quantity: e.quantity };
}

function newCartRow<C extends string | null>(ctx: ShopContext, customerId: C, now: string): NewCart & { customer_id: C } {
  return {
    guid: newGuid(),
    code: newCode(),
    site: ctx.site,
    customer_id: customerId,
    currency: ctx.currency,
    status: "open" as const,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The cart as the API shows it, priced now. Lines of products the site no longer sells (or
 * prices) are left out of the answer and the totals; validateCart reports them. The coupons on
 * the cart are priced on those lines, then its perks rewards on what the coupons left.
 */
export function buildCart(
  ctx: ShopContext,
  cart: CartRow,
  rows: readonly CartEntryRow[],
  products: ReadonlyMap<string, Product>,
  { coupons, categories }: CartCoupons = NO_COUPONS,
  rewardRows: readonly CartRewardRow[] = [],
  /** The site's subscriber percentage: auto-delivery lines are priced as the first AD order (decision 053). */
  subscriberPercent = 0,
  /** The monthly box the cart holds: its lines cost the box's price together (decision 067). */
  box?: CartBox,
  /** Entries sold in a campaign bundle, by entry number (decision 065). */
  campaignLines: ReadonlyMap<number, CampaignLine> = new Map(),
): Cart {
  const money = (minor: number) => price(minor, ctx.currency, ctx.lang);
  const entries: CartEntry[] = [];
  const boxRows = box ? rows.filter((r) => isPick(r) && products.has(r.product_code)) : [];
  const boxPrices = box ? pickPrices(box, boxRows) : undefined;
  for (const row of rows) {
    const product = products.get(row.product_code);
    if (!product) continue;
    const boxPrice = boxPrices?.get(row.entry_number);
    const campaign = campaignLines.get(row.entry_number);
    const unit =
      campaign?.unitMinor ?? (RECURRING_ENTRY_TYPES.includes(row.entry_type) ? autoDeliveryUnitOf(product, subscriberPercent, "first") : product.price.minor);
    entries.push({
      entryNumber: row.entry_number,
      quantity: row.quantity,
      entryType: row.entry_type,
      podsAtHomeQty: row.pods_at_home_qty ?? undefined,
      product: {
        code: product.code,
        name: product.name,
        url: product.url,
        image: product.images.find((i) => i.imageType === "PRIMARY")?.url,
        packLabel: product.variantOptions.find((v) => v.code === product.code)?.packLabel,
      },
      basePrice: money(boxPrice?.unitMinor ?? unit),
      totalPrice: money(boxPrice?.totalMinor ?? unit * row.quantity),
      updateable: !boxPrice && campaign === undefined,
      ...(boxPrice ? { campaignId: box!.campaignId, campaignRole: "pick" as const } : {}),
      ...(campaign ? { campaign: campaign.campaign, campaignId: campaign.campaign.campaignId, campaignRole: campaign.campaign.role } : {}),
      ...(row.recipe ? { recipe: lineRecipeOf(row.recipe, ctx.lang, ctx.site) } : {}),
    });
  }
  const subTotal = entries.reduce((sum, e) => sum + e.totalPrice.minor, 0);
  // The box has one price: coupons take nothing off its lines.
  const discounts = discountCart(
    entries.map((e) => ({
      productCode: e.product.code,
      categoryCodes: categories.get(e.product.code) ?? [],
      amount: e.campaignRole === "pick" ? 0 : e.totalPrice.minor,
    })),
    coupons,
    new Date(),
  );
  const rewards = priceRewards(ctx, rewardRows, products, subTotal - discounts.total);
  const totalDiscounts = discounts.total + rewards.discountMinor;
  const total = subTotal - totalDiscounts;
  const allEntries = [...entries, ...rewards.entries];
  return {
    code: cart.code,
    guid: cart.guid,
    entries: allEntries,
    totalItems: allEntries.length,
    totalUnitCount: allEntries.reduce((sum, e) => sum + e.quantity, 0),
    subTotal: money(subTotal),
    appliedCoupons: discounts.coupons.map(({ coupon, discount, refusal }) => ({
      code: coupon.code,
      description: coupon.description[ctx.lang],
      scope: coupon.scope,
      discount: money(discount),
      applies: refusal === null,
      reason: refusal ?? undefined,
      minimumSpend: refusal === "minimumSpend" ? money(coupon.minimumSpend) : undefined,
    })),
    appliedRewards: rewards.applied,
    totalDiscounts: money(totalDiscounts),
    totalTax: money(0),
    deliveryCost: money(0),
    totalPrice: money(total),
    totalPriceWithTax: money(total),
    ...(box && boxRows.length
      ? {
          monthlyBox: cartBoxView(
            ctx,
            box,
            entries
              .filter((e) => e.campaignRole === "pick")
              .map((e) => ({ entryNumber: e.entryNumber, code: e.product.code, name: e.product.name, quantity: e.quantity })),
          ),
        }
      : {}),
  };
}

/** A monthly box's line is changed only as the whole box. */
function inTheBox(ctx: ShopContext, productCode: string): ShopError {
  return new ShopError("conflict", {
    type: "CartEntryError",
    reason: "inMonthlyBox",
    subject: productCode,
    message: monthlyBoxMessagesFor(ctx.lang, ctx.site).subscription.pickOnly,
  });
}

/** Why a line that had to be added whole could only be added in part. */
function partOnly(productCode: string, cap: { added: number; statusCode: CartModificationStatus }): ShopError {
  if (cap.statusCode === "lowStock") return insufficientStock(cap.added, productCode);
  return new ShopError("invalid", { ...maxQuantityReached().item, subject: productCode });
}

/** A rule's error names the product it was about. */
function withSubject<T>(productCode: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ShopError && err.item.type === "InsufficientStockError") throw new ShopError(err.kind, { ...err.item, subject: productCode });
    throw err;
  }
}

/**
 * The number a new line of this cart gets: one past the highest among its lines, read under the
 * cart's lock in the same write transaction. A line keeps its number for its life, so the shopper's
 * forms that name an entry number keep naming the same line.
 */
function nextEntryNumber(lines: readonly CartEntryRow[]): number {
  return lines.reduce((highest, line) => Math.max(highest, line.entry_number + 1), 0);
}

/** A unit of `product` on an auto-delivery order of this kind, by its variant's sales price strategy. */
export function autoDeliveryUnitOf(product: Product, subscriberPercent: number, kind: OrderKind): number {
  const own = product.variantOptions.find((v) => v.code === product.code);
  return autoDeliveryUnitMinor({
    listMinor: own?.variantPrice.listPrice.minor ?? product.price.minor,
    saleMinor: product.price.minor,
    strategy: own?.salesPriceStrategy ?? "ALL",
    percent: subscriberPercent,
    kind,
  });
}

function notForAutoDelivery(product: Product): ShopError {
  return new ShopError("invalid", {
    type: "CartEntryError",
    reason: "notEligibleForAutoDelivery",
    subject: "entryType",
    message: `${product.name} can't come by auto-delivery; add it as a one-time purchase.`,
  });
}
