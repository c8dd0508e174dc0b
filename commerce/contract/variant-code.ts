/**
 * A variant code has four dash-separated parts with a numeric first part, e.g.
 * `5001-SMRG-KC-24`. The second part is the brand id; the first two together are the brand
 * variety id (which is also the code of the base product). Codes that name a marker, a bundle,
 * a starter pack or a collection are never split.
 */
export interface VariantCodeParts {
  code: string;
  varietyNumber: string;
  brandId: string;
  brandVarietyId: string;
  packCode: string;
  sizeCode: string;
}

const UNSPLITTABLE = ["marker", "bundle", "starter-pack", "-collection"];

export function isSplittableCode(code: string): boolean {
  const lower = code.toLowerCase();
  return !UNSPLITTABLE.some((word) => lower.includes(word));
}

export function parseVariantCode(code: string): VariantCodeParts | null {
  if (!isSplittableCode(code)) return null;
  const parts = code.split("-");
  if (parts.length !== 4 || parts.some((p) => p.length === 0)) return null;
  const [varietyNumber, brandId, packCode, sizeCode] = parts as [string, string, string, string];
  if (!/^\d+$/.test(varietyNumber)) return null;
  return { code, varietyNumber, brandId, brandVarietyId: `${varietyNumber}-${brandId}`, packCode, sizeCode };
}

export function brandVarietyId(code: string): string | null {
  return parseVariantCode(code)?.brandVarietyId ?? null;
}
