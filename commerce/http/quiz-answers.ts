import type { Request, Response, Router } from "express";
import { type SavedUserQuizData, SavedUserQuizDataSchema, type UserQuizData, UserQuizDataSchema } from "../contract/quiz";
import type { AssistedService } from "../domain/agents";
import type { QuizServices } from "../domain/quiz-services";
import { actorFor, NO_AGENT_SESSION } from "./auth";
import { apiRouter, NO_SUCH_USER, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

const SUBMIT = "Save the customer's beverage-quiz answers (quizResponse) and the taste profile the lookup gave; a retake replaces them";
const FETCH = "The customer's saved beverage-quiz answers; 404 while there are none";
const ERRORS = { 400: "Invalid input (ValidationError)", 401: UNAUTHORIZED, 403: NO_AGENT_SESSION, 404: `${NO_SUCH_USER}, or no saved answers` };

/**
 * A customer's saved beverage-quiz answers under /rest/v2/{brand}/: users/{user}/beverage-quiz/
 * submitQuiz (POST) and fetchQuizResponse (GET), and the same without users/{user} for the
 * signed-in customer. Agents may read and save for the customer they act for (audited).
 */
export function quizAnswersRouter(quizzes: QuizServices, agents: AssistedService): Router {
  const api = apiRouter();

  const submit = async (req: Request, res: Response, input: { body(): UserQuizData }) => {
    const actor = await actorFor(req, res, agents);
    const data = input.body();
    const saved = await quizzes.answers.save(actor.customerId, data);
    await agents.record(siteOf(res).site, actor, "saved quiz answers", data.quizResponse);
    res.set("Cache-Control", "private, no-store").json(saved satisfies SavedUserQuizData);
  };
  const fetchSaved = async (req: Request, res: Response) => {
    const actor = await actorFor(req, res, agents);
    const saved = await quizzes.answers.read(actor.customerId);
    await agents.record(siteOf(res).site, actor, "viewed quiz answers", saved.quizResponse);
    res.set("Cache-Control", "private, no-store").json(saved satisfies SavedUserQuizData);
  };
  const submitting = (summary: string) =>
    ({
      summary,
      auth: "required",
      body: UserQuizDataSchema,
      answers: { 200: { description: "Saved", schema: SavedUserQuizDataSchema } },
      errors: ERRORS,
    }) as const;
  const fetching = (summary: string) =>
    ({ summary, auth: "required", answers: { 200: { description: "Saved answers", schema: SavedUserQuizDataSchema } }, errors: ERRORS }) as const;
  /** The same without users/{user}: the signed-in customer's. */
  const asCurrent =
    <I>(handler: (req: Request, res: Response, input: I) => Promise<void>) =>
    (req: Request, res: Response, input: I) => {
      (req.params as Record<string, string>).user = "current";
      return handler(req, res, input);
    };

  api.post("/users/:user/beverage-quiz/submitQuiz", submitting(SUBMIT), submit);
  api.get("/users/:user/beverage-quiz/fetchQuizResponse", fetching(FETCH), fetchSaved);
  api.post("/beverage-quiz/submitQuiz", submitting(`${SUBMIT} (the signed-in customer)`), asCurrent(submit));
  api.get("/beverage-quiz/fetchQuizResponse", fetching(`${FETCH} (the signed-in customer)`), asCurrent(fetchSaved));
  return api.router;
}
