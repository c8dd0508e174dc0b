import type { Response, Router } from "express";
import {
  DeletedRecipeSchema,
  DesignListSchema,
  DesignOptionsSchema,
  DesignSchema,
  RecipeQuerySchema,
  SaveRecipeRequestSchema,
  UpdateRecipeRequestSchema,
} from "../contract/designs";
import type { Actor } from "../domain/accounts";
import type { AssistedService } from "../domain/agents";
import type { DesignService } from "../domain/designs";
import { actorFor, NO_AGENT_SESSION, refuseAnonymous } from "./auth";
import { noStore } from "./carts";
import { apiRouter, BUSY, NO_SUCH_USER, UNAUTHORIZED } from "./operations";
import { siteOf } from "./site";

/** How design calls refuse. */
const DESIGN_ERRORS = {
  400: "Invalid input (ValidationError, the field named): a name too long or empty, a choice not on the menu, more than two flavour shots, a base that is not a pod of this store",
  401: UNAUTHORIZED,
  403: NO_AGENT_SESSION,
  404: `${NO_SUCH_USER}; no design of the customer's with this recipeId on this store (another customer's answers the same)`,
  409: "DesignLimitError (reason tooManyDesigns): the customer already holds the most designs a store keeps (20)",
  503: BUSY,
};

/**
 * Saved drink designs under /rest/v2/{brand}/users/{user}/recipes (decision 073): the list,
 * saveRecipe, updateRecipe, deleteRecipe and openDesignSpectrum, the signed-in customer's (or an
 * agent's inside an assisted session, audited). The spec's deleteRecipe is a GET; it is kept for
 * callers of the spec, and DELETE …/recipes/{recipeId} does the same for callers that keep GETs safe.
 */
export function designsRouter(designs: DesignService, agents: AssistedService): Router {
  const api = apiRouter();

  api.get(
    "/designOptions",
    {
      summary: "What the drink designer offers on this store: the pods a drink can be made from, and the choices, in the shopper's language",
      auth: "optional",
      answers: { 200: DesignOptionsSchema },
      errors: { 503: BUSY },
    },
    async (_req, res) => {
      res.set("Cache-Control", "public, max-age=60").json(await designs.options(siteOf(res)));
    },
  );

  api.get(
    "/users/:user/recipes",
    {
      summary: "The customer's saved drink designs on this store, the latest changed first",
      auth: "required",
      answers: { 200: DesignListSchema },
      errors: DESIGN_ERRORS,
    },
    async (req, res) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const answer = await designs.list(siteOf(res), actor.customerId);
      await agents.record(siteOf(res).site, actor, "viewed drink designs", `${answer.designs.length}`);
      noStore(res).json(answer);
    },
  );

  api.post(
    "/users/:user/recipes/saveRecipe",
    {
      summary: "Saves a new drink design: a name, a pod of this store as its base, and the drink's choices",
      auth: "required",
      body: SaveRecipeRequestSchema,
      answers: { 201: { description: "Saved", schema: DesignSchema } },
      errors: DESIGN_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const design = await designs.save(siteOf(res), actor.customerId, input.body());
      await agents.record(siteOf(res).site, actor, "saved a drink design", `${design.recipeId}`);
      noStore(res).status(201).json(design);
    },
  );

  api.put(
    "/users/:user/recipes/updateRecipe",
    {
      summary: "Renames or changes the customer's design `recipeId`; fields not sent are kept",
      auth: "required",
      body: UpdateRecipeRequestSchema,
      answers: { 200: DesignSchema },
      errors: DESIGN_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const design = await designs.update(siteOf(res), actor.customerId, input.body());
      await agents.record(siteOf(res).site, actor, "changed a drink design", `${design.recipeId}`);
      noStore(res).json(design);
    },
  );

  const deleteFor = async (res: Response, actor: Actor, recipeId: number) => {
    await designs.delete(siteOf(res), actor.customerId, recipeId);
    await agents.record(siteOf(res).site, actor, "deleted a drink design", `${recipeId}`);
    noStore(res).json({ recipeId, deleted: true as const });
  };

  api.get(
    "/users/:user/recipes/deleteRecipe",
    {
      summary:
        "Deletes the customer's design `recipeId` (the spec's call, a GET: never cached; prefer DELETE …/recipes/{recipeId}). Cart and order lines keep their copy of it",
      auth: "required",
      query: RecipeQuerySchema,
      answers: { 200: DeletedRecipeSchema },
      errors: DESIGN_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      await deleteFor(res, actor, input.query().recipeId);
    },
  );

  api.delete(
    "/users/:user/recipes/:recipeId",
    {
      summary: "Deletes the customer's design (as deleteRecipe, with the method that says so). Cart and order lines keep their copy of it",
      auth: "required",
      params: RecipeQuerySchema,
      answers: { 200: DeletedRecipeSchema },
      errors: DESIGN_ERRORS,
    },
    async (req, res) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      await deleteFor(res, actor, RecipeQuerySchema.parse({ recipeId: req.params.recipeId }).recipeId);
    },
  );

  api.get(
    "/users/:user/recipes/openDesignSpectrum",
    {
      summary: "One of the customer's designs, to open in the designer",
      auth: "required",
      query: RecipeQuerySchema,
      answers: { 200: DesignSchema },
      errors: DESIGN_ERRORS,
    },
    async (req, res, input) => {
      refuseAnonymous(res);
      const actor = await actorFor(req, res, agents);
      const design = await designs.open(siteOf(res), actor.customerId, input.query().recipeId);
      await agents.record(siteOf(res).site, actor, "viewed a drink design", `${design.recipeId}`);
      noStore(res).json(design);
    },
  );

  return api.router;
}
