import { type Response, Router } from "express";
import { ContextTokenSchema, LookupQuerySchema, type QuizLookupResponse } from "../contract/quiz";
import type { QuizServices } from "../domain/quiz-services";
import { ApiProblem } from "./errors";
import { handle, parse } from "./handle";

const noKey = () => new ApiProblem(401, { type: "UnauthorizedError", message: "Send a valid API key in the X-Api-Key header." });

/**
 * The recommendation lookup service, mounted at /rest/sensory/v1 (a service of its own, which the
 * storefront reaches by URL from its configuration): GET lookup?lookupHash=&site= with the API key
 * in X-Api-Key and the shopper's context token in X-Context-Token.
 */
export function quizLookupRouter(quizzes: QuizServices): Router {
  const router = Router();
  router.get(
    "/lookup",
    handle(async (req, res) => {
      if (!quizzes.lookup.acceptsKey(req.get("x-api-key"))) throw noKey();
      const context = req.get("x-context-token");
      // Opaque to this service (an outside one personalises by it); a malformed one is still refused.
      if (context !== undefined) parse(ContextTokenSchema, context);
      const { lookupHash, site } = parse(LookupQuerySchema, { lookupHash: req.query.lookupHash, site: req.query.site });
      const answer = await quizzes.lookup.lookup(site, lookupHash);
      cacheBriefly(res).json(answer satisfies QuizLookupResponse);
    }),
  );
  return router;
}

/** The answer depends on the hash and the catalog only: a caller may keep it for a minute. */
function cacheBriefly(res: Response): Response {
  return res.set("Cache-Control", "private, max-age=60");
}
