import { z } from "zod";
import { CustomerCookieSchema } from "./auth";
import { LangSchema } from "./common";

/**
 * Site notifications and customer details (issue 42, decision 075). getSiteNotifications answers
 * what the signed-in customer should know about their account: a saved card about to expire or
 * expired, a subscription payment that failed, a reward about to expire. getCustomerDetails
 * answers the header's customer state in one call, with the notices. The service names facts; the
 * storefront words them in the shop's language.
 */

/** What a notice is about. */
export const SiteNoticeKindSchema = z.enum(["cardExpiring", "cardExpired", "subscriptionPaymentFailed", "rewardExpiring"]);
export type SiteNoticeKind = z.infer<typeof SiteNoticeKindSchema>;

/**
 * A notice's key names its cause (the card and its expiry, the subscription and its failure, the
 * reward and its end): dismissed, it stays away until the cause changes and the key with it.
 */
export const NOTICE_KEY = /^[A-Za-z]+:[A-Za-z0-9._-]{1,40}:[A-Za-z0-9._-]{1,40}$/;
export const NoticeKeySchema = z.string({ error: "is required" }).trim().min(1, "is required").max(100, "is too long").regex(NOTICE_KEY, "is not a notice");

export const SiteNoticeSchema = z.object({
  key: z.string(),
  kind: SiteNoticeKindSchema,
  /** cardExpiring, cardExpired: the card (brand and last four) and its expiry (YYYY-MM). */
  card: z.object({ brand: z.string(), last4: z.string(), expires: z.string() }).optional(),
  /** subscriptionPaymentFailed: the subscription's code, and when the card is tried again (YYYY-MM-DD; null: paused). */
  subscription: z.object({ code: z.string(), retryOn: z.string().nullable() }).optional(),
  /** rewardExpiring: the coupon's code, its description in the language asked for, and its last day (YYYY-MM-DD). */
  reward: z.object({ code: z.string(), description: z.string(), lastDay: z.string() }).optional(),
});
export type SiteNotice = z.infer<typeof SiteNoticeSchema>;

export const SiteNoticesSchema = z.object({ notices: z.array(SiteNoticeSchema) });
export type SiteNotices = z.infer<typeof SiteNoticesSchema>;

/** POST users/{user}/getSiteNotifications: the language of the reward descriptions. */
export const SiteNoticesRequestSchema = z.object({ lang: LangSchema.optional() });

/** POST users/{user}/dismissSiteNotification: one of the customer's current notices, by key. */
export const DismissNoticeRequestSchema = z.object({ key: NoticeKeySchema, lang: LangSchema.optional() });
export type DismissNoticeRequest = z.infer<typeof DismissNoticeRequestSchema>;

const FlagSchema = z.enum(["true", "false"], { error: "must be true or false" }).transform((v) => v === "true");

/** GET users/{user}/getCustomerDetails: the anonymous shopper's cart by guid; isSPCFlow (single-page checkout) leaves the notices out. */
export const CustomerDetailsQuerySchema = z.object({
  cartGuid: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "is not a cart")
    .optional(),
  lang: LangSchema.optional(),
  /** Asks whether the customer has an auto-delivery subscription running. */
  isADUser: FlagSchema.optional(),
  isSPCFlow: FlagSchema.optional(),
});
export type CustomerDetailsQuery = z.infer<typeof CustomerDetailsQuerySchema>;

export const CustomerDetailsSchema = z.object({
  isLoggedIn: z.boolean(),
  firstName: z.string().nullable(),
  /** Units in the shopper's open cart (the customer's, or the anonymous one named by cartGuid). */
  cartCount: z.number().int().nonnegative(),
  perksOptIn: z.boolean(),
  /** The is{product}Employee flag; customerCookies carries it under its cookie name too. */
  isEmployee: z.boolean(),
  /** Asked for with isADUser: whether an auto-delivery subscription is active or paused. */
  isADUser: z.boolean().optional(),
  /** What the storefront writes as cookies (through its consent rule): priceSegment, groups, is{Brand}Employee, isPerksOptIn. */
  customerCookies: z.array(CustomerCookieSchema),
  /** The customer's notices (getSiteNotifications' answer); left out of the single-page checkout. */
  notices: z.array(SiteNoticeSchema),
});
export type CustomerDetails = z.infer<typeof CustomerDetailsSchema>;
