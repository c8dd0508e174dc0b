import { z } from "zod";

/**
 * The quiz pages' form and query shapes. Kept in a .server module so the quiz pages' browser
 * bundles carry no schema library.
 */

/** Why the beverage quiz's start page was shown again (anything else is ignored). */
export const BeverageProblemSchema = z.enum(["unavailable", "answers"]).optional().catch(undefined);

/** Why the brewer quiz's page was shown again. */
export const BrewerProblemSchema = z.enum(["unavailable", "auth", "answers"]).optional().catch(undefined);

/** One step of the brewer quiz: an answer, back one question, or start over. */
export const BrewerStepSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("answer"), question: z.string(), value: z.string().min(1) }),
  z.object({ intent: z.literal("previous") }),
  z.object({ intent: z.literal("restart") }),
]);
