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
}

export interface CampaignTables {
  campaign: CampaignTable;
  campaign_site: CampaignSiteTable;
  campaign_enrollment: CampaignEnrollmentTable;
}
