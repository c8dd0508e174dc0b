/*
 * Everything the account's auto-delivery page's loader and action use on the server, in one list
 * (decision 058, as amended by 059).
 */
export { data, redirect } from "react-router";
export { apiProblem } from "./account-forms.server";
export { requireAccountHolder } from "./account-guard.server";
export { ApiError, clientContext } from "./api-client.server";
export { readFormFields } from "./form-body.server";
export { checkForm, fieldProblem, formAnswer, formPageHeaders, formText, refusedForm } from "./form-validation.server";
export { orFailedPage } from "./page-errors.server";
export { SUBSCRIPTION_NOTICES, subscriptionTexts } from "./page-texts.server";
export { MAX_LINE_QUANTITY } from "./schemas.server";
export { requireLangSegment } from "./route-guards.server";
export {
  AddressChoiceFormSchema,
  CancelFormSchema,
  ChargedSchema,
  FrequencyFormSchema,
  NextDateFormSchema,
  QuantityFormSchema,
  RemoveItemFormSchema,
  SubscriptionFormSchema,
} from "./subscription-forms.server";
export { getCart } from "../models/cart.server";
export {
  actOnSubscription,
  autoDeliveryHome,
  cancelSubscription,
  changeSubscription,
  resumeSubscription,
  savedAddress,
  savedAddresses,
  useCartCardForSubscription,
} from "../models/auto-delivery.server";
