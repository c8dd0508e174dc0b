import type { BrandId } from "../contract/common";
import { BRAND_IDS } from "../contract/common";
import { type NewCoupon, insertMissingCoupons } from "../db/coupons";
import type { Db } from "../db/index";

/**
 * The demo coupons, the same codes on every site (amounts in the site's currency). They cover
 * each rule a shopper can meet: an order percentage, a fixed amount over a minimum, a category
 * coupon, a product coupon, one that has ended, one that has not started, one with five uses in
 * all, and one a customer may use once.
 */
const DEMO_COUPONS: readonly Omit<NewCoupon, "site" | "created_at">[] = [
  {
    code: "SAVE10",
    description_en: "10% off your order",
    description_fr: "10 % de rabais sur votre commande",
    kind: "percentage",
    value: 10,
    minimum_spend: 0,
    scope: "order",
    scope_codes: "",
    starts_at: null,
    ends_at: null,
    max_uses: null,
    max_uses_per_customer: null,
  },
  {
    code: "FIVEOFF40",
    description_en: "$5 off orders of $40 or more",
    description_fr: "5 $ de rabais sur les commandes de 40 $ ou plus",
    kind: "fixed",
    value: 500,
    minimum_spend: 4000,
    scope: "order",
    scope_codes: "",
    starts_at: null,
    ends_at: null,
    max_uses: null,
    max_uses_per_customer: null,
  },
  {
    code: "PODS15",
    description_en: "15% off coffee pods",
    description_fr: "15 % de rabais sur les dosettes de café",
    kind: "percentage",
    value: 15,
    minimum_spend: 0,
    scope: "categories",
    scope_codes: "k-cup-pods",
    starts_at: null,
    ends_at: null,
    max_uses: null,
    max_uses_per_customer: null,
  },
  {
    code: "TEATIME",
    description_en: "$2 off your tea",
    description_fr: "2 $ de rabais sur le thé",
    kind: "fixed",
    value: 200,
    minimum_spend: 0,
    scope: "categories",
    scope_codes: "tea",
    starts_at: null,
    ends_at: null,
    max_uses: null,
    max_uses_per_customer: null,
  },
  {
    code: "SPRING2024",
    description_en: "Spring 2024: 20% off your order",
    description_fr: "Printemps 2024 : 20 % de rabais sur votre commande",
    kind: "percentage",
    value: 20,
    minimum_spend: 0,
    scope: "order",
    scope_codes: "",
    starts_at: "2024-03-20T00:00:00.000Z",
    ends_at: "2024-06-21T00:00:00.000Z",
    max_uses: null,
    max_uses_per_customer: null,
  },
  {
    code: "NEWYEAR2099",
    description_en: "New Year 2099: 25% off your order",
    description_fr: "Nouvel An 2099 : 25 % de rabais sur votre commande",
    kind: "percentage",
    value: 25,
    minimum_spend: 0,
    scope: "order",
    scope_codes: "",
    starts_at: "2099-01-01T00:00:00.000Z",
    ends_at: null,
    max_uses: null,
    max_uses_per_customer: null,
  },
  {
    code: "FIRST5",
    description_en: "15% off for our first five orders",
    description_fr: "15 % de rabais pour nos cinq premières commandes",
    kind: "percentage",
    value: 15,
    minimum_spend: 0,
    scope: "order",
    scope_codes: "",
    starts_at: null,
    ends_at: null,
    max_uses: 5,
    max_uses_per_customer: null,
  },
  {
    code: "WELCOME",
    description_en: "$10 off your first order",
    description_fr: "10 $ de rabais sur votre première commande",
    kind: "fixed",
    value: 1000,
    minimum_spend: 3000,
    scope: "order",
    scope_codes: "",
    starts_at: null,
    ends_at: null,
    max_uses: null,
    max_uses_per_customer: 1,
  },
];

export const DEMO_COUPON_CODES = DEMO_COUPONS.map((c) => c.code);

export function demoCoupons(sites: readonly BrandId[] = BRAND_IDS, now = new Date()): NewCoupon[] {
  const created_at = now.toISOString();
  return sites.flatMap((site) => DEMO_COUPONS.map((c) => ({ ...c, site, created_at })));
}

/** Adds the demo coupons a site does not have yet; coupons changed or used since are left as they are. */
export function seedDemoCoupons(db: Db): Promise<number> {
  return insertMissingCoupons(db, demoCoupons());
}
