import { createHash, timingSafeEqual } from "node:crypto";
import type { RateLimitRule, RateLimits } from "../../lib/rate-limit";
import type { Cart } from "../contract/cart";
import type { Currency } from "../contract/common";
import {
  type AppliedGiftCard,
  type CartGiftCards,
  type CartWithGiftCards,
  type GiftCardApplyValue,
  type GiftCardBalance,
  type GiftCardCredentials,
  type GiftCardRefusal,
  MAX_GIFT_CARDS_PER_CART,
  maskGiftCardNumber,
} from "../contract/gift-card";
import { type CartRow, findCartByGuid, lockCartByGuid } from "../db/carts";
import {
  type AppliedGiftCardRow,
  appliedGiftCardRows,
  cartSiteAndCurrency,
  chargeGiftCard,
  chargesOfOrder,
  deleteAppliedGiftCard,
  findGiftCard,
  type GiftCardRow,
  insertAppliedGiftCard,
  lockGiftCards,
  setAppliedAmount,
} from "../db/gift-cards";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import { type CartOwner, type CartService, cartNotFound, owns } from "./carts";
import { ShopError, TooManyRequests } from "./errors";
import { checkRequestedAmount, type GiftCardFacts, planGiftCardUse, whyUnusable } from "./gift-card-rules";
import { price } from "./pricing";
import type { ShopContext } from "./shop-context";
import { unavailableWhenBusy } from "./service-unavailable";

/**
 * Wrong numbers and PINs, counted per cart, per client address and per card number: a 4-digit
 * PIN has only 10,000 values, so guessing must stay slow wherever it comes from. Past a limit even
 * the right PIN waits (as sign-in does), so a lucky guess is not confirmed.
 */
export const GIFT_CARD_FAILURES_PER_CART: RateLimitRule = { name: "gift-card-failures-cart", points: 5, windowSeconds: 3600 };
export const GIFT_CARD_FAILURES_PER_ADDRESS: RateLimitRule = { name: "gift-card-failures-address", points: 20, windowSeconds: 3600 };
export const GIFT_CARD_FAILURES_PER_CARD: RateLimitRule = { name: "gift-card-failures-card", points: 10, windowSeconds: 3600 };

/** The one message for an unknown number and a wrong PIN, so card numbers cannot be probed. */
const NOT_RECOGNISED = "The gift card number or PIN is not right.";

const REFUSALS: Record<Exclude<GiftCardRefusal, "overBalance">, { kind: "invalid" | "notFound"; subject: string; message: string }> = {
  invalid: { kind: "invalid", subject: "number", message: NOT_RECOGNISED },
  expired: { kind: "invalid", subject: "number", message: "This gift card has expired." },
  empty: { kind: "invalid", subject: "number", message: "This gift card has no balance left." },
  blocked: { kind: "invalid", subject: "number", message: "This gift card cannot be used. Please contact customer service." },
  currency: { kind: "invalid", subject: "number", message: "This gift card is in another currency and cannot be used on this store." },
  tooMany: { kind: "invalid", subject: "number", message: `At most ${MAX_GIFT_CARDS_PER_CART} gift cards can pay for one order.` },
  notApplied: { kind: "notFound", subject: "id", message: "This gift card is not applied to your cart." },
};

export function giftCardRefusal(reason: Exclude<GiftCardRefusal, "overBalance">): ShopError {
  const { kind, subject, message } = REFUSALS[reason];
  return new ShopError(kind, { type: "GiftCardError", reason, subject, subjectType: "giftCard", message });
}

/**
 * The stored form of a card's PIN: SHA-256 of number and PIN. The number salts it (equal PINs
 * store differently); a slow hash would not help much, as a 4-digit PIN is found by trying all
 * 10,000 either way — the rate limits are what protect it.
 */
export function giftCardPinHash(number: string, pin: string): string {
  return createHash("sha256").update(`${number}:${pin}`).digest("hex");
}

