import { z } from "zod";
import { PaginationSchema } from "./common";
import { blankAsAbsent } from "./form-values";
import { CartGuidSchema } from "./cart";
import { AppliedRewardSchema, RewardKindSchema } from "./cart-rewards";
import { PriceSchema } from "./product";

export { type AppliedReward, AppliedRewardSchema, type RewardKind, RewardKindSchema } from "./cart-rewards";

/**
 * Perks, the consumer stores' loyalty program, between the storefront and the commerce service:
 * the v1 `lms/{brand}/…` calls (details, points history, points, sign-up, opt-in) and the v2
 * `users/{user}/rewards/…` calls (the reward catalog, its choices, and the rewards on a cart).
 * Points are a ledger: the balance is the sum of its entries, never a stored number. Applying a
 * reward reserves nothing; the order spends the points when it is placed.
 */

/** Rewards best-seller lists show this many items a page (spec §9). */
export const REWARD_CHOICES_PAGE_SIZE = 28;
/** The box sizes (units) a free box of beverages comes in, where the product has them (spec §9). */
export const REWARD_BOX_SIZES = [20, 22, 24] as const;
/** History pages hold at most this many entries. */
export const MAX_HISTORY_PAGE_SIZE = 50;
/** The widest history range one call may ask for. */
export const MAX_HISTORY_DAYS = 732;

/**
 * How an entry changed the balance: earned on an order, redeemed by one, reversed, adjusted by
 * customer service, expired, or earned by a referred friend's first order (decision 074).
 */
export const LedgerEntryKindSchema = z.enum(["earned", "redeemed", "reversed", "adjusted", "expired", "referral"]);
export type LedgerEntryKind = z.infer<typeof LedgerEntryKindSchema>;

/** A whole number from JSON or a form field ("3"); "3.5", "abc" and " 3" are refused. */
const wholeNumber = (value: unknown) => (typeof value === "string" && /^-?\d{1,12}$/.test(value) ? Number(value) : value);
/** "true"/"false" from a form or query, or a JSON boolean. */
const flag = (value: unknown) => (value === "true" || value === "on" ? true : value === "false" ? false : value);

const pageNumber = z.preprocess(
  (v) => wholeNumber(blankAsAbsent(v)),
  z.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must be 0 or more").max(10_000, "is too large").default(0),
);
const pageSize = z.preprocess(
  (v) => wholeNumber(blankAsAbsent(v)),
  z
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_HISTORY_PAGE_SIZE, `must be at most ${MAX_HISTORY_PAGE_SIZE}`)
    .default(10),
);

/** `current`, or the customer an agent acts for. */
const CustomerIdSchema = z.preprocess(blankAsAbsent, z.string().trim().min(1).max(64, "is too long").default("current"));
/** The storefront sends the agent's id; the service knows the agent from the bearer token. */
const AgentIdSchema = z.preprocess(blankAsAbsent, z.string().max(100, "is too long").optional());

/** A calendar day, as the history's range is given: 2026-11-27. */
export const DaySchema = z
  .string({ error: "is required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "must be a real date");

/** One line of the points history. */
export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: LedgerEntryKindSchema,
  /** Signed: earned and positive adjustments add, redeemed, reversed and expired take away. */
  points: z.number().int(),
  /** ISO timestamp. */
  date: z.string(),
  orderCode: z.string().optional(),
  description: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** A reward of the brand's catalog. */
export const RewardSchema = z.object({
  code: z.string(),
  kind: RewardKindSchema,
  name: z.string(),
  description: z.string(),
  points: z.number().int().positive(),
  /** amountOff: what it takes off the order. */
  amountOff: PriceSchema.optional(),
  /** freeBox: the box sizes offered. */
  boxSizes: z.array(z.number().int()).optional(),
  /** Whether the member's balance covers it now. */
  affordable: z.boolean(),
});
export type Reward = z.infer<typeof RewardSchema>;

/** What a member has: GET lms/{brand}/getLoyaltyPoints. */
export const LoyaltyPointsSchema = z.object({
  customerId: z.string(),
  perksOptIn: z.boolean(),
  balance: z.number().int().nonnegative(),
  /** Points earned per dollar of merchandise after discounts. */
  pointsPerDollar: z.number().int().nonnegative(),
});
export type LoyaltyPoints = z.infer<typeof LoyaltyPointsSchema>;

/**
 * GET lms/{brand}/fetchLoyaltyDetails: `field` BASIC is the points alone, DEFAULT adds a page of
 * the history (newest first; between startDate and endDate when both are given), FULL the rewards
 * too: what the account's perks page shows, in one call.
 */
export const LoyaltyDetailsQuerySchema = z
  .object({
    customerId: CustomerIdSchema,
    field: z.preprocess(blankAsAbsent, z.enum(["BASIC", "DEFAULT", "FULL"], { error: "must be BASIC, DEFAULT or FULL" }).default("DEFAULT")),
    currentPage: pageNumber,
    limit: pageSize,
    startDate: z.preprocess(blankAsAbsent, DaySchema.optional()),
    endDate: z.preprocess(blankAsAbsent, DaySchema.optional()),
  })
  .refine((q) => (q.startDate === undefined) === (q.endDate === undefined), { message: "give both startDate and endDate, or neither", path: ["startDate"] })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { message: "must not be after endDate", path: ["startDate"] })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.endDate) - Date.parse(q.startDate) <= MAX_HISTORY_DAYS * 86_400_000, {
    message: `must be at most ${MAX_HISTORY_DAYS} days before endDate`,
    path: ["startDate"],
  });
