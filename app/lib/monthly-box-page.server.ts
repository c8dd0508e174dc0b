/*
 * Everything the monthly box's pages (the selection page, the account's "change next month's
 * picks") use on the server, in one list (decision 058, as amended by 059).
 */
import type { Lang } from "../../commerce/contract/common";
import { formatLocale, formatMonth } from "../../lib/format";
import type { ApiClientContext } from "./api-client.server";
import { type BoxPageState, boxProductCard } from "./monthly-box-pick";
import { getMfpSubscriptionCart, monthlyDetails, monthlyGroups, monthlyProducts, productSelect, searchMonthlyProducts } from "../models/monthly-box.server";

export { data, redirect } from "react-router";
export { ApiError, clientContext } from "./api-client.server";
export { shopperOf } from "./account-forms.server";
export { requireAccountHolder } from "./account-guard.server";
export { readForm } from "./form-body.server";
export { notFoundPage, orFailedPage } from "./page-errors.server";
export { requireLangSegment } from "./route-guards.server";
export { pickAddress, readPick } from "./monthly-box-pick.server";
export { monthlyBoxMessages } from "../brands/monthly-box-messages";
export {
  addMonthlyBoxSubscription,
  getMfpSubscriptionCart,
  monthlyDetails,
  productSelect,
  updateMonthlyFixedPriceCampaignCart,
} from "../models/monthly-box.server";
export { listSubscriptions } from "../models/auto-delivery.server";

/** The products a page of the selection shows. */
export const PAGE_SIZE = 12;

/** The month after YYYY-MM. */
export function monthAfter(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}

/** "December 2026", « décembre 2026 ». */
export function monthName(month: string, lang: Lang): string {
  return formatMonth(month, formatLocale(lang, "CAD"));
}

/** A month's selection as the picker shows it: how it is organised, the page of products asked for, and how the pick fills the box. */
export async function loadSelection(api: ApiClientContext, state: BoxPageState, month: string) {
  const page = { month, currentPage: state.page, pageSize: PAGE_SIZE };
  const [groups, listing, fill] = await Promise.all([
    monthlyGroups(api, month),
    state.text
      ? searchMonthlyProducts(api, { ...page, text: state.text })
      : monthlyProducts(api, { ...page, category: state.category, collection: state.collection }),
    state.pick.length > 0 ? productSelect(api, { month, entries: state.pick }) : Promise.resolve(null),
  ]);
  return { groups, products: listing.products.map(boxProductCard), pagination: listing.pagination, fill };
}

/**
 * The account's view of each monthly box subscription: this month's box and next month's picks
 * (getMFPSubscriptionCart for each), with the months named. A month the service will not show
 * (the subscription began later, or was cancelled) is left out rather than failing the page.
 */
export async function boxSubscriptionMonths(api: ApiClientContext, codes: readonly string[], lang: Lang) {
  if (codes.length === 0) return {};
  const thisMonth = (await monthlyDetails(api)).month;
  const months = [thisMonth, monthAfter(thisMonth)];
  const read = (code: string, month: string) => getMfpSubscriptionCart(api, code, month).catch(() => null);
  const entries = await Promise.all(
    codes.map(async (code) => [code, (await Promise.all(months.map((m) => read(code, m)))).filter((c) => c !== null)] as const),
  );
  return Object.fromEntries(entries.map(([code, carts]) => [code, carts.map((c) => ({ ...c, monthLabel: monthName(c.month, lang) }))]));
}
