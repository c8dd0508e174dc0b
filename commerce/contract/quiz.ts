import { z } from "zod";

/**
 * The quizzes between the storefront, the recommendation lookup service and the question service.
 * This module has no Node imports: the quiz pages' components read the questions from it.
 */

export * from "./quiz-choices";
import { BEVERAGE_QUESTIONS, CAFFEINE_CHOICES, DRINKS, FLAVOUR_FAMILIES, type FlavourFamily, FORMATS, MAX_FLAVOURS, ROASTS } from "./quiz-choices";

/** The beverage quiz's answers (the spec's `bits`). */
export const BeverageAnswersSchema = z.object({
  drink: z.enum(DRINKS, { error: "choose what you like to drink" }),
  roast: z.enum(ROASTS, { error: "choose a roast" }),
  flavours: z
    .array(z.enum(FLAVOUR_FAMILIES, { error: "choose flavours from the list" }))
    .min(1, "choose at least one flavour")
    .max(MAX_FLAVOURS, `choose at most ${MAX_FLAVOURS} flavours`)
    .transform((list) => FLAVOUR_FAMILIES.filter((f) => list.includes(f))),
  caffeine: z.enum(CAFFEINE_CHOICES, { error: "choose how much caffeine" }),
  format: z.enum(FORMATS, { error: "choose a brewing format" }),
});
export type BeverageAnswers = z.infer<typeof BeverageAnswersSchema>;

/**
 * The answers as one short text, the same for the same answers whatever their order:
 * `coffee.dark.bold+chocolate.regular.pods`. It travels in the results link, the quiz cookie and
 * the customer's record.
 */
export function encodeBits(a: BeverageAnswers): string {
  const flavours = FLAVOUR_FAMILIES.filter((f) => a.flavours.includes(f));
  return [a.drink, a.roast, flavours.join("+"), a.caffeine, a.format].join(".");
}

/** Answers from their text form; null for anything encodeBits could not have written. */
export function decodeBits(bits: string): BeverageAnswers | null {
  if (bits.length > 120) return null;
  const [drink, roast, flavours, caffeine, format, ...rest] = bits.split(".");
  if (rest.length > 0 || flavours === undefined) return null;
  const parsed = BeverageAnswersSchema.safeParse({ drink, roast, flavours: flavours.split("+"), caffeine, format });
  if (!parsed.success) return null;
  // Only the canonical spelling counts, so one set of answers has one text (and one lookup hash).
  return encodeBits(parsed.data) === bits ? parsed.data : null;
}

export const BitsSchema = z
  .string()
  .max(120)
  .refine((bits) => decodeBits(bits) !== null, "must be beverage quiz answers");

/** Every answer set the quiz can produce, for a lookup service that indexes them by hash. */
export function allBeverageAnswers(): BeverageAnswers[] {
  const flavourSets: FlavourFamily[][] = [];
  const pick = (from: number, chosen: FlavourFamily[]) => {
    if (chosen.length > 0) flavourSets.push(chosen);
    if (chosen.length === MAX_FLAVOURS) return;
    for (let i = from; i < FLAVOUR_FAMILIES.length; i++) pick(i + 1, [...chosen, FLAVOUR_FAMILIES[i]!]);
  };
  pick(0, []);
  return DRINKS.flatMap((drink) =>
    ROASTS.flatMap((roast) =>
      flavourSets.flatMap((flavours) => CAFFEINE_CHOICES.flatMap((caffeine) => FORMATS.map((format) => ({ drink, roast, flavours, caffeine, format })))),
    ),
  );
}

// ——— The recommendation lookup service ———

export const SensoryRoastTypeSchema = z.enum(["Light", "Medium", "Dark", "None"]);
export type SensoryRoastType = z.infer<typeof SensoryRoastTypeSchema>;
export const SensoryFlavorTypeSchema = z.enum(FLAVOUR_FAMILIES);
export type SensoryFlavorType = z.infer<typeof SensoryFlavorTypeSchema>;

/** lookupHash: 32 lower-case hex characters (see quiz-hash.ts). */
export const LookupHashSchema = z.string().regex(/^[0-9a-f]{32}$/, "must be a lookup hash (32 hex characters)");
/** The per-customer context token the storefront sends: opaque to the service, at most 64 URL-safe characters. */
export const ContextTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "must be a context token (16 to 64 URL-safe characters)");

/** Products ids on the Canadian store carry this suffix in the lookup service's answers. */
export const CANADIAN_ID_SUFFIX = "-CA";

export const LookupQuerySchema = z.object({
  lookupHash: LookupHashSchema,
  site: z.enum(["usb2c", "cab2c", "usafh"], { error: "must be usb2c, cab2c or usafh" }),
});

