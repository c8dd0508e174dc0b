import {
  AddMonthlyBoxAnswerSchema,
  type AddMonthlyBoxRequest,
  MfpSubscriptionCartSchema,
  MonthlyDetailsSchema,
  MonthlyGroupsSchema,
  MonthlyProductsSchema,
  MonthlySearchSchema,
  type ProductSelectRequest,
  ProductSelectSchema,
  type UpdateMfpCampaignCartRequest,
} from "../../commerce/contract/monthly-box";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

/**
 * The monthly fixed-price box through the commerce API (decision 062): the box's price and size,
 * the month's selection (paged, by category and collection, searched) and whether a pick fills
 * the box. The reads are the same for guests and customers; prices follow the store's currency.
 */

/** What the box is this month or next (month=YYYY-MM). */
export function monthlyDetails(ctx: ApiClientContext, month?: string) {
  return callApi(ctx, { path: "getMonthlyFixedPriceDetails", query: { month }, schema: MonthlyDetailsSchema, auth: "optional" });
}

/** How the month's selection is organised: categories with their collections. */
export function monthlyGroups(ctx: ApiClientContext, month?: string) {
  return callApi(ctx, { path: "getKSKCategoryAndCollection", query: { month }, schema: MonthlyGroupsSchema, auth: "optional" });
}

export type MonthlyListing = {
  month?: string;
  category?: string;
  collection?: string;
  currentPage: number;
  pageSize: number;
};

/** A page of the month's selection, narrowed to a category or collection. */
export function monthlyProducts(ctx: ApiClientContext, listing: MonthlyListing) {
  return callApi(ctx, { path: "fetchMonthlyProducts", query: { ...listing }, schema: MonthlyProductsSchema, auth: "optional" });
}

/** A page of the month's products whose names, collections or categories begin with the text's words. */
export function searchMonthlyProducts(ctx: ApiClientContext, search: { text: string; month?: string; currentPage: number; pageSize: number }) {
  return callApi(ctx, { path: "searchMonthlyProducts", query: { ...search }, schema: MonthlySearchSchema, auth: "optional" });
}

/** How a pick fills the box (under, full, over) and what it refuses; writes nothing. */
export function productSelect(ctx: ApiClientContext, pick: ProductSelectRequest) {
  return callApi(ctx, { method: "POST", path: "productSelect", json: pick, schema: ProductSelectSchema, auth: "optional" });
}

const customer = (ctx: ApiClientContext) => encodeURIComponent(ctx.shopper?.userPathId ?? "anonymous");

/**
 * A complete pick into the customer's open cart as the box (decision 067): checkout then starts the
 * subscription and ships the month's box. `current` names the customer's open cart, made if none.
 */
export function addMonthlyBoxSubscription(ctx: ApiClientContext, box: AddMonthlyBoxRequest) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${customer(ctx)}/carts/current/addMonthlyBoxSubscription`,
    json: box,
    schema: AddMonthlyBoxAnswerSchema,
    auth: "required",
  });
}

/** A box subscription's month (next month by default): its picks, how they fill the box, and whether they may still change. */
export function getMfpSubscriptionCart(ctx: ApiClientContext, subscriptionCode: string, month?: string) {
  return callApi(ctx, {
    path: `users/${customer(ctx)}/getMFPSubscriptionCart`,
    query: { subscriptionCode, month },
    schema: MfpSubscriptionCartSchema,
    auth: "required",
  });
}

/** Saves a complete pick for a month of the box not yet placed. */
export function updateMonthlyFixedPriceCampaignCart(ctx: ApiClientContext, update: UpdateMfpCampaignCartRequest) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${customer(ctx)}/updateMonthlyFixedPriceCampaignCart`,
    json: update,
    schema: MfpSubscriptionCartSchema,
    auth: "required",
  });
}
