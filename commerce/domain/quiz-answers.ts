import { type SavedUserQuizData, SavedUserQuizDataSchema, type UserQuizData } from "../contract/quiz";
import type { Db } from "../db/index";
import { findCustomerQuiz, saveCustomerQuiz } from "../db/quizzes";
import { writeTransaction } from "../db/write-transaction";
import { notFound } from "./errors";

/**
 * A customer's saved beverage-quiz answers (quizResponse) and the taste profile they gave, so the
 * results follow the customer to any device. One set per customer: a retake replaces it.
 */
export class QuizAnswerBook {
  constructor(private readonly db: Db) {}

  async save(customerId: string, data: UserQuizData, now = new Date()): Promise<SavedUserQuizData> {
    const savedAt = now.toISOString();
    await writeTransaction(this.db, (trx) =>
      saveCustomerQuiz(trx, {
        customer_id: customerId,
        quiz: "beverage",
        quiz_response: data.quizResponse,
        sensory_roast_type: data.sensoryRoastType,
        sensory_flavor_type: data.sensoryFlavorType,
        updated_at: savedAt,
      }),
    );
    return { ...data, savedAt };
  }

  /** The saved answers; 404 when the customer has none (or what is stored no longer reads as answers). */
  async read(customerId: string): Promise<SavedUserQuizData> {
    const row = await findCustomerQuiz(this.db, customerId, "beverage");
    const parsed = row
      ? SavedUserQuizDataSchema.safeParse({
          quizResponse: row.quiz_response,
          sensoryRoastType: row.sensory_roast_type,
          sensoryFlavorType: row.sensory_flavor_type,
          savedAt: row.updated_at,
        })
      : undefined;
    if (!parsed?.success) throw notFound("quizResponse", "This customer has no saved quiz answers.", "quizResponse");
    return parsed.data;
  }
}
