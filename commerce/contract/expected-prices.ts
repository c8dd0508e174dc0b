/*
 * The review's list of prices, apart from the zod schemas of checkout.ts: the review section
 * writes it into the page, and a page's browser code must not carry zod.
 */

/** The review's `expectedPrices`: each cart line's product code and unit price, in the cart's order. */
export function expectedPriceList(entries: readonly { product: { code: string }; basePrice: { minor: number } }[]): string {
  return entries.map((e) => `${e.product.code}:${e.basePrice.minor}`).join(",");
}
