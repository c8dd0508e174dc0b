import { Router } from "express";
import { type SavedUserQuizData, UserQuizDataSchema } from "../contract/quiz";
import type { AssistedService } from "../domain/agents";
import type { QuizServices } from "../domain/quiz-services";
import { actorFor } from "./auth";
import { handle, parse } from "./handle";
import { siteOf } from "./site";

/**
 * A customer's saved beverage-quiz answers under /rest/v2/{brand}/: users/{user}/beverage-quiz/
 * submitQuiz (POST) and fetchQuizResponse (GET), and the same without users/{user} for the
 * signed-in customer. Agents may read and save for the customer they act for (audited).
 */
export function quizAnswersRouter(quizzes: QuizServices, agents: AssistedService): Router {
  const router = Router({ mergeParams: true });

  const submit = handle(async (req, res) => {
    const actor = await actorFor(req, res, agents);
    const data = parse(UserQuizDataSchema, req.body);
    const saved = await quizzes.answers.save(actor.customerId, data);
    if (actor.agent) await agents.record(siteOf(res).site, actor, "saved quiz answers", data.quizResponse);
    res.set("Cache-Control", "private, no-store").json(saved satisfies SavedUserQuizData);
  });
  const fetchSaved = handle(async (req, res) => {
    const actor = await actorFor(req, res, agents);
    res.set("Cache-Control", "private, no-store").json((await quizzes.answers.read(actor.customerId)) satisfies SavedUserQuizData);
  });

  router.post("/users/:user/beverage-quiz/submitQuiz", submit);
  router.get("/users/:user/beverage-quiz/fetchQuizResponse", fetchSaved);
  router.post("/beverage-quiz/submitQuiz", (req, res, next) => {
    (req.params as Record<string, string>).user = "current";
    submit(req, res, next);
  });
  router.get("/beverage-quiz/fetchQuizResponse", (req, res, next) => {
    (req.params as Record<string, string>).user = "current";
    fetchSaved(req, res, next);
  });
  return router;
}
