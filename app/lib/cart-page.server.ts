/*
 * Everything the cart page's loader and action use on the server, through this one module, as the
 * checkout does (decision 058): the browser build keeps each `.server` module a route imports as an
 * empty script of its own that the page preloads, each a request before a slow phone's first paint.
 */
export { data, redirect } from "@remix-run/node";
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
export { cartPerksTexts, couponTexts, giftCardTexts } from "./page-texts.server";
export { REWARD_INTENTS, rewardAction, rewardsPanel } from "./rewards-panel.server";
