import { z } from "zod";
import { ReferralTokenSchema } from "../../commerce/contract/referrals";

/** The invitation page's button: the mailed link's token, sent back (decision 074). */
export const ClaimFormSchema = z.object({ token: ReferralTokenSchema });

/** Invitation links one shopper address may open in ten minutes: plenty for a friend, a brake on guessing. */
export const REFERRAL_LINK_LIMIT = { name: "referral-link-client", points: 20, windowSeconds: 600 };
