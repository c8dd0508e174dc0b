import type { Db } from "../db/index";
import { insertCampaigns, type NewCampaign } from "../db/campaigns";
import { insertMonthlyBoxes, type NewMonthlyBox } from "../db/monthly-box";

/**
 * The brewer campaigns (decision 061). The spec's four numeric ids follow its four campaign alert
 * codes in the order both lists give them: 160836 FREEBREWER, 160834 FIFTYPERCENTBREWER, 162471
 * KSKLITE, 162883 KSKBBAD. BBAD has a subscription code but no alert code or id in the spec; 170001
 * is ours. They run on the consumer stores. The commercial store's breakroom plans (decision 069) take
 * 170003–170005, after the monthly box's 170002; the trial (decision 072), the spec's subscription
 * code `trial` without an id, takes 170006.
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
  // The commercial store's breakroom plans (decision 069): ordinary brewer campaigns on usafh only,
  // so the sale, the enrollment and the early charge work on them unchanged. Their commitment is
  // counted in pods a delivery as an office drinks them: 96 is one case, or four boxes of 24.
  {
    id: 170003,
    code: "AFHKBBFREE",
    subscription_code: "AFHKBBFREE",
    eligibility_flag: "isAFHKbbFreeEligible",
    price_rule: "free",
    percent_off: null,
    commitment_kind: "deliveries",
    commitment_count: 12,
    min_box_pods: 96,
    once_per_household: 1,
    starts_on: "2026-01-01",
    ends_on: null,
    sites: ["usafh"],
  },
  {
    id: 170004,
    code: "AFHKBBPLATINUM",
    subscription_code: "AFHKBBPLATINUM",
    eligibility_flag: "isAFHKbbPlatinumEligible",
    price_rule: "percentOff",
    percent_off: 50,
    commitment_kind: "deliveries",
    commitment_count: 12,
    min_box_pods: 192,
    once_per_household: 0,
    starts_on: "2026-01-01",
    ends_on: null,
    sites: ["usafh"],
  },
  {
    id: 170005,
    code: "AFHSUBSCRIPTION",
    subscription_code: "AFHSUBSCRIPTION",
    eligibility_flag: "isAFHSubscriptionEligible",
    price_rule: "percentOff",
    percent_off: 20,
    commitment_kind: "months",
    commitment_count: 6,
    min_box_pods: 48,
    once_per_household: 0,
    starts_on: "2026-01-01",
    ends_on: null,
    sites: ["usafh"],
  },
  // The trial (decision 072): the shortest commitment of all, two deliveries, for a modest 15% off the
  // premium brewers (their flag had no campaign), and not once per household: a way to try
  // auto-delivery, not a giveaway.
  {
    id: 170006,
    code: "TRIAL",
    subscription_code: "trial",
    eligibility_flag: "isPremiumBrewerCampaignEligible",
    price_rule: "percentOff",
    percent_off: 15,
    commitment_kind: "deliveries",
    commitment_count: 2,
    min_box_pods: 24,
    once_per_household: 0,
    starts_on: "2026-01-01",
    ends_on: null,
    sites: ["usb2c", "cab2c"],
  },
];

/**
 * The monthly fixed-price box (decision 062): 96 pods a month, four K-Cup boxes of 24 picked among
 * the month's 36, for USD 59.99 or CAD 78.99 (the shelf's USD × 1.32 ending in .99), on the consumer
 * stores. The spec gives the box no id; 170002 is ours. Its brewer-only columns hold neutral values.
 */
export const DEMO_MONTHLY_BOX: Omit<NewMonthlyBox, "created_at"> = {
  id: 170002,
  code: "MONTHLY_FIXED_PRICE",
  subscription_code: "MONTHLY_FIXED_PRICE",
  eligibility_flag: "",
  price_rule: "monthlyPrice",
  percent_off: null,
  commitment_kind: "months",
  commitment_count: 1,
  min_box_pods: 96,
  once_per_household: 0,
  starts_on: "2026-01-01",
  ends_on: null,
  sites: ["usb2c", "cab2c"],
  box_pods: 96,
  pack_size: 24,
  select_count: 36,
  prices: { USD: 5999, CAD: 7899 },
};

/** Adds the campaigns and the monthly box that are missing. Safe to call on every start. */
export async function seedDemoCampaigns(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await insertCampaigns(
    db,
    DEMO_CAMPAIGNS.map((c) => ({ ...c, created_at: now })),
  );
  await insertMonthlyBoxes(db, [{ ...DEMO_MONTHLY_BOX, created_at: now }]);
}
