// Without zod: the storefront's pages show points in the browser too, and this module stays out of their bundle's zod.

/** Points an order of this much merchandise (after discounts, minor units) earns: whole dollars times the brand's base points. */
export function pointsFor(merchandiseMinor: number, pointsPerDollar: number): number {
  return Math.max(0, Math.floor(merchandiseMinor / 100)) * pointsPerDollar;
}
