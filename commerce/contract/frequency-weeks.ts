/*
 * The frequencies auto-delivery takes, without the schema that checks them: the product page and
 * the checkout's selects read these in the browser, where the validation library has no business.
 */

/** Deliveries come every 1 to 26 weeks: more often is a typo, less often is not a subscription. */
export const MIN_FREQUENCY_WEEKS = 1;
export const MAX_FREQUENCY_WEEKS = 26;
/** A new subscription's frequency when the checkout names none. */
export const DEFAULT_FREQUENCY_WEEKS = 4;
