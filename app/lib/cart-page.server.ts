/*
 * Everything the cart page's loader and action use on the server, in one list, as the checkout's
 * (decision 058, as amended by 059).
 */
export { data, redirect } from "react-router";
export { ApiError, clientContext } from "./api-client.server";
export { shopperOf } from "./account-forms.server";
export { readFormFields } from "./form-body.server";
export { apiProblemText, checkForm, formAnswer, formText } from "./form-validation.server";
export { orFailedPage } from "./page-errors.server";
export { requireLangSegment } from "./route-guards.server";
export { getLayoutContent } from "../models/cms.server";
export { getCartWithGiftCards, updateCartEntry } from "../models/cart.server";
export { MAX_LINE_QUANTITY, RECURRING_ENTRY_TYPES, UpdateCartRequestSchema } from "./schemas.server";
export { chosenFrequency } from "./auto-delivery.server";
export { removeAdEntry } from "../models/auto-delivery.server";
export { perksFromSiteConfig } from "./perks.server";
export { boxLineTexts, cartPerksTexts, cartTexts, couponTexts, giftCardTexts } from "./page-texts.server";
export { REWARD_INTENTS, rewardAction, rewardsPanel } from "./rewards-panel.server";
