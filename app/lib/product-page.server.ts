/*
 * Everything the product page's loader and action use on the server, in one list, as the
 * single-step checkout's (decision 058, as amended by 059).
 */
export { data, redirect } from "react-router";
export { shopTexts } from "./page-texts.server";
export { offerPagesOf } from "./campaign-pages";
export { NextDeliveryFormSchema } from "./schemas.server";
export { shopperOf } from "./account-forms.server";
export { autoDeliveryOffer, nextDeliveryOffer } from "./auto-delivery.server";
export { readFormFields } from "./form-body.server";
export { checkForm, formAnswer } from "./form-validation.server";
export { couponLabel } from "./coupon-label.server";
export { CookieJar } from "./cookies.server";
export { orFailedPage } from "./page-errors.server";
export { pageApi, productCodeOrNotFound } from "./route-guards.server";
export { ApiError, clientContext } from "./api-client.server";
export { getMediaSet, getProduct, getProductsByCodes, getRecommendedProducts, toCard } from "../models/product.server";
export { appliedCategoryCoupons } from "../models/coupon.server";
export { recentlyViewed, rememberViewed } from "../models/recently-viewed.server";
export { getLayoutContent, memberPricingMessageFor } from "../models/cms.server";
export { addToExistingAd, getExistingAdDetails } from "../models/auto-delivery.server";
