/*
 * Everything the single-step checkout's loader and action use on the server, through this one
 * module. The browser build replaces each `.server` module a route imports by an empty module of
 * its own, and esbuild keeps it (an empty CommonJS module might have side effects) as a script the
 * page preloads; `@remix-run/node` too. Fourteen imports made thirteen such scripts, each a request
 * on the way to the checkout's first paint on a slow phone network (decision 058).
 */
export { data, redirect } from "@remix-run/node";
export { PERKS_WALK_UP_COOKIE, rememberPerksMember } from "./perks.server";
export { joinPerksAtCheckout } from "../models/loyalty.server";
export { shopperOf } from "./account-forms.server";
export { ApiError } from "./api-client.server";
export {
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
export { PerksJoinRequestSchema } from "./schemas.server";
export { requireLangSegment } from "./route-guards.server";
export { listAddresses } from "../models/account.server";
export { validateCart } from "../models/cart.server";
export {
  addDeliveryAddress,
  chooseDeliveryAddress,
  getCheckout,
  placeOrder,
  savePaymentDetails,
  setDeliveryDetails,
  setGuestEmail,
} from "../models/checkout.server";
