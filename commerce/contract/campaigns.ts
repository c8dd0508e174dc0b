import { z } from "zod";
import { BrandIdSchema, CurrencySchema } from "./common";
import { blankAsAbsent, wholeNumber } from "./form-values";
import { FrequencyWeeksSchema } from "./frequency";
import { ELIGIBILITY_FLAGS, PriceSchema, ProductCodeParamSchema, ProductSchema } from "./product";

/**
 * Brewer campaigns (decision 061): a brewer at a campaign price for a customer who commits to
 * auto-delivery. The reads here are getBrewers, getUserCampaignInfo and getCartEstimationData.
 */

/**
 * The campaigns' codes: the spec's campaign alert codes, BBAD (a subscription code with no alert
 * code), the commercial store's breakroom plans named after their flags (decision 069), and the
 * trial (the spec's subscription code `trial`, decision 072).
 */
export const CampaignCodeSchema = z.enum([
  "FREEBREWER",
  "FIFTYPERCENTBREWER",
  "KSKLITE",
  "KSKBBAD",
  "BBAD",
  "AFHKBBFREE",
  "AFHKBBPLATINUM",
  "AFHSUBSCRIPTION",
  "TRIAL",
]);
export type CampaignCode = z.infer<typeof CampaignCodeSchema>;

/** How the campaign prices its brewer: free, a percentage off the list price, or the catalog's seeded campaign price. */
export const PriceRuleSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("free") }),
  z.object({ kind: z.literal("percentOff"), percent: z.number().int().min(1).max(99) }),
  z.object({ kind: z.literal("campaignPrice") }),
]);
export type PriceRule = z.infer<typeof PriceRuleSchema>;

/** What the customer commits to: a number of auto-delivery deliveries, or of months, each delivery holding at least minBoxPods pods. */
export const CommitmentSchema = z.object({
  kind: z.enum(["deliveries", "months"]),
  count: z.number().int().min(1),
  minBoxPods: z.number().int().min(1),
});
export type Commitment = z.infer<typeof CommitmentSchema>;

export const EligibilityFlagSchema = z.enum(ELIGIBILITY_FLAGS);