export type LoyaltyDetailsQuery = z.infer<typeof LoyaltyDetailsQuerySchema>;

export const LedgerPageSchema = z.object({ entries: z.array(LedgerEntrySchema), pagination: PaginationSchema });
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

export const LoyaltyDetailsSchema = LoyaltyPointsSchema.extend({
  history: LedgerPageSchema.optional(),
  rewards: z.array(RewardSchema).optional(),
});
export type LoyaltyDetails = z.infer<typeof LoyaltyDetailsSchema>;

/** GET lms/{brand}/fetchLoyaltyPointsHistory: entries dated from startDate to endDate (both days included), newest first. */
export const LoyaltyHistoryQuerySchema = z
  .object({
    customerId: CustomerIdSchema,
    startDate: DaySchema,
    endDate: DaySchema,
    currentPage: pageNumber,
    limit: pageSize,
  })
  .refine((q) => q.startDate <= q.endDate, { message: "must not be after endDate", path: ["startDate"] })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= MAX_HISTORY_DAYS * 86_400_000, {
    message: `must be at most ${MAX_HISTORY_DAYS} days before endDate`,
    path: ["startDate"],
  });
export type LoyaltyHistoryQuery = z.infer<typeof LoyaltyHistoryQuerySchema>;

export const LoyaltyHistorySchema = LedgerPageSchema.extend({ startDate: z.string(), endDate: z.string(), balance: z.number().int().nonnegative() });
export type LoyaltyHistory = z.infer<typeof LoyaltyHistorySchema>;

/** GET lms/{brand}/getLoyaltyPoints. */
export const LoyaltyPointsQuerySchema = z.object({ customerId: CustomerIdSchema });

/** POST lms/{brand}/loyaltyProgramSignup: joining perks (false is refused: leaving is updatePerksOptIn). */
export const LoyaltySignupRequestSchema = z.object({
  customerId: CustomerIdSchema,
  loyaltyProgramOptIn: z.preprocess(flag, z.literal(true, { error: "must be true to join perks" })),
});
export type LoyaltySignupRequest = z.infer<typeof LoyaltySignupRequestSchema>;

/** PUT (or POST) lms/{brand}/updatePerksOptIn: in or out of perks; an agent names the customer. */
export const PerksOptInRequestSchema = z.object({
  customerId: CustomerIdSchema,
  perksOptIn: z.preprocess(flag, z.boolean({ error: "must be true or false" })),
  csAgentId: AgentIdSchema,
});
export type PerksOptInRequest = z.infer<typeof PerksOptInRequestSchema>;

/** What sign-up and opt-in answer: the customer's state, as the storefront's customer state keeps it. */
export const PerksOptInAnswerSchema = z.object({ customerId: z.string(), perksOptIn: z.boolean(), balance: z.number().int().nonnegative() });
export type PerksOptInAnswer = z.infer<typeof PerksOptInAnswerSchema>;

/** GET users/{user}/rewards: the reward data (the catalog with what the member can afford). */
export const RewardDataQuerySchema = z.object({ field: z.preprocess(blankAsAbsent, z.enum(["BASIC", "DEFAULT", "FULL"]).default("DEFAULT")) });
export const RewardDataSchema = z.object({ customerId: z.string(), balance: z.number().int().nonnegative(), rewards: z.array(RewardSchema) });
export type RewardData = z.infer<typeof RewardDataSchema>;

