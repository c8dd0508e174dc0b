import { useRouteLoaderData } from "react-router";
import { pointsFor } from "../../commerce/contract/points";

/** Perks as every page may show them (from the root loader). */
export interface PerksOnPage {
  enabled: boolean;
  optInEnabled: boolean;
  pointsPerDollar: number;
  /** The shopper is a perks member (the isPerksOptIn cookie). */
  member: boolean;
}

const OFF: PerksOnPage = { enabled: false, optInEnabled: false, pointsPerDollar: 0, member: false };

export function usePerks(): PerksOnPage {
  const root = useRouteLoaderData("root") as { perks?: PerksOnPage } | undefined;
  return root?.perks ?? OFF;
}

/** The points a price (minor units) earns a member. */
export function pointsForPrice(perks: PerksOnPage, minor: number): number {
  return pointsFor(minor, perks.pointsPerDollar);
}
