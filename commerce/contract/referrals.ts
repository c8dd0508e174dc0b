import { z } from "zod";
import { EmailSchema } from "./auth";

/**
 * Referrals (issue 42, decision 074): a member invites a friend by e-mail (submitReferral); the
 * friend's mailed link gives a coupon only a first order may use; the friend's first order earns
 * the member perks points. The account lists the member's invitations.
 */

export { FRIEND_PERCENT_OFF } from "./referral-offer";

export const SubmitReferralRequestSchema = z.object({
  email: z.string({ error: "is required" }).pipe(EmailSchema),
});
export type SubmitReferralRequest = z.infer<typeof SubmitReferralRequestSchema>;

/**
 * The same answer for every well-formed address other than the member's own: whether the address
 * has an account (and so gets no invitation) is never said.
 */
export const ReferralSubmittedSchema = z.object({
  email: z.string(),
  /** Always "sent": see above. */
  state: z.literal("sent"),
});
export type ReferralSubmitted = z.infer<typeof ReferralSubmittedSchema>;

/**
 * What the member sees of an invitation: sent (also for an address that has an account), joined
 * (the friend took the coupon), completed (the friend's first order, and the points it earned).
 */
export const ReferralStateSchema = z.enum(["sent", "joined", "completed"]);
export type ReferralState = z.infer<typeof ReferralStateSchema>;

export const ReferralSchema = z.object({
  email: z.string(),
  state: ReferralStateSchema,
  /** YYYY-MM-DD. */
  sentOn: z.string(),
  completedOn: z.string().nullable(),
  pointsAwarded: z.number().int(),
});
export type Referral = z.infer<typeof ReferralSchema>;

export const ReferralsSchema = z.object({
  referrals: z.array(ReferralSchema),
  /** Points a friend's first order earns the member (a perks member; 0 where perks is off). */
  pointsPerFriend: z.number().int(),
  /** Percent off the friend's first order. */
  friendPercentOff: z.number().int(),
  /** Whether the member earns points (perks is on and they are a member). */
  earnsPoints: z.boolean(),
});
export type Referrals = z.infer<typeof ReferralsSchema>;

/** The mailed link's token: base64url, as the link carries it. */
export const ReferralTokenSchema = z
  .string({ error: "is required" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, "is not an invitation link of ours");

export const ClaimReferralRequestSchema = z.object({ token: ReferralTokenSchema });

/** The friend's coupon, to put on their cart. */
export const ReferralCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  /** YYYY-MM-DD, the last day it can be used. */
  validUntil: z.string(),
});
export type ReferralCoupon = z.infer<typeof ReferralCouponSchema>;
