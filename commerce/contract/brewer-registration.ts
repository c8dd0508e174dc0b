import { z } from "zod";
import { ProductCodeParamSchema, ProductSchema } from "./product";

/**
 * Brewer registration (issue 42, decision 070): an owner registers the serial number printed on
 * their brewer, answers a short questionnaire and gets a one-time welcome coupon tied to their
 * account. Calls: validateSerialNumber, registernewbrewer, getBrewerQuestionnaire,
 * updateBrewerQuestionnaire, getBrewerCoupon, and the account's list of brewers.
 */

/** What an owner types: letters, digits, spaces and dashes; read upper-cased without the spaces and dashes. */
export const SerialNumberInputSchema = z
  .string({ error: "is required" })
  .trim()
  .min(1, "is required")
  .max(40, "is too long for a serial number")
  .regex(/^[A-Za-z0-9 -]+$/, "may hold only letters, digits, spaces and dashes");

export const ValidateSerialRequestSchema = z.object({
  serialNumber: SerialNumberInputSchema,
  /** The brewer model the owner says they have (its family's code); a serial of another model is refused. */
  productCode: ProductCodeParamSchema.optional(),
});
export type ValidateSerialRequest = z.infer<typeof ValidateSerialRequestSchema>;

/** Why a serial number is refused. */
export const SerialRefusalSchema = z.enum(["malformed", "checkDigit", "unknown", "otherModel", "registeredToYou", "registered", "notSoldHere"]);
export type SerialRefusal = z.infer<typeof SerialRefusalSchema>;

/** The brewer model a valid serial belongs to. */
export const RegisteredModelSchema = ProductSchema.pick({ code: true, name: true, url: true, images: true });

/** The brewer models an owner may register on this store, for the registration form's choice. */
export const BrewerModelsSchema = z.object({ models: z.array(RegisteredModelSchema) });
export type BrewerModels = z.infer<typeof BrewerModelsSchema>;

export const SerialValidationSchema = z.object({
  /** The serial as stored: upper case, no spaces or dashes. */
  serialNumber: z.string(),
  /** Printed in groups, as on the brewer's label. */
  displaySerial: z.string(),
  model: RegisteredModelSchema,
});
export type SerialValidation = z.infer<typeof SerialValidationSchema>;

export const PURCHASE_PLACES = ["thisStore", "retailStore", "onlineRetailer", "gift", "other"] as const;

const PurchasedOnSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
  }, "must be a real date");

export const RegisterBrewerRequestSchema = z.object({
  serialNumber: SerialNumberInputSchema,
  productCode: ProductCodeParamSchema.optional(),
  purchasedFrom: z.enum(PURCHASE_PLACES, { error: "must be one of the places listed" }).optional(),
  purchasedOn: PurchasedOnSchema.optional(),
});
export type RegisterBrewerRequest = z.infer<typeof RegisterBrewerRequestSchema>;

/** The questionnaire's questions and their answers' values. */
export const HOUSEHOLD_SIZES = ["one", "two", "threeToFour", "fiveOrMore"] as const;
export const CUPS_PER_DAY = ["one", "twoToThree", "fourToSix", "sevenOrMore"] as const;
export const FAVOURITE_DRINKS = ["coffee", "tea", "cocoa", "iced", "latte"] as const;

export const QuestionnaireAnswersSchema = z.object({
  householdSize: z.enum(HOUSEHOLD_SIZES, { error: "must be one of the sizes listed" }).optional(),
  cupsPerDay: z.enum(CUPS_PER_DAY, { error: "must be one of the amounts listed" }).optional(),
  favouriteDrinks: z
    .array(z.enum(FAVOURITE_DRINKS, { error: "must be drinks listed" }))
    .max(FAVOURITE_DRINKS.length)
    .optional(),
  purchasedFrom: z.enum(PURCHASE_PLACES, { error: "must be one of the places listed" }).optional(),
});
export type QuestionnaireAnswers = z.infer<typeof QuestionnaireAnswersSchema>;

export const QuestionnaireQuerySchema = z.object({ sn: SerialNumberInputSchema });

export const UpdateQuestionnaireRequestSchema = z.object({ serialNumber: SerialNumberInputSchema, answers: QuestionnaireAnswersSchema });

const ChoiceSchema = z.object({ value: z.string(), label: z.string() });

export const QuestionnaireSchema = z.object({
  serialNumber: z.string(),
  questions: z.array(
    z.object({
      id: z.enum(["householdSize", "cupsPerDay", "favouriteDrinks", "purchasedFrom"]),
      label: z.string(),
      /** One answer, or several (favouriteDrinks). */
      multiple: z.boolean(),
      choices: z.array(ChoiceSchema),
    }),
  ),
  answers: QuestionnaireAnswersSchema,
  /** Whether every question has an answer. */
  complete: z.boolean(),
});
export type Questionnaire = z.infer<typeof QuestionnaireSchema>;

export const BrewerCouponRequestSchema = z.object({ serialNumber: SerialNumberInputSchema });

/** The welcome coupon: one per account, usable once, by this account only. */
export const BrewerCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  /** YYYY-MM-DD, the last day it can be used. */
  validUntil: z.string(),
  /** Whether an order already used it. */
  used: z.boolean(),
});
export type BrewerCoupon = z.infer<typeof BrewerCouponSchema>;

export const RegisteredBrewerSchema = z.object({
  serialNumber: z.string(),
  displaySerial: z.string(),
  model: RegisteredModelSchema,
  registeredOn: z.string(),
  purchasedFrom: z.enum(PURCHASE_PLACES).nullable(),
  purchasedOn: z.string().nullable(),
  questionnaireComplete: z.boolean(),
});
export type RegisteredBrewer = z.infer<typeof RegisteredBrewerSchema>;

export const RegisteredBrewersSchema = z.object({ brewers: z.array(RegisteredBrewerSchema), coupon: BrewerCouponSchema.nullable() });
export type RegisteredBrewers = z.infer<typeof RegisteredBrewersSchema>;
