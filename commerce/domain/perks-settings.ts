import type { BrandId } from "../contract/common";
import { findSiteConfig } from "../db/content";
import type { Db } from "../db/index";

/** The brand's perks settings, from its site configuration. */
export interface PerksSettings {
  enabled: boolean;
  optInEnabled: boolean;
  pointsPerDollar: number;
}

export async function perksSettings(db: Db, site: BrandId): Promise<PerksSettings> {
  const config = new Map((await findSiteConfig(db, site)).map((r) => [r.config_key, r.value]));
  const points = Number(config.get("loyalty.basePoints") ?? 0);
  return {
    enabled: config.get("loyalty.enabled") === "true",
    optInEnabled: config.get("loyalty.perksOptIn.enabled") === "true",
    pointsPerDollar: Number.isInteger(points) && points > 0 ? points : 0,
  };
}
