import { randomBytes } from "node:crypto";
import { DEVELOPMENT_QUIZ_CREDENTIALS } from "../contract/quiz";
import type { Db } from "../db/index";
import { QuizAnswerBook } from "./quiz-answers";
import { QuizLookupService } from "./quiz-lookup";
import { QuestionService } from "./quiz-questions";

/** The quizzes' three parts: the lookup and question services (replaceable by URL) and the customers' saved answers. */
export interface QuizServices {
  lookup: QuizLookupService;
  questions: QuestionService;
  answers: QuizAnswerBook;
}

export interface QuizKeys {
  lookupApiKey: string;
  questionClient: { id: string; secret: string };
  questionTokenSecret: string;
}

/** Without keys (tests of other parts) the development credentials and a per-process signing secret are used. */
export function createQuizServices(db: Db, cacheBytes: number, keys?: QuizKeys): QuizServices {
  return {
    // Lookups are many (one per site and set of answers), question trees a handful.
    lookup: new QuizLookupService({ db, apiKey: keys?.lookupApiKey ?? DEVELOPMENT_QUIZ_CREDENTIALS.lookupApiKey, cacheBytes: Math.floor(cacheBytes * 0.8) }),
    questions: new QuestionService({
      db,
      cacheBytes: Math.floor(cacheBytes * 0.2),
      client: keys?.questionClient ?? { id: DEVELOPMENT_QUIZ_CREDENTIALS.questionClientId, secret: DEVELOPMENT_QUIZ_CREDENTIALS.questionClientSecret },
      signingSecret: keys?.questionTokenSecret ?? randomBytes(32).toString("base64url"),
    }),
    answers: new QuizAnswerBook(db),
  };
}
