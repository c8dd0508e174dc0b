import { z } from "zod";
import type { Cart } from "../../commerce/contract/cart";
import { REWARD_BOX_SIZES } from "../../commerce/contract/loyalty";
import { ApplyRewardRequestSchema, RemoveRewardRequestSchema, SwapRewardRequestSchema } from "../../commerce/contract/loyalty";
import { redirect } from "react-router";
import { applyReward, getLoyaltyPoints, getRewardChoices, getRewardData, removeReward, swapReward } from "../models/loyalty.server";
import { shopperOf } from "./account-forms.server";
import { type ApiClientContext, ApiError, clientContext } from "./api-client.server";
import type { StorefrontContext } from "./context";
import { formAnswer, formText } from "./form-validation.server";
import { localePath } from "./paths";
import { perksRefusal } from "./perks.server";

/** The cart's reward forms, told apart by their intent. */
export const RewardFormSchema = z.discriminatedUnion("intent", [
  ApplyRewardRequestSchema.extend({ intent: z.literal("applyReward") }),
  RemoveRewardRequestSchema.extend({ intent: z.literal("removeReward") }),
  SwapRewardRequestSchema.extend({ intent: z.literal("swapReward") }),
]);
export type RewardForm = z.infer<typeof RewardFormSchema>;

export const REWARD_INTENTS = ["applyReward", "removeReward", "swapReward"];

/** The item chooser's state, carried by the URL so it works without JavaScript (the spec's selectedItemForRewardModal and actionType). */
const ChooserSchema = z.object({
  selectedItemForRewardModal: z.string().min(1).max(64),
  actionType: z.enum(["apply", "swap"]).default("apply"),
  appliedRewardId: z.coerce.number().int().positive().optional(),
  choicesPage: z.coerce.number().int().min(0).max(1000).default(0),
  boxSize: z.coerce
    .number()
    .refine((n) => (REWARD_BOX_SIZES as readonly number[]).includes(n))
    .optional(),
});

/**
 * The cart's rewards panel for a signed-in customer where the store has perks: their points,
 * the rewards (with what they can afford) and, when the URL asks for it, a free box's choices.
 */
export async function rewardsPanel(api: ApiClientContext, url: URL, cart: Cart) {
  const points = await getLoyaltyPoints(api);
  if (!points.perksOptIn) return { member: false as const, pointsPerDollar: points.pointsPerDollar };
  const data = await getRewardData(api);
  const asked = ChooserSchema.safeParse(Object.fromEntries(url.searchParams));
  let chooser = null;
  if (asked.success) {
    const reward = data.rewards.find((r) => r.code === asked.data.selectedItemForRewardModal && r.kind === "freeBox");
    if (reward) {
      const choices = await getRewardChoices(api, reward.code, asked.data.choicesPage, asked.data.boxSize).catch((err: unknown) => {
        if (err instanceof ApiError && err.status < 500) return null;
        throw err;
      });
      if (choices) chooser = { reward, actionType: asked.data.actionType, appliedRewardId: asked.data.appliedRewardId, boxSize: asked.data.boxSize, choices };
    }
  }
  return {
    member: true as const,
    pointsPerDollar: points.pointsPerDollar,
    balance: data.balance,
    pointsToSpend: cart.appliedRewards.reduce((sum, r) => sum + r.points, 0),
    rewards: data.rewards,
    chooser,
  };
}

/** Apply, remove or swap a reward (the cart's rewards panel); the header count follows the cart-changed event's quantity. */
export async function rewardAction(context: StorefrontContext, form: Record<string, string>) {
  const shopper = shopperOf(context);
  const parsed = RewardFormSchema.safeParse(form);
  // The rewards panel's fields are all the page's own: a refused one means the page is out of date (or was altered).
  if (!parsed.success) return formAnswer(form, { error: formText(context, form).pageOutOfDate }, 400);
  const api = clientContext(context);
  const request = parsed.data;
  try {
    const answer =
      request.intent === "swapReward"
        ? await swapReward(api, { cartGuid: request.cartGuid, appliedRewardId: request.appliedRewardId, productCode: request.productCode })
        : request.intent === "removeReward"
          ? await removeReward(api, { cartGuid: request.cartGuid, appliedRewardId: request.appliedRewardId })
          : await applyReward(api, { cartGuid: request.cartGuid, rewardCode: request.rewardCode, productCode: request.productCode });
    if (answer.cartQuantity >= 0) {
      await shopper.rememberCart(undefined, answer.cartQuantity);
      await shopper.rememberCartEvent({ cartGuid: answer.cartGuid, quantity: answer.cartQuantity });
    }
  } catch (err) {
    return perksRefusal(context, form, err);
  }
  const outcome = request.intent === "applyReward" ? "applied" : request.intent === "removeReward" ? "removed" : "swapped";
  return redirect(`${localePath(context.lang, "/cart")}?reward=${outcome}`, 303);
}