export const CampaignSchema = z.object({
  /** The spec's numeric campaign id. */
  campaignId: z.number().int(),
  code: CampaignCodeSchema,
  /** The spec's subscription code (free brewer, fifty percent brewer, KSKLITE, KSKBBAD, BBAD, trial). */
  subscriptionCode: z.string(),
  name: z.string(),
  /** The commitment in the shopper's words. */
  commitmentText: z.string(),
  sites: z.array(BrandIdSchema),
  eligibilityFlag: EligibilityFlagSchema,
  priceRule: PriceRuleSchema,
  commitment: CommitmentSchema,
  oncePerHousehold: z.boolean(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** Whether it runs today by the store's clock. */
  running: z.boolean(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** A numeric campaign id in the query (`campaignId=160836`). */
export const CampaignIdSchema = z.preprocess(
  wholeNumber,
  z
    .number({ error: "must be a campaign id (a whole number)" })
    .int("must be a campaign id (a whole number)")
    .min(1, "must be a campaign id (a whole number)")
    .max(999_999_999, "is not a campaign id"),
);

/** GET {brand}/getBrewers?campaignId= */
export const BrewersQuerySchema = z.object({ campaignId: CampaignIdSchema });

/** A brewer the campaign offers: the catalog's product, with the campaign's price on it and on each variant. */
export const CampaignBrewerSchema = ProductSchema.extend({ campaignPriceData: PriceSchema });
export type CampaignBrewer = z.infer<typeof CampaignBrewerSchema>;

export const BrewersAnswerSchema = z.object({ campaign: CampaignSchema, brewers: z.array(CampaignBrewerSchema) });
export type BrewersAnswer = z.infer<typeof BrewersAnswerSchema>;

/** Why a customer may not take a campaign now. */
export const CampaignRefusalSchema = z.enum(["notStarted", "ended", "activeCommitment", "freeBrewerTakenByAccount", "freeBrewerTakenByAddress"]);
export type CampaignRefusal = z.infer<typeof CampaignRefusalSchema>;

/** GET {brand}/users/{user}/getUserCampaignInfo: one campaign (campaignId) or all the store's; the household of addressId (else the default address). */
export const UserCampaignInfoQuerySchema = z.object({
  campaignId: z.preprocess(blankAsAbsent, CampaignIdSchema.optional()),
  addressId: z.preprocess(blankAsAbsent, z.string().trim().min(1).max(64, "is too long").optional()),
});

export const UserCampaignInfoSchema = z.object({
  /** The address whose household was checked; null when the customer has none saved (checked again when the brewer is bought). */
  householdAddressId: z.string().nullable(),
  campaigns: z.array(
    z.object({
      campaign: CampaignSchema,
      eligible: z.boolean(),
      /** Every reason it is refused, in the shopper's language; empty when eligible. */
      reasons: z.array(z.object({ code: CampaignRefusalSchema, message: z.string() })),
      /** The customer's commitment on this campaign that is not met yet. */
      activeCommitment: z
        .object({ brewerCode: z.string(), subscriptionCode: z.string().nullable(), deliveriesRequired: z.number().int(), deliveriesMade: z.number().int() })
        .nullable(),
    }),
  ),
});
export type UserCampaignInfo = z.infer<typeof UserCampaignInfoSchema>;

/** GET {brand}/getCartEstimationData: a campaign brewer and a coffee box for its auto-delivery. */
export const CartEstimationQuerySchema = z.object({
  campaignId: CampaignIdSchema,
  brewerCode: ProductCodeParamSchema,
  boxCode: ProductCodeParamSchema,
  boxQty: z.preprocess(
    blankAsAbsent,
    z
      .preprocess(
        wholeNumber,
        z.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").max(24, "must be at most 24"),
      )
      .optional(),
  ),
  frequencyWeeks: z.preprocess(blankAsAbsent, FrequencyWeeksSchema.optional()),
});
export type CartEstimationQuery = z.infer<typeof CartEstimationQuerySchema>;

export const CartEstimationSchema = z.object({
  campaignId: z.number().int(),
  currencyIso: CurrencySchema,
  brewer: z.object({ code: z.string(), name: z.string(), regularPrice: PriceSchema, campaignPrice: PriceSchema }),
  box: z.object({
    code: z.string(),
    name: z.string(),
    qty: z.number().int(),
    pods: z.number().int(),
    /** The first delivery's price (it ships with the brewer). */
    firstDeliveryPrice: PriceSchema,
    /** Each later delivery's price, at the subscriber's price. */
    perDeliveryPrice: PriceSchema,
  }),
  commitment: CommitmentSchema.extend({
    frequencyWeeks: z.number().int(),
    /** The deliveries the commitment takes (for months, those that fall in them at this frequency). */
    deliveries: z.number().int(),
    /** Every delivery of the commitment, the first included. */
    totalPrice: PriceSchema,
    text: z.string(),
  }),
  /** The brewer and the first delivery: what the first order costs before tax and delivery. */
  dueNow: PriceSchema,
  /** What cancelling auto-delivery would charge after each number of deliveries made, before the commitment is met. */
  earlyCancellation: z.array(z.object({ deliveriesMade: z.number().int(), charge: PriceSchema })),
  earlyCancellationText: z.string(),
});
export type CartEstimation = z.infer<typeof CartEstimationSchema>;

/*
 * Campaign guides (decision 069): three reads a campaign's landing page is built from, answered to
 * guests and customers on every store for its own campaigns. fetchHelpMePods suggests boxes that
 * can carry the commitment, getMiscCampaignData says the campaign in words, and
 * getCampaignBuyingGuideComponent sets its brewers side by side.
 */

/** The catalog's facets a shopper answers in help-me-choose, as the catalog stores them (flavour notes in lower case). */
export const POD_KINDS = ["coffee", "tea", "cocoa"] as const;
export const ROASTS = ["light", "medium", "dark"] as const;
export const CAFFEINE_LEVELS = ["caffeinated", "decaf", "half-caff", "caffeine-free"] as const;
export const FLAVOUR_NOTES = [
  "balanced",
  "bright",
  "chocolate",
  "creamy",
  "earthy",
  "floral",
  "fruity",
  "herbal",
  "nutty",
  "smoky",
  "smooth",
  "spicy",
  "sweet",
] as const;
export type PodKind = (typeof POD_KINDS)[number];
export type Roast = (typeof ROASTS)[number];
export type CaffeineLevel = (typeof CAFFEINE_LEVELS)[number];
export type FlavourNote = (typeof FLAVOUR_NOTES)[number];

/** One optional answer: blank is no answer; case and surrounding spaces do not matter. */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (typeof v === "string" ? blankAsAbsent(v.trim().toLowerCase()) : blankAsAbsent(v)),
    z.enum(values, { error: `must be one of ${values.join(", ")}` }).optional(),
  );
}

/** GET {brand}/fetchHelpMePods?campaignId=&kind=&roast=&flavour=&caffeine=&pageSize= */
export const HelpMePodsQuerySchema = z.object({
  campaignId: CampaignIdSchema,
  kind: optionalChoice(POD_KINDS),
  roast: optionalChoice(ROASTS),
  flavour: optionalChoice(FLAVOUR_NOTES),
  caffeine: optionalChoice(CAFFEINE_LEVELS),
  pageSize: z.preprocess(
    blankAsAbsent,
    z
      .preprocess(
        wholeNumber,
        z.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").max(12, "must be at most 12"),
      )
      .optional(),
  ),
});
export type HelpMePodsQuery = z.infer<typeof HelpMePodsQuerySchema>;

/** Which of the shopper's answers a box meets. */
export const PodMatchSchema = z.enum(["kind", "roast", "flavour", "caffeine"]);
export type PodMatch = z.infer<typeof PodMatchSchema>;

export const HelpMePodsSchema = z.object({
  campaignId: z.number().int(),
  commitment: CommitmentSchema,
  commitmentText: z.string(),
  /** The answers as read (absent: not asked). */
  answers: z.object({
    kind: z.enum(POD_KINDS).optional(),
    roast: z.enum(ROASTS).optional(),
    flavour: z.enum(FLAVOUR_NOTES).optional(),
    caffeine: z.enum(CAFFEINE_LEVELS).optional(),
  }),
  /** Best matches first: boxes that can carry the commitment, one per product family. */
  pods: z.array(
    z.object({
      code: z.string(),
      baseProduct: z.string(),
      name: z.string(),
      url: z.string(),
      imageUrl: z.string().nullable(),
      productType: z.string(),
      roast: z.string().nullable(),
      flavour: z.string().nullable(),
      caffeine: z.string().nullable(),
      packSize: z.number().int(),
      /** Boxes a delivery takes to hold the commitment's minimum of pods. */
      boxQty: z.number().int(),
      podsPerDelivery: z.number().int(),
      matches: z.array(PodMatchSchema),
      /** One box on the shelf, and one box at the subscriber's price (deliveries after the first). */
      price: PriceSchema,
      subscriberPrice: PriceSchema,
      /** boxQty boxes at the subscriber's price: what each later delivery of the commitment costs. */
      perDeliveryPrice: PriceSchema,
    }),
  ),
});
export type HelpMePods = z.infer<typeof HelpMePodsSchema>;

/** GET {brand}/getMiscCampaignData?campaignId= and GET {brand}/getCampaignBuyingGuideComponent?campaignId= */
export const CampaignGuideQuerySchema = z.object({ campaignId: CampaignIdSchema });

/** The campaign's landing texts, in the request's language. */
export const MiscCampaignDataSchema = z.object({
  campaign: CampaignSchema,
  headline: z.string(),
  intro: z.string(),
  /** What the shopper gets. */
  benefits: z.array(z.string()),
  commitmentText: z.string(),
  /** The early-cancellation rule in words, without amounts (the estimate has them). */
  earlyCancellationText: z.string(),
  terms: z.array(z.string()),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type MiscCampaignData = z.infer<typeof MiscCampaignDataSchema>;

/** The campaign's brewers side by side: each with its prices, and one row per product fact any of them has. */
export const CampaignBuyingGuideSchema = z.object({
  campaign: CampaignSchema,
  title: z.string(),
  intro: z.string(),
  brewers: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      url: z.string(),
      imageUrl: z.string().nullable(),
      regularPrice: PriceSchema,
      campaignPrice: PriceSchema,
      saving: PriceSchema,
    }),
  ),
  /** Rows by fact (colours, series, reservoir, brew sizes…), each brewer's value by its code ("" when it has none). */
  rows: z.array(z.object({ code: z.string(), name: z.string(), values: z.record(z.string(), z.string()) })),
});
export type CampaignBuyingGuide = z.infer<typeof CampaignBuyingGuideSchema>;

/*
 * Selling a campaign (decision 065): the bundle in the cart, its summary, and the commitment on
 * the subscription it becomes.
 */

/** Why addCampaignBundle, a change to the bundle's entries or checkout refuses (400 CampaignError, 409 at checkout). */
export const CampaignSaleRefusalSchema = z.enum([
  ...CampaignRefusalSchema.options,
  "notOnThisStore",
  "notABrewer",
  "notFlagged",
  "noCampaignPrice",
  "notForAutoDelivery",
  "notPods",
  "tooSmall",
  "frequencyNotAllowed",
  "signInRequired",
  "brewerQuantityFixed",
  "boxQuantityFixed",
  "cardDeclined",
  "commitmentChanged",
]);
export type CampaignSaleRefusal = z.infer<typeof CampaignSaleRefusalSchema>;

/** POST {brand}/users/{user}/carts/{cartGuid}/addCampaignBundle: the brewer at its campaign price and the box for its auto-delivery. */
export const AddCampaignBundleRequestSchema = z.object({
  campaignId: CampaignIdSchema,
  brewerCode: ProductCodeParamSchema,
  boxCode: ProductCodeParamSchema,
  /** Absent: the fewest boxes that reach the campaign's minimum pods a delivery. */
  boxQty: CartEstimationQuerySchema.shape.boxQty,
  /** Absent: the auto-delivery default (4 weeks). */
  frequencyWeeks: z.preprocess(blankAsAbsent, FrequencyWeeksSchema.optional()),
});
export type AddCampaignBundleRequest = z.infer<typeof AddCampaignBundleRequestSchema>;

/** The commitment a bundle or a subscription carries, in numbers and in the shopper's words. */
export const SoldCommitmentSchema = CommitmentSchema.extend({
  frequencyWeeks: z.number().int(),
  /** The deliveries the commitment takes at this frequency, the first (with the brewer) included. */
  deliveries: z.number().int(),
  text: z.string(),
});
export type SoldCommitment = z.infer<typeof SoldCommitmentSchema>;

/** On a cart entry sold in a campaign: which campaign, the entry's part in it, and what taking it commits to. */
export const CartEntryCampaignSchema = z.object({
  campaignId: z.number().int(),
  code: CampaignCodeSchema,
  name: z.string(),
  /** brewer: the brewer at its campaign price (quantity 1, fixed); box: the auto-delivery's first box. */
  role: z.enum(["brewer", "box"]),
  /** The bundle's brewer: its list price and its price in the campaign (on both entries). */
  regularPrice: PriceSchema,
  campaignPrice: PriceSchema,
  commitment: SoldCommitmentSchema,
  /** What cancelling auto-delivery before the commitment is met charges, in words. */
  earlyCancellationText: z.string(),
});
export type CartEntryCampaign = z.infer<typeof CartEntryCampaignSchema>;

/** The cart's campaign bundle, priced now; null when the cart holds none. */
export const CampaignSubscriptionCartSchema = z.object({
  cartGuid: z.string(),
  bundle: CartEstimationSchema.extend({
    campaign: CampaignSchema,
    brewerEntryNumber: z.number().int(),
    boxEntryNumber: z.number().int(),
  }).nullable(),
});
export type CampaignSubscriptionCart = z.infer<typeof CampaignSubscriptionCartSchema>;

/** What became of a bundle the cart held when another was added: the new one replaced it. */
export const ReplacedBundleSchema = z.object({ campaignId: z.number().int(), brewerCode: z.string(), boxCode: z.string() });

/** The commitment an auto-delivery subscription carries for a campaign brewer. */
export const SubscriptionCommitmentSchema = z.object({
  campaignId: z.number().int(),
  code: CampaignCodeSchema,
  name: z.string(),
  brewerCode: z.string(),
  deliveriesRequired: z.number().int(),
  /** Deliveries placed so far, the first order's included; skipped deliveries do not count. */
  deliveriesMade: z.number().int(),
  status: z.enum(["active", "met", "cancelled"]),
  /** What cancelling today would charge to the subscription's card; 0 once met or cancelled. */
  cancellationChargeNow: PriceSchema,
  /** Once cancelled before it was met: what that charged, and the payment's reference. */
  cancellationCharged: PriceSchema.optional(),
  cancellationReference: z.string().optional(),
  commitmentText: z.string(),
  earlyCancellationText: z.string(),
});
export type SubscriptionCommitment = z.infer<typeof SubscriptionCommitmentSchema>;