/** An item a free box may hold: a beverage in one of the box sizes. */
export const RewardChoiceSchema = z.object({
  productCode: z.string(),
  name: z.string(),
  boxSize: z.number().int(),
  packLabel: z.string(),
  image: z.string().optional(),
  /** What the shopper would otherwise pay for it. */
  price: PriceSchema,
});
export type RewardChoice = z.infer<typeof RewardChoiceSchema>;

/** GET users/{user}/rewards/{code}/choices: best sellers first, 28 a page, optionally one box size. */
export const RewardChoicesQuerySchema = z.object({
  currentPage: pageNumber,
  boxSize: z.preprocess(
    (v) => wholeNumber(blankAsAbsent(v)),
    z
      .number({ error: "must be a box size" })
      .refine((n) => (REWARD_BOX_SIZES as readonly number[]).includes(n), `must be one of ${REWARD_BOX_SIZES.join(", ")}`)
      .optional(),
  ),
});
export type RewardChoicesQuery = z.infer<typeof RewardChoicesQuerySchema>;
export const RewardChoicesSchema = z.object({ rewardCode: z.string(), choices: z.array(RewardChoiceSchema), pagination: PaginationSchema });
export type RewardChoices = z.infer<typeof RewardChoicesSchema>;

/**
 * The rewards on a cart (GET users/{user}/rewards/appliedRewards, and what apply, remove and swap
 * answer). `cartGuid` and `cartQuantity` feed the storefront's cart-changed event.
 */
export const AppliedRewardsSchema = z.object({
  cartGuid: CartGuidSchema,
  cartQuantity: z.number().int().nonnegative(),
  appliedRewards: z.array(AppliedRewardSchema),
  /** Points the rewards on the cart will spend when the order is placed. */
  pointsToSpend: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
  /** Auto-delivery subscriptions rewards could go to; empty until auto-delivery exists. */
  activeADs: z.array(z.string()),
});
export type AppliedRewards = z.infer<typeof AppliedRewardsSchema>;

/** Without cartGuid: the customer's open cart. */
export const AppliedRewardsQuerySchema = z.object({ cartGuid: z.preprocess(blankAsAbsent, CartGuidSchema.optional()) });

const AppliedIdSchema = z.preprocess(
  wholeNumber,
  z
    .number({ error: "must name a reward on the cart" })
    .int("must name a reward on the cart")
    .positive("must name a reward on the cart")
    .max(2_000_000_000, "is too large"),
);
const ProductCodeSchema = z.preprocess(blankAsAbsent, z.string().trim().min(1, "is required").max(64, "is too long").optional());

/** POST users/{user}/rewards/applyReward: a reward onto the cart; a free box names its item. A reward goes on a cart once. */
export const ApplyRewardRequestSchema = z.object({
  cartGuid: CartGuidSchema,
  rewardCode: z.string({ error: "is required" }).trim().min(1, "is required").max(64, "is too long"),
  productCode: ProductCodeSchema,
  qty: z.preprocess(
    (v) => wholeNumber(blankAsAbsent(v)),
    z
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be 1")
      .max(1, "must be 1: a reward goes on a cart once")
      .default(1),
  ),
  csAgentId: AgentIdSchema,
});
export type ApplyRewardRequest = z.infer<typeof ApplyRewardRequestSchema>;

/** POST users/{user}/rewards/removeReward. */
export const RemoveRewardRequestSchema = z.object({ cartGuid: CartGuidSchema, appliedRewardId: AppliedIdSchema, csAgentId: AgentIdSchema });
export type RemoveRewardRequest = z.infer<typeof RemoveRewardRequestSchema>;

/** POST users/{user}/rewards/swapReward: another item of the same applied reward. */
export const SwapRewardRequestSchema = z.object({
  cartGuid: CartGuidSchema,
  appliedRewardId: AppliedIdSchema,
  productCode: z.string({ error: "is required" }).trim().min(1, "is required").max(64, "is too long"),
  csAgentId: AgentIdSchema,
});
export type SwapRewardRequest = z.infer<typeof SwapRewardRequestSchema>;

/** Why a reward call was refused; answered as RewardError's reason. */
export const RewardRefusalSchema = z.enum([
  "perksOff",
  "notMember",
  "unknownReward",
  "notApplied",
  "alreadyApplied",
  "chooseItem",
  "notOffered",
  "notSwappable",
  "insufficientPoints",
]);
export type RewardRefusal = z.infer<typeof RewardRefusalSchema>;
