import type { Db } from "../db/index";
import { insertCampaigns, type NewCampaign } from "../db/campaigns";

/**
 * The brewer campaigns (decision 061). The spec's four numeric ids follow its four campaign alert
 * codes in the order both lists give them: 160836 FREEBREWER, 160834 FIFTYPERCENTBREWER, 162471
 * KSKLITE, 162883 KSKBBAD. BBAD has a subscription code but no alert code or id in the spec; 170001
 * is ours. They run on the consumer stores; the commercial store's breakroom plans come later.
 */
export const DEMO_CAMPAIGNS: readonly Omit<NewCampaign, "created_at">[] = [
  {
    id: 160836,
    code: "FREEBREWER",
    subscription_code: "free brewer",
    eligibility_flag: "isFreeCampaignEligible",
    price_rule: "free",
    percent_off: null,
    commitment_kind: "deliveries",
    commitment_count: 6,
    min_box_pods: 24,
    once_per_household: 1,
    starts_on: "2026-01-01",
    ends_on: null,
    sites: ["usb2c", "cab2c"],
  },
  {
    id: 160834,
    code: "FIFTYPERCENTBREWER",
    subscription_code: "fifty percent brewer",
    eligibility_flag: "isFiftyPercentCampaignEligible",
    price_rule: "percentOff",
    percent_off: 50,
    commitment_kind: "deliveries",
    commitment_count: 4,
    min_box_pods: 24,
    once_per_household: 0,
    starts_on: "2026-01-01",
    ends_on: null,
    sites: ["usb2c", "cab2c"],
  },
  {
    id: 162471,
    code: "KSKLITE",
    subscription_code: "KSKLITE",
    eligibility_flag: "isKskLiteCampaignEligible",
    price_rule: "campaignPrice",
    percent_off: null,
    commitment_kind: "months",
    commitment_count: 3,
    min_box_pods: 12,
    once_per_household: 0,
    starts_on: "2026-01-01",
    ends_on: null,
    sites: ["usb2c"],
  },
  {
    id: 162883,
    code: "KSKBBAD",
    subscription_code: "KSKBBAD",
    eligibility_flag: "isKskLiteCampaignEligible",
    price_rule: "campaignPrice",
    percent_off: null,
    commitment_kind: "deliveries",
    commitment_count: 6,
    min_box_pods: 24,
    once_per_household: 0,
    starts_on: "2026-01-01",
    ends_on: null,
    sites: ["usb2c", "cab2c"],
  },
  {
    id: 170001,
    code: "BBAD",
    subscription_code: "BBAD",
    eligibility_flag: "isBBADCampaignEligible",
    price_rule: "percentOff",
    percent_off: 20,
    commitment_kind: "months",
    commitment_count: 6,
    min_box_pods: 24,
    once_per_household: 0,
    starts_on: "2026-01-01",
    ends_on: null,
    sites: ["usb2c", "cab2c"],
  },
];

/** Adds the campaigns that are missing. Safe to call on every start. */
export async function seedDemoCampaigns(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await insertCampaigns(
    db,
    DEMO_CAMPAIGNS.map((c) => ({ ...c, created_at: now })),
  );
}
