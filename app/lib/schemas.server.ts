/**
 * Contract schemas that route actions and loaders validate with. Importing them through a
 * .server module keeps zod out of the browser bundle (the compiler drops .server modules there).
 */
export { NewsletterSignupSchema } from "../../commerce/contract/cms";
export { ProductCodeParamSchema, StockAlertRequestSchema } from "../../commerce/contract/product";
export { CategoryCodeSchema } from "../../commerce/contract/search";
export { MAX_LINE_QUANTITY, UpdateCartRequestSchema } from "../../commerce/contract/cart";
export { OrderCodeSchema, PerksJoinRequestSchema } from "../../commerce/contract/checkout";
export { DaySchema } from "../../commerce/contract/loyalty";
export { AnswerSchema, BeverageAnswersSchema } from "../../commerce/contract/quiz";
