import { type Request, Router } from "express";
import { QuestionAuthQuerySchema, QuestionNextRequestSchema, QuestionStartRequestSchema } from "../contract/quiz";
import type { QuizServices } from "../domain/quiz-services";
import { ApiProblem } from "./errors";
import { handle, parse } from "./handle";

const invalidToken = () => new ApiProblem(401, { type: "InvalidTokenError", message: "The access token is not valid for this service or has expired." });

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
  const router = Router();

  router.post("/auth", (req, res) => {
    const baseUrl = baseUrlOf(req);
    const query = QuestionAuthQuerySchema.safeParse({ client_id: req.query.client_id, client_secret: req.query.client_secret });
    const issued = query.success ? quizzes.questions.authenticate(query.data.client_id, query.data.client_secret, baseUrl) : undefined;
    res.set("Cache-Control", "no-store");
    if (!issued) {
      res.status(401).json({ error: "invalid_client", error_description: "Unknown client or wrong secret." });
      return;
    }
    res.json({ access_token: issued.token, token_type: "bearer", expires_in: issued.expiresIn });
  });

  const bearer = (req: Request) => {
    const match = /^Bearer (\S+)$/i.exec(req.get("authorization")?.trim() ?? "");
    if (!match || !quizzes.questions.verify(match[1]!, baseUrlOf(req))) throw invalidToken();
  };

  router.post(
    "/api/start",
    handle(async (req, res) => {
      bearer(req);
      const { seedData } = parse(QuestionStartRequestSchema, req.body);
      res.set("Cache-Control", "no-store").json(await quizzes.questions.start(seedData));
    }),
  );

  router.post(
    /^\/api\/oracle(\/.*)$/,
    handle(async (req, res) => {
      bearer(req);
      const path = req.path.slice("/api/oracle".length);
      const { answers } = parse(QuestionNextRequestSchema, req.body);
      res.set("Cache-Control", "no-store").json({ items: await quizzes.questions.next(path, answers) });
    }),
  );

  return router;
}
