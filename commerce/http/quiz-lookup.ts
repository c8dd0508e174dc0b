import { type Response, Router } from "express";
import { z } from "zod";
import { ContextTokenSchema, LookupQuerySchema, type QuizLookupResponse, QuizLookupResponseSchema } from "../contract/quiz";
import type { QuizServices } from "../domain/quiz-services";
import { ApiProblem } from "./errors";
import { parse } from "./handle";
import { apiRouter } from "./operations";

const noKey = () => new ApiProblem(401, { type: "UnauthorizedError", message: "Send a valid API key in the X-Api-Key header." });

/**
 * The recommendation lookup service, mounted at /rest/sensory/v1 (a service of its own, which the
 * storefront reaches by URL from its configuration): GET lookup?lookupHash=&site= with the API key
 * in X-Api-Key and the shopper's context token in X-Context-Token.
 */
export function quizLookupRouter(quizzes: QuizServices): Router {
  const api = apiRouter(Router());
  api.get(
    "/lookup",
    {
      summary: "Recommendation lookup: the beverages that fit the answers with this lookupHash, best first (Canadian ids with -CA), and their taste profile",
      query: LookupQuerySchema,
      headers: z.object({
        "X-Api-Key": z.string(),
        "X-Context-Token": ContextTokenSchema.optional().meta({ description: "The shopper's context token" }),
      }),
      answers: { 200: { description: "Advice", schema: QuizLookupResponseSchema } },
      errors: { 400: "Invalid input (ValidationError)", 401: "No valid API key (UnauthorizedError)", 404: "No advice for this hash (UnknownIdentifierError)" },
    },
    async (req, res, input) => {
      if (!quizzes.lookup.acceptsKey(req.get("x-api-key"))) throw noKey();
      const context = req.get("x-context-token");
      // Opaque to this service (an outside one personalises by it); a malformed one is still refused.
      if (context !== undefined) parse(ContextTokenSchema, context);
      const { lookupHash, site } = input.query();
      const answer = await quizzes.lookup.lookup(site, lookupHash);
      cacheBriefly(res).json(answer satisfies QuizLookupResponse);
    },
  );
  return api.router;
}

/** The answer depends on the hash and the catalog only: a caller may keep it for a minute. */
function cacheBriefly(res: Response): Response {
  return res.set("Cache-Control", "private, max-age=60");
}
