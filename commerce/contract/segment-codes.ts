/**
 * Analytics segment codes (spec §9: built from repeat visitor, flags and badges). One function
 * for the storefront's data layer and the service's getTealiumTags, so both name a shopper the
 * same way. No zod here: the storefront's page code imports it.
 */

export interface SegmentFacts {
  /** The analytics cookie says this browser has been here in an earlier session. */
  repeatVisitor: boolean;
  signedIn: boolean;
  perksMember: boolean;
  employee: boolean;
  /** Eligibility flags of the products the page is about (isFreeCampaignEligible, …). */
  productFlags: readonly string[];
  /** Badge texts of the products the page is about ("Best seller", …). */
  badges: readonly string[];
}

/** A badge's words as a code: upper case, letters and digits joined by underscores ("Best seller" → BEST_SELLER). */
export function badgeCode(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/**
 * `RV` (repeat visitor) or `NV` (new), `SI` signed in, `PK` perks member, `EMP` employee, then
 * `F:{flag}` for each product flag and `B:{BADGE}` for each badge, once each, in that order.
 */
export function segmentCodes(facts: SegmentFacts): string[] {
  const codes = [facts.repeatVisitor ? "RV" : "NV"];
  if (facts.signedIn) codes.push("SI");
  if (facts.perksMember) codes.push("PK");
  if (facts.employee) codes.push("EMP");
  for (const flag of [...new Set(facts.productFlags)].sort()) codes.push(`F:${flag}`);
  const badges = [...new Set(facts.badges.map(badgeCode).filter((b) => b !== ""))].sort();
  for (const badge of badges) codes.push(`B:${badge}`);
  return codes;
}