function pinMatches(card: GiftCardRow, pin: string): boolean {
  const given = Buffer.from(giftCardPinHash(card.number, pin), "hex");
  const stored = Buffer.from(card.pin_hash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

function factsOf(card: GiftCardRow): GiftCardFacts {
  return { site: card.site, currency: card.currency, balance: card.balance, status: card.status, expiresAt: card.expires_at };
}

/** A card applied to a cart, as order placement and pages show it. */
export interface AppliedGiftCardView {
  /** The applied card's id (remove/{id}, apply-value). */
  id: number;
  maskedNumber: string;
  currency: string;
  balanceMinor: number;
  /** The part of the balance the shopper chose; null: as much as the order needs. */
  requestedMinor: number | null;
  expiresAt: string | null;
  /** False for a card that has expired, been blocked or emptied since it was applied: it pays nothing. */
  usable: boolean;
}

/** The cards applied to a cart, in the order they will be charged (the cart's site and currency decide which still pay). */
export async function appliedGiftCards(db: Db, cart: Pick<CartRow, "id" | "site" | "currency">): Promise<AppliedGiftCardView[]> {
  const rows = await appliedGiftCardRows(db, cart.id);
  const now = new Date();
  return rows.map((row) => viewOf(row, cart, now));
}

/** What each card would pay of `dueMinor`, in order; a card that no longer pays counts as empty. */
export function plannedUses(cards: readonly AppliedGiftCardView[], dueMinor: number): number[] {
  return planGiftCardUse(
    cards.map((c) => ({ balance: c.usable ? c.balanceMinor : 0, requested: c.requestedMinor })),
    dueMinor,
  );
}

function viewOf(row: AppliedGiftCardRow, cart: { site: string; currency: string }, now: Date): AppliedGiftCardView {
  return {
    id: row.appliedId,
    maskedNumber: maskGiftCardNumber(row.card.number),
    currency: row.card.currency,
    balanceMinor: row.card.balance,
    requestedMinor: row.amount,
    expiresAt: row.card.expires_at,
    usable: whyUnusable(factsOf(row.card), cart, now) === undefined,
  };
}

export interface GiftCardOrder {
  cartId: number;
  site: string;
  orderCode: string;
  /** What the order costs in all, in minor units; the cards pay up to this. */
  amountDueMinor: number;
  now: Date;
}

export interface GiftCardCharges {
  totalChargedMinor: number;
  cards: { maskedNumber: string; chargedMinor: number }[];
}

/**
 * Charges the cart's gift cards for an order, inside the order's write transaction (`trx`). The
 * cards are locked and read again: another order may have used them since they were applied. Each
 * card pays, in the order applied, the least of its balance now, the part the shopper chose and
 * what is still due; a card that has expired, been blocked or emptied pays nothing. What the cards
 * do not cover is left for the card payment (the caller compares totalChargedMinor with the amount
 * due). Every charge is a ledger row. Placing the same order again charges nothing more: it
 * answers what that order already charged.
 */
export async function chargeGiftCardsForOrder(trx: Db, order: GiftCardOrder): Promise<GiftCardCharges> {
  const applied = await appliedGiftCardRows(trx, order.cartId);
  if (applied.length === 0) return { totalChargedMinor: 0, cards: [] };
  const ids = applied.map((a) => a.card.id);
  const locked = await lockGiftCards(trx, ids);
  const earlier = await chargesOfOrder(trx, order.orderCode, ids);
  if (earlier.size > 0) {
    const cards = applied
      .filter((a) => earlier.has(a.card.id))
      .map((a) => ({ maskedNumber: maskGiftCardNumber(a.card.number), chargedMinor: earlier.get(a.card.id)! }));
    return { totalChargedMinor: cards.reduce((sum, c) => sum + c.chargedMinor, 0), cards };
  }
  const cart = await cartSiteAndCurrency(trx, order.cartId);
  const site = { site: order.site, currency: cart?.currency ?? "" };
  const current = applied.map((a) => ({ ...a, card: locked.get(a.card.id)! }));
  const uses = planGiftCardUse(
    current.map((a) => ({ balance: whyUnusable(factsOf(a.card), site, order.now) === undefined ? a.card.balance : 0, requested: a.amount })),
    order.amountDueMinor,
  );
  const at = order.now.toISOString();
  const cards: GiftCardCharges["cards"] = [];
  for (const [i, a] of current.entries()) {
    const use = uses[i]!;
    if (use <= 0) continue;
    // The card is locked and was just read, so the balance holds; the guard in the update is a last line.
    if (!(await chargeGiftCard(trx, a.card.id, order.orderCode, use, at))) throw new Error(`gift card ${a.card.id} changed while locked`);
    cards.push({ maskedNumber: maskGiftCardNumber(a.card.number), chargedMinor: use });
  }
  return { totalChargedMinor: cards.reduce((sum, c) => sum + c.chargedMinor, 0), cards };
}

/**
 * Gift cards on carts: check a card's balance, apply it, choose how much of it to use, remove it.
 * Applying only plans the payment; balances change when an order is placed
 * (chargeGiftCardsForOrder). A cart that is not the caller's answers 404 like an unknown one.
 */
export class GiftCardService {
  constructor(private readonly deps: { db: Db; carts: CartService; limits: RateLimits }) {}

  /** The card's balance, for a shopper who has its number and PIN. */
  async validate(
    ctx: ShopContext,
    owner: CartOwner,
    cartGuid: string,
    credentials: GiftCardCredentials,
    clientAddress: string | undefined,
  ): Promise<GiftCardBalance> {
    const cart = await this.cartOf(ctx, owner, cartGuid);
    const card = await this.recognised(ctx, cart, credentials, clientAddress);
    const reason = whyUnusable(factsOf(card), ctx, new Date());
    if (reason && reason !== "empty") throw giftCardRefusal(reason);
    return {
      maskedNumber: maskGiftCardNumber(card.number),
      balance: price(card.balance, card.currency as Currency, ctx.lang),
      expiresAt: card.expires_at ?? undefined,
    };
  }

  /** Applies the card to the cart (its whole balance, as far as needed); applying it again changes nothing. */
  async apply(
    ctx: ShopContext,
    owner: CartOwner,
    cartGuid: string,
    credentials: GiftCardCredentials,
    clientAddress: string | undefined,
  ): Promise<CartGiftCards> {
    const known = await this.cartOf(ctx, owner, cartGuid);
    const card = await this.recognised(ctx, known, credentials, clientAddress);
    const reason = whyUnusable(factsOf(card), ctx, new Date());
    if (reason) throw giftCardRefusal(reason);
    await this.write(ctx, owner, cartGuid, async (trx, cart) => {
      const applied = await appliedGiftCardRows(trx, cart.id);
      if (applied.some((a) => a.card.id === card.id)) return;
      if (applied.length >= MAX_GIFT_CARDS_PER_CART) throw giftCardRefusal("tooMany");
      await insertAppliedGiftCard(trx, cart.id, card.id, new Date().toISOString());
    });
    return this.list(ctx, owner, cartGuid);
  }

  async remove(ctx: ShopContext, owner: CartOwner, cartGuid: string, appliedId: number): Promise<CartGiftCards> {
    await this.write(ctx, owner, cartGuid, async (trx, cart) => {
      if (!(await deleteAppliedGiftCard(trx, cart.id, appliedId))) throw giftCardRefusal("notApplied");
    });
    return this.list(ctx, owner, cartGuid);
  }

  /** Uses only part of an applied card's balance: more than nothing, at most the balance. */
  async applyValue(ctx: ShopContext, owner: CartOwner, cartGuid: string, request: GiftCardApplyValue): Promise<CartGiftCards> {
    await this.write(ctx, owner, cartGuid, async (trx, cart) => {
      const applied = (await appliedGiftCardRows(trx, cart.id)).find((a) => a.appliedId === request.id);
      if (!applied) throw giftCardRefusal("notApplied");
      if (checkRequestedAmount(request.amount, applied.card.balance)) {
        const balance = price(applied.card.balance, applied.card.currency as Currency, ctx.lang).formattedValue;
        throw new ShopError("invalid", {
          type: "GiftCardError",
          reason: "overBalance",
          subject: "amount",
          subjectType: "giftCard",
          message: `Choose an amount of at most the card's balance, ${balance}.`,
        });
      }
      await setAppliedAmount(trx, applied.appliedId, request.amount);
    });
    return this.list(ctx, owner, cartGuid);
  }

  /** The cart's cards and what each would pay of the cart's total as it stands. */
  async list(ctx: ShopContext, owner: CartOwner, cartGuid: string): Promise<CartGiftCards> {
    const { row, cart } = await this.deps.carts.readWithRow(ctx, owner, cartGuid);
    return this.giftCardsPaying(ctx, row, cart);
  }

  /** The owner's cart and its gift cards, priced once: what the cart page shows. */
  async cartWithGiftCards(ctx: ShopContext, owner: CartOwner, cartGuid: string): Promise<CartWithGiftCards> {
    return this.withGiftCards(ctx, await this.deps.carts.readWithRow(ctx, owner, cartGuid));
  }

  /** A customer's open cart and its gift cards, priced once; 404 while they have no cart. */
  async currentCartWithGiftCards(ctx: ShopContext, customerId: string): Promise<CartWithGiftCards> {
    return this.withGiftCards(ctx, await this.deps.carts.currentWithRow(ctx, customerId));
  }

  private async withGiftCards(ctx: ShopContext, { row, cart }: { row: CartRow; cart: Cart }): Promise<CartWithGiftCards> {
    return { ...cart, giftCards: await this.giftCardsPaying(ctx, row, cart) };
  }

  /** What each applied card would pay of this priced cart's total. */
  private async giftCardsPaying(ctx: ShopContext, row: CartRow, cart: Cart): Promise<CartGiftCards> {
    const due = cart.totalPriceWithTax.minor;
    const views = await appliedGiftCards(this.deps.db, row);
    const uses = plannedUses(views, due);
    const money = (minor: number) => price(minor, ctx.currency, ctx.lang);
    const covered = uses.reduce((sum, u) => sum + u, 0);
    const giftCards: AppliedGiftCard[] = views.map((v, i) => ({
      id: v.id,
      maskedNumber: v.maskedNumber,
      balance: money(v.balanceMinor),
      requested: v.requestedMinor === null ? undefined : money(v.requestedMinor),
      toUse: money(uses[i]!),
      expiresAt: v.expiresAt ?? undefined,
    }));
    return { cartGuid: cart.guid, giftCards, amountDue: money(due), coveredByGiftCards: money(covered), remainingDue: money(due - covered) };
  }

  private async cartOf(ctx: ShopContext, owner: CartOwner, guid: string): Promise<CartRow> {
    const cart = await findCartByGuid(this.deps.db, guid);
    if (!cart || !owns(cart, ctx, owner)) throw cartNotFound();
    return cart;
  }

  /** One write transaction on the owner's cart, locked first so writers of one cart take turns. */
  private async write(ctx: ShopContext, owner: CartOwner, guid: string, change: (trx: Db, cart: CartRow) => Promise<void>): Promise<void> {
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const cart = await lockCartByGuid(trx, guid);
        if (!cart || !owns(cart, ctx, owner)) throw cartNotFound();
        await change(trx, cart);
      }),
    );
  }

  /**
   * The card this number and PIN name on the cart's site. Past a limit the answer is 429 whatever
   * was sent; an unknown number and a wrong PIN count as failures and answer the same.
   */
  private async recognised(ctx: ShopContext, cart: CartRow, { number, pin }: GiftCardCredentials, clientAddress: string | undefined): Promise<GiftCardRow> {
    const { limits } = this.deps;
    const counted = [
      { rule: GIFT_CARD_FAILURES_PER_CART, key: cart.guid },
      { rule: GIFT_CARD_FAILURES_PER_CARD, key: `${ctx.site}:${number}` },
      ...(clientAddress ? [{ rule: GIFT_CARD_FAILURES_PER_ADDRESS, key: clientAddress }] : []),
    ];
    for (const { rule, key } of counted) {
      const standing = await limits.standing(rule, key);
      if (!standing.allowed) throw new TooManyRequests(standing.retryAfterSeconds);
    }
    const card = await findGiftCard(this.deps.db, ctx.site, number);
    // An unknown number costs the same hash as a known one.
    const matches = card ? pinMatches(card, pin) : (giftCardPinHash(number, pin), false);
    if (!card || !matches) {
      await limits.hitAll(counted);
      throw giftCardRefusal("invalid");
    }
    return card;
  }
}