export const SensoryItemSchema = z.object({
  ProductID: z.string(),
  /** How well the product fits the answers; higher fits better. */
  Score: z.number(),
  /**
   * The answers this product does not fit (empty when it fits every one). Products that fit every
   * answer come first, so a first item with any tells that none fits them all. Optional: a lookup
   * service that does not say is read as fitting.
   */
  UnmetAnswers: z.array(z.enum(BEVERAGE_QUESTIONS)).optional(),
});

/** GET …/sensory/lookup: the products that fit, best first, and the taste profile they were chosen for. */
export const QuizLookupResponseSchema = z.object({
  SensoryResponse: z.array(SensoryItemSchema),
  SensoryRoastType: SensoryRoastTypeSchema,
  SensoryFlavorType: SensoryFlavorTypeSchema,
});
export type QuizLookupResponse = z.infer<typeof QuizLookupResponseSchema>;

// ——— Saved user quiz data (beverage-quiz submitQuiz and fetchQuizResponse) ———

export const UserQuizDataSchema = z.object({
  quizResponse: BitsSchema,
  sensoryRoastType: SensoryRoastTypeSchema,
  sensoryFlavorType: SensoryFlavorTypeSchema,
});
export type UserQuizData = z.infer<typeof UserQuizDataSchema>;

export const SavedUserQuizDataSchema = UserQuizDataSchema.extend({ savedAt: z.string() });
export type SavedUserQuizData = z.infer<typeof SavedUserQuizDataSchema>;

// ——— The question service (the brewer quiz) ———

/** Question ids and answer values: short, URL-safe words. */
export const QuestionWordSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "must be a short lower-case word");

export const QuestionOptionSchema = z.object({ value: QuestionWordSchema, text: z.string() });

/** One item of a question-service answer. */
export const QuestionItemSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("input"), id: QuestionWordSchema, text: z.string(), options: z.array(QuestionOptionSchema).min(1) }),
  /** Where the shopper is: "current,total", e.g. "2,5". */
  z.object({ kind: z.literal("screen"), text: z.string() }),
  /** One recommended product code. */
  z.object({ kind: z.literal("label"), text: z.string() }),
  z.object({ kind: z.literal("end"), text: z.string() }),
]);
export type QuestionItem = z.infer<typeof QuestionItemSchema>;

export const QuestionItemsSchema = z.object({ items: z.array(QuestionItemSchema).min(1) });

/** POST …/auth: an OAuth-shaped answer; an answer without access_token is a failure. */
export const QuestionAuthResponseSchema = z.object({
  access_token: z.string().min(1).optional(),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

export const QuestionAuthQuerySchema = z.object({
  client_id: z.string().min(1, "is required").max(200),
  client_secret: z.string().min(1, "is required").max(200),
});

/** Which decision tree to start: the quiz, for which store, in which language. */
export const SeedDataSchema = z.object({
  quiz: z.literal("brewer"),
  site: z.enum(["usb2c", "cab2c", "usafh"]),
  lang: z.enum(["en", "fr"]),
});
export type SeedData = z.infer<typeof SeedDataSchema>;

export const QuestionStartRequestSchema = z.object({
  seedData: SeedDataSchema,
  /** Passed through to the tree; the built-in service reads none yet. */
  params: z.record(z.string(), z.string().max(200)).optional(),
});

/** POST …/api/start: the first question and where the next ones are asked. */
export const QuestionStartResponseSchema = QuestionItemsSchema.extend({ investigateUrl: z.string().regex(/^\/[A-Za-z0-9/_-]{1,200}$/) });

export const AnswerSchema = z.object({ question: QuestionWordSchema, value: QuestionWordSchema });
export type Answer = z.infer<typeof AnswerSchema>;

/** POST …/api/oracle{investigateUrl}: every answer so far, in order; the service answers what comes next. */
export const QuestionNextRequestSchema = z.object({ answers: z.array(AnswerSchema).max(20, "at most 20 answers") });

/** A decision tree, stored as data per brand and language. */
export const QuestionTreeSchema = z.object({
  questions: z
    .array(
      z.object({
        id: QuestionWordSchema,
        text: z.string(),
        /** `next` names the question that follows this answer; without it, the next in the list. */
        options: z.array(QuestionOptionSchema.extend({ next: QuestionWordSchema.optional() })).min(1),
      }),
    )
    .min(1),
  /** The first rule whose every condition holds gives the labels; the last should hold always. */
  results: z.array(z.object({ when: z.record(z.string(), z.array(QuestionWordSchema)), labels: z.array(z.string().min(1)).min(1) })).min(1),
  end: z.string(),
});
export type QuestionTree = z.infer<typeof QuestionTreeSchema>;

/**
 * The published development credentials both parts fall back to when the environment sets none,
 * so the embedded services work out of the box. They guard only catalog advice and the decision
 * trees; a store that moves either service outside sets its own (see the README's environment table).
 */
export const DEVELOPMENT_QUIZ_CREDENTIALS = {
  lookupApiKey: "brewfront-development-quiz-lookup-key",
  questionClientId: "storefront-quiz",
  questionClientSecret: "brewfront-development-question-secret",
} as const;
