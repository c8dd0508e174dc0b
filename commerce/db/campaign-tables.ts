import type { Generated } from "kysely";

/** A brewer campaign (decision 061); `id` is the spec's numeric campaign id. */
export interface CampaignTable {
  id: number;
  code: string;
  subscription_code: string;
  eligibility_flag: string;
  price_rule: string;
  percent_off: number | null;
  commitment_kind: string;
  commitment_count: number;
  min_box_pods: number;
  once_per_household: number;
  /** YYYY-MM-DD. */
  starts_on: string;
  /** YYYY-MM-DD, inclusive; null: open-ended. */
  ends_on: string | null;
  created_at: string;
  /** brewer (decision 061) or monthlyBox (decision 062); migration 020, defaults to brewer. */
  kind: Generated<string>;
}

export interface CampaignSiteTable {
  campaign_id: number;
  site: string;
}

/** One customer's take of one campaign: the brewer, the household it went to, the commitment's progress. */
export interface CampaignEnrollmentTable {
  id: Generated<number>;
  campaign_id: number;
  site: string;
  customer_id: string;
  household_key: string;
  brewer_code: string;
  subscription_code: string | null;
  status: "active" | "met" | "cancelled";
  deliveries_required: number;
  deliveries_made: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The brewer's prices as sold, in minor units of `currency` (migration 021, decision 064). */
  currency: string | null;
  regular_minor: number | null;
  campaign_minor: number | null;
  /** The order that sold the brewer: delivery one of the commitment. */
  order_code: string | null;
  /** What cancelling before the commitment was met charged, and the payment's reference. */
  cancellation_minor: number | null;
  cancellation_reference: string | null;
}

/** A monthly fixed-price box (decision 062): its size and how many products a month offers. */
export interface MonthlyBoxTable {
  campaign_id: number;
  box_pods: number;
  pack_size: number;
  select_count: number;
}

/** A monthly box's price in one store currency, in minor units. */
export interface MonthlyBoxPriceTable {
  campaign_id: number;
  currency: string;
  minor: number;
}

export interface CampaignTables {
  campaign: CampaignTable;
  monthly_box: MonthlyBoxTable;
  monthly_box_price: MonthlyBoxPriceTable;
  campaign_site: CampaignSiteTable;
  campaign_enrollment: CampaignEnrollmentTable;
}
