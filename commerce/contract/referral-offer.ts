/*
 * The referral offer's figure, apart from the zod schemas of referrals.ts: the friend's invitation
 * page shows it, and a page's browser code must not carry zod.
 */

/** The friend's offer: this much off a first order (the invitation page names it before the coupon is taken). */
export const FRIEND_PERCENT_OFF = 15;
