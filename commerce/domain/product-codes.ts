/**
 * When more product codes are asked for than the maximum product-details size, only the
 * first that many are used. Duplicates are dropped first so a repeated code does not use up a place.
 */
export function limitProductCodes(codes: readonly string[], max: number): string[] {
  return [...new Set(codes)].slice(0, Math.max(0, max));
}
