import type { Stock } from "../contract/product";

/** At or below this many units a product shows "only a few left". */
export const LOW_STOCK_THRESHOLD = 10;

export function stockOf(level: number): Stock {
  const stockLevel = Math.max(0, level);
  return {
    stockLevel,
    stockLevelStatus: stockLevel === 0 ? "outOfStock" : stockLevel <= LOW_STOCK_THRESHOLD ? "lowStock" : "inStock",
  };
}
