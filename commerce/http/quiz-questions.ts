import { type Request, Router } from "express";
import { z } from "zod";
import { NoInputSchema } from "../contract/common";
import {
  QuestionAuthQuerySchema,
  QuestionAuthResponseSchema,
  QuestionItemsSchema,
  QuestionNextRequestSchema,
  QuestionStartRequestSchema,
  QuestionStartResponseSchema,
} from "../contract/quiz";
import type { QuizServices } from "../domain/quiz-services";
import { ApiProblem } from "./errors";
import { apiRouter } from "./operations";

const invalidToken = () => new ApiProblem(401, { type: "InvalidTokenError", message: "The access token is not valid for this service or has expired." });

const BASE_URL = z.object({ "X-Base-Url": z.string().meta({ description: "The base URL the client calls the service by" }) });
const ERRORS = { 400: "Invalid input (ValidationError)", 401: "No valid token for this base URL (InvalidTokenError)", 404: "No such quiz or question" };

/** The base URL the client calls this service by; a token is issued for it and good only with it. */
function baseUrlOf(req: Request): string {
  const baseUrl = req.get("x-base-url");
  if (!baseUrl || baseUrl.length > 500)
    throw new ApiProblem(400, { type: "ValidationError", message: "Send the service's base URL in the X-Base-Url header.", subject: "X-Base-Url" });
  return baseUrl;
}

/**
 * The question service, mounted at /rest/question-service (replaceable by URL like the lookup):
 * POST auth?client_id=&client_secret= (header X-Base-Url) for a bearer token; POST api/start with
 * seedData and params for the first question; POST api/oracle{investigateUrl} with the answers so far.
 */
export function questionServiceRouter(quizzes: QuizServices): Router {
  const api = apiRouter(Router());

  api.post(
    "/auth",
    {
      summary: "Question service sign-in: client_id and client_secret in the query, the base URL in X-Base-Url; a bearer token good for that base URL",
      query: QuestionAuthQuerySchema,
      headers: BASE_URL,
      body: NoInputSchema,
      answers: { 200: { description: "Token", schema: QuestionAuthResponseSchema } },
      errors: { 400: "No X-Base-Url (ValidationError)", 401: "invalid_client: unknown client or wrong secret" },
    },
    (req, res) => {
      const baseUrl = baseUrlOf(req);
      const query = QuestionAuthQuerySchema.safeParse({ client_id: req.query.client_id, client_secret: req.query.client_secret });
      const issued = query.success ? quizzes.questions.authenticate(query.data.client_id, query.data.client_secret, baseUrl) : undefined;
      res.set("Cache-Control", "no-store");
      if (!issued) {
        res.status(401).json({ error: "invalid_client", error_description: "Unknown client or wrong secret." });
        return;
      }
      res.json({ access_token: issued.token, token_type: "bearer", expires_in: issued.expiresIn });
    },
  );

  const bearer = (req: Request) => {
    const match = /^Bearer (\S+)$/i.exec(req.get("authorization")?.trim() ?? "");
    if (!match || !quizzes.questions.verify(match[1]!, baseUrlOf(req))) throw invalidToken();
  };

  api.post(
    "/api/start",
    {
      summary: "Start a quiz from seedData (quiz, site, lang): the first question and the investigateUrl to ask the next ones at",
      auth: "required",
      headers: BASE_URL,
      body: QuestionStartRequestSchema,
      answers: { 200: { description: "First question", schema: QuestionStartResponseSchema } },
      errors: ERRORS,
    },
    async (req, res, input) => {
      bearer(req);
      const { seedData } = input.body();
      res.set("Cache-Control", "no-store").json(await quizzes.questions.start(seedData));
    },
  );

  api.post(
    /^\/api\/oracle(\/.*)$/,
    {
      summary: "Every answer so far, in order: the next question (screen and input items), or the products (label items) and an end item",
      documentedPath: "/api/oracle/investigate/{quiz}/{site}/{lang}",
      auth: "required",
      headers: BASE_URL,
      body: QuestionNextRequestSchema,
      answers: { 200: { description: "What follows", schema: QuestionItemsSchema } },
      errors: ERRORS,
    },
    async (req, res, input) => {
      bearer(req);
      const path = req.path.slice("/api/oracle".length);
      const { answers } = input.body();
      res.set("Cache-Control", "no-store").json({ items: await quizzes.questions.next(path, answers) });
    },
  );

  return api.router;
}
