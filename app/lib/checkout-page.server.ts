/*
 * Everything the single-step checkout's loader and action use on the server, in one list. The
 * classic compiler made each `.server` module a route imported a preloaded script of its own
 * (decision 058); Vite leaves them out of the browser build (059), and the one list stays.
 */
export { data, redirect } from "react-router";
export { PERKS_WALK_UP_COOKIE, rememberPerksMember } from "./perks.server";
export { joinPerksAtCheckout } from "../models/loyalty.server";
export { shopperOf } from "./account-forms.server";
export { ApiError } from "./api-client.server";
export {
  affiliateOf,
  CardFormSchema,
  ChooseAddressFormSchema,
  checkoutApiProblem,
  checkoutCaller,
  checkoutText,
  DeliveryAddressFormSchema,
  DeliveryFormSchema,
  GuestEmailFormSchema,
  newCheckoutKey,
  PlaceOrderFormSchema,
  saveSection,
  shippingCountry,
} from "./checkout-forms.server";
export { chosenFrequency } from "./auto-delivery.server";
export { readFormFields } from "./form-body.server";
export { checkForm, formAnswer, formText, formPageHeaders } from "./form-validation.server";
export { orFailedPage } from "./page-errors.server";
export { checkoutPageTexts } from "./page-texts.server";
export { paypalNoticeOf, returnFromPaypal, sendToPaypal } from "./paypal-checkout.server";
export { PerksJoinRequestSchema } from "./schemas.server";
export { requireLangSegment } from "./route-guards.server";
export { listAddresses } from "../models/account.server";
export {
  addDeliveryAddress,
  chooseDeliveryAddress,
  getCheckout,
  placeOrder,
  savePaymentDetails,
  setDeliveryDetails,
  setGuestEmail,
} from "../models/checkout.server";
