import type { Router } from "express";
import {
  CollectionCategoryQuerySchema,
  CollectionCategorySchema,
  MonthlyDetailsQuerySchema,
  MonthlyDetailsSchema,
  MonthlyGroupsQuerySchema,
  MonthlyGroupsSchema,
  MonthlyProductsQuerySchema,
  MonthlyProductsSchema,
  MonthlySearchQuerySchema,
  MonthlySearchSchema,
  ProductSelectRequestSchema,
  ProductSelectSchema,
} from "../contract/monthly-box";
import type { MonthlyBoxService } from "../domain/monthly-box";
import { noStore } from "./carts";
import { apiRouter, BUSY } from "./operations";
import { siteOf } from "./site";

/** How the monthly box's calls refuse. */
const MONTHLY_BOX_ERRORS = {
  400: "Invalid input (ValidationError: a month not YYYY-MM, or one before this month or after next month; a page, code or quantity out of shape; a pick with no products or more than 36)",
  404: "No monthly fixed-price box on this store (UnknownIdentifierError: the commercial store has none); a collection or category the month does not hold",
  503: BUSY,
};

/**
 * The monthly fixed-price box's reads under /rest/v2/{brand}/ (decision 062), for guests and
 * customers alike: the box's price and size, the month's selection (paged, by collection and
 * category, searched), and whether a pick fills the box. productSelect is a POST because a pick is
 * a list; it writes nothing.
 */
export function monthlyBoxRouter(monthlyBox: MonthlyBoxService): Router {
  const api = apiRouter();

  api.get(
    "/getMonthlyFixedPriceDetails",
    {
      summary:
        "The monthly fixed-price box on this store (MONTHLY_FIXED_PRICE): its monthly price and price per pod, its pods and K-Cup boxes, how many products the month (this month, or month=YYYY-MM for next month) offers, and its texts",
      auth: "optional",
      query: MonthlyDetailsQuerySchema,
      answers: { 200: MonthlyDetailsSchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.details(siteOf(res), input.query()));
    },
  );

  api.get(
    "/fetchMonthlyProducts",
    {
      summary: "A page of the month's selection (36 products), ordered by category, collection and name; collection= and category= narrow it",
      auth: "optional",
      query: MonthlyProductsQuerySchema,
      answers: { 200: MonthlyProductsSchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.products(siteOf(res), input.query()));
    },
  );

  api.get(
    "/searchMonthlyProducts",
    {
      summary:
        "A page of the month's products whose name, collection or category has a word beginning with each word of text (accents and case folded, stop words dropped)",
      auth: "optional",
      query: MonthlySearchQuerySchema,
      answers: { 200: MonthlySearchSchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.search(siteOf(res), input.query()));
    },
  );

  api.get(
    "/getKSKCategoryAndCollection",
    {
      summary: "How the month's selection is organised: its categories (each with its collections) and its collections, with how many products each holds",
      auth: "optional",
      query: MonthlyGroupsQuerySchema,
      answers: { 200: MonthlyGroupsSchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.groups(siteOf(res), input.query()));
    },
  );

  api.get(
    "/fetchCollectionCategoryData",
    {
      summary: "One collection's products in the month's selection, within one category when category= is given",
      auth: "optional",
      query: CollectionCategoryQuerySchema,
      answers: { 200: CollectionCategorySchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.collection(siteOf(res), input.query()));
    },
  );

  api.post(
    "/productSelect",
    {
      summary:
        "Checks a pick (product codes with quantities of K-Cup boxes) against the month's selection: the pods picked, whether the box is under, full or over, which codes the month does not hold, and the monthly price; writes nothing",
      auth: "optional",
      body: ProductSelectRequestSchema,
      answers: { 200: ProductSelectSchema },
      errors: MONTHLY_BOX_ERRORS,
    },
    async (_req, res, input) => {
      noStore(res).json(await monthlyBox.select(siteOf(res), input.body()));
    },
  );

  return api.router;
}
