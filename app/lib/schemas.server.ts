/**
 * Contract schemas that route actions and loaders validate with. Importing them through a
 * .server module keeps zod out of the browser bundle (the compiler drops .server modules there).
 */
import { AddToExistingAdRequestSchema } from "../../commerce/contract/auto-delivery";

export { NewsletterSignupSchema } from "../../commerce/contract/cms";
export { ProductCodeParamSchema, StockAlertRequestSchema } from "../../commerce/contract/product";
export { CategoryCodeSchema } from "../../commerce/contract/search";
export { MAX_LINE_QUANTITY, RECURRING_ENTRY_TYPES, UpdateCartRequestSchema } from "../../commerce/contract/cart";

/** "Add to my next delivery" on a product page: the subscription, the product and how many. */
export const NextDeliveryFormSchema = AddToExistingAdRequestSchema.pick({ jobCode: true, productCode: true, qty: true });
export { OrderCodeSchema, PerksJoinRequestSchema } from "../../commerce/contract/checkout";
export { DaySchema } from "../../commerce/contract/loyalty";
export { AnswerSchema, BeverageAnswersSchema } from "../../commerce/contract/quiz";
