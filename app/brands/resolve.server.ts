import { type BrandId, BrandIdSchema, type Lang } from "../../commerce/contract/common";
import type { BrandFacts } from "../../commerce/contract/brands";

function hostname(host: string | undefined): string {
  return (host ?? "").toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

/**
 * A `site` query value overrides; otherwise a configured brand host wins, then a host
 * containing 'commercial' is the commercial store, one containing '.ca' the Canadian store, and
 * anything else the US consumer store.
 */
export function resolveBrandId(brands: Record<BrandId, BrandFacts>, host: string | undefined, siteParam?: string | null): BrandId {
  // Most requests carry no ?site=: a refused parse builds an error object, which is not free on every page.
  if (siteParam) {
    const site = BrandIdSchema.safeParse(siteParam);
    if (site.success) return site.data;
  }
  const name = hostname(host);
  const exact = Object.values(brands).find((b) => b.host === name);
  if (exact) return exact.id;
  if (name.includes("commercial")) return "usafh";
  if (name.includes(".ca")) return "cab2c";
  return "usb2c";
}

/**
 * The two bare domains answer 302 to their www host. Answers the host to go to, or null.
 * The bare domains follow the configured www hosts, so overriding a host moves its redirect too.
 */
export function bareDomainTarget(brands: Record<BrandId, BrandFacts>, host: string | undefined): string | null {
  const name = hostname(host);
  for (const b of Object.values(brands)) {
    if (b.host.startsWith("www.") && name === b.host.slice(4)) return b.host;
  }
  return null;
}

/** Canadian French lives under /fr/. Any other brand has English only. */
export function langFromPath(brand: BrandFacts, pathname: string): Lang {
  // "/fr.data" is the French home page's data, which a script asks for when it moves there (after signing in, say).
  return brand.languages.includes("fr") && (pathname === "/fr" || pathname === "/fr.data" || pathname.startsWith("/fr/")) ? "fr" : "en";
}

/** A /fr/ path on a brand without French: where to send the visitor instead. */
export function stripFrenchPrefix(pathname: string): string | null {
  if (pathname === "/fr" || pathname === "/fr/") return "/";
  return pathname.startsWith("/fr/") ? pathname.slice(3) : null;
}
