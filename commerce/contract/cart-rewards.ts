import { z } from "zod";
import { PriceSchema } from "./product";

/** Perks rewards as a cart shows them (loyalty.ts has the rest of the program). */

export const RewardKindSchema = z.enum(["freeBox", "amountOff", "freeShipping"]);
export type RewardKind = z.infer<typeof RewardKindSchema>;

/** A reward on a cart. */
export const AppliedRewardSchema = z.object({
  /** The id removeReward and swapReward name. */
  id: z.number().int().positive(),
  code: z.string(),
  kind: RewardKindSchema,
  name: z.string(),
  points: z.number().int().positive(),
  /** freeBox: the chosen item, which the cart shows as a zero-price entry. */
  item: z.object({ productCode: z.string(), name: z.string(), packLabel: z.string().optional() }).optional(),
  /** amountOff: what it takes off this cart now (at most the merchandise after coupons). */
  discount: PriceSchema.optional(),
});
export type AppliedReward = z.infer<typeof AppliedRewardSchema>;
