import type { BrandId } from "../contract/common";
import { findSiteConfig } from "../db/content";
import type { Db } from "../db/index";
import { addDays } from "./clock";
import { invalid } from "./errors";
import { MAX_DAYS_AHEAD } from "../contract/auto-delivery";

/**
 * Auto-delivery's rules that need no database: what a line costs, which day comes next, which
 * dates a customer may choose (decision 053).
 */

export { autoDeliveryUnitMinor, type OrderKind, saleReaches } from "../contract/auto-delivery";

/** The delivery after one on `day`, `weeks` later. */
export const followingDelivery = (day: string, weeks: number) => addDays(day, weeks * 7);

/** A date the customer chose for a delivery: from tomorrow (today's run may be under way) to a year ahead. */
export function checkChosenDate(date: string, today: string, subject = "nextDeliveryDate"): string {
  if (date <= today) throw invalid(subject, `Choose a date after today (${today}); ${date} has passed or is today.`);
  if (date > addDays(today, MAX_DAYS_AHEAD)) throw invalid(subject, `Choose a date within a year (by ${addDays(today, MAX_DAYS_AHEAD)}).`);
  return date;
}

/** The site's auto-delivery settings, from its site configuration. */
export interface AutoDeliverySettings {
  /** The most pods-at-home a subscriber may declare on an ADC or ADCF line. */
  maxPodsAtHome: number;
  /** Percent off the list price for subscribers. */
  discountPercent: number;
}

export async function autoDeliverySettings(db: Db, site: BrandId): Promise<AutoDeliverySettings> {
  const config = new Map((await findSiteConfig(db, site)).map((r) => [r.config_key, r.value]));
  const max = Number(config.get("podsAtHome.maxQuantity"));
  const percent = Number(config.get("autoDelivery.discountPercent") ?? 0);
  return {
    // Without the setting, only the contract's typo guard applies.
    maxPodsAtHome: Number.isInteger(max) && max >= 0 ? max : Number.POSITIVE_INFINITY,
    discountPercent: Number.isFinite(percent) && percent >= 0 && percent < 100 ? percent : 0,
  };
}

/** A pods-at-home count above the site's maximum is refused with the maximum named. */
export function checkPodsAtHome(podsAtHome: number | null | undefined, settings: AutoDeliverySettings): void {
  if (podsAtHome === null || podsAtHome === undefined || podsAtHome <= settings.maxPodsAtHome) return;
  throw invalid("podsAtHomeQty", `podsAtHomeQty must be at most ${settings.maxPodsAtHome} on this store.`);
}
