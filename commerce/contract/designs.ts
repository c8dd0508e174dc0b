import { z } from "zod";
import { blankAsAbsent, wholeNumber } from "./form-values";
import { PriceSchema, ProductCodeParamSchema } from "./product";

/**
 * Saved drink designs (issue 42, decision 073): a member composes a drink from a pod the store
 * sells (the base beverage) and a few choices, saves it under a name, and adds its pods to the
 * cart with the design on the line. Calls under users/{user}/recipes: the list, saveRecipe,
 * updateRecipe, deleteRecipe and openDesignSpectrum; designOptions answers everyone.
 */

/** Cup sizes the brewers brew, in fluid ounces. */
export const DESIGN_SIZES = ["6", "8", "10", "12"] as const;
export const DESIGN_STRENGTHS = ["mild", "regular", "bold"] as const;
export const DESIGN_MILKS = ["none", "whole", "skim", "oat", "almond"] as const;
export const DESIGN_SWEETNESS = ["none", "light", "sweet", "extra"] as const;
export const DESIGN_SHOTS = ["vanilla", "caramel", "hazelnut", "mocha", "cinnamon", "peppermint"] as const;

/** A design's name: at most this many characters. */
export const DESIGN_NAME_MAX = 40;
/** At most this many flavour shots in one drink. */
export const MAX_DESIGN_SHOTS = 2;
/** At most this many saved designs per member and store: a list one can read, not a database. */
export const MAX_DESIGNS = 20;

export type DesignSize = (typeof DESIGN_SIZES)[number];
export type DesignStrength = (typeof DESIGN_STRENGTHS)[number];
export type DesignMilk = (typeof DESIGN_MILKS)[number];
export type DesignSweetness = (typeof DESIGN_SWEETNESS)[number];
export type DesignShot = (typeof DESIGN_SHOTS)[number];

/** A saved design's id, from a path, a query, a form or JSON. */
export const RecipeIdSchema = z.preprocess(
  wholeNumber,
  z
    .number({ error: "must be a design's number" })
    .int("must be a design's number")
    .min(1, "must be a design's number")
    .max(2_000_000_000, "must be a design's number"),
);

/** Letters, digits, spaces and everyday punctuation; no control characters; spaces run together. */
export const DesignNameSchema = z
  .string({ error: "is required" })
  .transform((s) => s.replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, "is required")
      .max(DESIGN_NAME_MAX, `must be at most ${DESIGN_NAME_MAX} characters`)
      .regex(/^[\p{L}\p{N} '’&.,!?()+-]+$/u, "may hold only letters, digits, spaces and simple punctuation"),
  );

/** Flavour shots from a form (one field, repeated) or JSON: none, one or two, each named once. */
const ShotsSchema = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : typeof v === "string" ? [v] : v),
  z
    .array(z.enum(DESIGN_SHOTS, { error: "must be flavour shots listed" }))
    .max(MAX_DESIGN_SHOTS, `at most ${MAX_DESIGN_SHOTS} flavour shots`)
    .refine((shots) => new Set(shots).size === shots.length, "name each flavour shot once"),
);

/** The choices of a drink besides its base beverage. */
export const DesignChoicesSchema = z.object({
  size: z.enum(DESIGN_SIZES, { error: "must be one of the sizes listed" }),
  strength: z.enum(DESIGN_STRENGTHS, { error: "must be one of the strengths listed" }),
  milk: z.enum(DESIGN_MILKS, { error: "must be one of the milks listed" }),
  sweetness: z.enum(DESIGN_SWEETNESS, { error: "must be one of the sweetness levels listed" }),
  shots: ShotsSchema,
});
export type DesignChoices = z.infer<typeof DesignChoicesSchema>;

/** POST users/{user}/recipes/saveRecipe: a new design. */
export const SaveRecipeRequestSchema = DesignChoicesSchema.extend({
  name: DesignNameSchema,
  /** The base beverage: a pod product of the store (one of designOptions' beverages). */
  productCode: ProductCodeParamSchema,
});
export type SaveRecipeRequest = z.infer<typeof SaveRecipeRequestSchema>;

/** PUT users/{user}/recipes/updateRecipe: renames or changes a design; what is not sent is kept. */
export const UpdateRecipeRequestSchema = z.object({
  recipeId: RecipeIdSchema,
  name: DesignNameSchema.optional(),
  productCode: ProductCodeParamSchema.optional(),
  size: DesignChoicesSchema.shape.size.optional(),
  strength: DesignChoicesSchema.shape.strength.optional(),
  milk: DesignChoicesSchema.shape.milk.optional(),
  sweetness: DesignChoicesSchema.shape.sweetness.optional(),
  shots: ShotsSchema.optional(),
});
export type UpdateRecipeRequest = z.infer<typeof UpdateRecipeRequestSchema>;

/** deleteRecipe and openDesignSpectrum name one design. */
export const RecipeQuerySchema = z.object({ recipeId: RecipeIdSchema });

/** A choice in the shopper's words. */
const LabelledSchema = z.object({ label: z.string(), value: z.string() });

/** The beverage a design is made with, as the store sells it now. */
export const DesignBeverageSchema = z.object({
  code: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.string().optional(),
  packLabel: z.string().optional(),
  price: PriceSchema,
  /** Coffee, Tea or Cocoa. */
  kind: z.string(),
});
export type DesignBeverage = z.infer<typeof DesignBeverageSchema>;

export const DesignSchema = z.object({
  recipeId: z.number().int(),
  name: z.string(),
  productCode: z.string(),
  /** Null when the store no longer sells the base beverage: the design can be opened and changed, not bought. */
  beverage: DesignBeverageSchema.nullable(),
  choices: DesignChoicesSchema,
  /** The choices as a shopper reads them: "Size: 10 oz", … */
  description: z.array(LabelledSchema),
  created: z.string(),
  updated: z.string(),
});
export type Design = z.infer<typeof DesignSchema>;

/** GET users/{user}/recipes: the member's designs on this store, newest change first. */
export const DesignListSchema = z.object({ designs: z.array(DesignSchema), maxDesigns: z.number().int() });
export type DesignList = z.infer<typeof DesignListSchema>;

export const DeletedRecipeSchema = z.object({ recipeId: z.number().int(), deleted: z.literal(true) });

/** GET designOptions: what the designer offers, in the shopper's language. */
export const DesignOptionsSchema = z.object({
  beverages: z.array(DesignBeverageSchema),
  sizes: z.array(LabelledSchema),
  strengths: z.array(LabelledSchema),
  milks: z.array(LabelledSchema),
  sweetness: z.array(LabelledSchema),
  shots: z.array(LabelledSchema),
  nameMax: z.number().int(),
  maxShots: z.number().int(),
  maxDesigns: z.number().int(),
});
export type DesignOptions = z.infer<typeof DesignOptionsSchema>;

/** The design on a cart line or an order line: what it was when it was added, whatever became of it. */
export const LineRecipeSchema = z.object({
  recipeId: z.number().int(),
  name: z.string(),
  choices: DesignChoicesSchema,
  description: z.array(LabelledSchema),
  /** In the line's language: what the pods are for ("For your drink “Morning latte”") and the choices on one line. */
  label: z.string(),
  summary: z.string(),
});
export type LineRecipe = z.infer<typeof LineRecipeSchema>;

/** The cart add payload's optional recipe data: the member's saved design the pods are for. */
export const CartRecipeIdSchema = z.preprocess(blankAsAbsent, RecipeIdSchema.optional());
