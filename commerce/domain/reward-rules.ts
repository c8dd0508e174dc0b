import type { AppliedReward } from "../contract/cart-rewards";
import type { CartEntry } from "../contract/cart";
import { type RewardChoice, REWARD_BOX_SIZES } from "../contract/loyalty";
import type { Product, VariantOption } from "../contract/product";
import type { CartRewardRow, RewardRow } from "../db/loyalty";
import { price } from "./pricing";
import type { ShopContext } from "./shop-context";

/**
 * How perks rewards show on a cart. A free box is a zero-price entry of its chosen item; an
 * amount off is a discount taken after the coupons' (never more than what is left); free shipping
 * makes every delivery mode free at checkout. Points are not touched here: the order spends them.
 */

/** Reward entries are numbered apart from the cart's own lines (which updateCart numbers from 0), so no line form can name one. */
export const REWARD_ENTRY_BASE = 100_000;

/** The category whose best sellers a free box is chosen from. */
export const BEVERAGE_CATEGORY = "coffee";

export const rewardName = (reward: RewardRow, lang: ShopContext["lang"]) => (lang === "fr" ? reward.name_fr : reward.name_en);
export const rewardDescription = (reward: RewardRow, lang: ShopContext["lang"]) => (lang === "fr" ? reward.description_fr : reward.description_en);

export interface CartRewards {
  entries: CartEntry[];
  applied: AppliedReward[];
  /** What the amount-off rewards take off. */
  discountMinor: number;
}

/** The cart's rewards priced on what is left of the merchandise after coupons (`leftMinor`). */
export function priceRewards(ctx: ShopContext, rows: readonly CartRewardRow[], products: ReadonlyMap<string, Product>, leftMinor: number): CartRewards {
  const money = (minor: number) => price(minor, ctx.currency, ctx.lang);
  const entries: CartEntry[] = [];
  const applied: AppliedReward[] = [];
  let left = Math.max(0, leftMinor);
  let discountMinor = 0;
  for (const { appliedId, productCode, reward } of rows) {
    const base: AppliedReward = { id: appliedId, code: reward.code, kind: reward.kind, name: rewardName(reward, ctx.lang), points: reward.points };
    if (reward.kind === "freeBox") {
      const product = productCode ? products.get(productCode) : undefined;
      // An item the site no longer sells is left out, as any cart line is; the reward stays to be swapped.
      if (!product) {
        applied.push(base);
        continue;
      }
      const packLabel = variantOf(product)?.packLabel;
      entries.push({
        entryNumber: REWARD_ENTRY_BASE + appliedId,
        quantity: 1,
        entryType: "STD",
        product: {
          code: product.code,
          name: product.name,
          url: product.url,
          image: product.images.find((i) => i.imageType === "PRIMARY")?.url,
          packLabel,
        },
        basePrice: money(0),
        totalPrice: money(0),
        updateable: false,
        rewardId: appliedId,
      });
      applied.push({ ...base, item: { productCode: product.code, name: product.name, packLabel } });
    } else if (reward.kind === "amountOff") {
      const off = Math.min(left, reward.amount_minor ?? 0);
      left -= off;
      discountMinor += off;
      applied.push({ ...base, discount: money(off) });
    } else {
      applied.push(base);
    }
  }
  return { entries, applied, discountMinor };
}

/** The variant a product code names (a product without sizes is its own). */
function variantOf(product: Product): VariantOption | undefined {
  return product.variantOptions.find((v) => v.code === product.code);
}

/** Whether a product may fill a free box: a beverage sold in one of the box sizes, in stock. */
export function isBoxChoice(product: Product): boolean {
  const variant = variantOf(product);
  return (
    product.categories.some((c) => c.code === BEVERAGE_CATEGORY) &&
    variant?.packSize !== undefined &&
    (REWARD_BOX_SIZES as readonly number[]).includes(variant.packSize) &&
    variant.stock.stockLevelStatus !== "outOfStock"
  );
}

/** A base product's variants that may fill a free box, as choices (optionally of one size). */
export function boxChoicesOf(product: Product, boxSize?: number): RewardChoice[] {
  return product.variantOptions
    .filter((v) => v.packSize !== undefined && (REWARD_BOX_SIZES as readonly number[]).includes(v.packSize) && v.stock.stockLevelStatus !== "outOfStock")
    .filter((v) => boxSize === undefined || v.packSize === boxSize)
    .map((v) => ({
      productCode: v.code,
      name: product.name,
      boxSize: v.packSize!,
      packLabel: v.packLabel,
      image: product.images.find((i) => i.imageType === "PRIMARY")?.url,
      price: v.priceData,
    }));
}
